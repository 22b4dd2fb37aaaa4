"""``cardforge fetch GAME``: download the sheets game.yaml names by URL into ``cards/<game>/``.

Recipe: find the game and check its game.yaml; for each deck whose ``sheet:`` has a
``url`` (or only ``--deck``), download it (https only; a redirect is followed only to
https; never to this machine: a host that resolves to a loopback, unspecified or
link-local address is refused before connecting, and so is a connection whose peer is
one; at most the sheet size limit of :mod:`cardforge.boundary.trust`; bounded in time, see below),
check that it reads as a sheet of its file's kind, and write it atomically as
``cards/<game>/<sheet.file>``. This is the one command that reaches the network and the
one that writes a workspace file (docs/security.md); lint and build read only what is on
disk.

Time: each read waits at most :data:`TIMEOUT_SECONDS`; the whole download, headers
included, at most :data:`DEADLINE_SECONDS` (a timer closes the connection, so a server
sending a byte at a time cannot hold it longer); and after :data:`RATE_GRACE_SECONDS`
the answer must have come at :data:`MIN_BYTES_PER_SECOND` on average.

:data:`ALLOW_LOOPBACK` lets the tests fetch plain http from 127.0.0.1; no option or
setting of the command line turns it on.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.commands import shown, targets
from cardforge.errors import CardforgeError, ConfigError, DataError
from cardforge.loading.yaml_source import LoadError, load_yaml
from cardforge.spreadsheet.cell_grid import Unreadable, book_grid, csv_grid
from cardforge.spreadsheet.deck_sheets import SheetSource, sheet_sources
from cardforge.validation.schema_validate import validate
from cardforge.workspace.workspace_config import load_config

TIMEOUT_SECONDS = 30.0
"""Seconds one request may wait for the server (connect, and each read)."""
DEADLINE_SECONDS = 120.0
"""Seconds one download may take in all: a published 10,000-row sheet (~2 MiB of CSV)
comes in a few seconds."""
MIN_BYTES_PER_SECOND = 4096
"""Average speed the answer must keep after :data:`RATE_GRACE_SECONDS` (a modem's)."""
RATE_GRACE_SECONDS = 10.0
"""Seconds before the average speed is judged (a spreadsheet service takes a few to start)."""
LOOPBACK = "127.0.0.1"
ALLOW_LOOPBACK = False
"""Tests only: fetch plain http from :data:`LOOPBACK`. Not reachable from the command line."""


def run(game_id: str, deck: str | None, workspace: Path) -> list[Path]:
    """Download every sheet of ``game_id`` with a URL (only ``deck``'s when given) and
    print each file written; return them.

    Raises ConfigError for an unknown game or deck, or a game.yaml that names no URL;
    DataError for a game.yaml with errors; CardforgeError for a download that fails, is
    refused (scheme, redirect, size) or is not a sheet.
    """
    config = load_config(workspace)
    [(spec, folder)] = targets(config, (game_id,))
    try:
        manifest = load_yaml(folder / "game.yaml")
    except LoadError as exc:
        raise DataError(exc.problems, what=f"{game_id}'s game.yaml") from None
    problems = validate(manifest, "game.schema.json")
    if problems:
        raise DataError(problems, what=f"{game_id}'s game.yaml")
    sources = [s for s in sheet_sources(manifest.data) if s.url and (deck is None or s.deck == deck)]
    if not sources:
        raise ConfigError(f"no deck of {game_id}{f' named {deck!r}' if deck else ''} has a sheet url",
                          hint="in game.yaml: decks: <deck>: sheet: {file: <deck>.csv, url: https://…}")
    elsewhere = [s.file for s in sources if "/" in s.file]
    if elsewhere:
        raise ConfigError(f"fetch downloads only into cards/{game_id}/, and {elsewhere[0]} is elsewhere",
                          hint="name the file alone (sheet: {file: <deck>.csv, url: …})")
    written = []
    for source in sources:
        data = download(source)
        target = write_atomically(folder / source.file, lambda handle, data=data: handle.write(data))
        click.echo(f"{shown(target, workspace)}  ({len(data):,} bytes from {source.url})")
        written.append(target)
    return written


class _HttpsRedirects(urllib.request.HTTPRedirectHandler):
    """Follows a redirect only to an https URL."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        """The next request, or an error for a redirect that leaves https."""
        if urlsplit(newurl).scheme != "https":
            raise CardforgeError(f"{req.full_url} redirects to {newurl}, which is not https",
                                 hint="use the sheet's final https address in game.yaml")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _local(address: str) -> bool:
    """Whether ``address`` (an IP address) is this machine or no machine: loopback,
    unspecified, link-local (an IPv4 address mapped into IPv6 counts as itself)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return True
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_unspecified or ip.is_link_local


def _refuse_local(url: str, host: str, port: int) -> None:
    """Raise CardforgeError when ``host`` resolves to a local address (see :func:`_local`)."""
    if ALLOW_LOOPBACK and host == LOOPBACK:
        return
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)}
    except (OSError, UnicodeError) as exc:
        raise CardforgeError(f"{url}: cannot find the host {host}: {exc}",
                             hint="check the address and the network") from None
    if any(_local(str(a)) for a in addresses):
        raise CardforgeError(f"{url}: {host} is this machine; fetch downloads only from other hosts",
                             hint="put the sheet on a web server, or copy it into cards/ yourself")


class _Guard:
    """The sockets of one download, closed by a timer at its deadline; a connection whose
    peer is local is refused."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.sockets: list[socket.socket] = []
        self.expired = False
        self.lock = threading.Lock()

    def connected(self, sock: socket.socket) -> None:
        peer = str(sock.getpeername()[0])
        if _local(peer) and not (ALLOW_LOOPBACK and peer == LOOPBACK):
            sock.close()
            raise CardforgeError(f"{self.url}: the connection reached {peer}, this machine",
                                 hint="put the sheet on a web server, or copy it into cards/ yourself")
        with self.lock:
            self.sockets.append(sock)
            if self.expired:
                sock.shutdown(socket.SHUT_RDWR)

    def expire(self) -> None:
        with self.lock:
            self.expired = True
            for sock in self.sockets:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def handlers(self) -> list[Any]:
        """urllib handlers whose connections report to this guard."""
        guard = self

        class Https(http.client.HTTPSConnection):
            def connect(self) -> None:
                super().connect()
                guard.connected(self.sock)

        class Http(http.client.HTTPConnection):
            def connect(self) -> None:
                super().connect()
                guard.connected(self.sock)

        class HttpsHandler(urllib.request.HTTPSHandler):
            def https_open(self, req: urllib.request.Request) -> Any:
                return self.do_open(Https, req, context=self._context)  # type: ignore[attr-defined]

        class HttpHandler(urllib.request.HTTPHandler):
            def http_open(self, req: urllib.request.Request) -> Any:
                return self.do_open(Http, req)

        return [HttpsHandler(), HttpHandler()]


def _read(response: Any, limit: int, started: float, url: str) -> bytes:
    """At most ``limit + 1`` bytes of ``response``, refused when they come slower than
    :data:`MIN_BYTES_PER_SECOND` on average once :data:`RATE_GRACE_SECONDS` have passed."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = response.read1(min(1 << 16, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        elapsed = time.monotonic() - started
        if elapsed > RATE_GRACE_SECONDS and size / elapsed < MIN_BYTES_PER_SECOND:
            raise CardforgeError(f"{url}: the answer comes at {size / elapsed:,.0f} bytes a second, "
                                 f"slower than {MIN_BYTES_PER_SECOND:,}",
                                 hint="try again later, or download the sheet yourself")
    return b"".join(chunks)


def download(source: SheetSource) -> bytes:
    """The bytes at ``source.url``, checked to read as a sheet of ``source.file``'s kind.
    Raises CardforgeError (see :func:`run`)."""
    url = source.url or ""
    parts = urlsplit(url)
    loopback_test = ALLOW_LOOPBACK and parts.scheme == "http" and parts.hostname == LOOPBACK
    if not (parts.scheme == "https" or loopback_test):
        raise CardforgeError(f"{url}: only https addresses are fetched", hint="use the https address")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise CardforgeError(f"{url}: the port is not a number from 0 to 65535",
                             hint="check the address") from None
    _refuse_local(url, parts.hostname or "", port)
    limit = trust.MAX_BYTES["sheet"]
    guard = _Guard(url)
    opener = urllib.request.build_opener(_HttpsRedirects(), *guard.handlers())
    request = urllib.request.Request(url, headers={"User-Agent": "cardforge-fetch"})
    started = time.monotonic()
    timer = threading.Timer(DEADLINE_SECONDS, guard.expire)
    timer.daemon = True
    timer.start()
    try:
        with opener.open(request, timeout=TIMEOUT_SECONDS) as response:
            data = _read(response, limit, started, url)
            kind = response.headers.get_content_type()
    except urllib.error.HTTPError as exc:
        raise CardforgeError(f"{url}: the server answered {exc.code} {exc.reason}",
                             hint="check the address; a Google Sheet must be published to the web") from None
    except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as exc:
        if guard.expired:
            raise CardforgeError(f"{url}: the download took longer than {DEADLINE_SECONDS:g} s",
                                 hint="try again later, or download the sheet yourself") from None
        reason = getattr(exc, "reason", exc)
        if isinstance(reason, CardforgeError):
            raise reason from None
        raise CardforgeError(f"{url}: cannot download: {reason}",
                             hint="check the address and the network") from None
    finally:
        timer.cancel()
    if guard.expired:
        raise CardforgeError(f"{url}: the download took longer than {DEADLINE_SECONDS:g} s",
                             hint="try again later, or download the sheet yourself")
    if len(data) > limit:
        raise CardforgeError(f"{url}: larger than {limit // trust.MiB} MiB, the limit for sheets",
                             hint="split the deck into several sheets")
    if kind == "text/html" or data.lstrip()[:15].lower().startswith((b"<!doctype html", b"<html")):
        raise CardforgeError(f"{url}: the address gives a web page, not a sheet",
                             hint="publish the sheet to the web as CSV (File > Share > Publish to web)")
    try:
        suffix = Path(source.file).suffix.lower()
        _ = book_grid(data, suffix) if suffix != ".csv" else csv_grid(data, source.deck)
    except Unreadable as exc:
        raise CardforgeError(f"{url}: not a {suffix[1:].upper()} sheet: the sheet {exc.reason}",
                             hint=exc.hint) from None
    return data
