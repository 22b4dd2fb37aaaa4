"""Every product kept by content: a second `cardforge build --force` (the build manifest
bypassed) lays nothing out and rasterises nothing again, and writes the same bytes; an edit
lays out only what it shapes; a tampered entry is a miss, replaced, never shipped."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
import weasyprint
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.model.game_packs import discover
from cardforge.products.pdfx_product import build_pdfx
from cardforge.products.product_options import BuildOptions
from cardforge.products.product_registry import PRODUCTS
from cardforge.render.cache.content_cache import FOLDER
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.print_profiles import find_profile
from tests.exports.game import make_game, options

REPO = Path(__file__).resolve().parents[2]
PDFX = find_profile("drivethrucards-poker", REPO)
needs_icc = pytest.mark.skipif(not any(p.is_file() for p in PDFX.icc_profile),
                               reason=f"no CMYK ICC profile: install {PDFX.icc_package}")


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    for game in ("dice-tuners", "writers-battle"):
        shutil.copytree(REPO / "cards" / game, tmp_path / "ws" / "cards" / game)
    return tmp_path / "ws"


@pytest.fixture
def layouts(monkeypatch) -> list[str]:
    """The HTML of every document WeasyPrint lays out in this process (the products'; card
    faces are laid out in worker processes and kept in the face cache)."""
    laid: list[str] = []
    real = weasyprint.HTML.render

    def counting(self, *args, **kwargs):
        laid.append(self.source if isinstance(getattr(self, "source", None), str) else "")
        return real(self, *args, **kwargs)

    real_init = weasyprint.HTML.__init__

    def keeping(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        self.source = kwargs.get("string")

    monkeypatch.setattr(weasyprint.HTML, "__init__", keeping)
    monkeypatch.setattr(weasyprint.HTML, "render", counting)
    return laid


@pytest.fixture
def rasters(monkeypatch) -> list[int]:
    """One item per PDF page pypdfium2 rasterises in this process."""
    drawn: list[int] = []
    real = pypdfium2.PdfPage.render

    def counting(self, *args, **kwargs):
        drawn.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pypdfium2.PdfPage, "render", counting)
    return drawn


def build(workspace: Path, game: str, product: str) -> dict[str, bytes]:
    """``product`` of ``game`` in English, as `cardforge build --force` makes it (the
    builder called, no manifest asked); every file under the output folder, by path (a PDF
    saved again with a fixed /ID: pikepdf gives each sheet file a new one)."""
    out = workspace / "out"
    loaded = load_game(workspace / "cards" / game, discover()[game]).game
    PRODUCTS[product].build(loaded, "en", BuildOptions(root=workspace, out=out, dpi=60))
    return files(out)


def build_cli(workspace: Path, game: str, product: str) -> dict[str, bytes]:
    """`cardforge build <game> --product <product> --force` in English; its files, as :func:`build`."""
    out = workspace / "out"
    result = CliRunner().invoke(main, ["build", game, "-w", str(workspace), "--out", str(out),
                                       "--lang", "en", "--force", "--quiet", "--product", product])
    assert result.exit_code == 0, result.output
    return files(out)


def files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): canonical(p.read_bytes()) if p.suffix == ".pdf" else p.read_bytes()
            for p in sorted(out.rglob("*")) if p.is_file()}


def canonical(pdf: bytes) -> bytes:
    """``pdf`` saved again by pikepdf with a fixed /ID: equal for equal pages, objects and
    document information."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        if "/ID" in document.trailer:
            del document.trailer["/ID"]
        buffer = io.BytesIO()
        document.save(buffer, static_id=True)
        return buffer.getvalue()


def only(files: dict[str, bytes], word: str) -> dict[str, bytes]:
    return {name: data for name, data in files.items() if word in name}


def entries(workspace: Path, suffix: str) -> list[Path]:
    return sorted((workspace / ".cardforge-cache" / FOLDER).glob(f"*{suffix}"))


@pytest.mark.parametrize(("game", "product", "laid_out", "drawn"), [
    ("dice-tuners", "rules", None, True),  # its example cards are laid out and drawn
    ("dice-tuners", "rulesheet", 1, False),
    ("dice-tuners", "dice", 1, True),  # one document of faces, then the face PNGs
    ("writers-battle", "board", 2, False),  # the map and the tracker: a document each
    ("dice-tuners", "png", None, True),  # card faces: laid out once, then the face cache's
    ("dice-tuners", "tts", None, True),
])
def test_a_second_build_lays_out_and_draws_nothing_and_writes_the_same_bytes(
        workspace, layouts, rasters, game, product, laid_out, drawn):
    first = build(workspace, game, product)
    made = (len(layouts), len(rasters))
    assert laid_out in (None, made[0]) and (made[1] > 0) == drawn
    assert build(workspace, game, product) == first
    assert (len(layouts), len(rasters)) == made


@needs_icc
def test_the_pdfx_declaration_is_laid_out_once_and_the_pages_come_back_the_same(tmp_path, layouts):
    game = make_game(tmp_path)
    [path] = build_pdfx(game, "en", options(tmp_path, "drivethrucards-poker"))
    first = path.read_bytes()
    declarations = [html for html in layouts if "10mm 10mm" in html]
    assert len(declarations) == 1
    build_pdfx(game, "en", options(tmp_path, "drivethrucards-poker"))
    assert [html for html in layouts if "10mm 10mm" in html] == declarations
    assert canonical(path.read_bytes()) == canonical(first)


def test_an_edit_to_the_rules_lays_out_the_rulesheet_again_but_not_the_dice(workspace, layouts):
    build_cli(workspace, "dice-tuners", "rulesheet")
    dice = only(build_cli(workspace, "dice-tuners", "dice"), "-dice-")
    assert len(layouts) == 2
    rules = workspace / "cards" / "dice-tuners" / "rules" / "rules.md"
    text = rules.read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("# "))
    rules.write_text(text.replace(heading, heading + " Renamed", 1), encoding="utf-8")
    build_cli(workspace, "dice-tuners", "rulesheet")
    assert len(layouts) == 3 and "Renamed" in layouts[2]
    assert only(build_cli(workspace, "dice-tuners", "dice"), "-dice-") == dice
    assert len(layouts) == 3


@pytest.mark.parametrize(("game", "product", "documents"), [
    ("dice-tuners", "dice", 1), ("writers-battle", "board", 2), ("dice-tuners", "png", 0)])
def test_a_tampered_entry_is_made_again_and_replaced_never_shipped(workspace, layouts, rasters,
                                                                   game, product, documents):
    first = build(workspace, game, product)
    made = (len(layouts), len(rasters))
    stored = entries(workspace, ".bin")
    assert len(stored) >= 1
    for entry in stored:  # every output's bytes altered in the middle
        data = bytearray(entry.read_bytes())
        data[len(data) // 2] ^= 0xFF
        entry.write_bytes(bytes(data))
    assert build(workspace, game, product) == first
    again = (made[0] + documents, 2 * made[1])  # each document laid out, each picture drawn again
    assert (len(layouts), len(rasters)) == again
    assert entries(workspace, ".bin") == stored
    assert build(workspace, game, product) == first
    assert (len(layouts), len(rasters)) == again  # the entries were made whole again
