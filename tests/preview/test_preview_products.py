"""The preview's product tabs (rule booklet, quick-reference sheet, charts) and the command:
pages rasterised from the PDFs the product builders write into the cache; ``run`` serves on
127.0.0.1 until stopped."""

from __future__ import annotations

import io
import json
import threading
import time
import urllib.request
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image

from cardforge.boundary import trust
from cardforge.cli import main
from cardforge.commands.preview_command import charts, run
from cardforge.errors import CardforgeError
from cardforge.preview.preview_page import render_part, select
from cardforge.preview.preview_rebuild import PreviewOptions, Rebuilder
from cardforge.preview.preview_server import start
from cardforge.preview.preview_state import PreviewState

from .conftest import GAME


def test_booklet_and_chart_tabs_show_the_built_pages(sample_workspace: Path) -> None:
    state = PreviewState()
    with trust.confined(sample_workspace):
        Rebuilder(PreviewOptions(sample_workspace, lang="en", plots=charts), state).rebuild()
    products = {p.name: p for p in state.snapshot.games[GAME].products["en"]}
    assert list(products) == ["rules", "rulesheet", "stats"], products
    cache = sample_workspace / ".cardforge-cache" / "preview" / "products" / GAME
    booklet = pypdfium2.PdfDocument(cache / f"{GAME}-rules-en.pdf")
    assert len(products["rules"].pages) == len(booklet) > 1  # every page of the built booklet
    assert not products["rules"].note
    page = Image.open(io.BytesIO(state.store.png(products["rules"].pages[0]))).convert("RGB")
    assert page.size[1] > page.size[0] > 200 and len(page.getcolors(1 << 20) or []) > 10  # text on it
    assert products["stats"].pages, products["stats"].note
    chart = Image.open(io.BytesIO(state.store.png(products["stats"].pages[0])))
    assert chart.format == "PNG" and chart.size[0] >= 600
    html = render_part(state.snapshot, select(state.snapshot, GAME, "en", "rules"))
    assert html.count('<img src="/img/') == len(booklet)
    for key in products["rules"].pages:
        assert f"/img/{key}.png" in html


def test_run_serves_on_loopback_until_stopped(sample_workspace: Path, capsys: pytest.CaptureFixture) -> None:
    stop = threading.Event()
    options = PreviewOptions(sample_workspace, lang="en", products=False)
    with trust.confined(sample_workspace):
        server = threading.Thread(target=run, args=(options, 0, False, stop))
        server.start()
        try:
            url = ""
            for _ in range(300):
                url = capsys.readouterr().out.strip() or url
                if url:
                    break
                time.sleep(0.1)
            assert url.startswith("http://127.0.0.1:") and url.endswith("/")
            for _ in range(600):
                with urllib.request.urlopen(url + "state.json", timeout=30) as response:
                    data = json.load(response)
                if data["games"].get(GAME, {}).get("linted"):
                    break
                time.sleep(0.1)
            assert data["games"][GAME]["decks"]["en"]
        finally:
            stop.set()
            server.join(timeout=60)
    assert not server.is_alive()
    with pytest.raises(OSError):
        urllib.request.urlopen(url + "state.json", timeout=5)


def test_a_taken_port_is_a_clear_error(sample_workspace: Path) -> None:
    other, _ = start(0, PreviewState())
    try:
        with trust.confined(sample_workspace), pytest.raises(CardforgeError) as raised:
            run(PreviewOptions(sample_workspace, lang="en", products=False), other.port, False,
                threading.Event())
        assert f"127.0.0.1:{other.port}" in raised.value.message and "--port" in raised.value.hint
    finally:
        other.shutdown()
        other.server_close()


def test_dice_tab_shows_the_dice_sheets(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["new", "--from", "dice-tuners", "-w", str(tmp_path)])
    assert result.exit_code == 0, result.output
    state = PreviewState()
    with trust.confined(tmp_path):
        Rebuilder(PreviewOptions(tmp_path, lang="en", jobs=2), state).rebuild()
    dice = {p.name: p for p in state.snapshot.games["dice-tuners"].products["en"]}["dice"]
    built = tmp_path / ".cardforge-cache" / "preview" / "products" / "dice-tuners"
    sheets = sorted(built.glob("dice-tuners-dice-en-*-a4.pdf"))
    assert [p.name for p in sheets] == ["dice-tuners-dice-en-nets-a4.pdf",
                                        "dice-tuners-dice-en-stickers-a4.pdf"]
    assert len(dice.pages) == sum(len(pypdfium2.PdfDocument(p)) for p in sheets) and not dice.note
    sheet = Image.open(io.BytesIO(state.store.png(dice.pages[0]))).convert("RGB")
    assert len(sheet.getcolors(1 << 20) or []) > 10  # a drawn sheet, not a blank page
