"""Text overflow: a card's text does not fit its box on the printed face, in some language.

Needs the faces laid out, so as a lint rule it runs only under ``cardforge lint --layout``
(or with ``lint-layout = true`` in ``[tool.cardforge]``); ``cardforge build`` reports it
too, as warnings (``build --strict`` fails on them), from the measurements of the faces
and booklets it has just made or found cached, laying nothing out again. Every face of the
game is laid out by WeasyPrint in every language of game.yaml's ``languages`` (or read
from the face cache builds use), and each text box a template marks with
``data-field="<field>"`` is measured: where its text reaches past the box (below it, or to
the right for a line that cannot wrap), the printed card would cut it off. The Problem
points at the field's text in that language in the card's YAML (the card itself when the
text comes from elsewhere) and says by how many mm the text is too tall or too wide. Deck
backs are checked too (their texts are game.yaml's). Fix it by shortening the text, or in
the game's ``style.css`` by giving the box more room or long texts a smaller font; a card
that must stay as it is says ``lint-ignore: [TR105]``.

Rule booklets are checked too, in each language they are made in (the source language
and those with a catalog): a heading, paragraph or list item that runs off its page (a
long word or code that cannot break) is reported at its line in the rules Markdown, as
is the first block of a quick-reference sheet past its second page.

For template authors: mark a box that has a definite size (fixed ``height``, or ``top``
and ``bottom``) and ``overflow: hidden``; a box holding several fields lists them,
``data-field="skill.text overdrive.effect"``: the one holding the most text in the
overflowing language is blamed (else the last one the card has), at that language's
text. ``game.<key>`` and ``deck.<key>`` name texts of game.yaml and of the card's deck.

Passing (the name fits the name plate)::

    - id: speed-lines
      name: {en: Speed Lines, ja: 集中線}

Failing (Comic Creator, reported for en: in the smallest size the name plate allows, the
name wraps onto so many lines that it pushes the Japanese name under it 2.1 mm out of
the plate)::

    - id: speed-lines
      name:
        en: Speed Lines That Go On And On Across The Whole Page Until The Panel Ends And Then Some More
        ja: 集中線
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from cardforge.booklet.page_problems import BOOKLETS, MIN_MM, excess, page_problems
from cardforge.booklet.rules_markdown import RULES_DIR
from cardforge.errors import CardforgeError
from cardforge.lint.layout_measures import (
    FaceOverflow,
    LayoutOptions,
    booklet_languages,
    booklet_layout,
    face_overflows,
)
from cardforge.lint.overflow_fields import blamed_field, locate
from cardforge.model.game_model import Card, Game
from cardforge.problem import Location, Problem

__all__ = ["CODE", "blamed_field", "check", "face_problems"]

CODE = "TR105"
NAME = "text-overflow"
SCOPE = "game"
SEVERITY = "warning"
NEEDS = {"layout"}  # measures laid-out faces: check(target, game, layout)


def check(game: Game, _game: Game, layout: LayoutOptions) -> Iterator[Problem]:
    """Yield a Problem for each marked text box whose text overflows, per language, and
    for each rules block that overflows its booklet page or the sheet's page limit; faces
    and booklets are laid out (or read from the face cache) with ``layout``."""
    for lang in game.languages:
        try:
            measured = face_overflows(game, lang, layout)
        except CardforgeError as exc:
            yield _unmeasured(game, f"{lang} faces", exc)
            continue
        yield from face_problems(game, lang, measured)
    if not any((game.root / RULES_DIR).glob("*.md")):
        return
    for kind in (k for k in BOOKLETS if k in game.spec.products):
        for lang in booklet_languages(game):
            try:
                booklet = booklet_layout(game, lang, kind, layout)
            except CardforgeError as exc:
                yield _unmeasured(game, f"{lang} {BOOKLETS[kind]}", exc)
                continue
            yield from page_problems(booklet.kind, booklet.lang, booklet.units, booklet.measured)


def face_problems(game: Game, lang: str, measured: Iterable[FaceOverflow]) -> Iterator[Problem]:
    """A Problem for each of the ``measured`` text boxes (faces of ``game`` in ``lang``,
    see :func:`~cardforge.lint.layout_measures.measured_faces`) whose text reaches :data:`MIN_MM`
    mm or more past it, at the blamed field's text in ``lang``. Shared by this rule and
    ``cardforge build``, which measures the faces it made; not yet configured (severity,
    selection, ``lint-ignore``: :func:`cardforge.lint.engine.configured`)."""
    cards: dict[str, Card] | None = None
    for item in measured:
        size = max(item.overflow.height_mm, item.overflow.width_mm)
        if size >= MIN_MM:
            cards = cards if cards is not None else {card.id: card for card in game.cards()}
            yield _problem(item, cards, game, lang, size)


_WHERE = re.compile(r"^[ \t]*(?P<path>[^:\n]+):(?P<line>\d+)(?::(?P<col>\d+))?: ", re.MULTILINE)
"""A ``file:line[:col]: `` starting a line of a render error's message (a template, a
stylesheet, an icon; a list of CSS warnings names each on a line of its own)."""


def _unmeasured(game: Game, what: str, exc: CardforgeError) -> Problem:
    """The failure to lay out ``what``, at the first file and line the error names (a
    template, a stylesheet, an icon), else at game.yaml."""
    found = _WHERE.search(exc.message)
    where = (Location(Path(found["path"]), int(found["line"]), int(found["col"] or 1)) if found
             else Location(game.root / "game.yaml"))
    return Problem(where, CODE,
                   f"cannot lay out the {what} to measure text overflow: {exc.message}",
                   hint=exc.hint)


def _problem(item: FaceOverflow, cards: dict[str, Card], game: Game, lang: str,
             size: float) -> Problem:
    kind, owner = item.owner
    card = cards.get(owner) if kind != "back" else None
    field = blamed_field(item.overflow.fields, card, lang)
    where = locate(field, lang, game, card, owner if kind == "back" else None)
    face = {"card": f"card {owner}", "card-back": f"card {owner} (back)",
            "back": f"back of deck {owner}"}[kind]
    over = item.overflow
    others = [f for f in over.fields if f != field]
    return Problem(where, CODE,
                   f"{face}: {field} ({lang}) overflows its box by {size:.1f} mm ({excess(over)})",
                   card=card.id if card else None,
                   hint="shorten the text, or give the box more room or a smaller font in the "
                        "game's style.css" + (f"; the box also holds {', '.join(others)}" if others else ""))
