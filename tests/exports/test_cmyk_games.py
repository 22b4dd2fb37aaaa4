"""Comic Creator and Dice Girls as DriveThruCards PDF/X-1a files: preflight passes, and every
content stream of the result (pages, form XObjects and tiling patterns, walked with pikepdf's
content stream parser) paints in CMYK only, with no soft mask; the faces look like the RGB
build's."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from pikepdf import Name
from PIL import ImageChops, ImageStat

from cardforge.model.game_packs import discover
from cardforge.products.pdfx_product import build_pdfx, cmyk_css
from cardforge.products.product_faces import card_faces
from cardforge.products.product_options import BuildOptions
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.print_profiles import find_profile
from tests.exports.game import REPO

PROFILE = find_profile("drivethrucards-poker", REPO)
GAMES = ("comic-creator", "dice-girls")
pytestmark = pytest.mark.skipif(not any(p.is_file() for p in PROFILE.icc_profile),
                                reason=f"no CMYK ICC profile: install {PROFILE.icc_package}")


@dataclass
class Built:
    """One game built for the profile: the file, what preflight reported, the options."""

    path: Path
    reported: list = field(default_factory=list)
    options: BuildOptions | None = None


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Built]:
    """Each game built once with --profile drivethrucards-poker (a fresh face cache)."""
    out = tmp_path_factory.mktemp("cmyk")
    found = {}
    for game_id in GAMES:
        game = load_game(REPO / "cards" / game_id, discover()[game_id]).game
        result = Built(Path())
        result.options = BuildOptions(root=REPO, out=out / "out", cache=out / "cache", jobs=2,
                                      profile=PROFILE, report=result.reported.append)
        [result.path] = build_pdfx(game, "en", result.options)
        found[game_id] = result
    return found


def _model(space: object, resources: pikepdf.Object | None) -> str:
    """``rgb``, ``cmyk``, ``gray``, ``pattern`` or ``other`` for a colour space operand."""
    if isinstance(space, Name):
        if str(space) in ("/DeviceRGB", "/RGB", "/CalRGB"):
            return "rgb"
        if str(space) in ("/DeviceCMYK", "/CMYK"):
            return "cmyk"
        if str(space) in ("/DeviceGray", "/G"):
            return "gray"
        if str(space) == "/Pattern":
            return "pattern"
        named = resources.get(Name.ColorSpace) if resources is not None else None
        return _model(named[space], None) if named is not None and space in named else "other"
    if isinstance(space, pikepdf.Array) and str(space[0]) == "/ICCBased":
        return {1: "gray", 3: "rgb", 4: "cmyk"}[int(space[1].N)]
    if isinstance(space, pikepdf.Array) and str(space[0]) in ("/CalRGB", "/Lab"):
        return "rgb"
    return "other"


class Walker:
    """Walks content streams; ``wrong`` collects every RGB paint or transparency found."""

    def __init__(self) -> None:
        self.wrong: list[str] = []
        self.streams = 0
        self.images: list[str] = []
        self.seen: set[tuple[int, int]] = set()

    def stream(self, holder: pikepdf.Object, resources: pikepdf.Object | None, where: str) -> None:
        self.streams += 1
        fill, stroke, saved = "gray", "gray", []
        for item in pikepdf.parse_content_stream(holder):
            if isinstance(item, pikepdf.ContentStreamInlineImage):
                self.images.append(_model(item.iimage.obj.get(Name.CS), resources))
                continue
            op, args = str(item.operator), item.operands
            if op in ("rg", "RG"):
                self.wrong.append(f"{where}: {op}")
            elif op == "q":
                saved.append((fill, stroke))
            elif op == "Q" and saved:
                fill, stroke = saved.pop()
            elif op in ("cs", "CS"):
                model = _model(args[0], resources)
                fill, stroke = (model, stroke) if op == "cs" else (fill, model)
                if model == "rgb":
                    self.wrong.append(f"{where}: {op} in RGB")
            elif op in ("sc", "scn", "SC", "SCN"):
                if (fill if op.islower() else stroke) == "rgb":
                    self.wrong.append(f"{where}: {op} in an RGB space")
                if args and isinstance(args[-1], Name):
                    self.pattern(resources.Pattern[args[-1]], resources, where)
            elif op == "gs":
                state = resources.ExtGState[args[0]]
                if Name.SMask in state and state.SMask != Name("/None"):
                    self.wrong.append(f"{where}: soft mask in ExtGState {args[0]}")
                if any(float(state.get(key, 1)) < 1 for key in (Name.CA, Name.ca)):
                    self.wrong.append(f"{where}: opacity in ExtGState {args[0]}")
            elif op == "sh":
                self.shading(resources.Shading[args[0]], resources, where)
            elif op == "Do":
                self.xobject(resources.XObject[args[0]], resources, f"{where} {args[0]}")

    def xobject(self, xobject: pikepdf.Object, resources: pikepdf.Object, where: str) -> None:
        if xobject.Subtype == Name.Image:
            self.images.append(_model(xobject.get(Name.ColorSpace), resources))
            if Name.SMask in xobject or Name.SMaskInData in xobject:
                self.wrong.append(f"{where}: image with a soft mask")
            return
        group = xobject.get(Name.Group)
        if group is not None and Name.CS in group and _model(group.CS, None) == "rgb":
            self.wrong.append(f"{where}: RGB transparency group")
        if xobject.objgen not in self.seen:
            self.seen.add(xobject.objgen)
            self.stream(xobject, xobject.get(Name.Resources), where)

    def pattern(self, pattern: pikepdf.Object, resources: pikepdf.Object, where: str) -> None:
        if int(pattern.PatternType) == 2:
            self.shading(pattern.Shading, resources, where)
        elif pattern.objgen not in self.seen:
            self.seen.add(pattern.objgen)
            self.stream(pattern, pattern.get(Name.Resources), f"{where} pattern")

    def shading(self, shading: pikepdf.Object, resources: pikepdf.Object, where: str) -> None:
        if _model(shading.ColorSpace, resources) != "cmyk":
            self.wrong.append(f"{where}: shading not in CMYK")
        function = shading.Function
        first = function.Functions[0] if Name.Functions in function else function
        if Name.C0 in first and len(first.C0) != 4:
            self.wrong.append(f"{where}: shading function gives {len(first.C0)} values, not CMYK")


@pytest.mark.parametrize("game_id", GAMES)
def test_ok_game_passes_preflight_and_paints_in_cmyk_only(built, game_id):
    result = built[game_id]
    assert [p for p in result.reported if p.code in ("PF104", "PF105")] == []
    walker = Walker()
    with pikepdf.open(result.path) as pdf:
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        assert len(pdf.pages) > 10
        for number, page in enumerate(pdf.pages, 1):
            walker.stream(page, page.obj.get(Name.Resources), f"page {number}")
            for name, space in (page.Resources.get(Name.ColorSpace) or {}).items():
                assert _model(space, None) != "rgb", f"page {number}: colour space {name} is RGB"
    assert walker.wrong == []
    assert walker.streams > len(pdf.pages)  # forms and patterns walked too, not only pages
    assert set(walker.images) <= {"cmyk"}  # the flat stand-ins are SVG: images, if any, are CMYK


@pytest.mark.parametrize("game_id", GAMES)
def test_ok_cmyk_faces_look_like_the_rgb_faces(built, game_id):
    result = built[game_id]
    game = load_game(REPO / "cards" / game_id, discover()[game_id]).game
    geometry = PROFILE.geometry(game.card_geometry())
    icc = PROFILE.icc_bytes()
    rgb = card_faces(game, "en", result.options, geometry)
    cmyk = card_faces(game, "en", result.options, geometry, extra_css=cmyk_css(icc),
                      pdf_variant=PROFILE.pdf_variant, cmyk_icc=icc)
    assert cmyk.laid_out == 0  # the build's own faces, from the cache
    assert set(rgb.files).isdisjoint(cmyk.files)
    documents = [pypdfium2.PdfDocument(faces.pdf) for faces in (rgb, cmyk)]
    worst = 0.0
    for index in range(len(documents[0])):
        screen, press = (d[index].render(scale=40 / 72).to_pil().convert("RGB") for d in documents)
        worst = max(worst, sum(ImageStat.Stat(ImageChops.difference(screen, press)).mean) / 3)
    assert worst < 16, f"a face differs by {worst:.1f} levels per channel on average"
