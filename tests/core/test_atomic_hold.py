"""cardforge.boundary.atomic.outputs_held: files under a held folder are written only once the hold
releases them; a refused write leaves nothing, not even its folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.boundary.atomic import outputs_held, write_atomically


def test_a_refused_write_leaves_no_file_and_no_folder(tmp_path: Path) -> None:
    def refuse() -> None:
        raise RuntimeError("lint errors")

    target = tmp_path / "out" / "game" / "cards.pdf"
    with outputs_held(tmp_path / "out", refuse), pytest.raises(RuntimeError, match="lint errors"):
        write_atomically(target, lambda handle: handle.write(b"%PDF"))
    assert not (tmp_path / "out").exists()


def test_release_is_asked_only_for_files_under_the_held_folder(tmp_path: Path) -> None:
    asked = []
    with outputs_held(tmp_path / "out", lambda: asked.append(True)):
        write_atomically(tmp_path / "cache" / "face.pdf", lambda handle: handle.write(b"a"))
        write_atomically(tmp_path / "outside.pdf", lambda handle: handle.write(b"b"))
        assert asked == []
        write_atomically(tmp_path / "out" / "g" / "cards.pdf", lambda handle: handle.write(b"c"))
        assert asked == [True]
    assert (tmp_path / "out" / "g" / "cards.pdf").read_bytes() == b"c"


def test_after_the_block_nothing_is_held(tmp_path: Path) -> None:
    def refuse() -> None:
        raise RuntimeError("held")

    with outputs_held(tmp_path, refuse):
        pass
    assert write_atomically(tmp_path / "free.pdf", lambda handle: handle.write(b"x")).exists()


def test_a_write_over_a_symlink_takes_nothing_from_its_target(tmp_path):
    """A committed cache entry may be a link to a setuid or world-writable file: the new
    file replaces the link and gets the usual mode."""
    import os

    from cardforge.boundary.atomic import write_atomically

    target = tmp_path / "target"
    target.write_bytes(b"x")
    os.chmod(target, 0o4777)
    link = tmp_path / "entry.json"
    link.symlink_to(target)
    write_atomically(link, lambda handle: handle.write(b"new"))
    assert not link.is_symlink() and link.read_bytes() == b"new" and target.read_bytes() == b"x"
    assert os.stat(link).st_mode & 0o7777 == 0o644
