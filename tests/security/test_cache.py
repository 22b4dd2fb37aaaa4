"""A committed cache is untrusted: damaged, swapped, oversized or symlinked entries are
discarded and laid out again, never used, never a crash, never a way out of the workspace.

One copy of a shipped game is built once for the module (a cold build is the slow part);
each test damages entries of its face cache (``.cardforge-cache``) the way a pull request
could, runs the command again and checks it succeeds with the same result as the first
build and that every damaged entry was replaced by a good one, which leaves the cache
sound for the next test.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pikepdf
import pytest

from cardforge.build.cache_entries import read_json, sealed
from tests.security.conftest import Attack, assert_contained, make_attack
from tests.security.test_assets import CARDS, pdf_text

REBUILD = (*CARDS, "--force")
"""Build again although no input changed: the damaged cache is what is under test (without
--force the build manifest says the game is up to date and reads no face at all)."""

GAME = "dice-girls"  # quick to lint and build
MiB = 1024 * 1024


def cache(attack: Attack) -> Path:
    return attack.ws / ".cardforge-cache"


def faces(attack: Attack) -> list[Path]:
    """The cached face PDFs, sorted."""
    return sorted(p for p in cache(attack).glob("??/*.pdf"))


def books(attack: Attack) -> list[Path]:
    return sorted(cache(attack).glob("books/*.pdf"))


def outputs(attack: Attack) -> dict[str, tuple[int, str]]:
    """File name → (page count, text without white space) of each PDF built. White space is
    left out: a face laid out in another chunk has other font subsets, and text extraction
    then reads letter-spaced words with or without spaces."""
    found = {}
    for path in sorted((attack.ws / "out").rglob("*.pdf")):
        with pikepdf.open(path) as pdf:
            found[path.name] = (len(pdf.pages), "".join(pdf_text(path).split()))
    return found


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> tuple[Attack, dict[str, tuple[int, str]]]:
    """A workspace built once from an empty cache, and what that build made."""
    attack = make_attack(tmp_path_factory.mktemp("cache"), GAME)
    run = attack.run(*CARDS)
    assert run.code == 0, run.output
    assert len(faces(attack)) > 8 and len(books(attack)) == 2
    return attack, outputs(attack)


@pytest.fixture
def built(workspace: tuple[Attack, dict[str, tuple[int, str]]]) -> Attack:
    """The built workspace; its cache holds every face, their measurements and books."""
    return workspace[0]


@pytest.fixture
def clean(workspace: tuple[Attack, dict[str, tuple[int, str]]]) -> dict[str, tuple[int, str]]:
    """What the first build, from an empty cache, made."""
    return workspace[1]


def snapshot(folder: Path) -> dict[Path, tuple[int, int]]:
    """Size and modification time of every file under ``folder``."""
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


def damage_faces(attack: Attack) -> dict[Path, str]:
    """Damage one face entry per kind of damage; return path → kind."""
    entries = faces(attack)
    outside = attack.outside / "elsewhere"
    outside.mkdir(exist_ok=True)
    damaged: dict[Path, str] = {}

    def take(kind: str) -> Path:
        path = next(p for p in entries if p not in damaged and p.parent not in {d.parent for d in damaged})
        damaged[path] = kind
        return path

    take("garbage").write_bytes(b"%PDF-1.7\nnot a face at all\n%%EOF\n")
    path, other = take("another face's"), entries[-1]
    path.write_bytes(other.read_bytes())
    path = take("symlink out")
    path.unlink()
    path.symlink_to(attack.canary)
    path = take("device")
    path.unlink()
    path.symlink_to("/dev/zero")
    path = take("folder")
    path.unlink()
    (path / "inside").mkdir(parents=True)
    path = take("oversized")
    with path.open("r+b") as handle:  # sparse: 65 MiB on paper, a few KB on disk
        handle.truncate(65 * MiB)
    path = take("truncated")
    path.write_bytes(path.read_bytes()[:1000])
    path = take("folder symlinked out")  # its whole <xx>/ folder leads outside
    moved = outside / f"{path.parent.name}-{len(list(outside.iterdir()))}"
    shutil.move(path.parent, moved)
    path.parent.symlink_to(moved, target_is_directory=True)
    return damaged


def assert_replaced(paths: dict[Path, str]) -> None:
    """Each path is now a regular face file in a real folder, sealed with its own key."""
    for path, kind in paths.items():
        assert not path.parent.is_symlink() and not path.is_symlink(), kind
        assert path.is_file() and path.stat().st_size < 16 * MiB, kind
        assert sealed(path, path.stem, 64 * MiB), kind


@pytest.mark.parametrize("book", ["kept", "deleted"])
def test_damaged_face_entries_are_laid_out_again(built, clean, book):
    damaged = damage_faces(built)
    if book == "deleted":  # the face files are then read to make the book again
        for path in books(built):
            path.unlink()
    before, elsewhere = built.files_outside(), snapshot(built.outside / "elsewhere")
    run = built.run(*REBUILD, memory_gib=1.5)
    assert run.code == 0, run.output
    assert outputs(built) == clean
    assert_replaced(damaged)
    assert_contained(built, run, before)
    assert snapshot(built.outside / "elsewhere") == elsewhere  # nothing written through the link


@pytest.mark.parametrize("damage", ["garbage", "symlink out", "swapped", "oversized", "bad face entry",
                                    "folder symlinked out"])
def test_a_damaged_face_book_is_written_again(built, clean, damage):
    book, other = books(built)[:2]
    elsewhere = built.outside / f"books-{damage.replace(' ', '-')}"
    if damage == "folder symlinked out":  # books/ leads outside: nothing may be written there
        shutil.move(book.parent, elsewhere)
        book.parent.symlink_to(elsewhere, target_is_directory=True)
    elif damage == "garbage":
        book.write_bytes(b"%PDF-1.7\n" + os.urandom(5000))
    elif damage == "symlink out":
        book.unlink()
        book.symlink_to(built.canary)
    elif damage == "swapped":  # the other language's book, under this one's name
        book.write_bytes(other.read_bytes())
    elif damage == "oversized":
        with book.open("r+b") as handle:
            handle.truncate(1024 * MiB)
    else:  # opens, names itself, but a face in it is not a face
        with pikepdf.open(book, allow_overwriting_input=True) as pdf:
            entries = pdf.Root.CardforgeFaces
            for key in list(entries.keys())[:3]:
                entries[key] = pikepdf.Dictionary(Contents=7, MediaBox=[0, 0, "x", 1])
            pdf.save(book)
    before, there = built.files_outside(), snapshot(elsewhere) if elsewhere.exists() else {}
    run = built.run(*REBUILD, memory_gib=1.5)
    assert run.code == 0, run.output
    assert outputs(built) == clean
    assert not book.parent.is_symlink() and not book.is_symlink() and book.stat().st_size < 64 * MiB
    with pikepdf.open(book) as pdf:
        assert str(pdf.Root.CardforgeBook) == book.stem
    assert_contained(built, run, before)
    assert (snapshot(elsewhere) if elsewhere.exists() else {}) == there


def test_a_sealed_face_with_a_damaged_body_stops_one_build_then_is_laid_out_again(built, clean):
    for path in books(built):
        path.unlink()
    face = faces(built)[0]
    data = face.read_bytes()
    face.write_bytes(b"%PDF-1.7\n" + b"\0" * (len(data) - 2000) + data[-1500:])  # only the tail kept
    before = built.files_outside()
    run = built.run(*REBUILD)
    assert run.code == 2
    assert f"the cached face {face} is damaged" in run.output and "build again" in run.output
    assert " object at 0x" not in run.output, run.output  # the file named, not pikepdf's in-memory copy
    assert_contained(built, run, before)
    run = built.run(*REBUILD)
    assert run.code == 0, run.output
    assert outputs(built) == clean
    assert_replaced({face: "damaged body"})


def test_damaged_measurements_are_measured_again(built):
    first = built.run("lint", "--layout")
    assert first.code in (0, 1), first.output
    sidecars = sorted(cache(built).glob("??/*.overflow-v*.json"))
    booklets = sorted(cache(built).glob("??/*.booklet-v*.json"))
    assert len(sidecars) > 4 and booklets
    sidecars[0].write_text("{not json", encoding="utf-8")
    sidecars[1].write_bytes(sidecars[2].read_bytes())  # another face's measurements
    sidecars[3].unlink()
    sidecars[3].symlink_to(built.canary)
    with sidecars[4].open("wb") as handle:
        handle.truncate(17 * MiB)
    booklets[0].unlink()
    booklets[0].symlink_to(built.canary)
    kept = sorted(cache(built).glob("books/*.overflow-v*.json"))  # the measurements kept with books
    assert kept
    kept[0].write_text("{not json", encoding="utf-8")
    for book in kept[1:]:
        book.unlink()
        book.symlink_to(built.canary)
    before = built.files_outside()
    again = built.run("lint", "--layout", memory_gib=1.5)
    assert (again.code, again.stdout) == (first.code, first.stdout)
    for path in [*sidecars[:2], sidecars[3], sidecars[4]]:
        key = path.name.split(".")[0]
        assert not path.is_symlink() and isinstance(read_json(path, key), list)
    assert not booklets[0].is_symlink() and booklets[0].is_file()
    assert_contained(built, again, before)
