"""``cardforge fetch GAME``: download the sheets game.yaml names by URL into ``cards/<game>/``.

Recipe: find the game and check its game.yaml; for each deck whose ``sheet:`` has a
``url`` (or only ``--deck``), download it (https only; plain http only to 127.0.0.1, for
tests; a redirect is followed only to https; :data:`TIMEOUT_SECONDS` per request; at most
the sheet size limit of :mod:`cardforge.trust`), check that it reads as a sheet of its
file's kind, and write it atomically as ``cards/<game>/<sheet.file>``. This is the one
command that reaches the network and the one that writes a workspace file
(docs/security.md); lint and build read only what is on disk.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import click

from cardforge import trust
from cardforge.atomic import write_atomically
from cardforge.commands import shown, targets
from cardforge.config import load_config
from cardforge.errors import CardforgeError, ConfigError, DataError
from cardforge.source import LoadError, load_yaml
from cardforge.spreadsheet.game import SheetSource, sheet_sources
from cardforge.spreadsheet.grid import Unreadable, book_grid, csv_grid
from cardforge.validate import validate

TIMEOUT_SECONDS = 30.0
"""Seconds one request may wait for the server (connect, and between reads)."""
LOOPBACK = "127.0.0.1"


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


def download(source: SheetSource) -> bytes:
    """The bytes at ``source.url``, checked to read as a sheet of ``source.file``'s kind.
    Raises CardforgeError (see :func:`run`)."""
    url = source.url or ""
    parts = urlsplit(url)
    if not (parts.scheme == "https" or (parts.scheme == "http" and parts.hostname == LOOPBACK)):
        raise CardforgeError(f"{url}: only https addresses are fetched", hint="use the https address")
    limit = trust.MAX_BYTES["sheet"]
    opener = urllib.request.build_opener(_HttpsRedirects())
    request = urllib.request.Request(url, headers={"User-Agent": "cardforge-fetch"})
    try:
        with opener.open(request, timeout=TIMEOUT_SECONDS) as response:
            data = response.read(limit + 1)
            kind = response.headers.get_content_type()
    except urllib.error.HTTPError as exc:
        raise CardforgeError(f"{url}: the server answered {exc.code} {exc.reason}",
                             hint="check the address; a Google Sheet must be published to the web") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise CardforgeError(f"{url}: cannot download: {reason}",
                             hint="check the address and the network") from None
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
