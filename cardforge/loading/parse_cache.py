"""Parsed YAML kept between runs: a large card file is parsed once, until its text changes.

Composing YAML is most of loading a large game, and reading the same data back as JSON
takes a small fraction of it (docs/benchmarks.md has the figures). So
:func:`cardforge.loading.yaml_source.load_yaml` keeps, for each file of at least :data:`MIN_BYTES`, its
plain data and :data:`~cardforge.loading.document.SourceTree` in the cache folder
(``<cache>/parsed/<digest>.json``: a line of flags, a line of data, a line of tree, each
JSON but the flags). The tree is handed over as text and decoded only when a place in the
file is first asked for (:attr:`cardforge.loading.document.Document.tree_json`): it takes several
times as long to decode as the data, and a clean lint asks for none. Entries are named
by a digest of the file's text and of the parser
(:func:`cardforge.build.build_fingerprint.code_digest` ``"parse"``), not of where the file is:
moving the workspace or renaming the file keeps the entry, and any edit, of the file or of the parser,
makes a new one. Files that failed to load are not kept (their
Problems come from parsing them again), nor data JSON cannot hold exactly (a date,
binary, or a mapping key that is not text; see :func:`cardforge.loading.yaml_walk.Walker.json_exact`).

The cache folder is as untrusted as the workspace (docs/security.md): a pull request could
commit an entry that gives a bad card file clean data, and lint would pass it. So each
entry is signed: its first line is an HMAC-SHA256 of the rest, keyed by 32 random bytes
kept *outside* the workspace, in the user's cache folder (:func:`key_file`:
``$XDG_CACHE_HOME/cardforge/parse-key``, else ``~/.cache/cardforge/parse-key``, on Windows
``%LOCALAPPDATA%\\cardforge\\parse-key``; never inside the workspace), made on first use with
mode 0600 and refused with any other (on Windows, whose file modes say only "read-only", the
user's own profile folder protects it: see :data:`MODE_PROTECTS_KEY`). An entry
another machine or user wrote, or that anyone changed, fails the check and the file is
parsed again; where the key can be neither read nor made, nothing is kept. At most
:data:`MAX_ENTRIES` entries are kept, the oldest removed first.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from cardforge.boundary import atomic, trust
from cardforge.build import build_fingerprint
from cardforge.loading.document import Document

MIN_BYTES = 16 * trust.KiB
"""Smallest file kept, in characters of its text (at least as many bytes): below this,
parsing takes a few milliseconds (every shipped file is smaller). A 16 KiB card file takes
about 7 ms to parse and under 1 ms to read back; the deck files of a 1,000-card game are
45–85 KiB, so an edit of one of them no longer parses the others again."""

MAX_ENTRIES = 200
"""Most entries kept; past it, the oldest are removed down to :data:`KEPT_AFTER_PRUNING`."""

KEPT_AFTER_PRUNING = 150

FORMAT = b"cardforge parsed YAML 2\n"
"""Mixed into every entry's name: a change to the entry's shape must change it."""

@cache
def _parser_digest() -> bytes:
    """FORMAT, PyYAML's version and whether its C parser is used, the YAML limits of
    :mod:`cardforge.boundary.trust` (a tightened limit must apply to files kept before) and the code
    that parses (:func:`cardforge.build.build_fingerprint.code_digest` ``"parse"``: the parsing
    modules' text, PyYAML's version and files), digested once, so an upgrade or an edit of
    the parser never reads back what an older one made."""
    limits = (trust.MAX_BYTES["yaml"], trust.MAX_YAML_NODES, trust.MAX_YAML_DEPTH, trust.MAX_NUMBER_CHARS)
    digest = hashlib.sha256(FORMAT + yaml.__version__.encode() + repr(limits).encode()
                            + (b" libyaml" if hasattr(yaml, "CSafeLoader") else b" python"))
    digest.update(build_fingerprint.code_digest("parse").encode())
    return digest.digest()

KEY_BYTES = 32

MODE_PROTECTS_KEY = os.name != "nt"
"""Whether the key file's owner and mode (0600, this user's) are what keeps others from it.
On Windows ``os.stat`` reports only the read-only attribute as a mode (0666 or 0444) and no
owner, so no mode check can hold there: the key is kept in ``%LOCALAPPDATA%``, which
Windows' default access list gives to its user (with SYSTEM and administrators) alone, and
only its type and size are checked."""


def key_file() -> Path | None:
    """Where the signing key lives: ``$XDG_CACHE_HOME/cardforge/parse-key`` when that
    variable is an absolute path (a relative one is ignored, as the XDG specification says),
    else ``%LOCALAPPDATA%\\cardforge\\parse-key`` on Windows, else
    ``~/.cache/cardforge/parse-key``; None when there is no home folder to put it in,
    or when that place lies in the workspace (the key must be where no workspace file is)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base) and not MODE_PROTECTS_KEY:
        base = os.environ.get("LOCALAPPDATA", "")  # Windows: the user's own, not roaming
    if not os.path.isabs(base):
        home = os.path.expanduser("~")
        if not os.path.isabs(home):  # no HOME and no password entry: "~" stays "~"
            return None
        base = os.path.join(home, ".cache")
    path = Path(base) / "cardforge" / "parse-key"
    roots = trust.allowed_roots()
    if roots is not None and trust.inside(path, roots):
        return None
    return path


def _read_key(path: Path) -> bytes | None:
    """The key at ``path``: a regular file (not a symlink, not a pipe) of :data:`KEY_BYTES`
    bytes owned by this user that no one else may read or write (mode 0600 or stricter;
    where :data:`MODE_PROTECTS_KEY` is false, its place protects it); None otherwise."""
    try:
        fd = os.open(path, trust.READ_FLAGS)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if (not stat.S_ISREG(info.st_mode) or info.st_size != KEY_BYTES
                or (MODE_PROTECTS_KEY and (info.st_mode & 0o077
                                           or (hasattr(os, "getuid") and info.st_uid != os.getuid())))):
            return None
        key = os.read(fd, KEY_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return key if len(key) == KEY_BYTES else None


def signing_key() -> bytes | None:
    """The user's key (see the module docstring), made on first use; None when it can be
    neither read nor made (no home folder, a read-only one, a file of another owner or
    that others may read)."""
    path = key_file()
    if path is None:
        return None
    key = _read_key(path)
    if key is not None:
        return key
    made = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, name = tempfile.mkstemp(prefix=".parse-key.", dir=path.parent)  # mode 0600
        made = Path(name)
        try:
            os.write(fd, os.urandom(KEY_BYTES))
        finally:
            os.close(fd)
        try:
            os.link(made, path)  # fails if another process made it first: theirs is used
        except FileExistsError:
            pass
    except OSError:
        return None
    finally:
        if made is not None:
            made.unlink(missing_ok=True)
    return _read_key(path)


@dataclass(frozen=True)
class ParseCache:
    """Signed parsed-YAML entries under ``folder`` (``<cache>/parsed``), keyed with ``key``."""

    folder: Path
    key: bytes

    @classmethod
    def at(cls, cache: Path) -> ParseCache | None:
        """The parse cache of the cache folder ``cache``; None when there is no signing key."""
        key = signing_key()
        return cls(cache / "parsed", key) if key is not None else None

    def entry(self, text: str) -> Path:
        """The entry file of a YAML file whose text is ``text``."""
        digest = hashlib.sha256(_parser_digest() + text.encode("utf-8", "surrogatepass")).hexdigest()
        return self.folder / f"{digest}.json"

    def get(self, text: str, path: Path) -> Document | None:
        """The Document of ``text`` (read from ``path``) as kept, or None when no entry
        passes the checks: a regular file in the cache folder, within the cache size
        limit, signed with this key, of the expected shape."""
        entry = self.entry(text)
        try:
            raw = trust.read_bytes(entry, "cache", (self.folder.parent.resolve(),))
        except (trust.Refused, OSError, ValueError):
            return None
        signature, _, payload = raw.partition(b"\n")
        if not hmac.compare_digest(signature, self._sign(entry.name, payload)):
            return None
        flags, _, rest = payload.partition(b"\n")
        data_json, _, tree_json = rest.partition(b"\n")
        try:
            data = json.loads(data_json)
        except (ValueError, RecursionError):
            return None
        if flags not in (b"plain", b"-") or not tree_json.startswith(b"["):
            return None
        return Document(path=path, data=data, lines=text.splitlines(), tree_json=tree_json,
                        plain_json=flags == b"plain")

    def put(self, text: str, doc: Document) -> None:
        """Keep ``doc`` (parsed from ``text``, its data JSON can hold exactly). Best effort:
        a cache that cannot be written (read-only, full) is left as it is."""
        if doc.tree is None:  # an empty document: nothing worth keeping
            return
        entry = self.entry(text)
        try:
            data, tree = (json.dumps(part, ensure_ascii=False, separators=(",", ":"), check_circular=False)
                          .encode("utf-8", "surrogatepass") for part in (doc.data, doc.tree))
        except (TypeError, ValueError, RecursionError):  # pragma: no cover - Walker.json_exact said so
            return
        payload = b"\n".join((b"plain" if doc.plain_json else b"-", data, tree))
        signed = self._sign(entry.name, payload) + b"\n" + payload
        if len(signed) > trust.MAX_BYTES["cache"]:  # it would be refused when read
            return
        try:
            atomic.real_folder(self.folder)  # never written through a symlink in its place
            atomic.write_atomically(entry, lambda handle: handle.write(signed), sync=False)
            self._prune()
        except OSError:
            return

    def _sign(self, name: str, payload: bytes) -> bytes:
        """The hex HMAC-SHA256 of an entry's name and payload."""
        return hmac.new(self.key, name.encode() + b"\n" + payload, hashlib.sha256).hexdigest().encode()

    def _prune(self) -> None:
        """Remove the oldest entries when there are more than :data:`MAX_ENTRIES` (only
        regular files are entries; what cannot be removed is left for the next time)."""
        entries = []
        for path in self.folder.iterdir():
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if path.suffix == ".json" and stat.S_ISREG(info.st_mode):
                entries.append((info.st_mtime, path))
        if len(entries) <= MAX_ENTRIES:
            return
        entries.sort()
        for _, old in entries[:len(entries) - KEPT_AFTER_PRUNING]:
            try:
                old.unlink()
            except OSError:
                continue
