"""Cache entries that prove what they are: sealed with their key, checked before use.

The cache may be committed to the repository or restored in CI, so it is as untrusted as
the rest of the workspace. An entry is used only if it is a regular file (not a symlink,
device or folder) directly in its folder inside the cache, within its size limit
(:data:`cardforge.boundary.trust.MAX_BYTES` ``cache``/``json``), and carries its own key:

- a face PDF has its key as the first part of its trailer's ``/ID`` (written last in the
  file, so :func:`sealed` reads only the file's tail) and as ``/CardforgeKey`` in its
  document information; :func:`open_face` checks both, and that it opens and has one page;
- a JSON entry is an object whose ``key`` is its key (:func:`read_json`).

Anything else is a miss: the caller lays the face out again and the new entry replaces
the bad one (:func:`discard` and :func:`real_folder` first remove a symlink or folder in
the way, so nothing is ever written through it).
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import stat
from pathlib import Path
from typing import Any

import pikepdf

from cardforge.boundary import trust
from cardforge.boundary.atomic import real_folder  # noqa: F401  (re-exported: the cache's folders are made with it)
from cardforge.errors import RenderError

KEY = pikepdf.Name("/CardforgeKey")
"""Document information entry holding a face PDF's key."""

TAIL = 2048
"""Bytes at the end of a face PDF searched for its sealed trailer ID."""


class DamagedEntry(RenderError):
    """A cache entry that passed the quick checks but does not open as what it claims to be."""


def regular(path: Path, limit: int, *, folder_checked: bool = False) -> bool:
    """Whether ``path`` is a regular file of 1 to ``limit`` bytes whose folder is a real
    folder (neither may be a symlink; ``folder_checked`` skips the folder, known good)."""
    try:
        info = os.lstat(path)
        if not folder_checked and not real(path.parent):
            return False
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(info.st_mode) and 0 < info.st_size <= limit


def real(folder: Path) -> bool:
    """Whether ``folder`` is a folder itself, not a symlink to one (nor a file)."""
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode)
    except (OSError, ValueError):
        return False


def seal(pdf: pikepdf.Pdf, key: str) -> None:
    """Mark ``pdf`` (a face about to be saved) as the entry of ``key`` (64 hex digits)."""
    pdf.docinfo[KEY] = key
    pdf.trailer.ID = pikepdf.Array([pikepdf.String(key), pikepdf.String(key[:32])])


def sealed(path: Path, key: str, limit: int) -> bool:
    """Whether ``path`` is a regular file (not a symlink) of 1 to ``limit`` bytes ending
    with the trailer :func:`seal` wrote for ``key``; reads only its last :data:`TAIL`
    bytes. Its folder is not checked (see :func:`real`)."""
    return sealed_tail(path, key, limit) is not None


def sealed_tail(path: Path, key: str, limit: int) -> bytes | None:
    """The last :data:`TAIL` bytes of ``path`` when it is :func:`sealed` for ``key``
    (they hold its trailer), else None."""
    try:
        fd = os.open(path, trust.READ_FLAGS)
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not 0 < info.st_size <= limit:
            return None
        # os.pread is POSIX only; a seek then a read does the same on a descriptor of our own
        os.lseek(fd, max(0, info.st_size - TAIL), os.SEEK_SET)
        tail = os.read(fd, TAIL)
    except OSError:
        return None
    finally:
        os.close(fd)
    ok = f"/id [<{key.encode().hex()}>".encode() in tail.lower() and tail.rstrip().endswith(b"%%EOF")
    return tail if ok else None


def open_face(path: Path) -> pikepdf.Pdf:
    """The single-page face PDF cached at ``path`` (``<cache>/<xx>/<key>.pdf``), read
    through :mod:`cardforge.boundary.trust` inside its cache folder and checked against its key.

    Raises :class:`DamagedEntry` naming the file (after deleting it, so the next run lays
    the face out again) when it is not a regular file in the cache, is too large, does not
    open, has other than one page, or carries another key.
    """
    try:
        data = trust.read_bytes(path, "cache", (path.parent.parent.resolve(),))
        pdf = pikepdf.open(io.BytesIO(data))
    except (trust.Refused, pikepdf.PdfError, OSError, ValueError) as exc:
        raise damaged(path, str(getattr(exc, "reason", exc))) from None
    if len(pdf.pages) != 1 or str(pdf.docinfo.get(KEY, "")) != path.stem:
        pdf.close()
        raise damaged(path, "it is not the face its name says")
    return pdf


_IN_MEMORY = re.compile(r"(?:stream )?<[A-Za-z_.]+ object at 0x[0-9A-Fa-f]+>")


def damaged(path: Path, why: str) -> DamagedEntry:
    """Delete the cached face at ``path`` and return the :class:`DamagedEntry` naming it
    (``why``'s mention of the in-memory copy pikepdf read, ``<_io.BytesIO object at 0x…>``,
    replaced by the file's name: the message is the same on every run)."""
    discard(path)
    why = _IN_MEMORY.sub(path.name, why)
    return DamagedEntry(f"the cached face {path} is damaged ({why}); it has been deleted",
                        hint="build again: the face is laid out anew")


def read_json(path: Path, key: str) -> Any:
    """The JSON value of the entry ``{"key": key, "value": …}`` at ``path``, read through
    :mod:`cardforge.boundary.trust` inside its cache folder. Raises ValueError saying why for an
    entry that is refused (a symlink, too large, not a file), is not such JSON, or belongs
    to another key."""
    try:
        data = json.loads(trust.read_text(path, "json", (path.parent.parent.resolve(),)))
    except trust.Refused as exc:
        raise ValueError(f"{path}: {exc.reason}") from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ValueError(f"{path}: not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("key") != key or "value" not in data:
        raise ValueError(f"{path}: not the cache entry of {key}")
    return data["value"]


def dump_json(key: str, value: Any) -> str:
    """The JSON text of the entry of ``key`` holding ``value`` (read back by :func:`read_json`)."""
    return json.dumps({"key": key, "value": value})


def discard(path: Path) -> None:
    """Remove the entry at ``path`` whatever it is: a file, a symlink (not what it points
    to), a folder with its content; when its folder is a symlink, that link instead.
    Missing is fine; a removal that fails is left for the next write to report."""
    try:
        if not stat.S_ISDIR(os.lstat(path.parent).st_mode):  # a symlink or a file in its place
            path.parent.unlink()
            return
        if stat.S_ISDIR(os.lstat(path).st_mode):
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink()
    except (OSError, ValueError):
        return
