"""A game's rules as Markdown: the files, and the blocks a booklet is made of.

Rules live in ``cards/<id>/rules/*.md`` (read in file-name order), written once in the
game's source language. markdown-it-py (CommonMark, raw HTML off) parses them; every
heading, paragraph and list item becomes one :class:`Block`, whose ``text`` (the block's
inline Markdown, soft line breaks joined) is the unit a translator translates. A paragraph
that is exactly ``[[name]]`` or ``[[name: arguments]]`` is a *directive*: a generated part
of the booklet (``components``, ``glossary``, ``examples: card-id, …``, ``diagram: name``),
or ``booklet-only``, which keeps the next block off the quick-reference sheet
(:mod:`cardforge.booklet.rulesheet_text`); never translated.

Rules files are untrusted (they arrive in pull requests): each is read through
:mod:`cardforge.boundary.trust` (a regular file inside the workspace, UTF-8, at most
``MAX_BYTES["markdown"]``), and lists and block quotes may nest at most
:data:`~cardforge.boundary.trust.MAX_MARKDOWN_NESTING` levels. markdown-it's own nesting ceiling is set
well above that, so it never silently drops the rest of a file; nesting deeper than the
limit is an error at its line. Every problem is a :data:`CODE` Problem at the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from cardforge.boundary import trust
from cardforge.errors import DataError
from cardforge.problem import Location, Problem

if TYPE_CHECKING:  # markdown-it is imported when rules are parsed, not by every build
    from markdown_it import MarkdownIt
    from markdown_it.rules_core import StateCore
    from markdown_it.token import Token

RULES_DIR = "rules"
"""Folder of a game's rules Markdown, inside ``cards/<id>/``."""

DIRECTIVE_RE = re.compile(r"^\[\[([a-z][a-z0-9-]*)(?::\s*(.*?))?\s*\]\]$")
"""``[[name]]`` or ``[[name: args]]``; group 1 the name, group 2 the arguments."""

CODE = "BK101"
"""The lint code of a rules file that cannot be used (see ``cardforge explain BK101``)."""

_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
_BLOCK_CEILING = 4 * trust.MAX_MARKDOWN_NESTING
"""markdown-it's nesting ceiling while it reads blocks: a list level costs it two, so text
within :data:`~cardforge.boundary.trust.MAX_MARKDOWN_NESTING` levels never reaches the ceiling
(where markdown-it would silently skip the rest of the file)."""
_INLINE_CEILING = 20
"""markdown-it's nesting ceiling inside a paragraph (CommonMark's default): past it text
stays plain text, and inline parsing time grows with it."""
_NESTED = ("bullet_list_open", "ordered_list_open", "blockquote_open")
_UNNESTED = ("bullet_list_close", "ordered_list_close", "blockquote_close")


def markdown() -> MarkdownIt:
    """The parser every rules file goes through: CommonMark with raw HTML disabled (rule
    text is data, never markup a reader's PDF viewer would run). Every link and image is
    kept as a token, whatever its URL, so that :mod:`cardforge.booklet.rule_links` judges each
    one (and reports it at its line) before anything is rendered."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "maxNesting": _BLOCK_CEILING})
    md.validateLink = lambda url: True  # type: ignore[method-assign]  # links.py decides
    md.core.ruler.before("block", "cardforge_block_ceiling", _ceiling(_BLOCK_CEILING))
    md.core.ruler.after("block", "cardforge_inline_ceiling", _ceiling(_INLINE_CEILING))
    return md


def _ceiling(level: int) -> Callable[[StateCore], None]:
    def rule(state: StateCore) -> None:
        state.md.options["maxNesting"] = level
    return rule


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
    their outer list). Raises :class:`~cardforge.boundary.trust.Refused` at the line where lists and
    block quotes nest deeper than :data:`~cardforge.boundary.trust.MAX_MARKDOWN_NESTING`."""
    blocks: list[Block] = []
    pending: tuple[str, int, bool, int] | None = None  # kind, level, ordered, list id
    lists: list[tuple[bool, int]] = []
    next_list = 0
    depth = 0
    for token in _tokens(text):
        depth += (token.type in _NESTED) - (token.type in _UNNESTED)
        if depth > trust.MAX_MARKDOWN_NESTING:
            raise trust.Refused(path, f"lists and block quotes nest more than "
                                      f"{trust.MAX_MARKDOWN_NESTING} levels deep here",
                                "flatten the list: a rulebook needs two or three levels",
                                line=(token.map[0] + 1) if token.map else 1)
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


def unprinted(text: str, path: Path) -> list[Location]:
    """Where ``text`` (a rules file at ``path``) has a code block (fenced, or indented four
    spaces): booklets print no code blocks, so their text would be lost."""
    return [Location(path, token.map[0] + 1 if token.map else 1, 1) for token in _tokens(text)
            if token.type in ("fence", "code_block")]


@lru_cache(maxsize=2)
def _tokens(text: str) -> tuple[Token, ...]:
    """markdown-it's tokens of a whole file, kept for the next reader of the same text (lint
    rules and the booklet read each rules file in turn; never modified)."""
    return tuple(markdown().parse(text))


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
    """The game's rules files, ``<game_root>/rules/*.md`` in name order (empty if none).
    Everything so named is listed (a folder, a link, a pipe too), so that reading it
    reports why it cannot be used instead of leaving it out in silence."""
    return sorted((game_root / RULES_DIR).glob("*.md"))


def read_rules_file(path: Path) -> tuple[str, list[Block]]:
    """(text, blocks) of the rules file ``path``, read through :func:`cardforge.boundary.trust.read_text`.
    Raises :class:`~cardforge.boundary.trust.Refused` for a file that may not or cannot be read (outside
    the workspace, not a regular file, too large, not UTF-8) or nests too deep."""
    text = trust.read_text(path, "markdown")
    return text, parse_rules(text, path)


def load_rules(game_root: Path) -> list[Block]:
    """Every block of every rules file of the game at ``game_root``, file after file.
    Raises DataError with a :data:`CODE` Problem at each file that cannot be used."""
    blocks: list[Block] = []
    problems: list[Problem] = []
    for path in rules_files(game_root):
        try:
            blocks.extend(read_rules_file(path)[1])
        except trust.Refused as exc:
            problems.append(exc.problem(CODE))
    if problems:
        raise DataError(problems, what="the rules Markdown")
    return blocks
