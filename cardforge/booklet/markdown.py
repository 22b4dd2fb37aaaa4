"""A game's rules as Markdown: the files, and the blocks a booklet is made of.

Rules live in ``cards/<id>/rules/*.md`` (read in file-name order), written once in the
game's source language. markdown-it-py (CommonMark, raw HTML off) parses them; every
heading, paragraph and list item becomes one :class:`Block`, whose ``text`` (the block's
inline Markdown, soft line breaks joined) is the unit a translator translates. A paragraph
that is exactly ``[[name]]`` or ``[[name: arguments]]`` is a *directive*: a generated part
of the booklet (``components``, ``glossary``, ``examples: card-id, …``, ``diagram: name``),
never translated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from cardforge.problem import Location

RULES_DIR = "rules"
"""Folder of a game's rules Markdown, inside ``cards/<id>/``."""

DIRECTIVE_RE = re.compile(r"^\[\[([a-z][a-z0-9-]*)(?::\s*(.*?))?\s*\]\]$")
"""``[[name]]`` or ``[[name: args]]``; group 1 the name, group 2 the arguments."""

_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def markdown() -> MarkdownIt:
    """The parser every rules file goes through: CommonMark with raw HTML disabled (rule
    text is data, never markup a reader's PDF viewer would run)."""
    return MarkdownIt("commonmark", {"html": False})


@dataclass(frozen=True)
class Block:
    """One block of a rules file.

    ``kind``: ``heading`` (``level`` 1–6), ``paragraph``, ``item`` (of a list; ``ordered``
    says which kind of list, ``list_id`` groups the items of one list) or ``directive``
    (``text`` is the directive's name, ``args`` its comma-separated arguments).
    ``location``: the file and 1-based line where the block starts.
    """

    kind: str
    text: str
    location: Location
    level: int = 0
    ordered: bool = False
    list_id: int = 0
    args: tuple[str, ...] = ()

    @property
    def translatable(self) -> bool:
        """Whether the block's text is a unit for translators (everything but directives)."""
        return self.kind != "directive"


def join_lines(content: str) -> str:
    """Inline Markdown with its soft line breaks joined: a space between two lines, none
    when either side of the break is Japanese (which is written without spaces)."""
    lines = [line.strip() for line in content.split("\n")]
    out = lines[0] if lines else ""
    for line in lines[1:]:
        gap = "" if (out and _CJK.match(out[-1])) or (line and _CJK.match(line[0])) else " "
        out += gap + line
    return out


def parse_rules(text: str, path: Path) -> list[Block]:
    """The blocks of one Markdown file, in reading order (nested lists are flattened into
    their outer list)."""
    blocks: list[Block] = []
    pending: tuple[str, int, bool, int] | None = None  # kind, level, ordered, list id
    lists: list[tuple[bool, int]] = []
    next_list = 0
    for token in markdown().parse(text):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            next_list += 1
            outer = lists[0][1] if lists else next_list
            lists.append((token.type == "ordered_list_open", outer))
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif token.type == "heading_open":
            pending = ("heading", int(token.tag[1]), False, 0)
        elif token.type == "paragraph_open" and pending is None:
            pending = ("item", 0, lists[0][0], lists[0][1]) if lists else ("paragraph", 0, False, 0)
        elif token.type == "inline" and pending is not None:
            blocks.append(_block(token, pending, path))
            pending = None
    return blocks


def _block(token: Token, pending: tuple[str, int, bool, int], path: Path) -> Block:
    kind, level, ordered, list_id = pending
    line = (token.map[0] + 1) if token.map else 1
    text = join_lines(token.content)
    where = Location(path, line, 1)
    directive = DIRECTIVE_RE.match(text) if kind == "paragraph" else None
    if directive:
        args = tuple(a.strip() for a in (directive.group(2) or "").split(",") if a.strip())
        return Block("directive", directive.group(1), where, args=args)
    return Block(kind, text, where, level=level, ordered=ordered, list_id=list_id)


def rules_files(game_root: Path) -> list[Path]:
    """The game's rules files, ``<game_root>/rules/*.md`` in name order (empty if none)."""
    return sorted((game_root / RULES_DIR).glob("*.md"))


def load_rules(game_root: Path) -> list[Block]:
    """Every block of every rules file of the game at ``game_root``, file after file.
    Raises OSError / UnicodeDecodeError for an unreadable file."""
    return [block for path in rules_files(game_root)
            for block in parse_rules(path.read_text(encoding="utf-8"), path)]
