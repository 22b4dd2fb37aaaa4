"""Writing a planned game into a workspace: every file atomically, only inside the
workspace, never over a file that is there, and all or nothing."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.errors import CardforgeError, ConfigError
from cardforge.scaffold import Plan


@dataclass
class Written:
    """What a write made: ``files`` in the order written and ``folders`` that did not exist
    before (outermost first), so :meth:`undo` can take all of it back."""

    files: list[Path] = field(default_factory=list)
    folders: list[Path] = field(default_factory=list)

    def undo(self) -> None:
        """Remove the files and new folders written (best effort: a run that fails half-way
        should leave the workspace as it found it)."""
        for path in reversed(self.files):
            path.unlink(missing_ok=True)
        for folder in self.folders:
            shutil.rmtree(folder, ignore_errors=True)


def check_plan(plan: Plan, workspace: Path) -> None:
    """Raise ConfigError when a planned file would land outside ``workspace`` (a folder on
    its way is a link leading out) or where a file, folder or link already is."""
    root = workspace.resolve()
    for path in plan:
        if os.path.lexists(path):
            shown = path.relative_to(workspace) if path.is_relative_to(workspace) else path
            raise ConfigError(f"{shown} already exists", hint="cardforge new never overwrites a file; "
                                                              "move it away or choose another id")
        if not path.resolve().is_relative_to(root):
            raise ConfigError(f"{path} would be written outside the workspace ({path.resolve()})",
                              hint="a folder on its way is a link out of the workspace; "
                                   "replace it with a real folder")


def write_plan(plan: Plan, workspace: Path) -> Written:
    """Write every file of ``plan`` atomically (checked with :func:`check_plan` first) and
    return what was written. On any failure what was written is removed again and the error
    raised: ConfigError from the check, CardforgeError (exit 2) naming the file that could
    not be written."""
    check_plan(plan, workspace)
    trust.writable(workspace, "workspace")
    written = Written()
    try:
        for path, contents in plan.items():
            written.folders.extend(_new_folders(path.parent, workspace))
            write_atomically(path, lambda handle, data=contents: handle.write(data))
            written.files.append(path)
    except OSError as exc:
        written.undo()
        raise CardforgeError(f"cannot write {exc.filename or 'a file'}: {exc.strerror or exc}",
                             hint="check the disk space and the workspace's permissions; "
                                  "nothing was left behind") from None
    except BaseException:
        written.undo()
        raise
    return written


def _new_folders(folder: Path, workspace: Path) -> list[Path]:
    """The outermost folder of ``folder``'s ancestors (up to ``workspace``) that does not
    exist yet, as a one-item list (removing it removes the rest), or [] when it exists."""
    missing = None
    while not folder.exists() and folder != workspace and folder != folder.parent:
        missing, folder = folder, folder.parent
    return [missing] if missing is not None else []
