"""What the quick-reference sheet (the ``rulesheet`` product) prints of the rules Markdown.

The sheet carries every rule a player needs at the table: every heading, paragraph and
list item, and the compact generated parts (components, glossary, diagrams). It leaves out
the example cards, and whatever the designer marks with ``[[booklet-only]]`` on a line of
its own: the paragraph, list, or heading and its whole section, right after the mark
(docs/game-packs.md, "Rule booklets"). The booklet prints everything and ignores the mark.
"""

from __future__ import annotations

from cardforge.booklet.rules_markdown import Block
from cardforge.errors import RenderError

SHEET_DIRECTIVES = ("components", "glossary", "diagram")
"""The generated parts a quick-reference sheet prints (example cards are the booklet's)."""

COVERS = "covers"
"""The directive ``[[covers: id, …]]``: the rulebook sections (game.yaml ``rulebook:``) the
booklet section it stands in rewrites; prints nothing, read by lint rule CF022."""

OUR_READING = "our-reading"
"""The directive ``[[our-reading]]``: the box of game.yaml's ``choices:`` notes (the
booklet's; the sheet leaves it out)."""

BOOKLET_ONLY = "booklet-only"
"""The directive ``[[booklet-only]]``: the block after it stays out of the quick-reference
sheet (it prints nothing itself)."""


def sheet_blocks(blocks: list[Block]) -> list[Block]:
    """The blocks a quick-reference sheet keeps: every rule (headings, paragraphs, list
    items) and the compact generated parts of :data:`SHEET_DIRECTIVES`, except what a
    ``[[booklet-only]]`` marks: the paragraph after it, the whole list after it, or the
    heading after it with its whole section (up to the next heading of the same or a higher
    level). Raises RenderError (at the mark's file:line) for a mark with nothing after it
    in its file, or right before another mark."""
    kept: list[Block] = []
    index = 0
    while index < len(blocks):
        block = blocks[index]
        if block.kind == "directive" and block.text == BOOKLET_ONLY:
            index = _after_marked(blocks, index)
            continue
        if block.kind != "directive" or block.text in SHEET_DIRECTIVES:
            kept.append(block)
        index += 1
    return kept


def _after_marked(blocks: list[Block], mark: int) -> int:
    """The index of the first block after the one ``blocks[mark]`` (a ``[[booklet-only]]``)
    marks: past a whole list, or a heading's whole section. RenderError for nothing marked."""
    where = blocks[mark].location
    following = blocks[mark + 1] if mark + 1 < len(blocks) else None
    if (following is None or following.location.path != where.path
            or (following.kind == "directive" and following.text == BOOKLET_ONLY)):
        raise RenderError(f"{where}: [[booklet-only]] marks nothing",
                          hint="put it on its own line right before the paragraph, list or "
                               "heading that only the booklet prints")
    end = mark + 2
    while end < len(blocks) and blocks[end].location.path == where.path and (
            (following.kind == "item" and blocks[end].kind == "item"
             and blocks[end].list_id == following.list_id)
            or (following.kind == "heading" and not (blocks[end].kind == "heading"
                                                     and blocks[end].level <= following.level))):
        end += 1
    return end
