"""The build manifest: what each game's last build read and wrote, so an unchanged game is
not built again.

After ``cardforge build`` builds a game it records, in
``<cache>/builds/<request>.json`` (one file per distinct command line, :func:`request_key`):

- ``inputs``: every file the build read (:mod:`cardforge.boundary.read_log`), with its size,
  modification time and content hash; files inside the workspace by their path relative to
  it, so the manifest moves with the workspace;
- ``outputs``: every file written, with size and modification time;
- ``listing``: which files exist in the game's folders (:func:`cardforge.build.build_fingerprint.listing`);
- ``environment``: cardforge's and the layout libraries' code and the installed fonts;
- the notes and preflight warnings the build printed, to print them again.

The next build of the same command checks, per game, that every input has the same size
and modification time, or failing that the same content hash (a fresh clone or a restored
CI cache changes times, not content); that every output is still there as written; and that
the listing and environment are the same. Then the game is *up to date*: its files are
listed again without loading, linting or laying anything out. Anything else, or a manifest
that is missing, unreadable or malformed (the cache is untrusted), builds the game.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cardforge.boundary import read_log, trust
from cardforge.boundary.atomic import write_atomically
from cardforge.problem import Location, Problem, Severity

FORMAT = 1
"""Version of the manifest's JSON; a manifest of another version is ignored."""


@dataclass(frozen=True)
class Stamp:
    """One recorded file: ``path`` (relative to the workspace when inside it, else absolute),
    ``size`` (bytes), ``mtime_ns``, ``digest`` (content hash, :func:`read_log.digest_of`;
    "" for outputs, which are checked by size and time only) and ``kind`` (what it was read
    as, a :data:`cardforge.boundary.trust.MAX_BYTES` key)."""

    path: str
    size: int
    mtime_ns: int
    digest: str = ""
    kind: str = "other"


@dataclass
class GameRecord:
    """What one game's last build depended on and made (see the module documentation)."""

    inputs: list[Stamp]
    outputs: list[Stamp]
    listing: str
    environment: str
    notes: list[str] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)


def request_key(request: dict[str, Any]) -> str:
    """Digest naming the manifest of one command line: ``request`` holds what changes the
    output (games, products, languages, paper, layout, folders as given; not ``--jobs`` or
    ``--quiet``), as JSON-able values."""
    text = json.dumps(request, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def manifest_path(cache: Path, key: str) -> Path:
    """Where the manifest of request ``key`` lives in the ``cache`` folder."""
    return cache / "builds" / f"{key}.json"


def load(path: Path) -> dict[str, GameRecord]:
    """The game records in the manifest at ``path``: game id → record. A missing, unreadable,
    oversized or malformed manifest (or one of another :data:`FORMAT`) gives ``{}``."""
    try:
        data = json.loads(trust.read_bytes(path, "json"))
        if data.get("format") != FORMAT:
            return {}
        return {str(game): _record(entry) for game, entry in data["games"].items()}
    except (trust.Refused, ValueError, TypeError, KeyError, AttributeError):
        return {}


def _record(entry: dict[str, Any]) -> GameRecord:
    """A record from its JSON; raises TypeError/KeyError/ValueError when malformed."""
    def stamps(items: list[dict[str, Any]]) -> list[Stamp]:
        return [Stamp(str(s["path"]), int(s["size"]), int(s["mtime_ns"]), str(s["digest"]),
                      str(s["kind"])) for s in items]
    notes, warnings = entry["notes"], entry["warnings"]
    if not (isinstance(notes, list) and isinstance(warnings, list)):
        raise TypeError("notes and warnings are lists")
    return GameRecord(stamps(entry["inputs"]), stamps(entry["outputs"]), str(entry["listing"]),
                      str(entry["environment"]), [str(n) for n in notes], [dict(w) for w in warnings])


def save(path: Path, records: dict[str, GameRecord]) -> None:
    """Write ``records`` to the manifest at ``path``, atomically, without waiting for the
    disk (the outputs it records were synced when written; a manifest torn by a crash is
    malformed, :func:`load` gives ``{}`` and the next build builds again)."""
    text = json.dumps({"format": FORMAT, "games": {game: asdict(record) for game, record in records.items()}},
                      ensure_ascii=False, separators=(",", ":"))
    write_atomically(path, lambda handle: handle.write(text.encode("utf-8")), sync=False)


def relative(path: Path, workspace: Path) -> str:
    """``path`` relative to ``workspace`` when inside it, else absolute (as a string)."""
    return str(path.relative_to(workspace)) if path.is_relative_to(workspace) else str(path)


def input_stamps(log: dict[Path, read_log.FileStamp], workspace: Path) -> list[Stamp]:
    """The read log as manifest stamps, sorted by path."""
    return sorted((Stamp(relative(s.path, workspace), s.size, s.mtime_ns, s.digest, s.kind)
                   for s in log.values()), key=lambda s: s.path)


def output_stamps(paths: list[Path], workspace: Path) -> list[Stamp]:
    """Size and time of each written file (each must exist). Raises OSError otherwise."""
    stamps = []
    for path in paths:
        info = path.stat()
        stamps.append(Stamp(relative(path.resolve(), workspace), info.st_size, info.st_mtime_ns))
    return stamps


def changed(record: GameRecord, workspace: Path, listing: str | None, environment: str) -> str | None:
    """Why ``record`` no longer describes the game (a few words), or None when every input,
    output, the ``listing`` and the ``environment`` are as recorded. An input whose time
    changed but whose content did not is refreshed in ``record`` (the caller saves it)."""
    if listing is None or listing != record.listing:
        return "files were added or removed"
    if environment != record.environment:
        return "cardforge, a library or the fonts changed"
    for output in record.outputs:
        path = workspace / output.path
        try:
            info = path.stat()
        except OSError:
            return f"{output.path} is missing"
        if (info.st_size, info.st_mtime_ns) != (output.size, output.mtime_ns):
            return f"{output.path} was changed"
    for index, stamp in enumerate(record.inputs):
        fresh = _same_input(stamp, workspace)
        if fresh is None:
            return f"{stamp.path} changed"
        record.inputs[index] = fresh
    return None


def _same_input(stamp: Stamp, workspace: Path) -> Stamp | None:
    """``stamp`` (refreshed to the file's new time when only the time changed) when the file
    still has the recorded content, else None."""
    path = workspace / stamp.path
    try:
        info = path.stat()
    except OSError:
        return None
    if info.st_size != stamp.size:
        return None
    if info.st_mtime_ns == stamp.mtime_ns:
        return stamp
    try:
        data = trust.read_bytes(path, stamp.kind if stamp.kind in trust.MAX_BYTES else "other")
    except trust.Refused:
        return None
    if read_log.digest_of(data) != stamp.digest:
        return None
    return Stamp(stamp.path, stamp.size, info.st_mtime_ns, stamp.digest, stamp.kind)


def problem_data(problem: Problem, workspace: Path) -> dict[str, Any]:
    """A warning as JSON-able data for the manifest (its path relative to ``workspace``)."""
    return {"path": relative(problem.location.path, workspace), "line": problem.line, "col": problem.col,
            "code": problem.code, "message": problem.message, "severity": str(problem.severity),
            "card": problem.card, "hint": problem.hint}


def problem_from(data: dict[str, Any], workspace: Path) -> Problem:
    """The warning ``data`` (from :func:`problem_data`) as a Problem, its path under
    ``workspace``. Raises KeyError/ValueError when malformed."""
    return Problem(Location(workspace / str(data["path"]), int(data["line"]), int(data["col"])),
                   str(data["code"]), str(data["message"]), Severity(data["severity"]),
                   data["card"] if isinstance(data["card"], str) else None,
                   data["hint"] if isinstance(data["hint"], str) else None)
