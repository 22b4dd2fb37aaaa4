"""Each built-in game with every deck converted to CSV, then to XLSX, lints like its YAML
(clean) and builds card PDFs identical page by page (count, boxes, text) to the YAML's.

One language and one paper size per game keep it to three builds a game; the three share
a face cache, so the sheet builds lay out only faces whose HTML differs (none, if equal)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
import yaml
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.loading.yaml_source import load_yaml
from cardforge.spreadsheet.deck_convert import encode
from tests.spreadsheets.test_convert import GAMES, REPO

BOXES = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")


def _workspace(root: Path, game: str, fmt: str | None) -> Path:
    """A workspace holding a copy of ``cards/<game>``, its deck files converted to ``fmt``."""
    folder = root / fmt_name(fmt) / "cards" / game
    shutil.copytree(REPO / "cards" / game, folder)
    if fmt is not None:
        for path in sorted(folder.glob("*.yaml")):
            data = load_yaml(path).data
            if path.name != "game.yaml" and isinstance(data, dict) and "deck" in data:
                path.with_suffix(f".{fmt}").write_bytes(encode(data, fmt, path))
                path.unlink()
    return folder.parents[1]


def fmt_name(fmt: str | None) -> str:
    return fmt or "yaml"


def _lint(workspace: Path, game: str) -> tuple[int, list[str]]:
    run = CliRunner().invoke(main, ["lint", str(workspace / "cards" / game), "--format", "json",
                                    "-w", str(workspace)])
    found = json.loads(run.stdout or "[]") if run.stdout.strip().startswith(("[", "{")) else run.stdout
    problems = found.get("problems", found) if isinstance(found, dict) else found
    return run.exit_code, sorted(p["code"] for p in problems) if isinstance(problems, list) else [problems]


def _build(workspace: Path, game: str, lang: str, cache: Path) -> Path:
    out = workspace / "out"
    run = CliRunner().invoke(main, ["build", game, "--lang", lang, "--paper", "a4", "--product", "cards",
                                    "--quiet", "--jobs", "1", "--cache-dir", str(cache), "--out", str(out),
                                    "-w", str(workspace)])
    assert run.exit_code == 0, run.output
    [pdf] = sorted((out / game).glob("*.pdf"))
    return pdf


def _pages(pdf: Path) -> list[tuple[dict[str, list[float]], str]]:
    """Per page: its boxes (rounded to 1/100 pt) and its text."""
    boxes = []
    with pikepdf.open(pdf) as opened:
        for page in opened.pages:
            boxes.append({name: [round(float(v), 2) for v in page.obj[name]]
                          for name in BOXES if name in page.obj})
    document = pypdfium2.PdfDocument(pdf)
    try:
        texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()
    return list(zip(boxes, texts, strict=True))


@pytest.mark.parametrize("game", GAMES)
def test_sheets_lint_and_build_like_yaml(tmp_path, game):
    lang = yaml.safe_load((REPO / "cards" / game / "game.yaml").read_text(encoding="utf-8"))["languages"][0]
    cache = tmp_path / "cache"
    built = {}
    for fmt in (None, "csv", "xlsx"):
        workspace = _workspace(tmp_path, game, fmt)
        if fmt is not None:
            assert not [p for p in (workspace / "cards" / game).glob("*.yaml")
                        if p.name not in ("game.yaml", "dice.yaml")]
        assert _lint(workspace, game) == (0, []), fmt_name(fmt)
        built[fmt_name(fmt)] = _pages(_build(workspace, game, lang, cache))
    assert built["yaml"], "the YAML build has pages"
    assert any(text.strip() for _, text in built["yaml"])
    for fmt in ("csv", "xlsx"):
        assert len(built[fmt]) == len(built["yaml"]), fmt
        for number, (mine, theirs) in enumerate(zip(built[fmt], built["yaml"], strict=True), start=1):
            assert mine[0] == theirs[0], f"{fmt} page {number}: boxes"
            assert mine[1] == theirs[1], f"{fmt} page {number}: text"
