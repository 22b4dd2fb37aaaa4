"""A game's rule booklet as one HTML document, ready for WeasyPrint.

Recipe: read the rules Markdown (:mod:`cardforge.booklet.rules_markdown`); for each block take
its text in the booklet's language (:class:`~cardforge.i18n.translations.Translations`),
fill its placeholders from game.yaml (:mod:`cardforge.booklet.placeholders`), render the
inline Markdown (raw HTML off) and swap ``:icon:`` tokens for inline SVG; expand
directives into generated parts (:mod:`cardforge.booklet.generated_parts`); put a cover and a table
of contents in front. Page size, running header and page numbers are the stylesheet's
(``booklet.css`` on the template search path, so a workspace can override it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from markupsafe import Markup, escape

from cardforge.booklet import generated_parts as parts
from cardforge.booklet import rule_links as links
from cardforge.booklet.booklet_words import word
from cardforge.booklet.example_cards import example_fronts
from cardforge.booklet.placeholders import PlaceholderError, fill, values
from cardforge.booklet.rules_markdown import Block, load_rules, markdown
from cardforge.booklet.rulesheet_text import BOOKLET_ONLY, COVERS, OUR_READING, sheet_blocks
from cardforge.boundary import trust
from cardforge.boundary.resources import template_search_path
from cardforge.errors import DataError, MissingFontError, RenderError
from cardforge.i18n.translations import Translations, with_catalog_texts
from cardforge.model.game_model import Game
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.layout.font_coverage import HINT, describe, families, missing
from cardforge.render.templating.icons import TOKEN_RE, IconSet
from cardforge.render.templating.stylesheets import load_stylesheet
from cardforge.render.templating.template_env import make_environment

KINDS = ("rules", "rulesheet")
"""``rules``: the full booklet; ``rulesheet``: the quick reference (no cover or contents)."""


@dataclass
class BookletHTML:
    """The document: ``html`` (stylesheet inlined) and, per block rendered, its source
    ``units`` (element id → Block), so layout findings can be traced back to a file:line."""

    html: str
    units: dict[str, Block] = field(default_factory=dict)


@cache
def _lines(path: Path) -> tuple[str, ...] | None:
    """The lines of a rules file, to point at a column inside a block; None when the file
    cannot be read again (its blocks were read moments ago: the block's line is kept)."""
    try:
        return tuple(trust.read_text(path, "markdown").splitlines())
    except trust.Refused:
        return None


class _Writer:
    """Turns blocks into HTML for one game and language."""

    def __init__(self, game: Game, lang: str, workspace: Path, face_cache: FaceCache | None = None) -> None:
        self.game, self.lang, self.workspace, self.face_cache = game, lang, workspace, face_cache
        self.tr = Translations.load(game.root, lang, game.source_language)
        self.namespace = values(game)
        search_path = template_search_path(workspace, game.id, game.spec.templates_dir)
        self.env = make_environment(search_path)
        self.icons = IconSet.for_game(search_path, game.spec.icons_dir)
        self._faces: Callable[[str], bytes] | None = None
        self.examples: list[str] = []  # every card id an [[examples]] of the document names
        self.units: dict[str, Block] = {}
        self.fonts = families(self.stylesheet("booklet.css"))

    def inline(self, block: Block) -> Markup:
        """The block's text in the language, filled, rendered as inline HTML with icons.
        Raises RenderError for a placeholder with no value or a missing glyph, DataError
        for a refused link or image (each at the block's file and line)."""
        text = self.tr.text(block.text)
        source = text == block.text
        lines = _lines(block.location.path) if source else None
        try:
            filled = fill(text, self.namespace, self.lang, block.location, lines)
        except PlaceholderError as exc:
            raise RenderError(f"{exc}" + ("" if source else f" (in the {self.lang} "
                              "translation of this paragraph)"), hint=exc.hint) from None
        tokens = links.inline_tokens(filled)
        refused = links.check(tokens, block.location, self.game.root, lines,
                              "" if source else f" (in the {self.lang} translation)")
        if refused:
            raise DataError(refused, what="the rules Markdown")
        lacking = missing(filled, self.fonts)
        if lacking:
            raise MissingFontError(f"{block.location}: no font has a glyph for {describe(lacking)}"
                                   + ("" if text == block.text else f" (in the {self.lang} translation)"),
                                   hint=HINT)
        md = markdown()
        html = md.renderer.render(tokens, md.options, {})
        return Markup(TOKEN_RE.sub(lambda m: self.icons.svg(m.group(1)) if self.icons.known(
            m.group(1)) else m.group(0), html))

    def directive(self, block: Block) -> Markup:
        where = str(block.location)
        if block.text == "components":
            return parts.components(self.game, self.tr)
        if block.text == "glossary":
            return parts.glossary(self.game, self.icons, self.tr)
        if block.text == "examples":
            return parts.example_cards(block.args, self.face_png, where)
        if block.text == "diagram" and block.args:
            return parts.diagram(self.game, block.args[0], self.tr, self.icons, where)
        if block.text == OUR_READING:
            return parts.our_reading(self.game, self.tr)
        raise RenderError(f"{where}: unknown directive [[{block.text}]]",
                          hint="directives: [[components]], [[glossary]], "
                               "[[examples: card-id, …]], [[diagram: name]], [[our-reading]], "
                               "[[covers: id, …]], [[booklet-only]]")

    def face_png(self, card_id: str) -> bytes:
        """The front of card ``card_id`` as PNG; the faces of every example the document
        shows (:attr:`examples`) are rendered together, on first use. KeyError for an id
        that is no card of the game."""
        if self._faces is None:
            self._faces = example_fronts(with_catalog_texts(self.game, self.lang),
                                         self.examples, self.lang, self.workspace, self.face_cache)
        return self._faces(card_id)

    def body(self, blocks: list[Block]) -> tuple[str, list[tuple[int, str, Markup]]]:
        """The blocks as HTML, and the contents entries (level, element id, title)."""
        out: list[str] = []
        toc: list[tuple[int, str, Markup]] = []
        open_list: int | None = None
        self.examples = [card_id for block in blocks if block.kind == "directive"
                         and block.text == "examples" for card_id in block.args]
        for index, block in enumerate(blocks):
            if open_list is not None and (block.kind != "item" or block.list_id != open_list):
                out.append("</ol>" if blocks[index - 1].ordered else "</ul>")
                open_list = None
            uid = f"u{index}"
            if block.kind == "directive" and block.text in (BOOKLET_ONLY, COVERS):
                continue  # a mark for the sheet or for lint (CF022), printing nothing
            if block.kind == "directive":
                out.append(f'<div class="part part-{escape(block.text)}">{self.directive(block)}</div>')
                continue
            self.units[uid] = block
            html = self.inline(block)
            if block.kind == "heading":
                level = min(block.level, 3)
                out.append(f'<h{level} id="{uid}">{html}</h{level}>')
                if level <= 2:
                    toc.append((level, uid, html))
            elif block.kind == "item":
                if open_list is None:
                    out.append("<ol>" if block.ordered else "<ul>")
                    open_list = block.list_id
                out.append(f'<li id="{uid}">{html}</li>')
            else:
                out.append(f'<p id="{uid}">{html}</p>')
        if open_list is not None:
            out.append("</ol>" if blocks[-1].ordered else "</ul>")
        return "\n".join(out), toc

    def stylesheet(self, name: str) -> str:
        return load_stylesheet(self.env, name) or ""


def booklet_html(game: Game, lang: str, workspace: Path, kind: str = "rules", *,
                 face_cache: FaceCache | None = None) -> BookletHTML:
    """The booklet (``kind`` ``rules``) or quick-reference sheet (``rulesheet``) of ``game``
    in ``lang`` as HTML. Example cards are rendered (only they) with ``face_cache``, by
    default ``<workspace>/.cardforge-cache``.

    Raises RenderError for a game without rules files, a placeholder game.yaml cannot fill
    (at its file:line:col), an unknown directive, example card or diagram, a missing
    stylesheet; DataError (exit 1) for a rules file or catalog that cannot be read or used
    (at the file, and line where there is one) and for a refused link or image.
    """
    blocks = load_rules(game.root)
    if not blocks:
        raise RenderError(f"{game.id} has no rules to print",
                          hint=f"write them as Markdown in {game.root / 'rules'}/*.md")
    writer = _Writer(game, lang, workspace, face_cache)
    if kind == "rulesheet":
        blocks = sheet_blocks(blocks)
    body, toc = writer.body(blocks)
    name = escape(writer.tr.localized(game.info.get("name")) or game.id)
    front = "" if kind == "rulesheet" else cover(game, writer, name) + contents(toc, lang)
    css = writer.stylesheet(f"{'booklet' if kind == 'rules' else 'rulesheet'}.css")
    title = escape(word(kind, lang))
    html = (f'<!DOCTYPE html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
            f"<title>{name} — {title}</title><style>{css}</style></head>"
            f'<body class="{kind}"><div class="running-title">{name}</div>{front}'
            f'<main>{body}</main></body></html>')
    return BookletHTML(html=html, units=writer.units)


def cover(game: Game, writer: _Writer, name: Markup) -> str:
    """The cover page: the game's name, the word for rules, the player count."""
    players = game.info.get("players") or {}
    low, high = players.get("min"), players.get("max")
    count = word("players-one" if low == high else "players", writer.lang, min=low, max=high)
    return (f'<section class="cover"><h1 class="game-title">{name}</h1>'
            f'<p class="subtitle">{escape(word("rules", writer.lang))}</p>'
            f'<p class="players">{escape(count)}</p></section>')


def contents(toc: list[tuple[int, str, Markup]], lang: str) -> str:
    """The table of contents; page numbers are filled by the stylesheet (target-counter)."""
    items = "".join(f'<li class="toc-{level}"><a href="#{uid}">{re.sub(r"<svg.*?</svg>", "", title)}'
                    "</a></li>" for level, uid, title in toc)
    heading = f'<h2 class="toc-title">{escape(word("contents", lang))}</h2>'
    return f'<nav class="toc">{heading}<ul>{items}</ul></nav>'
