"""Which font families are installed: fontconfig's answer, or the platform's font folders.

Where fontconfig's ``fc-list`` is on the PATH (Linux, Macs with Homebrew's fontconfig) it
is asked. Elsewhere (Windows, most Macs) the font files in the platform's font folders
(:func:`font_folders`, the same folders the face cache's font fingerprint lists) are read
with fontTools, and a family is installed when one of their name tables gives it as a
family name (OpenType name IDs 1, 16 and 21: the family, the typographic family and the
WWS family, in any language), the names fontconfig matches ``:family=`` against.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping
from functools import cache

FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")
"""The font files read for their family names (TrueType and OpenType, single or collections)."""

FAMILY_NAME_IDS = (1, 16, 21)
"""OpenType name IDs that give a family name: family, typographic family, WWS family."""

MAX_FONT_FILES = 20_000
"""At most this many font files are read; past it the answer is "cannot tell" (True)."""


def font_folders(platform: str = sys.platform, environ: Mapping[str, str] = os.environ,
                 home: str | None = None) -> list[str]:
    """The folders fonts are installed in on ``platform`` (a ``sys.platform`` value), for
    everyone and for this user: Windows ``%WINDIR%\\Fonts`` and
    ``%LOCALAPPDATA%\\Microsoft\\Windows\\Fonts``; macOS ``/System/Library/Fonts``,
    ``/Library/Fonts`` and ``~/Library/Fonts``; elsewhere fontconfig's usual
    ``/usr/share/fonts``, ``/usr/local/share/fonts``, ``$XDG_DATA_HOME/fonts`` (default
    ``~/.local/share/fonts``) and ``~/.fonts``."""
    home = home if home is not None else os.path.expanduser("~")
    if platform == "win32":
        return [os.path.join(environ.get("WINDIR", r"C:\Windows"), "Fonts"),
                os.path.join(environ.get("LOCALAPPDATA", os.path.join(home, "AppData", "Local")),
                             "Microsoft", "Windows", "Fonts")]
    if platform == "darwin":
        return ["/System/Library/Fonts", "/Library/Fonts", os.path.join(home, "Library", "Fonts")]
    data = environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    return ["/usr/share/fonts", "/usr/local/share/fonts", os.path.join(data, "fonts"),
            os.path.join(home, ".fonts")]


@cache
def font_installed(family: str) -> bool:
    """Whether a font of ``family`` is installed: fontconfig's ``fc-list`` is asked where it
    is on the PATH; elsewhere the family names of the font files in :func:`font_folders`
    are (:func:`folder_families`). True when neither can tell (fc-list fails, or the folders
    hold no readable font file), leaving WeasyPrint's missing-glyph warnings as the check.
    Computed once a process for each family."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        found = folder_families(font_folders())
        return True if found is None else family.casefold() in found
    try:
        out = subprocess.run([fc_list, f":family={family}", "family"], capture_output=True,
                             text=True, timeout=30, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return True
    return any(family in line.split(",") for line in out.splitlines())


def folder_families(folders: Iterable[str]) -> frozenset[str] | None:
    """The family names (case-folded) of every font file under ``folders`` (searched
    recursively; a missing folder is skipped), read from each file's name table with
    fontTools (lazily: the table directory and the name table only). Files that are not
    fonts fontTools can read are skipped. None when no font file could be read, or there
    are more than :data:`MAX_FONT_FILES`: then nothing can be told from the folders."""
    paths = sorted(os.path.join(top, name) for folder in folders
                   for top, _dirs, files in os.walk(folder) for name in files
                   if name.lower().endswith(FONT_SUFFIXES))
    if not paths or len(paths) > MAX_FONT_FILES:
        return None
    names: set[str] = set()
    read = 0
    for path in paths:
        found = _family_names(path)
        if found is not None:
            read += 1
            names.update(found)
    return frozenset(names) if read else None


def _family_names(path: str) -> set[str] | None:
    """The case-folded family names of the font (or every font of the collection) at
    ``path``; None when fontTools cannot read it."""
    from fontTools.ttLib import TTCollection, TTFont  # imported only where fc-list is missing

    try:
        if path.lower().endswith((".ttc", ".otc")):
            with TTCollection(path, lazy=True) as collection:
                fonts = list(collection.fonts)
                return {n for font in fonts for n in _names_in(font)}
        with TTFont(path, lazy=True) as font:
            return _names_in(font)
    except Exception:  # unreadable or damaged: fontTools raises OSError, TTLibError, struct.error...
        return None


def _names_in(font: object) -> set[str]:
    table = font["name"]  # type: ignore[index]
    return {record.toUnicode(errors="replace").casefold() for record in table.names
            if record.nameID in FAMILY_NAME_IDS}
