"""The words a booklet prints around the game's own text, by the key booklet code uses.

These are cardforge's words (cover, contents, generated parts), not the game's: a game's
text goes through its catalogs. Their translations live in cardforge's gettext domain
(:mod:`cardforge.words`, no msgctxt); a language without one prints the English msgid.
"""

from __future__ import annotations

from cardforge import words

MSGIDS: dict[str, str] = {
    "rules": "Rules",
    "rulesheet": "Quick reference",
    "contents": "Contents",
    "players": "{min}–{max} players",
    "players-one": "{min} players",
    "components": "Components",
    "cards": "{name} cards",
    "dice": "{name} dice",
    "custom-dice": "die designs: {names}",
    "glossary": "Icons and symbols",
    "examples": "Example cards",
    "list-separator": ", ",
    "white": "White",
    "green": "Green",
    "red": "Red",
    "yellow": "Yellow",
}
"""Key (a product kind, a die colour, a part of the booklet) → English msgid."""


def word(key: str, lang: str, **fields: object) -> str:
    """Word ``key`` of MSGIDS in ``lang`` (else English) with its ``{name}`` fields filled in.
    Raises KeyError for an unknown key or a field left out."""
    return words.word(MSGIDS[key], lang, None, **fields)
