"""Writers' Battle: built-in game pack (scaffold; its data, schema, rules and templates are being built)."""

from cardforge.games.spec import GameSpec

GAME = GameSpec(
    id="writers-battle",
    names={"en": "Writers' Battle", "ja": "作家バトル"},
    schema="writers-battle.schema.json",
)
