"""``cardforge build``'s options as a designer combines them, on the game ``cardforge new``
makes (English and French, A4 and Letter): each option narrows or moves what is written
and nothing else, and the number of layout workers or a forced rebuild never changes a byte.

These are also the cheap tests that run, between them, the command shapes of the costly
ones (the sample games' reproducibility and reference pages, the walkthrough), so the
served-vs-fresh job need not serve those (tests/resident/served_tests.txt).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.commands.test_build_up_to_date import GAME, cardforge

LISTED = "out/" + GAME + "/"


def written(run_stdout: str) -> list[str]:
    """The files a build listed (the lines under ``out/``), by name."""
    lines = (line.strip() for line in run_stdout.splitlines())
    return sorted(Path(line).name for line in lines if line.startswith(LISTED))


def files(out: Path) -> dict[str, bytes]:
    """Every file under ``out``, by path relative to it."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace made by ``cardforge new goblin-market`` (never built)."""
    root = tmp_path_factory.mktemp("options") / "ws"
    root.mkdir()
    assert cardforge(root, "new", GAME).code == 0
    return root


@pytest.fixture
def workspace(made: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(made, tmp_path / "ws", symlinks=True))


def test_one_or_two_layout_workers_and_a_forced_rebuild_write_the_same_bytes(
        made: Path, tmp_path: Path) -> None:
    one, two = (Path(shutil.copytree(made, tmp_path / name)) for name in ("one", "two"))
    args = ("build", "--lang", "en", "--paper", "a4", "--quiet")
    for root, jobs in ((one, "1"), (two, "2")):
        run = cardforge(tmp_path, *args, "-j", jobs, "-w", str(root))
        assert run.code == 0, run.output
    first = files(one / "out")
    assert any(name.endswith("-cards-en-a4.pdf") for name in first)
    assert files(two / "out") == first, "-j 1 and -j 2 differ"
    forced = cardforge(tmp_path, *args, "--force", "-j", "2", "-w", str(two))
    assert forced.code == 0, forced.output
    assert files(two / "out") == first, "a forced rebuild differs"


def test_cache_dir_and_out_hold_the_cache_and_the_files(workspace: Path, tmp_path: Path) -> None:
    cache, out = tmp_path / "cache", tmp_path / "sheets"
    run = cardforge(tmp_path, "build", "--cache-dir", str(cache), "--out", str(out), "-q",
                    "-w", str(workspace))
    assert run.code == 0, run.output
    assert (out / GAME / f"{GAME}-cards-fr-letter.pdf").is_file()
    assert any(p.is_file() for p in cache.rglob("*"))
    assert not (workspace / "out").exists() and not (workspace / ".cardforge-cache").exists()


def test_in_the_workspace_folder_product_lang_and_imposition_narrow_the_build(workspace: Path) -> None:
    everything = cardforge(workspace, "build", GAME)
    assert everything.code == 0, everything.output
    built = written(everything.stdout)
    sheets = {f"{GAME}-cards-{lang}-{paper}.pdf" for lang in ("en", "fr") for paper in ("a4", "letter")}
    assert sheets <= set(built)
    assert f"{GAME}-rules-fr.pdf" in built
    cards = cardforge(workspace, "build", GAME, "--product", "cards")
    assert written(cards.stdout) == sorted(name for name in built if "-cards-" in name)
    english = cardforge(workspace, "build", GAME, "--lang", "en")
    assert english.code == 0 and written(english.stdout)
    assert all("-en" in name for name in written(english.stdout))
    saddle = cardforge(workspace, "build", GAME, "--product", "rules", "--lang", "en",
                       "--imposition", "saddle")
    assert saddle.code == 0, saddle.output
    assert f"{GAME}-rules-en-saddle-a4.pdf" in written(saddle.stdout)
    assert all("-rules-en" in name for name in written(saddle.stdout))

