"""Cheap fingerprints of what a build depends on besides the files it reads.

A build's output depends on the files it read (:mod:`cardforge.boundary.read_log`), and also on:

- the code that read them: cardforge itself and the libraries that lay pages out
  (:func:`environment`: their files' sizes and modification times, the Python version);
- the fonts installed on the machine (the modification times of the font folders and of
  fontconfig's caches, which change when a font package is installed or removed);
- which files exist where the build looks for optional ones (a template override, a new
  card file): :func:`listing`, the names of every file and folder under the game's folders.

Each is a hex digest that takes milliseconds: no file's content is read.

The caches that keep what was made (faces, laid-out documents, template fragments, parsed
YAML) key every entry with :func:`code_digest` as well: the *content* of cardforge's code
and the version and file stamps of every library the output depends on, computed here and
nowhere else, so a changed renderer (an edited module, an upgraded WeasyPrint or pydyf)
never serves an entry an older one made. The resident process is named by
:func:`installed` (every distribution Python can import, with its files' state) besides.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from functools import cache
from pathlib import Path

from cardforge import __version__

LIBRARIES = ("weasyprint", "pydyf", "tinyhtml5", "tinycss2", "cssselect2", "fontTools", "pikepdf",
             "pypdfium2", "jinja2", "markupsafe", "PIL", "yaml", "babel", "markdown_it", "celpy")
"""Modules whose package folder and ``__init__`` the stat-only :func:`environment` stamps
(found without importing them); :func:`code_digest` stamps every code file of theirs."""

FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "/var/cache/fontconfig",
                "~/.fonts", "~/.local/share/fonts", "~/.cache/fontconfig")
"""Where fonts and fontconfig's caches live; installing a font changes one of them."""

SKIPPED_FOLDERS = frozenset({".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__"})
"""Folder names never walked: version control, virtual environments, bytecode."""

MAX_LISTING_ENTRIES = 200_000
"""Files and folders :func:`listing` walks before it gives up (the build then simply runs):
the 50,000-card benchmark workspace has a few dozen; a workspace of art has thousands."""

_CODE_SUFFIXES = (".py", ".toml", ".json", ".j2", ".css", ".svg", ".po", ".mo")

RENDER_DISTRIBUTIONS = ("weasyprint", "pydyf", "tinyhtml5", "tinycss2", "cssselect2", "fonttools",
                        "pillow", "pikepdf", "pypdfium2", "jinja2", "markupsafe", "pyyaml", "babel",
                        "markdown-it-py", "cel-python", "brotli", "zopfli", "cffi", "icepool",
                        "matplotlib", "python-calamine", "jsonschema", "click")
"""Distributions whose code shapes what a render or a lint makes (layout, PDF writing and
subsetting, rasterising, templates, YAML, catalogs, odds, plots, spreadsheets, schemas):
their versions and the stamps of their files are in :func:`code_digest` ``"render"``."""

PARSE_MODULES = ("loading/yaml_source.py", "loading/yaml_walk.py", "loading/yaml_limits.py",
                 "loading/document.py", "loading/parse_cache.py", "boundary/trust.py",
                 "build/build_fingerprint.py")
"""cardforge's modules that decide what parsing a YAML file makes (:func:`code_digest`
``"parse"``, the parse cache's key: narrower than ``"render"``, so editing a renderer keeps
the parsed files)."""

_PACKAGE = Path(__file__).resolve().parents[1]

_LIBRARY_CODE = (".py", ".so", ".pyd", ".dll", ".dylib", ".css", ".ttf", ".icc")
"""A library's files whose stamps :func:`code_digest` takes (its data files, such as
Babel's thousand locale files, change only with its version, which is taken as well)."""


def _tree_lines(root: Path, suffixes: tuple[str, ...] | None, limit: int, stamps: bool = True
                ) -> list[str] | None:
    """``relative-path size mtime_ns`` (just the path unless ``stamps``) of every file under
    ``root`` (only ``suffixes`` when given) and ``relative-path/`` of every folder, folders in
    :data:`SKIPPED_FOLDERS` skipped, sorted; None past ``limit`` entries."""
    lines: list[str] = []
    stack = [str(root)]
    start = len(str(root)) + 1  # an entry's path relative to root: its path past this
    while stack:
        folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if len(lines) >= limit:
                return None
            relative = entry.path[start:]
            try:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name not in SKIPPED_FOLDERS:
                        stack.append(entry.path)
                        lines.append(f"{relative}/")
                    continue
                if not stamps:
                    lines.append(relative)
                elif suffixes is None or entry.name.endswith(suffixes):
                    info = entry.stat(follow_symlinks=False)
                    lines.append(f"{relative} {info.st_size} {info.st_mtime_ns}")
            except OSError:
                lines.append(f"{relative} unreadable")
    return sorted(lines)


def _digest(lines: list[str]) -> str:
    return hashlib.blake2b("\n".join(lines).encode("utf-8", "surrogateescape"), digest_size=32).hexdigest()


def environment() -> str:
    """Digest of cardforge's version and code files (size and modification time), every
    installed distribution (:func:`installed`), the package folder and ``__init__`` of each
    of :data:`LIBRARIES` (found without importing them), the fonts (:data:`FONT_FOLDERS`)
    and the Python version. Changes when any of them is installed, upgraded or removed, or a
    file of cardforge edited. Stats only (~3 ms): what the build manifest keys an
    up-to-date game with. An in-place edit of a library's module other than its
    ``__init__`` is not seen here (stamping every library file took ~100 ms); it is seen
    by :func:`code_digest`, so ``--force`` never serves a face laid out by the old code."""
    lines = [f"cardforge {__version__}", f"python {sys.version}", installed()]
    lines += _tree_lines(_PACKAGE, _CODE_SUFFIXES, MAX_LISTING_ENTRIES) or ["cardforge: too many files"]
    for name in LIBRARIES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        origin = Path(spec.origin) if spec is not None and spec.origin else None
        lines.append(f"{name} {_stamp(origin.parent)} {_stamp(origin)}" if origin else f"{name} absent")
    for folder in FONT_FOLDERS:
        path = Path(folder).expanduser()
        lines.append(f"{folder} {_stamp(path)}")
        if path.is_dir():
            lines += [f"{folder}/{entry.name} {_stamp(entry.path)}" for entry in _entries(path)]
    return _digest(lines)


def _entries(folder: str | Path) -> list[os.DirEntry[str]]:
    try:
        return sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []


def _stamp(path: str | Path) -> str:
    """``size mtime_ns`` of ``path``, or ``absent``."""
    try:
        info = os.stat(path)
    except OSError:
        return "absent"
    return f"{info.st_size} {info.st_mtime_ns}"


def listing(workspace: Path, folders: tuple[Path, ...]) -> str | None:
    """Digest of the names of every file and folder under ``folders`` (each inside
    ``workspace``; one that does not exist counts as absent) and of the workspace's own
    top-level files, with nothing's content or time in it: adding, removing or renaming a
    file changes it, editing one does not (the read log sees edits). None when the folders
    hold more than :data:`MAX_LISTING_ENTRIES` entries."""
    lines = sorted(f"top {entry.name}" for entry in _entries(workspace) if entry.is_file())
    for folder in folders:
        tree = _tree_lines(folder, None, MAX_LISTING_ENTRIES, stamps=False) if folder.is_dir() else ["absent"]
        if tree is None:
            return None
        rel = folder.relative_to(workspace) if folder.is_relative_to(workspace) else folder
        lines += [f"{rel} {line}" for line in tree]
    return _digest(lines)


@cache
def code_digest(scope: str = "render") -> str:
    """Digest (64 hex digits) of the code that makes a cached entry, the one every cache key
    includes. ``"render"``: the content of every code and data file of the cardforge package
    (:data:`_CODE_SUFFIXES`, ``__pycache__`` skipped) and, for each of
    :data:`RENDER_DISTRIBUTIONS`, its version and the size and modification time of each code
    file its installation lists (its RECORD), so an edit to any file of a library counts too;
    ``"parse"``: the content of :data:`PARSE_MODULES` and PyYAML's version and files.
    Computed once a process, with system calls rather than :mod:`pathlib` (it is on the path
    of every build that renders); a resident process's identity (:func:`installed`) changes
    when any of it does, so a warm process never keeps an old one.
    Raises ValueError for another scope."""
    if scope == "render":
        files, names = _package_files(), RENDER_DISTRIBUTIONS
    elif scope == "parse":
        files, names = [str(_PACKAGE / name) for name in PARSE_MODULES], ("pyyaml",)
    else:
        raise ValueError(f"unknown code scope {scope!r}")
    digest = hashlib.sha256(f"{scope} python {sys.version}".encode())
    start = len(str(_PACKAGE)) + 1
    for path in files:
        data = _file_bytes(path)
        digest.update(f"\0{path[start:].replace(os.sep, '/')}\0{len(data)}\0".encode() + data)
    infos = _dist_infos()
    for name in names:
        state = _library_state(infos.get(_normal(name)))
        digest.update(f"\0{name} {state}".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _package_files() -> list[str]:
    """The path of every file of the cardforge package whose name ends in one of
    :data:`_CODE_SUFFIXES`, folders in :data:`SKIPPED_FOLDERS` (``__pycache__``) skipped and
    symbolic links to folders not followed, sorted."""
    found: list[str] = []
    stack = [str(_PACKAGE)]
    while stack:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for entry in entries:
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_folder = False
            if is_folder:
                if entry.name not in SKIPPED_FOLDERS:
                    stack.append(entry.path)
            elif entry.name.endswith(_CODE_SUFFIXES):
                found.append(entry.path)
    return sorted(found)


def _file_bytes(path: str) -> bytes:
    """The content of the file at ``path`` (one of cardforge's own), or ``b"unreadable"``."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except OSError:
        return b"unreadable"
    try:
        chunks = []
        while chunk := os.read(descriptor, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return b"unreadable"
    finally:
        os.close(descriptor)


def _normal(name: str) -> str:
    """A distribution's name as its ``.dist-info`` folder spells it (PEP 503, ``_`` for runs
    of ``-_.``, lower case)."""
    return "_".join(name.replace("-", "_").replace(".", "_").split("_")).lower()


def _dist_infos() -> dict[str, Path]:
    """The ``.dist-info`` / ``.egg-info`` folder of every distribution on ``sys.path`` by
    normalised name, the first found winning as it does for imports."""
    found: dict[str, Path] = {}
    for folder in sys.path:
        if not folder or not os.path.isdir(folder):
            continue
        for entry in _entries(Path(folder)):
            if entry.name.endswith((".dist-info", ".egg-info")):
                found.setdefault(_normal(entry.name.rsplit(".", 1)[0].split("-", 1)[0]), Path(entry.path))
    return found


def _library_state(info: Path | None) -> str:
    """``version digest`` of the distribution installed as ``info`` (its ``.dist-info``
    folder, whose name carries the version): the digest of the path, size and modification
    time of every code file (:data:`_LIBRARY_CODE`) its RECORD lists; ``absent`` when None."""
    if info is None:
        return "absent"
    try:
        record = (info / "RECORD").read_text(encoding="utf-8", errors="surrogateescape")
    except OSError:
        record = ""
    base = f"{info.parent}{os.sep}"
    lines = []
    for line in record.splitlines():
        path = line.split(",", 1)[0]
        if path.endswith(_LIBRARY_CODE):
            try:
                found = os.stat(base + path)
                lines.append(f"{path} {found.st_size} {found.st_mtime_ns}")
            except OSError:
                lines.append(f"{path} absent")
    return f"{info.name} {_digest(sorted(lines))}"


def installed() -> str:
    """Digest of every distribution on ``sys.path``: the name of each ``*.dist-info`` /
    ``*.egg-info`` entry (which carries name and version) with the size and modification
    time of the folder and of its RECORD (or PKG-INFO), and of each ``.pth`` file (an
    editable install's pointer), so installing, upgrading or removing any package changes
    it. Stats only (a few ms). The order of ``sys.path`` is not in it (a script's folder,
    the working folder and a test runner's additions come first there)."""
    lines: list[str] = []
    for folder in sys.path:
        if not folder or not os.path.isdir(folder):
            continue
        for entry in _entries(folder):
            if entry.name.endswith((".dist-info", ".egg-info")):
                kind = "RECORD" if entry.name.endswith(".dist-info") else "PKG-INFO"
                record = os.path.join(entry.path, kind)
                lines.append(f"{folder}/{entry.name} {_stamp(entry.path)} {_stamp(record)}")
            elif entry.name.endswith(".pth"):
                lines.append(f"{folder}/{entry.name} {_stamp(entry.path)}")
    return _digest(sorted(set(lines)))


def data_folders(names: tuple[str, ...], limit: int) -> str:
    """Digest of ``relative-path size mtime_ns`` of every file in the built-in data folders
    ``names`` (``cardforge/_data/<name>`` of an install, else ``<name>`` beside the package in
    a checkout, as :mod:`cardforge.boundary.resources` finds them, without importing it); a random
    digest past ``limit`` entries, so that nothing is shared on a guess."""
    lines: list[str] = []
    for name in names:
        for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
            if candidate.is_dir():
                tree = _tree_lines(candidate, None, limit)
                if tree is None:
                    return os.urandom(32).hex()
                lines += [f"{name} {line}" for line in tree]
                break
        else:
            lines.append(f"{name} absent")
    return _digest(lines)
