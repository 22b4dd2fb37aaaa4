"""docs/ci.md's cache between CI runs: a fresh clone of the repository, with the face cache
another clone saved restored into it (as actions/cache does: the folder's files, fresh
times), lays out no face again."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from cardforge.render.cache.face_cache import DEFAULT_FOLDER
from tests.render.test_cache_location_free import _render, _workspace
from tests.render.test_face_cache import DISTINCT


def _git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", "-c", "user.name=ci", "-c", "user.email=ci@example.invalid", *args], cwd=cwd,
                   check=True, capture_output=True, timeout=60)


def test_a_second_clone_with_the_restored_cache_lays_out_no_face(tmp_path):
    origin = _workspace(tmp_path)
    (origin / ".gitignore").write_text(f"{DEFAULT_FOLDER}/\n", encoding="utf-8")
    _git("init", "-q", cwd=origin)
    _git("add", "-A", cwd=origin)
    _git("commit", "-q", "-m", "game", cwd=origin)

    first_run = tmp_path / "runner-1" / "repo"
    first_run.parent.mkdir()
    _git("clone", "-q", str(origin), str(first_run), cwd=tmp_path)
    first = _render(first_run)
    assert first.laid_out == DISTINCT

    saved = tmp_path / "actions-cache"  # what the cache step keeps: the folder's files only
    shutil.copytree(first_run / DEFAULT_FOLDER, saved, copy_function=shutil.copyfile)

    second_run = tmp_path / "runner-2" / "checkout"
    second_run.parent.mkdir()
    _git("clone", "-q", str(origin), str(second_run), cwd=tmp_path)
    assert not (second_run / DEFAULT_FOLDER).exists()
    shutil.copytree(saved, second_run / DEFAULT_FOLDER, copy_function=shutil.copyfile)
    second = _render(second_run)
    assert second.laid_out == 0
    assert [f.name for f in second.files] == [f.name for f in first.files]
    assert len(second.pages()) == len(first.files)
