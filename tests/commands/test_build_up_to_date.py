"""``cardforge build`` as a whole process: a game none of whose inputs changed since the same
command built it is not built again (the build manifest), and every kind of change to what
it read, to what exists where it looks, or to what it wrote builds it again."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_run import Run, modules_loaded

GAME = "goblin-market"
CARDFORGE = Path(sys.executable).with_name("cardforge")
BUILD = ("build", "--product", "cards", "--paper", "a4", "--lang", "en")
SHEET = Path("out") / GAME / f"{GAME}-cards-en-a4.pdf"
UP_TO_DATE = "1 game(s) up to date"


def cardforge(workspace: Path, *args: str) -> Run:
    """``cardforge ARGS`` run as a process in ``workspace``."""
    done = subprocess.run([str(CARDFORGE), *args], cwd=workspace, capture_output=True, text=True,
                          timeout=180, stdin=subprocess.DEVNULL, check=False)
    return Run.of(done)


@pytest.fixture(scope="module")
def built_once(tmp_path_factory) -> Path:
    """A workspace made by `cardforge new goblin-market`, built once (cards, A4, English)."""
    root = tmp_path_factory.mktemp("manifest") / "ws"
    root.mkdir()
    assert cardforge(root, "new", GAME).code == 0
    first = cardforge(root, *BUILD)
    assert first.code == 0, first.output
    assert UP_TO_DATE not in first.stderr
    return root


@pytest.fixture
def workspace(built_once: Path, tmp_path: Path) -> Path:
    """A copy of the built workspace, its cache and out/ with it (times kept, as `cp -a`)."""
    return Path(shutil.copytree(built_once, tmp_path / "copy", symlinks=True))


def rebuilt(workspace: Path, *extra: str) -> bool:
    """Build again; True when the game was built, False when it was up to date. The sheet is
    rewritten exactly when the game was built, and listed either way."""
    before = (workspace / SHEET).stat().st_mtime_ns
    run = cardforge(workspace, *BUILD, *extra)
    assert run.code == 0, run.output
    assert str(SHEET) in run.stdout
    built = UP_TO_DATE not in run.stderr
    assert built == ((workspace / SHEET).stat().st_mtime_ns != before), run.output
    return built


def test_nothing_changed_builds_nothing(workspace: Path) -> None:
    assert not rebuilt(workspace)
    assert not rebuilt(workspace)


def test_a_moved_workspace_with_its_cache_is_still_up_to_date(workspace: Path, tmp_path: Path) -> None:
    moved = Path(shutil.move(workspace, tmp_path / "elsewhere"))
    assert not rebuilt(moved)


def test_a_card_edit_builds_the_game(workspace: Path) -> None:
    cards = workspace / "cards" / GAME / "monsters.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("Cave Rat,", "Cave Rats,", 1), encoding="utf-8")
    assert rebuilt(workspace)
    assert not rebuilt(workspace)


def test_a_touched_file_with_the_same_content_is_no_change(workspace: Path) -> None:
    for path in (workspace / "cards" / GAME).glob("*.yaml"):
        os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert not rebuilt(workspace)


def test_a_same_size_edit_with_a_new_time_builds(workspace: Path) -> None:
    game = workspace / "cards" / GAME / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "Goblin Market" in text
    game.write_text(text.replace("Goblin Market", "Goblin Marker", 1), encoding="utf-8")
    assert rebuilt(workspace)


def test_a_template_edit_builds_the_game(workspace: Path) -> None:
    [css] = (workspace / "templates" / GAME).glob("*.css")
    css.write_text(css.read_text(encoding="utf-8") + "\n/* darker */\n", encoding="utf-8")
    assert rebuilt(workspace)


def test_a_new_file_where_the_build_looks_builds_the_game(workspace: Path) -> None:
    (workspace / "templates" / GAME / "extra.css").write_text("p {}\n", encoding="utf-8")
    assert rebuilt(workspace)


def test_a_deleted_or_replaced_output_builds_the_game(workspace: Path) -> None:
    (workspace / SHEET).unlink()
    run = cardforge(workspace, *BUILD)
    assert run.code == 0 and UP_TO_DATE not in run.stderr and (workspace / SHEET).is_file()
    (workspace / SHEET).write_bytes(b"%PDF-1.7 not the sheet")
    assert rebuilt(workspace)


def test_force_builds_anyway(workspace: Path) -> None:
    assert rebuilt(workspace, "--force")


def test_another_command_line_has_its_own_manifest(workspace: Path) -> None:
    run = cardforge(workspace, *BUILD, "--duplex", "none", "--out", "proofs")
    assert run.code == 0 and UP_TO_DATE not in run.stderr
    assert not rebuilt(workspace)  # the first command's manifest and files are untouched
    again = cardforge(workspace, *BUILD, "--duplex", "none", "--out", "proofs")
    assert again.code == 0 and UP_TO_DATE in again.stderr


@pytest.mark.parametrize("content", [b"", b"{not json", b'{"format": 1, "games": {"goblin-market": 3}}',
                                     b'{"format": 1, "games": {"goblin-market": {"inputs": []}}}'])
def test_a_broken_manifest_builds_without_a_traceback(workspace: Path, content: bytes) -> None:
    [manifest] = (workspace / ".cardforge-cache" / "builds").glob("*.json")
    manifest.write_bytes(content)
    assert rebuilt(workspace)
    assert not rebuilt(workspace)  # and the manifest is whole again


def test_a_game_with_errors_is_never_up_to_date(workspace: Path) -> None:
    cards = workspace / "cards" / GAME / "monsters.yaml"
    good = cards.read_text(encoding="utf-8")
    cards.write_text(good.replace("attack: 1", "attack: many", 1), encoding="utf-8")
    failed = cardforge(workspace, *BUILD)
    assert failed.code == 1 and "monsters.yaml:12" in failed.stderr
    cards.write_text(good, encoding="utf-8")
    assert rebuilt(workspace)  # the failed build left no record saying the old files are current


def test_a_file_only_the_lint_reads_is_an_input(workspace: Path) -> None:
    """The lint runs in a child process while the cards are made; what it reads (the rules
    Markdown, which a cards-only build reads for BK101 alone) is still in the manifest."""
    rules = next((workspace / "cards" / GAME / "rules").glob("*.md"))
    rules.write_text(rules.read_text(encoding="utf-8") + "\n![Map](https://example.com/map.png)\n",
                     encoding="utf-8")
    sheet_before = (workspace / SHEET).stat().st_mtime_ns
    failed = cardforge(workspace, *BUILD)
    assert failed.code == 1 and "BK101" in failed.stderr and rules.name in failed.stderr, failed.output
    assert (workspace / SHEET).stat().st_mtime_ns == sheet_before  # held back: nothing written
    assert UP_TO_DATE not in failed.stderr


def test_a_game_with_lint_errors_writes_no_file_at_all(built_once: Path, tmp_path: Path) -> None:
    """Outputs wait for the lint: a new game with an error gets no out/ folder, no file."""
    workspace = Path(shutil.copytree(built_once, tmp_path / "fresh", symlinks=True))
    shutil.rmtree(workspace / "out")
    cards = workspace / "cards" / GAME / "monsters.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("attack: 1", "attack: many", 1),
                     encoding="utf-8")
    failed = cardforge(workspace, *BUILD, "--force")
    assert failed.code == 1 and "monsters.yaml:12" in failed.stderr, failed.output
    assert not (workspace / "out").exists()


def _processes_in(folder: Path) -> list[str]:
    """Command lines of running processes that name ``folder`` (a build and its forks do)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if str(folder) in command:
            found.append(command)
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_no_layout_worker_outlives_a_build_up_to_date_or_failed(workspace: Path) -> None:
    # the workers start before the build knows whether it has work (so they warm meanwhile)
    up_to_date = cardforge(workspace, *BUILD, "-w", str(workspace))
    assert up_to_date.code == 0 and UP_TO_DATE in up_to_date.stderr
    failed = cardforge(workspace, "build", "no-such-game", "-w", str(workspace))
    assert failed.code != 0
    assert _processes_in(workspace) == []  # every worker ended with its build


UNUSED_WHEN_UP_TO_DATE = ("cardforge.workspace.game_loading", "cardforge.model.game_model",
    "cardforge.validation.schema_validate",
                          "cardforge.lint.engine", "weasyprint", "pikepdf", "jinja2", "babel")
"""What an up-to-date build never needs: the game loader and card model, the card schemas,
lint, layout, PDF, templates, catalogs (the build manifest is checked with file times and
digests alone; a game defined in the workspace still reads its game.yaml for its name, and
cardforge.toml is checked against its schema)."""


def test_an_up_to_date_build_loads_no_game_loader_lint_or_layout_library(workspace: Path) -> None:
    stderr = modules_loaded(list(BUILD), UNUSED_WHEN_UP_TO_DATE, workspace)
    assert UP_TO_DATE in stderr, stderr
    assert "LOADED [] 0" in stderr, stderr
