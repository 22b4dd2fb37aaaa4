"""Benchmark: ``cardforge preview`` — from saving a card's text to its new face being on offer.

On a ``--cards`` (1,000) card workspace shaped like the shipped games
(shipped_shape.shipped_shape_workspace), the preview runs as its own process (``cardforge
preview comic-creator --lang en``, the faces laid out cold first, with ``--jobs``); once it
is ready (its ``/state.json`` says it is not busy and has the English faces), one Skill
card's English name is changed in skill.yaml (a different card each run; the benchmark
reads and parses the file to find the card before its clock starts: until 2026-11-28 that
parse, about 0.3 s, was timed too) and the time is taken, from just before the save:

- *event*: until the page stream (``/events``) announces a snapshot with new face keys;
- *PNG*: until the new face's PNG has been fetched from ``/img/<key>.png`` (rasterised on
  that first request): the face is on offer to the page;
- *browser* (when ``/usr/bin/chromium`` and Playwright are installed): in headless Chromium
  showing the page, until the card's ``<img>`` has a new ``src`` and has loaded it.

Target: < 1 s. Usage: ``python benchmarks/bench_preview.py [--cards 1000] [--runs 3]
[--jobs 2] [--keep DIR]``. The cold start (every face laid out once) takes a few minutes
for 1,000 cards on two cores; it is printed too. The machine may be shared: compare
figures from one run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shipped_shape import byte_compile_cardforge, shipped_shape_workspace  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-sync"]
LAUNCH = ("import sys; from cardforge.commands.preview_command import preview; "
          "preview.main(sys.argv[1:], prog_name='cardforge preview')")


def start_preview(workspace: Path, jobs: int) -> tuple[subprocess.Popen, str]:
    """The preview process and its URL (its first line of output)."""
    process = subprocess.Popen([sys.executable, "-c", LAUNCH, "comic-creator", "--lang", "en",
                                "--jobs", str(jobs), "-w", str(workspace)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    url = process.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        process.kill()
        raise RuntimeError(f"the preview did not start (said {url!r})")
    return process, url


def state(url: str) -> dict:
    with urllib.request.urlopen(url + "state.json", timeout=30) as response:
        return json.load(response)


def wait_ready(url: str, timeout: float) -> dict:
    """Wait until the preview has its English faces and is not busy; the state."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        data = state(url)
        game = data["games"].get("comic-creator")
        if game and not data["busy"] and game["decks"].get("en") and game["linted"]:
            return data
        time.sleep(0.5)
    raise RuntimeError("the preview was not ready in time")


class Stream:
    """The page stream ``/events``, read event by event."""

    def __init__(self, url: str, after: int) -> None:
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=120)
        self.connection.request("GET", f"/events?after={after}", headers={"Host": f"{host}:{port}"})
        self.response = self.connection.getresponse()

    def next_update(self) -> dict:
        data = None
        while True:
            line = self.response.fp.readline().decode()
            if not line:
                raise RuntimeError("the page stream ended")
            if line.startswith("data: "):
                data = json.loads(line[6:])
            elif line == "\n" and data is not None:
                return data

    def close(self) -> None:
        self.connection.close()


@dataclass(frozen=True)
class Edit:
    """A Skill card renamed in English (a different one each run): the card's ``card_id``,
    and the ``text`` skill.yaml at ``path`` is saved with."""

    card_id: str
    path: Path
    text: str

    def save(self) -> None:
        """Write the edited file: the moment a designer saves."""
        self.path.write_text(self.text, encoding="utf-8")


def edit(workspace: Path, run: int) -> Edit:
    """The edit of run ``run``, prepared (the file read and parsed) but not saved: the
    clock starts just before :meth:`Edit.save`."""
    path = workspace / "cards" / "comic-creator" / "skill.yaml"
    text = path.read_text(encoding="utf-8")
    card = yaml.safe_load(text)["cards"][10 + 7 * run]
    old = f"en: {card['name']['en']}\n"
    assert old in text, old
    return Edit(card["id"], path, text.replace(old, f"en: {card['name']['en']} (edited {run})\n", 1))


def front_key(data: dict, card_id: str) -> str:
    for deck in data["games"]["comic-creator"]["decks"]["en"]:
        for card in deck["cards"]:
            if card["id"] == card_id:
                return card["front"]["key"]
    raise KeyError(card_id)


def measure_stream(url: str, workspace: Path, run: int) -> tuple[float, float]:
    """(event, PNG) seconds after one edit."""
    before = state(url)
    stream = Stream(url, before["version"])
    try:
        change = edit(workspace, run)
        card = change.card_id
        start = time.perf_counter()
        change.save()
        while True:
            update = stream.next_update()
            if update["new_faces"]:
                break
        event = time.perf_counter() - start
        key = front_key(state(url), card)
        assert key in update["new_faces"], "the edited card's face is not among the new ones"
        with urllib.request.urlopen(f"{url}img/{key}.png", timeout=60) as response:
            assert response.read(8) == b"\x89PNG\r\n\x1a\n"
        return event, time.perf_counter() - start
    finally:
        stream.close()


def measure_browser(url: str, workspace: Path, runs: int, first_run: int) -> list[float]:
    """Seconds from each edit to the card's new face loaded in headless Chromium."""
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=BROWSER_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url + "?game=comic-creator&lang=en")
        for run in range(first_run, first_run + runs):
            wait_ready(url, 600)
            change = edit(workspace, run)
            selector = f'img[data-card="{change.card_id}"]'
            page.locator(selector).scroll_into_view_if_needed()
            old = page.get_attribute(selector, "src")
            start = time.perf_counter()
            change.save()
            page.wait_for_function(
                "([sel, old]) => { const i = document.querySelector(sel);"
                " return i && i.getAttribute('src') !== old && i.complete && i.naturalWidth > 0; }",
                arg=[selector, old], timeout=60_000, polling="raf")
            times.append(time.perf_counter() - start)
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, default=None, help="make the workspace here and keep it")
    args = parser.parse_args()
    byte_compile_cardforge()  # as installed: no module compiled again by each command
    root = args.keep or Path(tempfile.mkdtemp(prefix="cardforge-bench-preview-"))
    if not (root / "cards").exists():
        shipped_shape_workspace(root, args.cards)
    start = time.perf_counter()
    process, url = start_preview(root, args.jobs)
    try:
        wait_ready(url, 3600)
        print(f"start until ready ({args.cards} cards, en, --jobs {args.jobs}; cold unless the "
              f"workspace was kept): {time.perf_counter() - start:.1f} s")
        events, pngs = [], []
        for run in range(args.runs):
            wait_ready(url, 600)
            event, png = measure_stream(url, root, run)
            events.append(event)
            pngs.append(png)
            print(f"edit {run + 1}: event {event * 1000:.0f} ms, PNG fetched {png * 1000:.0f} ms")
        print(f"save → new face announced: median {statistics.median(events) * 1000:.0f} ms; "
              f"→ PNG fetchable: median {statistics.median(pngs) * 1000:.0f} ms (target < 1000 ms)")
        try:
            import playwright  # noqa: F401
        except ImportError:
            print("browser: skipped (Playwright is not installed)")
        else:
            if CHROMIUM.exists():
                times = measure_browser(url, root, args.runs, args.runs)
                print("browser: save → new face shown: " + ", ".join(f"{t * 1000:.0f} ms" for t in times)
                      + f"; median {statistics.median(times) * 1000:.0f} ms")
            else:
                print("browser: skipped (no /usr/bin/chromium)")
    finally:
        process.terminate()
        process.wait(timeout=60)
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
