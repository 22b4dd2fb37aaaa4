"""The template loader: templates and stylesheets read only through the trust boundary.

:class:`TrustedLoader` looks names up on a search path as :class:`jinja2.FileSystemLoader`
does (``/``-separated names, ``..`` refused, first folder that has the file wins, folders
listed without following links), but reads each file with
:func:`cardforge.boundary.trust.read_text` (kind ``template``): a template that is a symlink leading
outside the workspace, a FIFO, a device, an oversized or non-UTF-8 file is refused with a
:class:`~cardforge.boundary.trust.Refused` naming the file, instead of being read.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path

from cardforge.boundary import trust


class TrustedLoader(jinja2.BaseLoader):
    """Templates from the folders ``searchpath`` (first match wins), read through the trust
    boundary. ``searchpath`` is kept as a list of strings, as FileSystemLoader's is."""

    def __init__(self, searchpath: Sequence[Path | str]) -> None:
        self.searchpath = [os.fspath(folder) for folder in searchpath]

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        """``(source, file name, up-to-date check)`` of ``template``.

        Raises :class:`jinja2.TemplateNotFound` when no folder has it (or the name has a
        ``..`` part) and :class:`~cardforge.boundary.trust.Refused` when the file found may not be
        read (outside the allowed roots, not a regular file, too large, not UTF-8).
        """
        pieces = split_template_path(template)
        for folder in self.searchpath:
            path = Path(folder, *pieces)
            if not os.path.lexists(path) or path.is_dir():
                continue
            mtime = _mtime(path)
            source = trust.read_text(path, "template")
            return source, os.path.normpath(path), functools.partial(_unchanged, path, mtime)
        raise jinja2.TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        """Every template name on the search path (``/``-separated, sorted); links to
        folders are not followed, links to files are listed (reading them is checked)."""
        found: set[str] = set()
        for folder in self.searchpath:
            for dirpath, _, filenames in os.walk(folder):
                for filename in filenames:
                    relative = os.path.relpath(os.path.join(dirpath, filename), folder)
                    found.add(relative.replace(os.path.sep, "/").removeprefix("./"))
        return sorted(found)


def _unchanged(path: Path, mtime: float | None) -> bool:
    """Whether ``path`` still has modification time ``mtime`` (Jinja2's up-to-date check)."""
    return _mtime(path) == mtime


def _mtime(path: Path) -> float | None:
    try:
        return os.path.getmtime(path)
    except (OSError, ValueError):
        return None
