"""DiXe on Card: built-in game pack (scaffold; its data, schema, rules and templates are being built)."""

from cardforge.games.spec import GameSpec

GAME = GameSpec(
    id="dixe-on-card",
    names={"en": "DiXe on Card", "fr": "DiXe on Card"},
    schema="dixe-on-card.schema.json",
)
