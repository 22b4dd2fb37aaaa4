"""Font coverage: does some font the stylesheet names have a glyph for every character?

Checked before layout, so a missing glyph is reported with the card or paragraph it is in
instead of printing as an empty box. The fonts are the families a stylesheet names in
``font-family`` or ``font`` declarations, resolved by fontconfig (``fc-match``), which also
gives each font's character set (the code points its character map has, from fontconfig's
own cache, much faster than reading a large CJK font's map with fontTools; the two were
compared equal for DejaVu Sans, DejaVu Serif and Noto Sans CJK JP). Characters that never need a glyph
(whitespace, control and format characters, variation selectors) are not checked. When
fontconfig is absent or none of the families is installed, nothing is checked here
(:func:`cardforge.render.layout.face_layout.require_fonts` names the missing family instead).
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import cache

from cardforge.errors import MissingFontError
from cardforge.model.game_model import Game
from cardforge.problem import Location
from cardforge.render.layout.face_layout import FONT_PACKAGES
from cardforge.render.layout.installed_fonts import font_installed

_FAMILY_DECL = re.compile(r"([\w-]*font[\w-]*)\s*:\s*([^;}]+)", re.IGNORECASE)
_QUOTED = re.compile(r"""["']([^"']+)["']""")
_GENERIC = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "inherit", "initial"}
_SKIPPED = re.compile(r"<(style|svg|script)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def families(css: str) -> tuple[str, ...]:
    """Font families named in ``css``: quoted names in any declaration whose property
    names fonts (``font``, ``font-family``, custom properties such as ``--font-text``), and
    every name of a ``font-family``; generic families left out, in first-seen order."""
    found: dict[str, None] = {}
    for match in _FAMILY_DECL.finditer(css):
        value = match.group(2)
        names = _QUOTED.findall(value)
        if match.group(1).lower() == "font-family":
            names = [n.strip().strip("\"'") for n in value.split(",")]
        for name in names:
            if name and name.lower() not in _GENERIC and not name.startswith("var("):
                found.setdefault(name, None)
    return tuple(found)


class Charset:
    """The code points a font has, as sorted, disjoint ranges: ``starts[i]`` to ``ends[i]``
    (both included)."""

    def __init__(self, starts: list[int], ends: list[int]) -> None:
        self.starts = starts
        self.ends = ends

    def __contains__(self, codepoint: int) -> bool:
        i = bisect_right(self.starts, codepoint) - 1
        return i >= 0 and codepoint <= self.ends[i]


def parse_charset(text: str) -> Charset:
    """fontconfig's ``%{charset}`` (hex ranges such as ``20-7e a0 …``, in ascending order) as
    a :class:`Charset`. Raises ValueError for text that is not such a list."""
    starts: list[int] = []
    ends: list[int] = []
    for part in text.split():
        first, _, last = part.partition("-")
        starts.append(int(first, 16))
        ends.append(int(last or first, 16))
    return Charset(starts, ends)


@cache
def _charset(family: str) -> Charset | None:
    """The character set of the font fontconfig gives for ``family``; None when fontconfig
    is absent, the family is not installed, or its answer cannot be read."""
    fc_match = shutil.which("fc-match")
    if fc_match is None or not font_installed(family):
        return None
    try:
        out = subprocess.run([fc_match, "-f", "%{charset}", family], capture_output=True,
                             text=True, timeout=30, check=False).stdout
        return parse_charset(out)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None


def _needs_glyph(char: str) -> bool:
    return unicodedata.category(char) not in ("Cc", "Cf", "Zs", "Zl", "Zp", "Mn") \
        and not 0xFE00 <= ord(char) <= 0xFE0F


def missing(text: str, names: tuple[str, ...]) -> list[str]:
    """The characters of ``text`` no installed font of ``names`` has, sorted; empty when
    all are covered or coverage cannot be told. Fonts are asked in the order named and
    only until every character is found: a large CJK font's character map is read only
    when a text needs a character the fonts before it lack."""
    left = {c for c in set(text) if _needs_glyph(c)}
    installed = False
    for name in names:
        if not left:
            break
        charset = _charset(name)
        if charset is not None:
            installed = True
            left = {c for c in left if ord(c) not in charset}
    return sorted(left) if installed else []  # no font of names installed: cannot tell


def text_of(fragment: str) -> str:
    """The text an HTML fragment prints: tags, stylesheets and inline SVG removed, character
    references decoded."""
    return html.unescape(_TAG.sub(" ", _SKIPPED.sub(" ", fragment)))


def describe(chars: Iterable[str]) -> str:
    """``'☃' (U+2603, SNOWMAN), …`` for an error message."""
    return ", ".join(f"{c!r} (U+{ord(c):04X}, {unicodedata.name(c, 'unnamed')})" for c in chars)


HINT = (f"use characters the fonts have, or name a font that has them in the stylesheet's "
        f"font-family (the built-in templates use {FONT_PACKAGES})")
"""What to do about a missing glyph."""


def require_coverage(fragments: Sequence[str], owners: Sequence[Sequence[str]], css: str,
                     lang: str, game: Game | None = None) -> None:
    """Raise MissingFontError when a face's text has a character no font of ``css`` has,
    naming the characters and the first faces (``owners[i]``: who uses fragment ``i``,
    e.g. ``"card speed-lines"``) they are on, and the language. With ``game``, the message
    starts at the file, line and column where the first such character is written (the
    card's or deck's text in its YAML, see :func:`locate_char`), when it is written there."""
    names = families(css)
    where: dict[str, list[str]] = {}
    for fragment, users in zip(fragments, owners, strict=True):
        for char in missing(text_of(fragment), names):
            where.setdefault(char, []).extend(users)
    if where:
        places = sorted({owner for users in where.values() for owner in users})
        shown = ", ".join(places[:5]) + (f" and {len(places) - 5} more" if len(places) > 5 else "")
        first = sorted(where)[0]
        located = locate_char(game, where[first][0], first, lang) if game is not None else None
        raise MissingFontError((f"{located}: " if located else "")
                               + f"no font has a glyph for {describe(sorted(where))}: {shown} ({lang})",
                               hint=HINT)


def locate_char(game: Game, owner: str, char: str, lang: str) -> Location | None:
    """Where ``char`` is written in the data of ``owner`` (``"card <id>"``, ``"back of card
    <id>"`` or ``"back of deck <id>"``): the first text holding it, the ``lang`` version
    first, in the card's entry (or the deck's in game.yaml, then anywhere in game.yaml);
    None when the data does not hold it (a template's own text)."""
    kind, _, ident = owner.rpartition(" ")
    for card in game.cards():
        if card.id == ident and kind in ("card", "back of card"):
            found = _find(card.data, char, lang)
            if found is not None:
                path, text = found
                return card.doc.locate_text(text, text.index(char), char, *card.pointer, *path)
    doc = game.manifest
    scopes: list[tuple[str | int, ...]] = [("decks", ident)] if kind == "back of deck" else []
    for scope in [*scopes, ()]:
        data = doc.data
        for key in scope:
            data = data.get(key, {}) if isinstance(data, dict) else {}
        found = _find(data, char, lang)
        if found is not None:
            path, text = found
            return doc.locate_text(text, text.index(char), char, *scope, *path)
    return None


def _find(data: object, char: str, lang: str) -> tuple[tuple[str | int, ...], str] | None:
    """(pointer, text) of the first string in ``data`` holding ``char``; one under a
    ``lang`` key wins. Walks without recursion."""
    stack: list[tuple[tuple[str | int, ...], object]] = [((), data)]
    fallback = None
    while stack:
        path, value = stack.pop()
        if isinstance(value, str) and char in value:
            if path and path[-1] == lang:
                return path, value
            fallback = fallback or (path, value)
        elif isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in reversed(list(value.items()))
                         if isinstance(k, str | int))
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in reversed(list(enumerate(value))))
    return fallback
