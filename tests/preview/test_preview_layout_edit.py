"""The preview in a real browser follows a ``layout:`` edit: a game made by ``cardforge new
--cards`` from a list kept in ``lists/`` is previewed; recolouring its name band in
game.yaml swaps the card's image for a face whose band has the new colour (read from the
served PNG and from the browser's screenshot); an edit of the list itself, outside
``cards/``, swaps the face again."""

from __future__ import annotations

import io
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardforge.boundary import trust
from cardforge.cli import main
from cardforge.preview.preview_rebuild import PreviewOptions
from cardforge.preview.preview_session import PreviewSession

from .test_preview_browser import ARGS, CHROMIUM, WAIT_MS, wait_for_card

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                                "(scripts/setup.sh --test installs it)")

LIST = ("Name,Type,Cost,Rules Text\nGold Mine,Action,3,\"Gain $2, then draw a card.\"\n"
        "Moat,Reaction,2,\"Gain $1, then discard a card.\"\n")
"""Two designs; texts longer than an enum's values, so the rules are a text field."""
OLD_BAND, NEW_BAND = "#e9e1cf", "#2050c0"


@pytest.fixture
def session(tmp_path: Path) -> Iterator[tuple[PreviewSession, Path]]:
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "kingdom.csv").write_text(LIST, encoding="utf-8")
    made = CliRunner().invoke(main, ["new", "market", "--cards", str(tmp_path / "lists" / "kingdom.csv"),
                                     "-w", str(tmp_path)])
    assert made.exit_code == 0, made.output
    with trust.confined(tmp_path):
        running = PreviewSession(PreviewOptions(tmp_path, lang="en", products=False), 0)
        try:
            assert running.wait_ready(300)
            yield running, tmp_path
        finally:
            running.stop()


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _band(image: Image.Image) -> tuple[int, int, int]:
    """The colour of the name band: the most common colour of the face's top tenth."""
    top = image.convert("RGB").crop((0, 0, image.width, image.height // 10))
    return max(top.getcolors(1 << 20))[1]


def _near(one: tuple[int, int, int], other: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(one, other, strict=True))


@pytest.mark.linux_tool
def test_a_layout_edit_and_a_list_edit_appear_in_the_browser(session) -> None:
    from playwright import sync_api  # the test extras install it (pyproject.toml)

    running, workspace = session
    game = workspace / "cards" / "market" / "game.yaml"
    card = 'img[data-card="gold-mine"]'
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(running.url)
            wait_for_card(page, card)
            old = page.get_attribute(card, "src")
            served = Image.open(io.BytesIO(page.request.get(running.url.rstrip("/") + old).body()))
            assert _near(_band(served), _rgb(OLD_BAND))

            text = game.read_text(encoding="utf-8")
            assert text.count(f"'{OLD_BAND}'") == 1
            game.write_text(text.replace(f"'{OLD_BAND}'", f"'{NEW_BAND}'"), encoding="utf-8")
            page.wait_for_function(
                "([sel, old]) => { const i = document.querySelector(sel);"
                " return i && i.getAttribute('src') !== old && i.complete && i.naturalWidth > 0; }",
                arg=[card, old], timeout=WAIT_MS)
            new = page.get_attribute(card, "src")
            served = Image.open(io.BytesIO(page.request.get(running.url.rstrip("/") + new).body()))
            assert _near(_band(served), _rgb(NEW_BAND)), _band(served)
            deadline = time.monotonic() + WAIT_MS / 1000
            while True:  # the painted page shows it too, once the browser has decoded the image
                page.evaluate("sel => document.querySelector(sel).decode()", card)
                box = page.locator(card).bounding_box()
                left, top = int(box["x"]), int(box["y"])
                shot = Image.open(io.BytesIO(page.screenshot(full_page=False))).crop(
                    (left, top, left + int(box["width"]), top + int(box["height"])))
                if _near(_band(shot), _rgb(NEW_BAND)) or time.monotonic() > deadline:
                    break
                page.wait_for_timeout(100)
            assert _near(_band(shot), _rgb(NEW_BAND)), _band(shot)

            (workspace / "lists" / "kingdom.csv").write_text(LIST.replace("draw a card", "draw two cards"),
                                                              encoding="utf-8")
            page.wait_for_function(
                "([sel, old]) => { const i = document.querySelector(sel);"
                " return i && i.getAttribute('src') !== old && i.complete && i.naturalWidth > 0; }",
                arg=[card, new], timeout=WAIT_MS)  # the face changed: the text is the list's
            assert page.locator("#problems").get_attribute("data-count") == "0"
        finally:
            browser.close()
