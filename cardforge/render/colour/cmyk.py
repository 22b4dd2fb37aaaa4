"""Faces for CMYK print: every colour and image of the HTML, CSS and SVG turned into CMYK
before WeasyPrint lays them out, for a print profile with ``colour = "cmyk"`` (PDF/X-1a).

:class:`CmykConverter` rewrites colour values (``#rgb``, ``#rrggbb``, ``rgb()``, ``rgba()``,
``hsl()``, colour names) wherever a colour can be written: CSS declarations (never
selectors), ``style`` attributes, SVG paint attributes (``fill``, ``stroke``,
``stop-color``…) and ``<style>`` elements. A colour the template palette declares
(:mod:`cardforge.render.colour.print_palette`) gets its declared inks; any other stays as written (for
preflight to report) unless the palette says ``other_colours: convert``: then it is
converted from sRGB with the output intent's ICC profile (relative colorimetric, black
point compensation). Alpha stays alpha, and CSS gradients stay as written (WeasyPrint 70
draws them in sRGB only): both are the template's to replace with flat colours under the
``print-cmyk`` class every face is wrapped in (preflight reports what is left: PF104,
PF105). SVG files and raster images a stylesheet or a face links to are read through
:mod:`cardforge.boundary.trust` and inlined as ``data:`` URLs: SVGs with their colours converted,
opaque images converted to CMYK JPEGs with Pillow's ImageCms (perceptual intent). A file
that cannot be read is left linked, for the URL fetcher to refuse with its usual error.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import tinycss2
from PIL import Image, ImageCms
from tinycss2.color5 import parse_color

from cardforge.boundary import trust
from cardforge.render.colour.print_palette import Cmyk, Palette, Rgb
from cardforge.render.pdf.page_raster import check_pixels
from cardforge.render.templating.requested_urls import file_url_path, kind_of

WRAPPER_CLASS = "print-cmyk"
"""The class of the ``<div>`` each face is wrapped in for CMYK print: templates' CSS styles
flat stand-ins for transparency under ``.print-cmyk``."""

_PAINT_ATTRIBUTE = re.compile(
    r"""(\s(?:fill|stroke|stop-color|flood-color|lighting-color|color)=)(["'])([^"'<>]*)\2""")
_STYLE_ATTRIBUTE = re.compile(r"""(\sstyle=)(["'])([^"'<>]*)\2""")
_SVG_WITHOUT_FILL = re.compile(r"(<svg\b)(?![^>]*\sfill=)", re.I)
_STYLE_ELEMENT = re.compile(r"(<style[^>]*>)(.*?)(</style>)", re.S | re.I)
_IMG_SRC = re.compile(r"""(<img\b[^>]*?\ssrc=)(["'])([^"'<>]+)\2""", re.I)
_COLOUR_PROPERTY = re.compile(r"colou?r|background|border|outline|fill|stroke|shadow|decoration|"
                              r"caret|column-rule|^--")
_SKIPPED = {"transparent", "currentcolor", "inherit", "initial", "unset", "none"}


class CmykConverter:
    """Rewrites faces for CMYK print with ``palette`` and the CMYK ICC profile ``icc`` (its
    bytes: the output intent's). ``roots``: the folders files may be read from (for
    inlining SVGs and images)."""

    def __init__(self, palette: Palette, icc: bytes, roots: Sequence[Path]) -> None:
        self.declared = palette.by_rgb()
        self.convert_others = palette.convert_others
        self.roots = tuple(roots)
        output = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        srgb = ImageCms.createProfile("sRGB")
        flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
        self._colours = ImageCms.buildTransform(srgb, output, "RGB", "CMYK",
                                                renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                                flags=flags)
        self._images = ImageCms.buildTransform(srgb, output, "RGB", "CMYK",
                                               renderingIntent=ImageCms.Intent.PERCEPTUAL, flags=flags)
        self._converted: dict[Rgb, Cmyk] = {}
        self._inlined: dict[str, str] = {}

    def inks(self, rgb: Rgb) -> Cmyk | None:
        """The CMYK ink amounts (0–1) printing sRGB ``rgb`` (0–255): the palette's when it
        declares that value, else the ICC conversion's when the palette converts other
        colours, else None."""
        if rgb in self.declared:
            return self.declared[rgb].cmyk
        if not self.convert_others:
            return None
        if rgb not in self._converted:
            pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb.channels), self._colours)
            cyan, magenta, yellow, black = (v / 255 for v in pixel.getpixel((0, 0)))  # type: ignore
            self._converted[rgb] = Cmyk(cyan, magenta, yellow, black)
        return self._converted[rgb]

    def value(self, text: str) -> str | None:
        """``text`` (one CSS colour) as ``device-cmyk()``, or None when it is no RGB colour."""
        if text.strip().lower() in _SKIPPED:
            return None
        colour = parse_color(text)
        if colour is None or isinstance(colour, str) or colour.space == "device-cmyk":
            return None
        red, green, blue = (round(max(0.0, min(1.0, c)) * 255) for c in colour.to("srgb").coordinates)
        inks = self.inks(Rgb(red, green, blue))
        return None if inks is None else inks.css(colour.alpha)

    def css(self, text: str, base: Path | None = None) -> str:
        """A stylesheet (or a ``style`` attribute's declarations) with its colour values in
        CMYK and its file ``url()``s inlined (relative ones against folder ``base``)."""
        nodes = tinycss2.parse_component_value_list(text)
        self._declarations(nodes, base)
        return tinycss2.serialize(nodes)

    def markup(self, html: str, base: Path | None = None) -> str:
        """HTML or SVG with its colours in CMYK: paint attributes, ``style`` attributes and
        ``<style>`` elements; ``<img src>`` files inlined (relative ones against ``base``)."""
        html = _STYLE_ELEMENT.sub(lambda m: m[1] + self.css(m[2], base) + m[3], html)
        html = _STYLE_ATTRIBUTE.sub(lambda m: f"{m[1]}{m[2]}{self.css(m[3], base)}{m[2]}", html)
        black = self.value("#000000")  # SVG's default fill, for shapes that set none
        if black is not None:
            html = _SVG_WITHOUT_FILL.sub(lambda m: f'{m[1]} fill="{black}"', html)
        html = _PAINT_ATTRIBUTE.sub(lambda m: f"{m[1]}{m[2]}{self.value(m[3]) or m[3]}{m[2]}", html)
        return _IMG_SRC.sub(lambda m: f"{m[1]}{m[2]}{self.inline(m[3], base)}{m[2]}", html)

    def face(self, fragment: str, base: Path) -> str:
        """A face's HTML fragment converted (:meth:`markup`) and wrapped in
        ``<div class="print-cmyk">``; relative links resolve against folder ``base``."""
        return f'<div class="{WRAPPER_CLASS}">{self.markup(fragment, base)}</div>'

    def _declarations(self, nodes: list, base: Path | None) -> None:
        """Rewrite the colour values of a declaration or rule list in place: a run of tokens
        ended by ``;`` (or the end) is a declaration; one followed by a ``{}`` block is a
        selector or an at-rule's prelude, left alone, and the block is walked the same way."""
        start = 0
        for index, node in enumerate([*nodes, None]):
            if node is not None and node.type == "{} block":
                self._declarations(node.content or [], base)
                start = index + 1
            elif node is None or (node.type == "literal" and node.value == ";"):
                self._declaration(nodes, start, index, base)
                start = index + 1

    def _declaration(self, nodes: list, start: int, end: int, base: Path | None) -> None:
        """One ``property: value``: ``nodes[start:end]``, rewritten in place."""
        colon = next((i for i in range(start, end)
                      if nodes[i].type == "literal" and nodes[i].value == ":"), None)
        if colon is None:
            return
        name = next((t.value.lower() for t in nodes[start:colon] if t.type == "ident"), "")
        self._values(nodes, colon + 1, end, idents=bool(_COLOUR_PROPERTY.search(name)), base=base)

    def _values(self, tokens: list, start: int, end: int, *, idents: bool, base: Path | None) -> None:
        for index in range(start, end):
            token = tokens[index]
            if token.type == "url" or (token.type == "function" and token.lower_name == "url"):
                written = token.value if token.type == "url" else tinycss2.serialize(token.arguments)
                url = written.strip("'\" ")
                tokens[index] = tinycss2.parse_one_component_value(f'url("{self.inline(url, base)}")')
                continue
            if token.type == "function" and token.lower_name in ("rgb", "rgba", "hsl", "hsla", "hwb"):
                converted = self.value(tinycss2.serialize([token]))
            elif token.type == "hash" or (idents and token.type == "ident"):
                converted = self.value(tinycss2.serialize([token]))
            elif token.type == "function" and token.lower_name.endswith("gradient"):
                continue  # WeasyPrint draws gradients in sRGB only: the template's to replace
            elif token.type in ("function", "() block", "[] block"):
                inner = token.arguments if token.type == "function" else token.content
                self._values(inner, 0, len(inner), idents=idents, base=base)
                continue
            else:
                continue
            if converted is not None:
                tokens[index] = tinycss2.parse_one_component_value(converted)

    def inline(self, url: str, base: Path | None) -> str:
        """``url`` as a ``data:`` URL of the file it names converted to CMYK (an SVG's
        colours, an opaque raster image's pixels), or ``url`` unchanged for anything else:
        another scheme, a file outside the roots or unreadable, an image with alpha."""
        try:
            parts = urlsplit(urljoin(base.resolve().as_uri() + "/" if base else "", url.strip()))
        except ValueError:
            return url
        if parts.scheme == "data":
            return self._data_svg(url)
        if parts.scheme != "file":
            return url
        path = file_url_path(parts.path)
        if str(path) not in self._inlined:
            self._inlined[str(path)] = self._data_url(path) or url
        return self._inlined[str(path)]

    def _data_svg(self, url: str) -> str:
        """A ``data:`` URL of an SVG with its colours converted; any other unchanged."""
        header, _, body = url.partition(",")
        if not header.lower().startswith("data:image/svg+xml"):
            return url
        try:
            data = base64.b64decode(body, validate=True) if header.lower().endswith(";base64") \
                else unquote(body).encode()
            svg = self.markup(trust.decode(data, Path("a data: URL")))
        except (ValueError, trust.Refused):
            return url  # the fetcher refuses it, with its own message
        return _svg_url(svg)

    def _data_url(self, path: Path) -> str | None:
        try:
            body = trust.read_bytes(path, kind_of(path), self.roots)
        except trust.Refused:
            return None
        if path.suffix.lower() == ".svg":
            try:
                svg = self.markup(trust.decode(body, path), path.parent)
            except trust.Refused:
                return None
            return _svg_url(svg)
        jpeg = self.image(body, path)
        return None if jpeg is None else "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")

    def image(self, body: bytes, path: Path) -> bytes | None:
        """A raster image's bytes as a CMYK JPEG (quality 95), or None for one that is not a
        readable image, too large (:func:`~cardforge.render.pdf.page_raster.check_pixels`), has an
        alpha channel, or is CMYK already."""
        try:
            if check_pixels(body, path) is None:  # not a raster image
                return None
            with Image.open(io.BytesIO(body)) as image:
                if image.mode == "CMYK" or "A" in image.getbands() or "transparency" in image.info:
                    return None
                cmyk = ImageCms.applyTransform(image.convert("RGB"), self._images)
        except (OSError, ValueError, trust.Refused, Image.DecompressionBombError):
            return None
        out = io.BytesIO()
        cmyk.save(out, "JPEG", quality=95, dpi=image.info.get("dpi", (300, 300)))  # type: ignore[union-attr]
        return out.getvalue()


def _svg_url(svg: str) -> str:
    """``svg`` as a base64 ``data:`` URL."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")
