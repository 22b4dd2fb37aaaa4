"""Print-shop profiles: small TOML files saying what a shop accepts.

A profile names the output (``png``: one image per card; ``pdfx``: one PDF/X file, backs
and fronts alternating; ``sheets``: the home-printer card sheets), the card's trim, bleed
and safe margin (mm), the dpi and exact pixel size of images, the colour model (``rgb`` or
``cmyk``), the lowest resolution of images placed in a face, whether transparency is
allowed, and for PDF/X the WeasyPrint variant and the CMYK ICC profile of the output intent.
The built-in profiles live in ``profiles/`` (shipped in the wheel); a workspace's own
``profiles/<id>.toml`` adds to them or replaces one, and ``--profile`` also takes a path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.boundary import trust
from cardforge.boundary.resources import profiles_dir
from cardforge.errors import ConfigError
from cardforge.model.card_geometry import CardGeometry
from cardforge.model.paper_units import PAPER
from cardforge.workspace.toml_files import TomlFile, check, load_toml

ICC_FOLDERS = ("/usr/share/color/icc", "/usr/share/ghostscript")
"""System folders (besides the workspace) an ICC profile may be read from."""

OUTPUTS = ("png", "pdfx", "sheets")
"""What a profile makes: per-card PNGs, one PDF/X file, or A4 / Letter card sheets."""

@dataclass(frozen=True)
class Profile:
    """One print shop's requirements; lengths in mm. ``trim_mm`` and ``bleed_mm`` None mean
    the game's own size (home printing); ``pixels`` is (width, height) in px of each card
    image at ``dpi``, trim plus bleed; ``severity`` maps preflight codes to another level."""

    id: str
    path: Path
    name: str
    output: str
    trim_mm: tuple[float, float] | None = None
    bleed_mm: float | None = None
    safe_mm: float | None = None
    dpi: int | None = None
    pixels: tuple[int, int] | None = None
    colour: str = "rgb"
    min_image_dpi: int = 150
    transparency: bool = True
    size_tolerance_mm: float = 1.0
    pdf_variant: str | None = None
    icc_profile: tuple[Path, ...] = ()
    icc_package: str | None = None
    papers: tuple[str, ...] = tuple(PAPER)
    severity: dict[str, str] = field(default_factory=dict)

    def geometry(self, game_geometry: CardGeometry) -> CardGeometry:
        """The geometry (trim, bleed, safe; mm) to lay faces out at: the shop's where it sets
        them, else the game's (``game_geometry``)."""
        return game_geometry.with_changes(trim=self.trim_mm, bleed_mm=self.bleed_mm, safe_mm=self.safe_mm)

    def icc_path(self) -> Path:
        """The first ``icc_profile`` file that exists. Raises ConfigError naming the Debian
        package that provides it when none does."""
        for path in self.icc_profile:
            if path.is_file():
                return path
        package = f"install the Debian package {self.icc_package}" if self.icc_package else \
            "install a CMYK ICC profile"
        raise ConfigError(f"profile {self.id}: no CMYK ICC profile for the output intent; looked for "
                          + ", ".join(map(str, self.icc_profile)),
                          hint=f"{package} (scripts/setup.sh does), or set icc_profile in {self.path}")

    def icc_bytes(self) -> bytes:
        """The ICC profile of :meth:`icc_path`, read only from the workspace, the built-in
        data or the system's colour folders (:data:`ICC_FOLDERS`), and only if it is an
        ICC profile (``acsp`` signature). Raises ConfigError otherwise."""
        path = self.icc_path()
        roots = (*(trust.allowed_roots() or ()), *(Path(f) for f in ICC_FOLDERS))
        try:
            data = trust.read_bytes(path, "icc", roots=roots if trust.allowed_roots() else None)
        except trust.Refused as refused:
            raise ConfigError(f"profile {self.id}: ICC profile {refused.path}: {refused.reason}",
                              hint=f"keep ICC profiles in the workspace or in {ICC_FOLDERS[0]}") from None
        if data[36:40] != b"acsp":
            raise ConfigError(f"profile {self.id}: {path} is not an ICC profile",
                              hint=f"set icc_profile in {self.path} to a CMYK .icc file")
        return data


def load_profile(path: Path) -> Profile:
    """Read and check one profile file (through :mod:`cardforge.boundary.trust`, against
    ``schemas/profile.schema.json``). Raises ConfigError (file, line, column, hint) for an
    unreadable or refused file, TOML syntax, an unknown or mistyped key or value, an
    unknown output, colour, paper or PDF variant, or pixels that do not match trim + 2 ×
    bleed at dpi."""
    toml = load_toml(path, "profile")
    check(toml, toml.data, "profile.schema.json", hint="see the built-in profiles (`cardforge profiles`) "
                                                        "and schemas/profile.schema.json")
    profile = _build(path, toml.data)
    _check(profile, toml)
    return profile


def _build(path: Path, data: dict[str, Any]) -> Profile:
    def pair(key: str, kind: type) -> Any:
        value = data.get(key)
        return None if value is None else tuple(kind(v) for v in value)

    return Profile(
        id=path.stem, path=path, name=data.get("name", path.stem), output=data.get("output", ""),
        trim_mm=pair("trim_mm", float), bleed_mm=data.get("bleed_mm"), safe_mm=data.get("safe_mm"),
        dpi=data.get("dpi"), pixels=pair("pixels", int), colour=data.get("colour", "rgb"),
        min_image_dpi=data.get("min_image_dpi", 150), transparency=data.get("transparency", True),
        size_tolerance_mm=float(data.get("size_tolerance_mm", 1.0)), pdf_variant=data.get("pdf_variant"),
        icc_profile=tuple(Path(p) for p in data.get("icc_profile", ())),
        icc_package=data.get("icc_package"), papers=tuple(data.get("papers", PAPER)),
        severity=dict(data.get("severity", {})))


def _check(p: Profile, toml: TomlFile) -> None:
    def fail(key: str, message: str, hint: str | None = None) -> None:
        raise ConfigError(f"{toml.where((key,))}: {message}", hint=hint)

    if p.output not in OUTPUTS:
        fail("output", f"output must be one of {', '.join(OUTPUTS)}, got {p.output!r}")
    if p.colour not in ("rgb", "cmyk"):
        fail("colour", f"colour must be rgb or cmyk, got {p.colour!r}")
    if p.trim_mm is not None and (len(p.trim_mm) != 2 or min(p.trim_mm) <= 0):
        fail("trim_mm", "trim_mm must be [width, height] in mm, both positive")
    if p.output == "png" and (p.trim_mm is None or p.bleed_mm is None or p.dpi is None):
        fail("output", "a png profile needs trim_mm, bleed_mm and dpi")
    if p.output == "pdfx" and (not p.pdf_variant or not p.icc_profile):
        fail("output", "a pdfx profile needs pdf_variant and icc_profile")
    if p.pixels is not None:
        if len(p.pixels) != 2 or p.trim_mm is None or p.bleed_mm is None or p.dpi is None:
            fail("pixels", "pixels must be [width, height] and needs trim_mm, bleed_mm and dpi")
        expected = tuple(round((t + 2 * p.bleed_mm) / 25.4 * p.dpi) for t in p.trim_mm)  # type: ignore
        if expected != p.pixels:
            fail("pixels", f"{p.pixels[0]} × {p.pixels[1]} px does not match trim + 2 × bleed at "
                 f"{p.dpi} dpi ({expected[0]} × {expected[1]} px)", hint="fix trim_mm, bleed_mm or dpi")
    for code, level in p.severity.items():
        if level not in ("error", "warning", "info"):
            fail(code, f"severity of {code} must be error, warning or info, got {level!r}")


def profile_folders(workspace: Path) -> list[Path]:
    """Where profiles are looked up, first wins: ``<workspace>/profiles``, then built-in."""
    return [workspace / "profiles", profiles_dir()]


def available(workspace: Path) -> dict[str, Path]:
    """Profile id → file, for every profile in :func:`profile_folders`, sorted by id."""
    found: dict[str, Path] = {}
    for folder in profile_folders(workspace):
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
            found.setdefault(path.stem, path)
    return dict(sorted(found.items()))


def find_profile(name: str, workspace: Path) -> Profile:
    """The profile ``name`` (an id, or a path to a ``.toml`` file). Raises ConfigError for
    an unknown one, listing those there are."""
    if name.endswith(".toml"):
        path = Path(name) if Path(name).is_absolute() else workspace / name
        return load_profile(path)
    known = available(workspace)
    if name not in known:
        raise ConfigError(f"no print-shop profile {name!r}",
                          hint=f"profiles: {', '.join(known)} (see `cardforge profiles`)")
    return load_profile(known[name])
