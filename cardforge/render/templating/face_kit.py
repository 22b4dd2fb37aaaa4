"""Small helpers game packs use in their ``face_context`` functions: colours, widths, names.

Colours are ``#rrggbb`` strings; amounts run from 0 (unchanged) to 1 (the other colour).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardforge.model.game_model import Card, Game


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other``; both ``#rrggbb``.

    Raises ValueError for a string that is not ``#rrggbb``.
    """
    def channels(value: str) -> list[int]:
        if len(value) != 7 or value[0] != "#":
            raise ValueError(f"not a #rrggbb colour: {value!r}")
        return [int(value[i:i + 2], 16) for i in (1, 3, 5)]

    a, b = channels(colour), channels(other)
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def palette(colour: str, tint: float = 0.8, shade: float = 0.45) -> dict[str, str]:
    """``{"colour", "tint", "shade"}``: ``colour``, a light tint (towards white by ``tint``)
    and a dark shade (towards black by ``shade``)."""
    return {"colour": colour, "tint": mix(colour, "#ffffff", tint),
            "shade": mix(colour, "#000000", shade)}


CJK_START = 0x2E80
"""First code point of the CJK radicals block; from here on, characters are taken as square."""


def width_em(text: str, latin_em: float, cjk_em: float = 1.0) -> float:
    """Rough printed width of ``text``: ``cjk_em`` for each CJK or kana character (code point
    CJK_START and above), ``latin_em`` for every other character. The unit is whatever the
    two widths are given in (em, or Latin-letter widths)."""
    return sum(cjk_em if ord(ch) >= CJK_START else latin_em for ch in text)


def other_language(game: Game, lang: str) -> str | None:
    """The first of the game's ``languages`` that is not ``lang``, or None."""
    return next((code for code in game.languages if code != lang), None)


def names(card: Card, game: Game, lang: str) -> dict[str, str | None]:
    """The card's name to print and the one to print under it.

    ``name`` / ``name_lang``: the name in ``lang``, else in game.yaml's ``source_language``,
    else the first one written. ``subname`` / ``subname_lang``: the name in the game's other
    language (the first in ``languages`` that is not ``name_lang``), or None when the card
    has none or it reads the same.
    """
    written: dict[str, str] = card.data.get("name", {})
    fallback = game.source_language
    name_lang = lang if lang in written else (fallback if fallback in written else next(iter(written)))
    other = other_language(game, name_lang)
    sub_lang = other if other in written and written[other] != written[name_lang] else None
    return {"name": written[name_lang], "name_lang": name_lang,
            "subname": written[sub_lang] if sub_lang else None, "subname_lang": sub_lang}
