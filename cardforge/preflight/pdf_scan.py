"""What a face page draws, as a print shop's preflight sees it: images with their effective
resolution, the colour models used, and transparency.

:func:`scan_page` walks the page's content stream with pikepdf, following the current
transformation matrix (``q``, ``Q``, ``cm``) into form XObjects and tiling patterns, so an
image's resolution is its pixels over the size it is drawn at (dots per inch of the page),
whether it is an ``<img>`` (an image XObject) or a CSS background (a pattern).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pikepdf
from pikepdf import Name

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_MAX_DEPTH = 12
_INLINE_SPACES = {"/RGB": "rgb", "/DeviceRGB": "rgb", "/CMYK": "cmyk", "/DeviceCMYK": "cmyk",
                  "/G": "gray", "/DeviceGray": "gray"}


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n`` (PDF row-vector convention: a point p maps to p × m × n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


@dataclass(frozen=True)
class PlacedImage:
    """An image drawn on the page: its size in px, the lower of its horizontal and vertical
    resolution as drawn (dpi), and its colour model (``rgb``, ``cmyk``, ``gray``…)."""

    width_px: int
    height_px: int
    dpi: float
    colour: str


@dataclass
class Scan:
    """``images`` drawn; ``colours``: colour model → where it is used (``fill or stroke``,
    ``image``, ``shading``, ``group``); ``transparency``: kinds used (``soft mask``,
    ``opacity``, ``blend mode``)."""

    images: list[PlacedImage] = field(default_factory=list)
    colours: dict[str, set[str]] = field(default_factory=dict)
    transparency: set[str] = field(default_factory=set)

    def use(self, colour: str, where: str) -> None:
        """Record that colour model ``colour`` is used for ``where``."""
        self.colours.setdefault(colour, set()).add(where)


def colour_model(space: object, resources: pikepdf.Object | None) -> str:
    """``rgb``, ``cmyk``, ``gray``, ``lab``, ``spot``, ``pattern`` or ``other`` for a colour
    space (a name, possibly one of ``resources``' /ColorSpace, or an array)."""
    if isinstance(space, Name):
        name = str(space)
        if name in _INLINE_SPACES:
            return _INLINE_SPACES[name]
        if name == "/Pattern":
            return "pattern"
        named = resources.get(Name.ColorSpace) if resources is not None else None
        if isinstance(named, pikepdf.Dictionary) and name in named:
            return colour_model(named[name], None)
        return "other"
    if isinstance(space, pikepdf.Array) and len(space) > 0:
        family = str(space[0])
        if family == "/ICCBased":
            return {1: "gray", 3: "rgb", 4: "cmyk"}.get(int(space[1].get(Name.N, 0)), "other")
        if family in ("/CalRGB", "/CalGray"):
            return "rgb" if family == "/CalRGB" else "gray"
        if family == "/Lab":
            return "lab"
        if family in ("/Separation", "/DeviceN"):
            return "spot"
        if family == "/Indexed":
            return colour_model(space[1], resources)
        if family == "/Pattern":
            return "pattern"
    return "other"


def shading_model(shading: pikepdf.Object, resources: pikepdf.Object | None) -> str:
    """The colour model a shading really paints in: its colour space's, except ``rgb`` for
    a CMYK space whose function gives three values (WeasyPrint 70 writes a CSS gradient's
    sRGB stops into the document's default space, CMYK under a CMYK output intent)."""
    model = colour_model(shading.get(Name.ColorSpace), resources)
    function = shading.get(Name.Function)
    if isinstance(function, pikepdf.Dictionary) and Name.Functions in function:
        parts = function.Functions
        function = parts[0] if isinstance(parts, pikepdf.Array) and len(parts) else None
    if model == "cmyk" and isinstance(function, pikepdf.Dictionary) and \
            len(function.get(Name.C0, pikepdf.Array([0, 0, 0, 0]))) == 3:
        return "rgb"
    return model


class _Walker:
    def __init__(self) -> None:
        self.scan = Scan()
        self.seen_patterns: set[tuple[tuple[int, int], Matrix]] = set()

    def holder(self, holder: pikepdf.Object | pikepdf.Page, ctm: Matrix, depth: int) -> None:
        """Walk the content of a page, form or tiling pattern whose space maps to the page by ``ctm``."""
        if depth > _MAX_DEPTH:
            return
        resources = holder.get(Name.Resources) if not isinstance(holder, pikepdf.Page) else \
            holder.obj.get(Name.Resources)
        base, stack = ctm, []
        for item in pikepdf.parse_content_stream(holder):
            if isinstance(item, pikepdf.ContentStreamInlineImage):
                image = item.iimage
                self.image(int(image.width), int(image.height), ctm,
                           _INLINE_SPACES.get(str(image.obj.get(Name.CS, image.obj.get(Name.ColorSpace))),
                                              "other"))
                continue
            operands, op = item.operands, str(item.operator)
            if op == "q":
                stack.append(ctm)
            elif op == "Q" and stack:
                ctm = stack.pop()
            elif op == "cm" and len(operands) == 6:
                ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
            elif op in ("rg", "RG"):
                self.scan.use("rgb", "fill or stroke")
            elif op in ("k", "K"):
                self.scan.use("cmyk", "fill or stroke")
            elif op in ("cs", "CS") and operands:
                self.scan.use(colour_model(operands[0], resources), "fill or stroke")
            elif op in ("scn", "SCN") and operands and isinstance(operands[-1], Name):
                self.pattern(resources, str(operands[-1]), base, depth)
            elif op == "sh" and operands:
                self.shading(resources, "/Shading", str(operands[0]))
            elif op == "gs" and operands:
                self.state(resources, str(operands[0]), depth)
            elif op == "Do" and operands:
                self.xobject(resources, str(operands[0]), ctm, depth)

    def entry(self, resources: pikepdf.Object | None, category: str, name: str) -> pikepdf.Object | None:
        group = resources.get(category) if resources is not None else None
        return group.get(name) if isinstance(group, pikepdf.Dictionary) else None

    def image(self, width: int, height: int, ctm: Matrix, colour: str) -> None:
        drawn_w = math.hypot(ctm[0], ctm[1]) / 72
        drawn_h = math.hypot(ctm[2], ctm[3]) / 72
        dpi = min(width / drawn_w if drawn_w else math.inf, height / drawn_h if drawn_h else math.inf)
        self.scan.images.append(PlacedImage(width, height, dpi, colour))
        self.scan.use(colour, "image")

    def xobject(self, resources: pikepdf.Object | None, name: str, ctm: Matrix, depth: int) -> None:
        xobject = self.entry(resources, "/XObject", name)
        if not isinstance(xobject, pikepdf.Stream):
            return
        if xobject.get(Name.Subtype) == Name.Image:
            if xobject.get(Name.ImageMask) is True:
                return
            if Name.SMask in xobject:
                self.scan.transparency.add("soft mask")
            self.image(int(xobject.Width), int(xobject.Height), ctm,
                       colour_model(xobject.get(Name.ColorSpace), resources))
        elif xobject.get(Name.Subtype) == Name.Form:
            group = xobject.get(Name.Group)
            if isinstance(group, pikepdf.Dictionary) and Name.CS in group:
                self.scan.use(colour_model(group.CS, xobject.get(Name.Resources)), "group")
            matrix = tuple(float(v) for v in xobject.get(Name.Matrix, pikepdf.Array(IDENTITY)))
            self.holder(xobject, multiply(matrix, ctm), depth + 1)  # type: ignore[arg-type]

    def pattern(self, resources: pikepdf.Object | None, name: str, base: Matrix, depth: int) -> None:
        pattern = self.entry(resources, "/Pattern", name)
        if pattern is None:
            return
        matrix = tuple(float(v) for v in pattern.get(Name.Matrix, pikepdf.Array(IDENTITY)))
        placed = multiply(matrix, base)  # type: ignore[arg-type]  # pattern space → the holder's own space
        if int(pattern.get(Name.PatternType, 0)) == 2:
            shading = pattern.get(Name.Shading)
            if isinstance(shading, pikepdf.Dictionary):
                self.scan.use(shading_model(shading, resources), "shading")
        elif isinstance(pattern, pikepdf.Stream) and (pattern.objgen, placed) not in self.seen_patterns:
            self.seen_patterns.add((pattern.objgen, placed))
            self.holder(pattern, placed, depth + 1)

    def shading(self, resources: pikepdf.Object | None, category: str, name: str) -> None:
        shading = self.entry(resources, category, name)
        if isinstance(shading, pikepdf.Object) and Name.ColorSpace in shading:
            self.scan.use(shading_model(shading, resources), "shading")

    def state(self, resources: pikepdf.Object | None, name: str, depth: int) -> None:
        state = self.entry(resources, "/ExtGState", name)
        if not isinstance(state, pikepdf.Dictionary):
            return
        mask = state.get(Name.SMask)
        if isinstance(mask, pikepdf.Dictionary):
            self.scan.transparency.add("soft mask")
        if any(float(state.get(key, 1)) < 1 for key in (Name.CA, Name.ca)):
            self.scan.transparency.add("opacity")
        if str(state.get(Name.BM, "/Normal")) not in ("/Normal", "/Compatible"):
            self.scan.transparency.add("blend mode")


def scan_page(page: pikepdf.Page) -> Scan:
    """Images (with resolution as drawn), colour models and transparency of ``page``."""
    walker = _Walker()
    walker.holder(page, IDENTITY, 0)
    return walker.scan
