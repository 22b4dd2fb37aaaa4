"""`cardforge fetch`: a sheet named by URL in game.yaml is downloaded (from a local HTTP
server on 127.0.0.1) into cards/<game>/ whole; redirects away from https, web pages and
oversized answers are refused and leave the workspace as it was."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardforge.boundary import trust
from cardforge.cli import main
from cardforge.commands import fetch_command as fetch
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
        if self.path in ("/drip", "/slow-headers"):
            self._drip()
            return
        code, kind, body = PAGES.get(self.path, (404, "text/plain", b""))
        self.send_response(code)
        if code == 302:
            self.send_header("Location", f"http://127.0.0.1:{self.server.server_port}/main.csv")
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _drip(self) -> None:
        """A byte every 0.2 s: of the body after whole headers (/drip), or of the headers."""
        head = b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Length: 100000\r\n"
        if self.path == "/drip":
            self.wfile.write(head + b"\r\n")
            head = b""
        try:
            for byte in (head + b"X-Slow: " + b"a" * 200):
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.2)
        except OSError:  # the client gave up
            return

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


def test_a_server_sending_a_byte_at_a_time_is_refused_by_the_minimum_rate(tmp_path, server, monkeypatch):
    monkeypatch.setattr(fetch, "RATE_GRACE_SECONDS", 1.0)
    workspace = _game(tmp_path, f"{server}/drip")
    started = time.monotonic()
    run = _run("fetch", "generic", "-w", str(workspace))
    assert run.exit_code == 2, run.output
    assert "bytes a second, slower than 4,096" in run.output and "Traceback" not in run.output
    assert time.monotonic() - started < 30  # the per-read timeout alone would wait forever
    assert sorted(p.name for p in (workspace / "cards" / "generic").iterdir()) == ["game.yaml"]


def test_headers_sent_a_byte_at_a_time_end_at_the_deadline(tmp_path, server, monkeypatch):
    monkeypatch.setattr(fetch, "DEADLINE_SECONDS", 1.5)
    workspace = _game(tmp_path, f"{server}/slow-headers")
    started = time.monotonic()
    run = _run("fetch", "generic", "-w", str(workspace))
    assert run.exit_code == 2, run.output
    assert "the download took longer than 1.5 s" in run.output
    assert time.monotonic() - started < 30
    assert sorted(p.name for p in (workspace / "cards" / "generic").iterdir()) == ["game.yaml"]


@pytest.mark.parametrize("url", ["https://127.0.0.1:{port}/main.csv", "https://localhost:{port}/main.csv",
                                 "https://[::1]:{port}/main.csv", "https://0.0.0.0:{port}/main.csv"])
def test_this_machine_is_never_fetched_from_without_the_test_switch(tmp_path, server, monkeypatch, url):
    monkeypatch.setattr(fetch, "ALLOW_LOOPBACK", False)
    workspace = _game(tmp_path, url.format(port=server.rsplit(":", 1)[1]))
    run = _run("fetch", "generic", "-w", str(workspace))
    assert run.exit_code == 2, run.output
    assert "is this machine; fetch downloads only from other hosts" in run.output
    assert sorted(p.name for p in (workspace / "cards" / "generic").iterdir()) == ["game.yaml"]


def test_the_command_line_cannot_turn_the_test_switch_on(tmp_path, server):
    workspace = _game(tmp_path, f"{server}/main.csv")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "CARDFORGE_RESIDENT": "0"}
    done = subprocess.run([sys.executable, "-m", "cardforge", "fetch", "generic", "-w", str(workspace)],
                          capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL,
                          check=False)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "only https addresses are fetched" in done.stdout + done.stderr
    assert not (workspace / "cards" / "generic" / "main.csv").exists()
