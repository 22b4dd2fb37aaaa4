"""`cardforge fetch`: a sheet named by URL in game.yaml is downloaded (from a local HTTP
server on 127.0.0.1) into cards/<game>/ whole; redirects away from https, web pages and
oversized answers are refused and leave the workspace as it was."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge import trust
from cardforge.cli import main
from cardforge.commands import fetch
from tests.conftest import FIXTURES

HERE = Path(__file__).parent / "fixtures"
SHEET = (HERE / "ok_basic.csv").read_bytes().split(b"\r\n", 1)[1]  # no deck row: game.yaml names it
PAGES = {
    "/main.csv": (200, "text/csv", SHEET),
    "/page": (200, "text/html", b"<!DOCTYPE html><html><body>Sign in</body></html>"),
    "/away": (302, "text/plain", b""),
    "/missing": (404, "text/plain", b"no"),
}


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        code, kind, body = PAGES.get(self.path, (404, "text/plain", b""))
        self.send_response(code)
        if code == 302:
            self.send_header("Location", f"http://127.0.0.1:{self.server.server_port}/main.csv")
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


def _game(tmp_path: Path, url: str) -> Path:
    folder = tmp_path / "cards" / "generic"
    folder.mkdir(parents=True)
    text = (FIXTURES / "core" / "game.yaml").read_text(encoding="utf-8")
    sheet = f"    sheet: {{file: main.csv, url: '{url}'}}\n"
    text = text.replace("    name: {en: Main}\n", "    name: {en: Main}\n" + sheet)
    assert "sheet:" in text
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return tmp_path


@pytest.fixture(autouse=True)
def loopback_allowed(monkeypatch):
    """The test switch that lets fetch download plain http from 127.0.0.1."""
    monkeypatch.setattr(fetch, "ALLOW_LOOPBACK", True)


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_fetch_writes_the_sheet_and_lint_then_reads_it(tmp_path, server):
    workspace = _game(tmp_path, f"{server}/main.csv")
    lint_before = _run("lint", "-w", str(workspace))
    assert lint_before.exit_code == 1 and "main.csv of deck 'main' is not there" in lint_before.output
    assert "cardforge fetch" in lint_before.output
    run = _run("fetch", "generic", "-w", str(workspace))
    assert run.exit_code == 0, run.output
    assert (workspace / "cards" / "generic" / "main.csv").read_bytes() == SHEET
    assert "cards/generic/main.csv" in run.output
    lint_after = _run("lint", "-w", str(workspace))
    assert lint_after.exit_code == 0, lint_after.output


@pytest.mark.parametrize(("path", "words"), [
    ("/page", "a web page, not a sheet"),
    ("/away", "which is not https"),
    ("/missing", "answered 404"),
])
def test_refused_downloads_write_nothing(tmp_path, server, path, words):
    workspace = _game(tmp_path, f"{server}{path}")
    run = _run("fetch", "generic", "-w", str(workspace))
    assert run.exit_code == 2, run.output
    assert words in run.output
    assert sorted(p.name for p in (workspace / "cards" / "generic").iterdir()) == ["game.yaml"]


def test_an_answer_past_the_size_limit_is_refused(tmp_path, server, monkeypatch):
    monkeypatch.setitem(trust.MAX_BYTES, "sheet", 10)
    workspace = _game(tmp_path, f"{server}/main.csv")
    run = _run("fetch", "generic", "-w", str(workspace))
    assert run.exit_code == 2 and "limit for sheets" in run.output
    assert not (workspace / "cards" / "generic" / "main.csv").exists()


@pytest.mark.parametrize("url", ["http://example.com/main.csv", "ftp://127.0.0.1/main.csv",
                                 "file:///etc/passwd"])
def test_game_yaml_takes_only_https_urls(tmp_path, url):
    workspace = _game(tmp_path, url)
    run = _run("fetch", "generic", "-w", str(workspace))
    assert run.exit_code == 1 and "CF003" in run.output and "sheet/url" in run.output


def test_lint_and_build_never_fetch(tmp_path, server, monkeypatch):
    import urllib.request

    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the network was used")

    monkeypatch.setattr(urllib.request.OpenerDirector, "open", no_network)
    workspace = _game(tmp_path, f"{server}/main.csv")
    for command in ("lint", "build"):
        run = _run(command, "-w", str(workspace), "--quiet") if command == "build" else _run(command, "-w",
                                                                                               str(workspace))
        assert run.exit_code == 1 and "is not there" in run.output, run.output
        assert not (workspace / "cards" / "generic" / "main.csv").exists()
    shutil.copy(HERE / "ok_basic.csv", workspace / "cards" / "generic" / "main.csv")  # deck row agrees
    assert _run("lint", "-w", str(workspace)).exit_code == 0
