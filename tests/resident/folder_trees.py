"""What the served-vs-fresh job compares (tests/resident/differential.py): a command's answer
(exit status, stdout, stderr, the trees of the folders it may write) and the differences
between two answers, one line each.

Durations (``in 3.3 s``) and objects' addresses in the output are not compared. In a face
cache (``.cardforge-cache``, ``--cache-dir``) entries are compared by name, kind and mode,
not bytes: two fresh runs already write different bytes there (issue 33's reproducible
files; out/ is byte-identical).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Answer:
    """What one run of a command gave: exit status, stdout, stderr and its folders' trees
    (:func:`tree` of each)."""

    code: int
    stdout: Any
    stderr: Any
    trees: list[dict[str, Any]] = field(default_factory=list)


def tree(root: Path) -> dict[str, Any]:
    """Every entry under ``root``: relative path → (kind, mode bits, content or target);
    empty when ``root`` does not exist."""
    entries: dict[str, Any] = {}
    if not os.path.lexists(root):
        return entries
    for folder, folders, files in os.walk(root):
        for name in folders + files:
            path = os.path.join(folder, name)
            info = os.lstat(path)
            key = os.path.relpath(path, root)
            mode = stat.S_IMODE(info.st_mode)
            if stat.S_ISLNK(info.st_mode):
                entries[key] = ("link", os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                entries[key] = ("folder", oct(mode))
            elif stat.S_ISREG(info.st_mode):
                try:
                    with open(path, "rb") as stream:
                        entries[key] = ("file", oct(mode), stream.read())
                except OSError as exc:
                    entries[key] = ("file", oct(mode), f"unreadable: {exc.strerror}")
            else:
                entries[key] = ("special", oct(mode), stat.S_IFMT(info.st_mode))
    return entries


def differences(served: Answer, fresh: Answer, roots: list[Path], cache: Path | None) -> list[str]:
    """What differs between the two answers (their trees taken under ``roots``, ``cache``
    the ``--cache-dir`` given or None), one line each; empty: none."""
    found = []
    if served.code != fresh.code:
        found.append(f"exit status: served {served.code}, fresh {fresh.code}")
    for name in ("stdout", "stderr"):
        a, b = (timeless(getattr(answer, name)) for answer in (served, fresh))
        if a != b:
            found.append(f"{name}: served {a!r:.600}, fresh {b!r:.600}")
    for root, a, b in zip(roots, served.trees, fresh.trees, strict=True):
        for key in sorted(set(a) | set(b)):
            if cached(root / key, cache):  # a cache entry: its name (a digest), kind and mode
                if short(a.get(key)).split()[:2] != short(b.get(key)).split()[:2]:
                    found.append(f"{root / key}: served {short(a.get(key))}, fresh {short(b.get(key))}")
            elif a.get(key) != b.get(key):
                found.append(f"{root / key}: served {short(a.get(key))}, fresh {short(b.get(key))}")
    return found


TIMINGS = re.compile(r"\b\d+(?:\.\d+)? (s|ms)\b")
"""Durations in a command's output (``1 file(s) in 3.3 s``): two runs take different times."""

ADDRESSES = re.compile(r" object at 0x[0-9a-f]+>")
"""An object's address in its repr (``<_io.BytesIO object at 0x7f…>``, which pikepdf's
message about a damaged cached face quotes): two fresh runs give two addresses."""


def timeless(text: Any) -> Any:
    """``text`` (str or bytes) with every duration replaced by ``<t>`` and every object
    address by ``0x…``; anything else as it is."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "surrogateescape")
    if not isinstance(text, str):
        return text
    return ADDRESSES.sub(" object at 0x…>", TIMINGS.sub(r"<t> \1", text))


def cached(path: Path, cache: Path | None) -> bool:
    """True for ``path`` in a face cache: ``.cardforge-cache`` of a workspace, or ``cache``
    (the ``--cache-dir`` given). Its bytes are not compared: the cache's PDFs and build
    records differ from one fresh run to the next (issue 33's reproducible files, not the
    resident process's); its names (digests of content), kinds and modes are."""
    return ".cardforge-cache" in path.parts or (cache is not None and path.is_relative_to(cache))


def short(entry: tuple[Any, ...] | None) -> str:
    """A tree entry in a few words: ``file 0o644 120 bytes <sha256 prefix>``, ``absent``."""
    if entry is None:
        return "absent"
    if entry[0] == "file" and isinstance(entry[2], bytes):
        return f"file {entry[1]} {len(entry[2])} bytes {hashlib.sha256(entry[2]).hexdigest()[:12]}"
    return " ".join(str(part) for part in entry)
