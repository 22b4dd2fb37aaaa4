"""YAML syntax: a card file or game.yaml must be well-formed YAML.

Reported while loading, at the line and column where the parser gave up.

Passing::

    cards:
      - id: speed-lines
        name: {en: Speed Lines}

Failing (the flow mapping is never closed)::

    cards:
      - id: speed-lines
        name: {en: Speed Lines
"""

CODE = "CF001"
NAME = "yaml-syntax"
SCOPE = "file"
SEVERITY = "error"
