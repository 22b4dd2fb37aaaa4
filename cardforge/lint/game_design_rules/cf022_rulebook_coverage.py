"""Rulebook coverage: a section of the rulebook no booklet section covers, or a booklet
section that says nothing of which rulebook sections it covers.

A booklet is only as complete as the rulebook it rewrites. game.yaml declares the
rulebook's outline under ``rulebook:`` (``source``: the file it was read from; ``sections``:
one entry per section of that rulebook, ``id`` and ``title``), and each booklet section (a
``#`` heading of ``rules/*.md`` with everything down to the next ``#`` heading) names the
outline sections it covers with a ``[[covers: id, id…]]`` directive (it prints nothing).
A designer who writes their own rulebook declares its outline the same way.

Reported: each outline section that no ``[[covers:]]`` names (at its ``id`` in
game.yaml); each booklet section with no ``[[covers:]]`` (at its heading's line in the
rules file); each ``[[covers:]]`` naming an id the outline does not have (at the
directive); ``[[covers:]]`` in a game whose game.yaml declares no outline (at the
directive). A game with neither an outline nor any ``[[covers:]]``, or without rules files,
is not checked.

Passing (game.yaml, then ``rules/rules.md``)::

    rulebook:
      source: our-rulebook.txt
      sections:
        - {id: setup, title: Setting up}
        - {id: turn, title: A turn}

    # Setup
    [[covers: setup]]
    # Playing
    [[covers: turn]]

Failing (the outline's ``turn`` is covered by nothing, and ``# Playing`` cites nothing)::

    # Setup
    [[covers: setup]]
    # Playing
    Roll the dice.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from cardforge.booklet.rules_markdown import Block, load_rules
from cardforge.booklet.rulesheet_text import COVERS
from cardforge.errors import DataError
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "CF022"
NAME = "rulebook-coverage"
SCOPE = "game"
SEVERITY = "error"

KEY = "rulebook"
"""game.yaml's top-level key of the rulebook outline."""


def outline(game: Game) -> list[tuple[int, str, str]]:
    """(index, id, title) of each section of game.yaml's ``rulebook.sections`` (none when
    there is no outline; entries without a text ``id`` are the schema's, CF003)."""
    book = game.info.get(KEY) if isinstance(game.info, Mapping) else None
    sections = book.get("sections") if isinstance(book, Mapping) else None
    return [(i, s["id"], str(s.get("title") or s["id"])) for i, s in enumerate(sections or [])
            if isinstance(s, Mapping) and isinstance(s.get("id"), str)]


def booklet_sections(blocks: list[Block]) -> list[tuple[Block, list[Block]]]:
    """(heading, its ``[[covers:]]`` directives) for each ``#`` section of the rules, in
    reading order; a ``[[covers:]]`` before the first ``#`` heading belongs to none."""
    found: list[tuple[Block, list[Block]]] = []
    for block in blocks:
        if block.kind == "heading" and block.level == 1:
            found.append((block, []))
        elif block.kind == "directive" and block.text == COVERS and found:
            found[-1][1].append(block)
    return found


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each uncovered outline section, each booklet section citing none
    and each citation of an unknown section (see the module's documentation)."""
    try:
        blocks = load_rules(game.root)
    except DataError:
        return  # BK101 reports the rules file that cannot be read
    if not blocks:
        return  # no booklet to check (a game with rules only in its data; BK101's business)
    declared = outline(game)
    ids = {section_id for _, section_id, _ in declared}
    citations = [b for b in blocks if b.kind == "directive" and b.text == COVERS]
    if not declared:
        for block in citations:
            yield Problem(block.location, CODE, "[[covers:]] names rulebook sections, but game.yaml "
                          "declares no rulebook outline",
                          hint="list the rulebook's sections under rulebook: sections: in game.yaml")
        return
    cited: set[str] = set()
    for block in citations:
        if not block.args:
            yield Problem(block.location, CODE, "[[covers:]] names no rulebook section",
                          hint=f"name outline ids: {', '.join(sorted(ids))}")
        for arg in block.args:
            if arg in ids:
                cited.add(arg)
            else:
                yield Problem(block.location, CODE, f"[[covers:]] names {arg!r}, which is not a "
                              "section of the rulebook outline",
                              hint=f"outline ids: {', '.join(sorted(ids))}")
    for heading, covers in booklet_sections(blocks):
        if not covers:
            yield Problem(heading.location, CODE,
                          f"booklet section {heading.text!r} names no rulebook section it covers",
                          hint="add [[covers: id, …]] under the heading (ids from game.yaml "
                               "rulebook: sections:)")
    for index, section_id, title in declared:
        if section_id not in cited:
            yield Problem(game.manifest.locate(KEY, "sections", index, "id"), CODE,
                          f"rulebook section {section_id!r} ({title}) is covered by no booklet section",
                          hint="write its rules in rules/*.md and add "
                               f"[[covers: {section_id}]] to that section")
