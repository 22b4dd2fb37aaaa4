"""Inline icons in card text: the ``:name:`` token syntax every game shares.

A token is a colon, a name matching ``[a-z][a-z0-9-]*``, and a colon: ``:die-6:``,
``:green:``, ``:vp:``. Core icons (drawn here as original SVG) are ``die-1`` … ``die-6``,
the dice colours ``white``, ``green``, ``red``, ``yellow``, and ``vp``. A game pack adds its
own as ``templates/<id>/icons/<name>.svg``; a workspace's ``templates/<id>/icons`` overrides
them. :func:`render_text` escapes card text and swaps each known token for its inline SVG,
sized to the surrounding text; an unknown token stays visible (a lint rule reports it).

SVG read from files passes through :func:`sanitize_svg`: no scripts, no event handlers, no
references outside the icon itself.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup, escape

from cardforge.boundary import trust
from cardforge.render.templating.card_markup import rich_text
from cardforge.render.templating.safe_svg import SVG_NS, UnsafeSVG, parse_clean, sanitize_svg, serialize

TOKEN_RE = re.compile(r":([a-z][a-z0-9-]*)(?:\{([^{}:\n]{0,20})\})?:")
"""An icon token; group 1 is the icon's name, group 2 its value if it has one
(``:coin{2}:``; any text up to 20 characters here, :data:`VALUE_RE` says which print)."""
VALUE_RE = re.compile(r"[0-9A-Za-z+×?-]{1,3}")
"""A value an icon can carry: one to three digits, letters, ``+``, ``-``, ``×`` or ``?``."""

@dataclass(frozen=True)
class Token:
    """One icon token in a text: ``offset`` is the 0-based index of its leading colon."""

    offset: int
    name: str
    value: str | None = None

    @property
    def end(self) -> int:
        """Index just past the trailing colon."""
        return self.offset + len(self.name) + 2 + (0 if self.value is None else len(self.value) + 2)

    @property
    def text(self) -> str:
        """The token as written: ``:coin:``, ``:coin{2}:``."""
        return f":{self.name}:" if self.value is None else f":{self.name}{{{self.value}}}:"

    @property
    def value_ok(self) -> bool:
        """Whether the token has no value or one :data:`VALUE_RE` allows."""
        return self.value is None or VALUE_RE.fullmatch(self.value) is not None


def find_tokens(text: str) -> list[Token]:
    """Every ``:name:`` or ``:name{value}:`` token in ``text``, left to right, non-overlapping."""
    return [Token(m.start(), m.group(1), m.group(2)) for m in TOKEN_RE.finditer(text)]


# ---- core icons ---------------------------------------------------------------------------

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((12, 12),),
    2: ((17, 7), (7, 17)),
    3: ((17, 7), (12, 12), (7, 17)),
    4: ((7, 7), (17, 7), (7, 17), (17, 17)),
    5: ((7, 7), (17, 7), (12, 12), (7, 17), (17, 17)),
    6: ((7, 7), (17, 7), (7, 12), (17, 12), (7, 17), (17, 17)),
}
"""Pip centres of each die face on a 24×24 grid."""

DIE_COLOURS: dict[str, tuple[str, str, str]] = {
    "white": ("#ffffff", "#2b2b2b", "#2b2b2b"),
    "green": ("#2f9e44", "#1b5e2a", "#ffffff"),
    "red": ("#d9362b", "#7f1d16", "#ffffff"),
    "yellow": ("#f5c518", "#8a6d00", "#2b2b2b"),
}
"""Die colour → (body fill, outline, pip colour)."""


def die_svg(value: int | None, colour: str = "white") -> str:
    """SVG markup (24×24 viewBox) of a die of ``colour`` showing ``value`` pips (None: blank).

    Raises KeyError for a colour not in DIE_COLOURS or a value outside 1..6.
    """
    fill, stroke, pip = DIE_COLOURS[colour]
    pips = "".join(f'<circle cx="{x}" cy="{y}" r="2.3" fill="{pip}"/>'
                   for x, y in (PIPS[value] if value is not None else ()))
    return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 24 24">'
            f'<rect x="1.5" y="1.5" width="21" height="21" rx="4.5" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="2"/>{pips}</svg>')


VP_SVG = (
    f'<svg xmlns="{SVG_NS}" viewBox="0 0 24 24">'
    '<circle cx="12" cy="12" r="10.5" fill="#f2b01e" stroke="#7a4a00" stroke-width="2"/>'
    '<path d="M12 4.6l2.2 4.6 5 .6-3.7 3.4 1 5-4.5-2.5-4.5 2.5 1-5L4.8 9.8l5-.6z" '
    'fill="#fff8e1" stroke="#7a4a00" stroke-width="1" stroke-linejoin="round"/></svg>'
)


COIN_SVG = (
    f'<svg xmlns="{SVG_NS}" viewBox="0 0 24 24">'
    '<circle cx="12" cy="12" r="10.5" fill="#f5c518" stroke="#8a6d00" stroke-width="2"/>'
    '<circle cx="12" cy="12" r="7.5" fill="none" stroke="#c99a00" stroke-width="1"/></svg>'
)
"""A plain coin, drawn to carry a value (``:coin{2}:``)."""


def core_icons() -> dict[str, str]:
    """The icons every game has: ``die-1``…``die-6``, the four dice colours, ``vp``, ``coin``."""
    icons = {f"die-{n}": die_svg(n) for n in range(1, 7)}
    icons.update({colour: die_svg(None, colour) for colour in DIE_COLOURS})
    icons["vp"] = VP_SVG
    icons["coin"] = COIN_SVG
    return icons


# ---- icon sets and text -------------------------------------------------------------------


class IconSet:
    """Icons by name (name → SVG markup). Later additions override earlier ones."""

    def __init__(self, icons: Mapping[str, str] | None = None) -> None:
        self._icons: dict[str, str] = dict(core_icons() if icons is None else icons)
        self._inline: dict[tuple[str, str], Markup] = {}

    @classmethod
    def for_game(cls, search_path: Iterable[Path], pack_icons: Path | None = None) -> IconSet:
        """Core icons, then ``pack_icons`` (a GameSpec's ``icons_dir``), then every
        ``<folder>/icons/*.svg`` of ``search_path`` from last to first, so a workspace's
        folder (first on the path) wins. Raises RenderError for an unreadable or invalid SVG.
        """
        icons = cls()
        if pack_icons is not None and pack_icons.is_dir():  # installed with the pack: its own root
            icons.add_folder(pack_icons, roots=(pack_icons.resolve(),))
        for folder in (Path(folder) / "icons" for folder in reversed(list(search_path))):
            if folder.is_dir():
                icons.add_folder(folder)
        return icons

    def add_folder(self, folder: Path, roots: Sequence[Path] | None = None) -> None:
        """Add (or replace) each ``<name>.svg`` in ``folder`` whose stem is a valid token name.

        Files are read through :mod:`cardforge.boundary.trust`: regular files inside ``roots``
        (default: the workspace and the built-in templates), size-limited, UTF-8. Raises
        :class:`~cardforge.render.templating.safe_svg.UnsafeSVG` (a RenderError and a trust.Refused) naming
        the icon file (and line and column) for one that is refused or is not safe SVG (see
        :func:`~cardforge.render.templating.safe_svg.sanitize_svg`)."""
        for path in sorted(folder.glob("*.svg")):
            if TOKEN_RE.fullmatch(f":{path.stem}:"):
                try:
                    text = trust.read_text(path, "svg", roots)
                except trust.Refused as exc:
                    raise UnsafeSVG(exc, f"{exc.location}: cannot read icon: {exc.reason}") from None
                self._icons[path.stem] = sanitize_svg(text, str(path))
                self._inline.clear()

    def known(self, name: str) -> bool:
        """Whether ``:name:`` renders as an icon."""
        return name in self._icons

    def names(self) -> list[str]:
        """Every icon name, sorted."""
        return sorted(self._icons)

    def own_names(self) -> list[str]:
        """Names of the icons that are not core icons as drawn by :func:`core_icons` (a
        game's own icons, including its redrawn core ones), sorted."""
        core = core_icons()
        return sorted(n for n, svg in self._icons.items() if core.get(n) != svg)

    def svg(self, name: str, css_class: str = "icon") -> Markup:
        """Icon ``name`` as inline ``<svg>`` one text line high (1em, its own aspect ratio),
        sitting on the baseline like a capital letter. Raises KeyError for an unknown name."""
        key = (name, css_class)
        if key not in self._inline:
            self._inline[key] = self._inline_svg(name, css_class)
        return self._inline[key]

    def _inline_svg(self, name: str, css_class: str) -> Markup:
        root = parse_clean(self._icons[name])
        ratio = _aspect(root)
        for attr in ("width", "height", "class", "style"):
            root.attrib.pop(attr, None)
        root.set("class", f"{css_class} icon-{name}")
        root.set("role", "img")
        root.set("aria-label", name)
        root.set("style", f"height:1em;width:{ratio:.3g}em;vertical-align:-0.14em")
        return Markup(serialize(root))

    def valued(self, name: str, value: str) -> Markup:
        """Icon ``name`` carrying ``value`` (escaped) on it: the icon one line high as by
        :meth:`svg`, the value centred over it in bold. Raises KeyError for an unknown name."""
        icon = Markup(str(self.svg(name)).replace("vertical-align:-0.14em", "display:block", 1))
        return Markup('<span class="icon-value icon-value-{}">{}<span class="icon-number">{}</span>'
                      "</span>").format(name, icon, value)


def _aspect(root: ET.Element) -> float:
    """Width / height from the viewBox (or width/height attributes); 1 when unknown.
    Adds a viewBox when only width and height are given, so the icon scales."""
    box = root.get("viewBox", "").replace(",", " ").split()
    try:
        if len(box) == 4 and float(box[3]) > 0:
            return float(box[2]) / float(box[3])
        w, h = (float(re.sub(r"[a-z%]+$", "", root.get(k, ""))) for k in ("width", "height"))
    except ValueError:
        return 1.0
    root.set("viewBox", f"0 0 {w:g} {h:g}")
    return w / h if h > 0 else 1.0


def render_text(text: str, icons: IconSet) -> Markup:
    """``text`` HTML-escaped, known ``:name:`` tokens replaced by inline icons, line breaks
    as ``<br>``, ``**bold**``, ``*italic*`` and ``- `` lists as HTML
    (:mod:`cardforge.render.templating.card_markup`). Unknown tokens stay as their escaped text inside
    ``<span class="unknown-token">``. The result is safe to insert in a template."""
    return rich_text(text, lambda plain: _with_icons(plain, icons))


def _with_icons(text: str, icons: IconSet) -> Markup:
    """``text`` (no markup) escaped, with its tokens drawn as icons."""
    parts: list[str] = []
    pos = 0
    for token in find_tokens(text):
        parts.append(_plain(text[pos:token.offset]))
        if icons.known(token.name) and token.value is None:
            parts.append(icons.svg(token.name))
        elif icons.known(token.name) and token.value_ok:
            parts.append(icons.valued(token.name, token.value or ""))
        else:
            parts.append(Markup('<span class="unknown-token">{}</span>').format(
                text[token.offset:token.end]))
        pos = token.end
    parts.append(_plain(text[pos:]))
    return Markup("".join(parts))


def _plain(text: str) -> Markup:
    """Escaped ``text`` with each line break as ``<br>``."""
    return Markup("<br>").join(escape(line) for line in text.split("\n"))
