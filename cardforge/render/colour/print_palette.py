"""A template folder's print palette: each colour declared once, with its screen (RGB) and
its print (CMYK) value.

``palette.yaml`` sits beside the templates (``templates/<game>/``, ``templates/_base/``)::

    colours:
      ink: {rgb: "#1c1c1e", cmyk: [0, 0, 0, 100]}   # CMYK in percent of each ink
    other_colours: convert    # or keep (the default)

Every folder on the template search path may have one; a name in an earlier folder (the
game's) replaces the same name in a later one (``_base``), and so does ``other_colours``.
The stylesheet sees each colour as a CSS variable, ``var(--ink)``: its RGB value in an
ordinary build, its CMYK value (``device-cmyk()``) when a print profile asks for CMYK
(:mod:`cardforge.render.colour.cmyk`, which also prints any colour literal equal to a declared RGB
value with the declared inks). A colour no palette declares stays RGB (preflight reports it,
PF104) unless ``other_colours: convert``: then it is converted with the output intent's ICC
profile (for colours that come from game.yaml data and what templates mix from them).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.errors import RenderError
from cardforge.loading.yaml_source import loads
from cardforge.loading.yaml_walk import LoadError
from cardforge.problem import Location

FILE_NAME = "palette.yaml"
"""The palette file of a template folder."""

_NAME = re.compile(r"[a-z][a-z0-9-]{0,62}$")
_HEX = re.compile(r"#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Rgb:
    """An sRGB colour: each channel 0–255. Hashable: it keys colour lookups."""

    red: int
    green: int
    blue: int

    @property
    def hex(self) -> str:
        """The colour as ``#rrggbb``."""
        return f"#{self.red:02x}{self.green:02x}{self.blue:02x}"

    @property
    def channels(self) -> tuple[int, int, int]:
        """The channels as Pillow takes them (red, green, blue)."""
        return self.red, self.green, self.blue


@dataclass(frozen=True)
class Cmyk:
    """CMYK ink amounts, each 0–1."""

    cyan: float
    magenta: float
    yellow: float
    black: float

    def css(self, alpha: float = 1.0) -> str:
        """The inks as CSS ``device-cmyk(c m y k)`` (``/ alpha`` when below 1)."""
        values = " ".join(f"{round(v, 4):g}" for v in (self.cyan, self.magenta, self.yellow, self.black))
        return f"device-cmyk({values}{f' / {alpha:g}' if alpha < 1 else ''})"


@dataclass(frozen=True)
class PaletteColour:
    """One declared colour: its screen value ``rgb``, its print inks ``cmyk``, and where it
    was declared."""

    name: str
    rgb: Rgb
    cmyk: Cmyk
    where: Location

    @property
    def hex(self) -> str:
        """The RGB value as ``#rrggbb``."""
        return self.rgb.hex

    @property
    def device_cmyk(self) -> str:
        """The CMYK value as CSS: ``device-cmyk(c m y k)``, each 0–1."""
        return self.cmyk.css()


@dataclass(frozen=True)
class Palette:
    """Colour name → :class:`PaletteColour` (search-path order resolved: the game's first);
    ``convert_others``: whether colours it does not declare are converted for CMYK print."""

    colours: dict[str, PaletteColour]
    convert_others: bool = False

    def by_rgb(self) -> dict[Rgb, PaletteColour]:
        """RGB value → the colour declaring it (the first name, when two share a value)."""
        found: dict[Rgb, PaletteColour] = {}
        for colour in self.colours.values():
            found.setdefault(colour.rgb, colour)
        return found

    def css(self, cmyk: bool) -> str:
        """A ``:root`` rule giving each colour as ``--<name>``: its RGB value, or its CMYK
        value when ``cmyk``; empty for an empty palette."""
        if not self.colours:
            return ""
        values = "; ".join(f"--{c.name}: {c.device_cmyk if cmyk else c.hex}"
                           for c in self.colours.values())
        return f":root {{ {values}; }}"


def load_palette(search_path: Sequence[Path]) -> Palette:
    """The palette of a template search path: every folder's ``palette.yaml`` merged, the
    first folder's names winning. Files are read through :mod:`cardforge.boundary.trust`. Raises
    RenderError at the file, line and column of a refused file, bad YAML, or an entry that
    is not ``name: {rgb: "#rrggbb", cmyk: [c, m, y, k]}`` (percentages 0–100), and past
    :data:`cardforge.boundary.trust.MAX_PALETTE_COLOURS` entries."""
    colours: dict[str, PaletteColour] = {}
    convert = False
    for folder in reversed(list(search_path)):
        path = folder / FILE_NAME
        if path.is_file():
            found = _read(path)
            colours.update(found.colours)
            convert = found.convert_others if found.convert_others is not None else convert
    return Palette(colours, convert)


@dataclass(frozen=True)
class _File:
    colours: dict[str, PaletteColour]
    convert_others: bool | None


def _read(path: Path) -> _File:
    try:
        doc = loads(trust.read_text(path, "yaml"), path)
    except trust.Refused as refused:
        raise RenderError(f"{refused.location}: palette cannot be read: {refused.reason}",
                          hint=refused.hint or "keep palette.yaml inside the workspace") from None
    except LoadError as error:  # YAML syntax or a duplicate key, located
        first = error.problems[0]
        raise RenderError(f"{first.location}: palette: {first.message}",
                          hint=first.hint or "see docs/workspace-games.md, print palette") from None
    top: Any = doc.data if doc.data is not None else {}
    hint = 'e.g. colours: {ink: {rgb: "#1c1c1e", cmyk: [0, 0, 0, 100]}}, other_colours: keep'
    if not isinstance(top, dict) or not set(top) <= {"colours", "other_colours"}:
        raise RenderError(f"{doc.locate()}: a palette has colours: and other_colours: only", hint=hint)
    others = top.get("other_colours")
    if others not in (None, "keep", "convert"):
        raise RenderError(f"{doc.locate('other_colours')}: other_colours is keep or convert, "
                          f"got {others!r}", hint="convert: colours not declared here are converted "
                          "with the print profile's ICC profile; keep: preflight reports them")
    data: Any = top.get("colours") or {}
    if not isinstance(data, dict):
        raise RenderError(f"{doc.locate('colours')}: colours is a mapping of colour names", hint=hint)
    if len(data) > trust.MAX_PALETTE_COLOURS:
        raise RenderError(f"{doc.locate('colours')}: {len(data)} colours; a palette holds at most "
                          f"{trust.MAX_PALETTE_COLOURS}", hint="split the game, or reuse colours")
    found = {}
    for name, entry in data.items():
        where = doc.locate_key("colours", name)
        found[str(name)] = _colour(str(name), entry, where, doc.locate("colours", name))
    return _File(found, None if others is None else others == "convert")


def _colour(name: str, entry: Any, where: Location, value_at: Location) -> PaletteColour:
    hint = f'write it as {name}: {{rgb: "#rrggbb", cmyk: [c, m, y, k]}} (inks in percent)'
    if not _NAME.match(name):
        raise RenderError(f"{where}: palette colour name {name!r} must be lower-case letters, "
                          "digits and hyphens (it becomes the CSS variable --name)", hint=hint)
    if not isinstance(entry, dict) or set(entry) != {"rgb", "cmyk"}:
        raise RenderError(f"{value_at}: palette colour {name} needs exactly rgb and cmyk", hint=hint)
    rgb, cmyk = entry["rgb"], entry["cmyk"]
    if not isinstance(rgb, str) or not _HEX.match(rgb):
        raise RenderError(f"{value_at}: palette colour {name}: rgb must be #rrggbb, got {rgb!r}",
                          hint=hint)
    if (not isinstance(cmyk, list) or len(cmyk) != 4
            or not all(isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 100
                       for v in cmyk)):
        raise RenderError(f"{value_at}: palette colour {name}: cmyk must be four ink percentages "
                          f"0–100, got {cmyk!r}", hint=hint)
    channels = Rgb(int(rgb[1:3], 16), int(rgb[3:5], 16), int(rgb[5:7], 16))
    cyan, magenta, yellow, black = (v / 100 for v in cmyk)
    return PaletteColour(name, channels, Cmyk(cyan, magenta, yellow, black), where)
