"""What a Comic Creator face shows, as plain data for the templates to draw.

:func:`face_context` turns a card into names (the face's language first, the other one
under it), the deck's colour, VP, marks, the cost as rows of dice and the abilities as
icon-and-number chips; :func:`back_context` does the same for a deck's back. No HTML is
made here: ``templates/comic-creator/front.html.j2`` draws these with the die macro.

A die here is a mapping ``{"value": 1..6 | None, "colour": str, "mark": str | None}``.
"""

from __future__ import annotations

from typing import Any

from cardforge.booklet.placeholders import PlaceholderError, fill, values
from cardforge.dice.cost import (
    AnyDie,
    Component,
    Cost,
    CostSyntaxError,
    OfAKind,
    Parity,
    Run,
    SumAtLeast,
)
from cardforge.errors import RenderError
from cardforge.games.comic_creator.cc_costs import card_cost
from cardforge.model import language_text as words
from cardforge.model.game_model import Card, Deck, Game
from cardforge.model.language_text import localized
from cardforge.render.templating import face_kit

MAX_ROW = 6
"""Most dice drawn on one line; larger groups (ten of a kind) wrap into equal lines."""

ROW_WIDTH_MM = 46.0
"""Width a line of cost dice may take (the safe area less the cost box's padding)."""

MAX_DIE_MM = 7.5
"""Largest die drawn in a cost; longer lines get smaller dice so they fit ROW_WIDTH_MM."""

NAME_SIZES_PT = (9.5, 9.0, 8.5, 8.0, 7.5, 7.0)
"""Sizes a card name may be set in, largest first (see :func:`name_size`)."""

HEADER_TAKEN_MM = {"base": 4.8, "marks": 7.4, "vp": 15.4}
"""Width of the header the name cannot use: title box padding and borders, the marks
column, the VP badge (mm; matches style.css)."""

LETTERS = "XYZ"
"""Marks on the blank faces of successive of-a-kind groups, as in the cost notation."""

CONTEXT = "comic-creator"
"""msgctxt of this pack's words in cardforge's gettext domain (see :mod:`cardforge.model.language_text`)."""

LABELS: dict[str, str] = {
    "cost": "Cost",
    "abilities": "Abilities",
    "even": "all even",
    "odd": "all odd",
    "sum": "total",
    "any": "any value",
    "gain-white": "Gain {n} white",
    "roll-yellow": "Roll {n} yellow",
    "gain-red": "Gain red at {n}",
    "adjust": "{n} to one die",
    "reroll": "Reroll {n}",
    "flip": "Flip one die",
    "copy": "Copy onto {n}",
    "set-any": "Set any value",
    "redistribute": "Move {n} pips",
    "take-used": "Take used dice",
}
"""Short captions a face prints: key (a cost part or ability kind) → English msgid."""

RUN_CAPTION = "{n} in a row"
"""msgid of a run's caption (``{n}``: its length)."""


def word(key: str, lang: str, **values: Any) -> str:
    """Caption ``key`` of LABELS in ``lang`` (else English) with ``{n}`` filled in.
    Raises KeyError for an unknown key."""
    return words.word(LABELS[key], lang, CONTEXT, **values)


def die(value: int | None = None, colour: str = "white", mark: str | None = None) -> dict:
    """One die to draw: ``value`` pips (None: blank face), ``colour``, optional ``mark``."""
    return {"value": value, "colour": colour, "mark": mark}


def _readable_cost(card: Card) -> Cost | None:
    """:func:`~cardforge.games.comic_creator.cc_costs.card_cost`, None if the card has none.

    Raises RenderError at the cost's file position when the cost cannot be read.
    """
    try:
        return card_cost(card)
    except (CostSyntaxError, TypeError, ValueError) as exc:
        raw = card.data.get("cost")
        raise RenderError(f"{card.locate('cost')}: card {card.id}: cost {raw!r}: {exc}",
                          hint="run `cardforge lint` for the cost notation") from None


def _lines(dice: list[dict]) -> list[list[dict]]:
    """``dice`` split into the fewest lines of at most MAX_ROW, as equal as possible."""
    count = -(-len(dice) // MAX_ROW)
    size = -(-len(dice) // count)
    return [dice[i:i + size] for i in range(0, len(dice), size)]


def cost_rows(cost: Cost, lang: str) -> list[dict[str, Any]]:
    """One row per cost component: ``{"kind", "lines": [[die…]…], "joiner", "label",
    "total"}``. ``joiner`` goes between dice of a line (``=`` for n of a kind, ``""`` for
    dice drawn touching); ``label`` is a caption or None; ``total`` is set for sums;
    ``die_mm`` is the die size (mm) that fits the row's longest line in ROW_WIDTH_MM."""
    rows: list[dict[str, Any]] = []
    letters = iter(LETTERS)
    for component in cost.components:
        row = _cost_row(component, lang, letters)
        longest = max((len(line) for line in row["lines"]), default=1)
        joiner_em = 0.8 if row["joiner"] else 0.12
        row["die_mm"] = round(min(MAX_DIE_MM, ROW_WIDTH_MM / (longest + (longest - 1) * joiner_em)),
                              2)
        rows.append(row)
    return rows


def _cost_row(c: Component, lang: str, letters: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"kind": type(c).__name__.lower(), "joiner": "", "label": None,
                           "total": None, "lines": []}
    if isinstance(c, OfAKind):
        mark = next(letters, "X")
        row.update(joiner="=", lines=_lines([die(None, "white", mark)] * c.n))
    elif isinstance(c, Run):
        row.update(lines=_lines([die(v, "white") for v in range(1, c.length + 1)]),
                   label=words.word(RUN_CAPTION, lang, CONTEXT, n=c.length))
    elif isinstance(c, Parity):
        values = (2, 4, 6) if c.parity == "even" else (1, 3, 5)
        row.update(lines=_lines([die(values[i % 3]) for i in range(c.n)]),
                   label=word(c.parity, lang))
    elif isinstance(c, SumAtLeast):
        row.update(total=f"{c.total}+", label=word("sum", lang))
    elif isinstance(c, AnyDie):
        row.update(lines=[[die(None, c.colour)]], label=word("any", lang))
    return row


def _sign(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}"


def ability_chip(ability: dict[str, Any], lang: str) -> dict[str, Any]:
    """An ability as ``{"kind", "parts", "value", "caption"}``: ``parts`` is a list of
    ``{"die": die}``, ``{"icon": name}`` or ``{"sym": text}`` drawn left to right, ``value``
    the big number beside them (``×2``, ``+1``…) or None."""
    kind = ability["kind"]
    n = ability.get("count", ability.get("value", ability.get("amount", ability.get(
        "targets", ability.get("pips")))))
    parts: list[dict[str, Any]]
    value: str | None = None
    if kind == "gain-white":
        parts, value = [{"sym": "+"}, {"die": die(None, "white")}], f"×{n}"
    elif kind == "roll-yellow":
        parts, value = [{"icon": "roll"}, {"die": die(None, "yellow")}], f"×{n}"
    elif kind == "gain-red":
        parts = [{"sym": "+"}, {"die": die(n, "red")}]
    elif kind == "adjust":
        parts, value = [{"die": die(None, "white", "?")}], _sign(n)
        n = _sign(n)
    elif kind == "reroll":
        parts, value = [{"icon": "reroll"}], f"×{n}"
    elif kind == "flip":
        parts = [{"die": die(1)}, {"sym": "↔"}, {"die": die(6)}]
    elif kind == "copy":
        parts = [{"die": die(3)}, {"sym": "→"}] + [{"die": die(3)}] * int(n or 1)
    elif kind == "set-any":
        parts = [{"die": die(None, "white", "?")}, {"sym": "→"}, {"die": die(6)}]
    elif kind == "redistribute":
        parts, value = [{"die": die(5)}, {"sym": "⇉"}, {"die": die(None)}, {"die": die(None)}], \
            str(n)
    elif kind == "take-used":
        parts = [{"icon": "take"}]
    else:
        parts = [{"sym": kind}]
    caption = word(kind, lang, n=n) if kind in LABELS else kind
    return {"kind": kind, "parts": parts, "value": value, "caption": caption}




def palette(colour: str) -> dict[str, str]:
    """``colour`` (``#rrggbb``) with this pack's light ``tint`` and dark ``shade`` of it."""
    return face_kit.palette(colour, tint=0.78, shade=0.45)


def face_context(card: Card, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for ``card``'s front in ``lang`` (see the module docstring).

    Keys: ``name`` / ``name_lang`` (the face's language, else the source language),
    ``name_pt`` (its font size, see :func:`name_size`),
    ``subname`` / ``subname_lang`` (the other language's name, or None), ``colour``,
    ``tint`` and ``shade`` (see :func:`palette`),
    ``deck_name``, ``vp``, ``marks`` (``[{"id", "label"}]``), ``cost_rows``, ``abilities``,
    ``words``, ``text`` (see :func:`card_text`). Raises RenderError for an unreadable cost
    or an unknown placeholder in the text.
    """
    fallback = game.source_language
    shown = face_kit.names(card, game, lang)
    deck = game.decks[card.deck]
    cost = _readable_cost(card)
    mark_specs = game.info.get("marks", {})
    return {
        **shown,
        "name_pt": name_size(str(shown["name"]), _title_width(card, game)),
        **palette(deck.spec.get("colour", "#777777")),
        "deck_name": localized(deck.spec.get("name"), lang, fallback) or deck.id,
        "vp": card.data.get("vp"),
        "marks": [{"id": m, "label": localized(mark_specs.get(m, {}).get("name"), lang,
                                                fallback) or m} for m in card.marks],
        "cost_rows": cost_rows(cost, lang) if cost else [],
        "abilities": [ability_chip(a, lang) for a in card.data.get("abilities", [])],
        "words": {k: word(k, lang) for k in ("cost", "abilities")},
        "text": card_text(card, game, lang),
    }


def card_text(card: Card, game: Game, lang: str) -> str | None:
    """``card``'s ``text`` in ``lang`` (else the source language) with its ``{placeholders}``
    filled from game.yaml as a booklet fills them (``{vp_goal}``, ``{abilities_per_turn.skill}``),
    so a play aid's numbers are the facts'; None when the card has no text. Raises
    RenderError at the card's ``text`` line for a name game.yaml has no single value for."""
    text = localized(card.data.get("text"), lang, game.source_language)
    if text is None:
        return None
    try:
        return fill(text, values(game), lang, card.locate("text"))
    except PlaceholderError as exc:
        raise RenderError(str(exc), hint=exc.hint) from None


def back_context(deck: Deck, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for ``deck``'s back: ``colour``/``tint``/``shade``, ``deck_name`` and
    ``deck_subname`` (other language or None), ``title`` and ``subtitle`` (the game's name
    in ``lang`` and in the other language)."""
    fallback = game.source_language
    other = face_kit.other_language(game, lang)
    title = localized(game.info.get("name"), lang, fallback) or game.spec.name(lang)
    subtitle = localized(game.info.get("name"), other, None) if other else None
    deck_name = localized(deck.spec.get("name"), lang, fallback) or deck.id
    deck_sub = localized(deck.spec.get("name"), other, None) if other else None
    return {**palette(deck.spec.get("colour", "#777777")),
            "title": title, "subtitle": subtitle if subtitle != title else None,
            "deck_name": deck_name, "deck_subname": deck_sub if deck_sub != deck_name else None,
            "sub_lang": other}


def text_width_em(text: str) -> float:
    """Rough printed width of ``text`` in em of a bold condensed sans: kana and kanji are
    square (1 em), Latin letters and spaces about 0.56 em."""
    return face_kit.width_em(text, latin_em=0.56)


def name_size(name: str, width_mm: float) -> float:
    """The largest of NAME_SIZES_PT (pt) at which ``name`` fits ``width_mm`` on one line;
    else the largest at which a name with spaces fits two lines; else the smallest size."""
    em = text_width_em(name)
    lines = 2 if " " in name.strip() else 1
    for fit_lines in sorted({1, lines}):
        for pt in NAME_SIZES_PT:
            if em * pt * 25.4 / 72 <= width_mm * fit_lines * (0.92 if fit_lines > 1 else 1):
                return pt
    return NAME_SIZES_PT[-1]


def _title_width(card: Card, game: Game) -> float:
    """Width (mm) the name has in the header of ``card``'s face."""
    card_size = game.card_geometry()
    width, safe = card_size.width_mm, card_size.safe_mm
    taken = HEADER_TAKEN_MM["base"] + (HEADER_TAKEN_MM["marks"] if card.marks else 0)
    taken += HEADER_TAKEN_MM["vp"] if card.data.get("vp") is not None else 0
    return width - 2 * safe - taken

