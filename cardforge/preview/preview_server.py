"""The preview's web server: the standard library's ThreadingHTTPServer on 127.0.0.1 only.

What it serves, and nothing else (any other path is 404; any method but GET and HEAD, 501):

- ``/`` the page, ``/part`` the part of it that changes, ``/state.json`` the snapshot as data;
- ``/events`` server-sent events: ``update`` with the new version, the new face keys and
  where each is shown;
- ``/img/<key>.png`` an image this run registered, by its 64-hex-digit content key (never a
  file name: no path from a request reaches the file system);
- ``/static/preview.css`` and ``/static/preview.js``, read once from the package.

Requests whose ``Host`` is not this server's loopback address are refused (403), so a web
page elsewhere cannot reach the preview through a DNS name pointed at 127.0.0.1.
"""

from __future__ import annotations

import json
import re
import sys
import threading
from dataclasses import asdict
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from cardforge.preview.preview_page import render_page, render_part, select
from cardforge.preview.preview_state import PreviewState

HOST = "127.0.0.1"
"""The only interface the preview listens on."""

STATIC = {"preview.css": "text/css; charset=utf-8", "preview.js": "text/javascript; charset=utf-8"}
"""The fixed static assets, by name, with their content types."""

MAX_FIELDS = 20
"""Most query fields a request may carry (the page uses three: game, lang, tab)."""

KEEPALIVE_SECONDS = 10.0
"""A page stream with nothing to say sends a comment this often (to notice closed pages)."""

_IMAGE = re.compile(r"/img/([0-9a-f]{64})\.png")


class PreviewServer(ThreadingHTTPServer):
    """The HTTP server, with what its handlers read: the ``state`` (its images in
    ``state.store``) and the static assets."""

    daemon_threads = True

    def __init__(self, port: int, state: PreviewState) -> None:
        super().__init__((HOST, port), PreviewHandler)
        self.state = state
        folder = Path(__file__).parent / "static"
        self.static = {name: (folder / name).read_bytes() for name in STATIC}

    def handle_error(self, request: object, client_address: object) -> None:
        """A page that went away mid-answer is no error; anything else is told in one line
        (never a traceback), and the server goes on."""
        error = sys.exc_info()[1]
        if not isinstance(error, (ConnectionError, TimeoutError)):
            print(f"cardforge preview: a request failed: {type(error).__name__}: {error}", file=sys.stderr)

    @property
    def port(self) -> int:
        """The port listened on (the free one the system chose for port 0)."""
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        """The page's address."""
        return f"http://{HOST}:{self.port}/"


class PreviewHandler(BaseHTTPRequestHandler):
    """Answers one request (see the module documentation for the routes)."""

    server: PreviewServer
    server_version = "cardforge-preview"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        """Quiet: the command prints what matters."""

    def do_HEAD(self) -> None:  # noqa: N802 - http.server's naming
        """As GET, without the body."""
        self.do_GET()

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        """Route the request."""
        if self.headers.get("Host") not in {f"{HOST}:{self.server.port}", f"localhost:{self.server.port}"}:
            self._send(HTTPStatus.FORBIDDEN, b"forbidden\n", "text/plain; charset=utf-8")
            return
        parts = urlsplit(self.path)
        try:
            query = {k: v[0] for k, v in parse_qs(parts.query, max_num_fields=MAX_FIELDS).items()}
        except ValueError:
            self._send(HTTPStatus.BAD_REQUEST, b"too many query fields\n", "text/plain; charset=utf-8")
            return
        if parts.path in ("/", "/part"):
            snapshot = self.server.state.snapshot
            chosen = select(snapshot, query.get("game"), query.get("lang"), query.get("tab"))
            html = (render_page if parts.path == "/" else render_part)(snapshot, chosen)
            self._send(HTTPStatus.OK, html.encode("utf-8"), "text/html; charset=utf-8",
                       {"X-Preview-Version": str(snapshot.version), "Cache-Control": "no-store"})
        elif parts.path == "/state.json":
            data = json.dumps(self.server.state.snapshot.data(), ensure_ascii=False).encode("utf-8")
            self._send(HTTPStatus.OK, data, "application/json", {"Cache-Control": "no-store"})
        elif parts.path == "/events":
            self._events(query.get("after") or self.headers.get("Last-Event-ID") or "0")
        elif (found := _IMAGE.fullmatch(parts.path)) and self.server.state.store is not None:
            png = self.server.state.store.png(found[1])
            if png is None:
                self._not_found()
            else:
                self._send(HTTPStatus.OK, png, "image/png",
                           {"Cache-Control": "public, max-age=31536000, immutable"})
        elif parts.path.startswith("/static/") and parts.path[8:] in STATIC:
            name = parts.path[8:]
            self._send(HTTPStatus.OK, self.server.static[name], STATIC[name])
        else:
            self._not_found()

    def _not_found(self) -> None:
        self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    def _send(self, status: HTTPStatus, body: bytes, kind: str,
              headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _events(self, after_text: str) -> None:
        """Stream ``update`` events for each snapshot newer than ``after_text`` (a version)."""
        state = self.server.state
        if not state.open_stream():
            self._send(HTTPStatus.SERVICE_UNAVAILABLE, b"too many pages open\n", "text/plain; charset=utf-8")
            return
        try:
            after = int(after_text) if after_text.isdigit() and len(after_text) < 12 else 0
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(b"retry: 1000\n\n")
            self.wfile.flush()
            while not state.closing:
                update = state.wait(after, KEEPALIVE_SECONDS)
                if update is None:
                    self.wfile.write(b": keepalive\n\n")
                else:
                    after = update.version
                    data = json.dumps({"version": update.version, "new_faces": list(update.new_faces),
                                       "places": [asdict(place) for place in update.places]})
                    self.wfile.write(f"id: {update.version}\nevent: update\ndata: {data}\n\n".encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            pass  # the page went away
        finally:
            state.close_stream()


def start(port: int, state: PreviewState) -> tuple[PreviewServer, threading.Thread]:
    """Listen on 127.0.0.1:``port`` (0: a free port) and serve in a background thread; the
    server and its thread. Raises OSError when the port is taken."""
    server = PreviewServer(port, state)
    thread = threading.Thread(target=server.serve_forever, name="cardforge-preview-server", daemon=True)
    thread.start()
    return server, thread
