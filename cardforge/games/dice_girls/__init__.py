"""Dice Girls: built-in game pack (scaffold; its data, schema, rules and templates are being built)."""

from cardforge.games.spec import GameSpec

GAME = GameSpec(
    id="dice-girls",
    names={"en": "Dice Girls", "ja": "ダイスガールズ"},
    schema="dice-girls.schema.json",
)
