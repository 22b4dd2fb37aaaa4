"""Dice Tuners: built-in game pack (scaffold; its data, schema, rules and templates are being built)."""

from cardforge.games.spec import GameSpec

GAME = GameSpec(
    id="dice-tuners",
    names={"en": "Dice Tuners", "ja": "ダイスチューナーズ"},
    schema="dice-tuners.schema.json",
)
