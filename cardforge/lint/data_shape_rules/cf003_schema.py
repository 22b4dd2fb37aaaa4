"""Schema: a value does not fit the game's JSON Schema (wrong type, missing field, bad value).

Card files are checked against ``schemas/<game>.schema.json`` (which builds on
``card.schema.json``), game.yaml against ``game.schema.json`` and its ``facts:`` against the
game's ``$defs/facts``. The Problem points at the offending value; for a choice between
forms (``anyOf``/``oneOf``) the most relevant branch's message is shown. A card with a
schema error is left out of the other rules until it is fixed. A card file naming a deck
game.yaml does not declare is reported here too.

Passing::

    - id: speed-lines
      name: {en: Speed Lines}
      quantity: 2

Failing (quantity must be a whole number)::

    - id: speed-lines
      name: {en: Speed Lines}
      quantity: two
"""

CODE = "CF003"
NAME = "schema"
SCOPE = "file"
SEVERITY = "error"
