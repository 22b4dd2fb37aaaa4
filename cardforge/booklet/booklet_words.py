"""The words a booklet prints around the game's own text, by the key booklet code uses.

These are cardforge's words (cover, contents, generated parts), not the game's: a game's
text goes through its catalogs. Their translations live in cardforge's gettext domain
(:mod:`cardforge.model.language_text`, no msgctxt); a language without one prints the English msgid.
"""

from __future__ import annotations

from cardforge.model import language_text as words

MSGIDS: dict[str, str] = {
    "rules": "Rules",
    "rulesheet": "Quick reference",
    "contents": "Contents",
    "players": "{min}–{max} players",
    "players-one": "{min} players",
    "components": "Components",
    "custom-dice": "die designs",
    "custom-dice-copies": "dice to make, {copies} of each design",
    "glossary": "Icons and symbols",
    "examples": "Example cards",
    "list-separator": ", ",
    "white": "White",
    "green": "Green",
    "red": "Red",
    "yellow": "Yellow",
    "our-reading": "Our reading",
    "printed": "Printed",
    "to-bring": "To bring (not printed)",
    "any-d6": "any six-sided dice, one colour or mark per kind",
    "at-least": "at least",
    "more-than": "more than",
}
"""Key (a product kind, a die colour, a part of the booklet) → English msgid."""

PLURALS: dict[str, tuple[str, str]] = {
    "cards": ("{name} card", "{name} cards"),
    "dice": ("{name} die", "{name} dice"),
    "board": ("{name} board", "{name} boards"),
}
"""Key → English (singular, plural): words printed with a count ("1 × Start Player card",
"26 × Experience cards"), gettext plural entries in the catalogs."""


COMPARISONS = ("at-least", "more-than")
"""How a goal is reached, as game.yaml writes it (``vp_goal_reached: at-least``; CF017's
``reached``): a placeholder naming such a fact prints its word of :data:`MSGIDS` in the
booklet's language (``{vp_goal_reached} {vp_goal} VP``: "at least 15 VP"; ja
``{vp_goal}VP{vp_goal_reached}``: "15VP以上")."""


def word(key: str, lang: str, **fields: object) -> str:
    """Word ``key`` of MSGIDS in ``lang`` (else English) with its ``{name}`` fields filled in.
    Raises KeyError for an unknown key or a field left out."""
    return words.word(MSGIDS[key], lang, None, **fields)


def counted(key: str, count: int, lang: str, **fields: object) -> str:
    """Word ``key`` of :data:`PLURALS` in the form ``count`` calls for in ``lang`` (see
    :func:`cardforge.model.language_text.plural_word`). Raises KeyError for an unknown key or a field left
    out."""
    return words.plural_word(PLURALS[key], count, lang, None, **fields)
