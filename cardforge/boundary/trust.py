"""The trust boundary: every workspace file cardforge reads, and every folder it writes, goes through here.

A workspace arrives in a pull request and is linted and built in CI, so each of its files is
untrusted: card YAML, game.yaml, rules Markdown, PO catalogs, templates, CSS, SVG icons,
art, print profiles, configuration, and whatever is already in the cache. This module is
the one place that decides what may be read and written (docs/security.md states the
promise and every limit):

- **Reads**: only *regular files* whose resolved path (every symlink followed) lies inside
  one of the allowed roots: the workspace a command was started in (:func:`confined`) and
  cardforge's installed templates, schemas and profiles. Devices, FIFOs, sockets, folders,
  symlink loops and files larger than their kind's limit (:data:`MAX_BYTES`) are refused
  with a :class:`Refused` naming the file and a hint. Files are opened non-blocking, so a
  FIFO never hangs a run.
- **Writes**: only under the output and cache folders, which must resolve inside the
  workspace unless the command line names them (:func:`write_folder`).
- **Sizes and counts**: each limit is a named constant below, ten times above the largest
  real use; docs/security.md gives the reasoning for each.

Outside a command (library use, tests) no workspace is set and containment is not checked;
every other check still is. Commands call :func:`confined` before they read anything.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from cardforge.boundary import read_log
from cardforge.boundary.resources import data_dir
from cardforge.problem import Location, Problem

READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
"""The flags every untrusted file is opened with (``os.open``), each where the platform has it.
``O_NONBLOCK`` (POSIX): a FIFO opens without waiting for a writer; Windows has no such flag
and no FIFO a path can name, so without it nothing can hang there either. ``O_NOFOLLOW``
(POSIX): a symlink swapped in after :func:`resolve` is not followed; without it (Windows) the
file is still the one :func:`resolve` checked unless the workspace changes mid-read, and
:func:`os.fstat` still refuses anything but a regular file. ``O_CLOEXEC``: not inherited by
a child (Windows handles are not inherited by default). ``O_BINARY`` (Windows): no newline
translation. Never name these ``os`` constants directly elsewhere: use this value (the
simulated-platform job, ``.ci/simulated_platform.sh``, removes them)."""

KiB = 1024
MiB = 1024 * KiB

MAX_BYTES: dict[str, int] = {
    "yaml": 64 * MiB,      # the 50,000-card benchmark deck is ~15 MiB; shipped files are < 20 KiB
    "markdown": 512 * KiB,  # a shipped rulebook is < 30 KiB; markdown-it's time grows fast with crafted input
    "po": 32 * MiB,        # the 10,000-card benchmark's catalogs are ~3 MiB
    "toml": 1 * MiB,       # configuration and print profiles: a few hundred bytes
    "template": 2 * MiB,   # Jinja2 templates and CSS: shipped ones are < 20 KiB
    "svg": 4 * MiB,        # icons and artwork: shipped ones are < 4 KiB
    "image": 64 * MiB,     # PNG/JPEG art: a 600 dpi tarot card is ~6 MiB
    "font": 64 * MiB,      # Noto Sans CJK is ~20 MiB
    "icc": 16 * MiB,       # a CMYK press profile is ~0.5-2 MiB
    "cache": 64 * MiB,     # one laid-out face or a measurement file; a face book per game
    "json": 16 * MiB,      # JSON Schemas and cache sidecars
    "sheet": 64 * MiB,     # CSV/XLSX/ODS deck files: a 10,000-row XLSX is ~1 MiB, its CSV ~2 MiB
    "other": 64 * MiB,     # any other file a face links to
}
"""Largest file read, in bytes, per kind of file."""

MAX_BOOK_BYTES_PER_FACE = 256 * KiB
"""Bytes a face book (cache) may grow by per face it holds, on top of ``MAX_BYTES["cache"]``:
ten times the ~25 KiB a Comic Creator face takes in its book (Japanese font subsets)."""

MAX_YAML_NODES = 2_000_000
"""Nodes one YAML file may expand to, aliases and merge keys counted at every use.
The 10,000-card benchmark deck has ~200,000; a 1 KiB alias bomb expands to 10^10."""

MAX_YAML_DEPTH = 200
"""Nesting depth of one YAML file (cards nest about 6 deep)."""

MAX_NUMBER_CHARS = 100
"""Characters of one YAML number (``1:2:3…`` takes quadratic time to read): shipped numbers
have at most 5, ten times is 50; 100 lets a 64-bit integer in binary (``0b…``) through."""

MAX_IMAGE_PIXELS = 60_000_000
"""Pixels of one raster image, checked from its header before it is decoded: ten times a
tarot card's full-bleed art at 600 dpi (~6 MP). A 13,000 x 13,000 PNG (169 MP) is refused."""

MAX_SHEET_ROWS = 200_000
"""Rows of one sheet (CSV, XLSX, ODS deck file): four times the 50,000-card benchmark deck."""

MAX_SHEET_COLUMNS = 1_000
"""Columns of one sheet: a Comic Creator Skill card spreads over about 15."""

MAX_SHEET_CELLS = 4_000_000
"""Cells of one sheet's range, rows x columns from its first cell to its last, empty ones
included (calamine builds it whole), checked from the sheet's XML before it is built: at
the limit a sheet takes ~0.5 GiB to read. The 10,000-row benchmark spans ~150,000; a
50,000-card deck in 15 columns, 750,000."""

MAX_SHEET_UNPACKED = 512 * MiB
"""Bytes the members of one XLSX/ODS archive may unpack to, checked before it is opened:
a 10,000-row sheet unpacks to ~10 MiB (a zip bomb unpacks to gigabytes)."""

MAX_PO_ENTRIES = 200_000
"""Entries of one PO catalog: ten times the ~20,000 of the 10,000-card benchmark's."""

MAX_PO_PLURAL_FORMS = 60
"""Plural forms a PO catalog's header may declare (``nplurals``): ten times the six of Arabic."""

MAX_FUZZY_COMPARISONS = 200_000
"""Text comparisons (new texts x old translations) fuzzy matching may make when a catalog is
merged: ten times a 20,000-entry catalog meeting one new text. Past it, only texts at the same
file:line are matched (each comparison costs up to ~0.1 ms)."""

MAX_MARKDOWN_NESTING = 30
"""List and block-quote levels in a rules file: ten times the three a rulebook uses."""

MAX_TEMPLATE_OUTPUT = 4 * MiB
"""Characters one template render may produce (a card face is < 40 KiB of HTML)."""

MAX_TEMPLATE_SECONDS = 10.0
"""Seconds one template render may take (a card face takes < 10 ms)."""

MAX_TEMPLATE_RANGE = 1_000_000
"""Items all ``range()`` calls of one template render may produce together."""

MAX_SVG_DEPTH = 100
"""Element nesting of one SVG file (shipped icons nest < 6 deep)."""

MAX_TOML_DEPTH = 32
"""Table nesting of a configuration or profile file (they nest 2 deep)."""

MAX_DIE_FACES = 60
"""Faces of one die: ten times a six-sided die."""

MAX_PALETTE_COLOURS = 1000
"""Colours one template palette file declares (the built-in palettes hold fewer than 15)."""

MAX_ODDS_PATTERNS = 40_000
"""Roll patterns one exact-odds computation may visit (cardforge.dice): ten times the ~4,000
of Comic Creator's hardest cost (RUN3 RUN3) from its 13-dice late pool on a d6."""


class Refused(Exception):
    """A file that may not or cannot be read: ``path`` as asked for, ``reason`` in words and
    a ``hint``; ``line``/``col`` when the reason has a place inside the file."""

    def __init__(self, path: Path, reason: str, hint: str = "", line: int = 1, col: int = 1) -> None:
        super().__init__(path, reason)
        self.path, self.reason, self.hint, self.line, self.col = path, reason, hint, line, col

    def __str__(self) -> str:
        return f"{self.location}: {self.reason}"

    @property
    def location(self) -> Location:
        """Where the refusal points: the file, at ``line``:``col``."""
        return Location(self.path, self.line, self.col)

    def problem(self, code: str) -> Problem:
        """This refusal as a lint Problem with ``code`` (an error at the file)."""
        return Problem(self.location, code, self.reason, hint=self.hint or None)


_roots: tuple[Path, ...] | None = None
_installed: tuple[Path, ...] = ()


def builtin_roots() -> tuple[Path, ...]:
    """cardforge's own templates, schemas and profiles folders, then the installed packs'
    data folders (:func:`allow_installed`), all resolved."""
    found = []
    for name in ("templates", "schemas", "profiles"):
        try:
            found.append(data_dir(name).resolve())
        except FileNotFoundError:  # pragma: no cover - a broken install
            continue
    return (*found, *_installed)


def allow_installed(*folders: Path) -> None:
    """Let the data folders of an installed game pack (a third-party pack's ``schemas_dir``
    and ``templates_dir``: installed code's own files, not the workspace's) be read like
    cardforge's built-in data, for the rest of the process. Folders that do not exist are
    ignored; each folder is added once."""
    global _installed
    for folder in folders:
        if folder.is_dir() and (resolved := folder.resolve()) not in _installed:
            _installed = (*_installed, resolved)


@contextmanager
def confined(workspace: Path, *extra: Path) -> Iterator[tuple[Path, ...]]:
    """Allow reads only inside ``workspace``, ``extra`` folders (given on the command line)
    and the built-in data while the block runs; yields the allowed roots (resolved)."""
    global _roots
    before = _roots
    _roots = (workspace.resolve(), *(e.resolve() for e in extra), *builtin_roots())
    try:
        yield _roots
    finally:
        _roots = before


def allowed_roots() -> tuple[Path, ...] | None:
    """The folders reads are confined to (with the installed packs' data folders allowed
    since the block began), or None outside a command (not confined)."""
    if _roots is None:
        return None
    return (*_roots, *(folder for folder in _installed if folder not in _roots))


def inside(path: Path, roots: Sequence[Path] | None = None) -> bool:
    """Whether the resolved ``path`` lies inside one of ``roots`` (default: the allowed
    roots; True when not confined)."""
    roots = allowed_roots() if roots is None else roots
    return roots is None or any(path.is_relative_to(root) for root in roots)


def resolve(path: Path, roots: Sequence[Path] | None = None) -> Path:
    """``path`` with every symlink followed, checked to lie inside ``roots`` (default: the
    allowed roots). Raises :class:`Refused` for a symlink loop, a missing file, or a path
    outside the roots."""
    try:
        resolved = path.resolve(strict=True)
    except RuntimeError:
        raise Refused(path, "symlink loop", "replace the link with the file itself") from None
    except FileNotFoundError:
        raise Refused(path, "file not found", "check the name and the folder") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise Refused(path, "symlink loop", "replace the link with the file itself") from None
        raise Refused(path, f"cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL byte in the path
        raise Refused(path, f"not a usable file name: {exc}", "remove control characters") from None
    if not inside(resolved, roots):
        raise Refused(path, "is outside the workspace" + (f" (it leads to {resolved})" if resolved != path
                                                          else ""),
                      "keep every file the game uses inside the workspace, as a regular file")
    return resolved


def read_bytes(path: Path, kind: str, roots: Sequence[Path] | None = None) -> bytes:
    """The bytes of the regular file ``path``, of kind ``kind`` (a key of :data:`MAX_BYTES`),
    read only if it resolves inside ``roots`` (default: the allowed roots).

    Raises :class:`Refused` for a path outside the roots, a symlink loop, a missing file, a
    folder, device, FIFO or socket, a file over the kind's size limit, or a read error.
    """
    limit = MAX_BYTES[kind]
    resolved = resolve(path, roots)
    try:
        fd = os.open(resolved, READ_FLAGS)
    except IsADirectoryError:
        raise Refused(path, "is a folder, not a file", "remove it or rename it") from None
    except OSError as exc:
        raise Refused(path, f"cannot read: {exc.strerror or exc}",
                      "check the file's permissions") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise Refused(path, "is a folder, not a file", "remove it or rename it")
        if not stat.S_ISREG(info.st_mode):
            raise Refused(path, "is not a regular file (a device, pipe or socket)",
                          "only plain files are read; replace it with a file")
        if info.st_size > limit:
            raise Refused(path, f"is too large ({_size(info.st_size)}; the limit for {kind} files "
                                f"is {_size(limit)})", "split the file or make it smaller")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 * MiB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise Refused(path, f"is too large (over {_size(limit)}, the limit for {kind} files)",
                              "split the file or make it smaller")
        data = b"".join(chunks)
        read_log.note(resolved, info, data, kind)
        return data
    except OSError as exc:
        raise Refused(path, f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def decode(data: bytes, path: Path) -> str:
    """``data`` as text: UTF-8, a leading byte-order mark dropped. Raises :class:`Refused`
    naming the line and column of the first byte that is not UTF-8, and for UTF-16/32."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(data) > 1 and (data[0] == 0 or data[1] == 0)):
        raise Refused(path, "is UTF-16 or UTF-32 text, not UTF-8",
                      "save the file as UTF-8 (in most editors: Save As, Encoding: UTF-8)")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        raise Refused(path, f"is not UTF-8 text (byte 0x{data[exc.start]:02x})",
                      "save the file as UTF-8", line, col) from None


def read_text(path: Path, kind: str, roots: Sequence[Path] | None = None) -> str:
    """The text of ``path``: :func:`read_bytes` then :func:`decode`. Raises :class:`Refused`."""
    return decode(read_bytes(path, kind, roots), path)


def write_folder(path: Path, workspace: Path, *, from_command_line: bool, what: str,
                 setting: str | None = None) -> Path:
    """The resolved output or cache folder ``path``. A folder from the configuration must
    resolve inside ``workspace``; one named on the command line may be anywhere.

    Raises :class:`~cardforge.errors.ConfigError` naming ``setting`` (e.g.
    ``cardforge.toml: out``) for a configured folder outside the workspace.
    """
    from cardforge.errors import ConfigError

    resolved = path.resolve()
    if not from_command_line and not resolved.is_relative_to(workspace.resolve()):
        raise ConfigError(f"{setting or what}: {what} folder {resolved} is outside the workspace",
                          hint="configured folders stay inside the workspace; to write elsewhere, "
                               "name the folder on the command line")
    return resolved


def writable(folder: Path, what: str) -> Path:
    """Check that ``folder`` can be created or written, without creating it. Raises
    :class:`~cardforge.errors.CardforgeError` (exit 2) naming the folder and the reason (a
    read-only file system, no permission, a file in the way). A disk that fills up during
    the run is reported where the write fails."""
    from cardforge.errors import CardforgeError

    existing = folder
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    reason = None
    if not existing.is_dir():
        reason = f"{existing} is a file, not a folder"
    elif not os.access(existing, os.W_OK | os.X_OK):
        reason = "read-only file system" if _read_only(existing) else "no permission to write there"
    if reason:
        raise CardforgeError(f"cannot write the {what} folder {folder}: {reason}",
                             hint=f"choose another {what} folder, or fix its permissions")
    return folder


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows): said as "no permission" instead
        return False


def _size(n: int) -> str:
    return f"{n / MiB:.1f} MiB" if n >= MiB else f"{n / KiB:.1f} KiB" if n >= KiB else f"{n} bytes"
