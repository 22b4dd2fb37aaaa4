"""Duplicate key: a mapping names the same key twice.

Plain YAML loaders silently keep the last value, so a card could lose its cost without
anyone noticing. cardforge reports the second key, naming the line of the first.

Passing::

    - id: speed-lines
      cost: X=X

Failing (``cost`` twice)::

    - id: speed-lines
      cost: X=X
      cost: X=X=X
"""

CODE = "CF002"
NAME = "duplicate-key"
SCOPE = "file"
SEVERITY = "error"
