"""The preview in a real browser: headless Chromium (Debian's ``chromium``) driven by
Playwright shows the sample game's faces; a save changing a card's text swaps that card's
image for the new face; a planted YAML error appears in the problem panel at its file:line;
the screenshot holds the card's pixels."""

from __future__ import annotations

import io
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from cardforge.boundary import trust
from cardforge.preview.preview_rebuild import PreviewOptions
from cardforge.preview.preview_session import PreviewSession

from .conftest import GAME

CHROMIUM = Path("/usr/bin/chromium") if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
WAIT_MS = 60_000


def wait_for_card(page, card: str) -> None:
    """Wait until the image ``card`` (a CSS selector) has loaded in the Playwright ``page``."""
    page.wait_for_function(f"() => {{ const i = document.querySelector('{card}');"
                           " return i && i.complete && i.naturalWidth > 0; }", timeout=WAIT_MS)
"""Bounded wait for an update to reach the page (a rebuild of the sample takes ~1 s)."""

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                                "(scripts/setup.sh --test installs it)")


@pytest.fixture
def session(sample_workspace: Path) -> Iterator[PreviewSession]:
    with trust.confined(sample_workspace):
        running = PreviewSession(PreviewOptions(sample_workspace, lang="en", products=False), 0)
        try:
            assert running.wait_ready(300)
            yield running
        finally:
            running.stop()


@pytest.mark.linux_tool
def test_browser_sees_an_edit_and_an_error(session: PreviewSession, sample_workspace: Path) -> None:
    from playwright import sync_api  # the test extras install it (pyproject.toml)

    monsters = sample_workspace / "cards" / GAME / "monsters.yaml"
    text = monsters.read_text(encoding="utf-8")
    card = 'img[data-card="cave-rat"]'
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(session.url)
            wait_for_card(page, card)
            old = page.get_attribute(card, "src")
            assert page.locator("#problems").get_attribute("data-count") == "0"

            monsters.write_text(text.replace("{en: Cave Rat,", "{en: Cave Rat Emperor,", 1), encoding="utf-8")
            page.wait_for_function(
                "([sel, old]) => { const i = document.querySelector(sel);"
                " return i && i.getAttribute('src') !== old && i.complete && i.naturalWidth > 0; }",
                arg=[card, old], timeout=WAIT_MS)
            new = page.get_attribute(card, "src")
            assert new != old and new.startswith("/img/") and new.endswith(".png")
            # the image is swapped as the update names it; the view fetched next brings the name
            page.wait_for_function(f"() => {{ const i = document.querySelector('{card}');"
                                   " return i.alt.includes('Cave Rat Emperor') && i.complete"
                                   " && i.naturalWidth > 0; }", timeout=WAIT_MS)
            assert page.get_attribute(card, "src") == new

            served_png = page.request.get(session.url.rstrip("/") + new).body()
            served = Image.open(io.BytesIO(served_png)).convert("RGB")
            own = max(served.getcolors(1 << 20))[1]  # the face's most common colour
            # the screenshot shows the served face once the browser has painted it (a loaded
            # image may be decoded and painted a frame later): looked at again, within the wait
            deadline = time.monotonic() + WAIT_MS / 1000
            while True:
                page.evaluate("sel => document.querySelector(sel).decode()", card)
                box = page.locator(card).bounding_box()
                shot = Image.open(io.BytesIO(page.screenshot(full_page=False))).convert("RGB")
                face = shot.crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]),
                                  int(box["y"] + box["height"])))
                colours = face.getcolors(1 << 20) or []
                if (len(colours) > 50 and _near(max(colours)[1], own)) or time.monotonic() > deadline:
                    break
                page.wait_for_timeout(100)
            assert len(colours) > 50, "the face region of the screenshot is blank"
            assert _near(max(colours)[1], own), f"the screenshot shows {max(colours)[1]}, the face {own}"

            monsters.write_text(text.replace("    cost: 1\n", "    cost: [1\n", 1), encoding="utf-8")
            page.wait_for_selector("#problems li.problem.error", timeout=WAIT_MS)
            where = page.locator("#problems li.problem.error code.where").first.inner_text()
            assert where.startswith(f"cards/{GAME}/monsters.yaml:")
            line = int(where.split(":")[1])
            assert text.splitlines()[line - 1].strip().startswith(("cost", "attack", "defence", "- id"))
            assert page.locator(card).count() == 1  # the last good faces stay on the page
        finally:
            browser.close()


def _near(one: tuple[int, int, int], other: tuple[int, int, int], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(one, other, strict=True))
