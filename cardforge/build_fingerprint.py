"""Cheap fingerprints of what a build depends on besides the files it reads.

A build's output depends on the files it read (:mod:`cardforge.read_log`), and also on:

- the code that read them: cardforge itself and the libraries that lay pages out
  (:func:`environment`: their files' sizes and modification times, the Python version);
- the fonts installed on the machine (the modification times of the font folders and of
  fontconfig's caches, which change when a font package is installed or removed);
- which files exist where the build looks for optional ones (a template override, a new
  card file): :func:`listing`, the names of every file and folder under the game's folders.

Each is a hex digest that takes milliseconds: no file's content is read.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

from cardforge import __version__

LIBRARIES = ("weasyprint", "pydyf", "tinycss2", "cssselect2", "fontTools", "pikepdf", "pypdfium2",
             "jinja2", "markupsafe", "PIL", "yaml", "babel", "markdown_it", "celpy")
"""Libraries whose code shapes what a build writes (layout, PDF, templates, YAML, catalogs)."""

FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "/var/cache/fontconfig",
                "~/.fonts", "~/.local/share/fonts", "~/.cache/fontconfig")
"""Where fonts and fontconfig's caches live; installing a font changes one of them."""

SKIPPED_FOLDERS = frozenset({".git", ".hg", ".svn", ".venv", "venv", "node_modules", "__pycache__"})
"""Folder names never walked: version control, virtual environments, bytecode."""

MAX_LISTING_ENTRIES = 200_000
"""Files and folders :func:`listing` walks before it gives up (the build then simply runs):
the 50,000-card benchmark workspace has a few dozen; a workspace of art has thousands."""

_CODE_SUFFIXES = (".py", ".toml", ".json", ".j2", ".css", ".svg", ".po", ".mo")


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
    """Digest of cardforge's version and code, the layout libraries' code
    (:data:`LIBRARIES`, found without importing them), the fonts (:data:`FONT_FOLDERS`) and
    the Python version. Changes when any of them is upgraded, edited or installed."""
    package = Path(__file__).resolve().parent
    lines = [f"cardforge {__version__}", f"python {sys.version}"]
    lines += _tree_lines(package, _CODE_SUFFIXES, MAX_LISTING_ENTRIES) or ["cardforge: too many files"]
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
            lines += [f"{folder}/{entry.name} {_stamp(Path(entry.path))}" for entry in _entries(path)]
    return _digest(lines)


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    try:
        return sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []


def _stamp(path: Path) -> str:
    """``size mtime_ns`` of ``path``, or ``absent``."""
    try:
        info = path.stat()
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
