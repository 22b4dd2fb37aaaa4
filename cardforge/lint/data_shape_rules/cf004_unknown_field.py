"""Unknown field: a key the schema does not define, usually a typo.

Reported at the key, with the closest known field name as a hint.

Passing::

    - id: speed-lines
      name: {en: Speed Lines}
      quantity: 2

Failing (``quantty``: did you mean ``quantity``?)::

    - id: speed-lines
      name: {en: Speed Lines}
      quantty: 2
"""

CODE = "CF004"
NAME = "unknown-field"
SCOPE = "file"
SEVERITY = "error"
