"""Shared test helpers: a generic game pack and a way to lint fixture files in a temp game."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

# The simulated-platform switch (.ci/simulated_platform.sh, docs/install.md): with
# CARDFORGE_SIMULATE_PLATFORM=windows (or macos) the Linux-only features are removed from this
# process before cardforge is imported, and from every Python process the tests start (its
# folder goes first on PYTHONPATH, where its sitecustomize runs at start-up). Tests that assert
# a Linux fast path itself are marked ``linux_fast_path`` and skipped there, and only there.
SIMULATION = Path(__file__).parent / "simulated_platform"
SIMULATED = os.environ.get("CARDFORGE_SIMULATE_PLATFORM") or None
if SIMULATED:
    _spec = importlib.util.spec_from_file_location("cardforge_simulated_platform",
                                                   SIMULATION / "sitecustomize.py")
    assert _spec is not None and _spec.loader is not None
    _simulation = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_simulation)  # simulates SIMULATED (again, if sitecustomize already did)
    if str(SIMULATION) not in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SIMULATION),
                                                                os.environ.get("PYTHONPATH")]))
    assert "cardforge" not in sys.modules, "cardforge was imported before the simulation began"

from cardforge.lint.engine import lint_game  # noqa: E402 - after the simulation
from cardforge.lint.rule import all_rules  # noqa: E402 - after the simulation
from cardforge.model.game_packs import GameSpec  # noqa: E402 - after the simulation
from cardforge.problem import Problem  # noqa: E402 - after the simulation
from cardforge.workspace.game_loading import load_game  # noqa: E402 - after the simulation
from cardforge.workspace.workspace_config import Config  # noqa: E402 - after the simulation

FIXTURES = Path(__file__).parent / "fixtures"


FIRST = ("test_reproducible_builds.py", "resident/test_served_vs_fresh.py", "test_pre_commit_hook.py",
         "docs/test_your_first_game.py", "resident/test_server.py", "test_reference_pages.py",
         "test_output_names.py", "test_printed_components.py")
"""The modules with the longest tests (a minute or two each on the 2-core CI machine), run
first: xdist hands tests out in collection order, and one of them collected last kept a
worker busy for minutes after the other had run out of tests."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The modules of :data:`FIRST` first (in that order, the rest as collected). Under the
    simulated platform, skip the tests marked ``linux_fast_path`` or ``linux_tool``
    (tests/resident/ is not collected there: the resident process is Linux only,
    docs/install.md)."""
    here = Path(__file__).parent
    rank = {(here / name).resolve(): k for k, name in enumerate(FIRST)}
    # a stable sort: the rest keep their order
    items.sort(key=lambda item: rank.get(item.path.resolve(), len(FIRST)))
    if not SIMULATED:
        return
    skip = pytest.mark.skip(reason=f"asserts a Linux fast path (simulating {SIMULATED})")
    tool = pytest.mark.skip(reason=f"a third-party tool takes its Linux path (simulating {SIMULATED})")
    for item in items:
        if item.get_closest_marker("linux_fast_path"):
            item.add_marker(skip)
        elif item.get_closest_marker("linux_tool"):
            item.add_marker(tool)


# The resident process is Linux only (its modules import fcntl): not even collected there.
collect_ignore = ["resident"] if SIMULATED else []

# Which tests run the cardforge command, and under CARDFORGE_SERVED_VS_FRESH=1 each of their
# builds and lints run served and fresh and compared (.ci/served_vs_fresh.sh).
pytest_plugins = ("tests.resident.differential",)

# Commands the tests run as processes run in those processes: none is handed to, or starts, a
# resident build process (tests/resident/ turn it on for their own commands).
os.environ["CARDFORGE_RESIDENT"] = "0"

#: A game pack with no rules of its own whose card files use the base card schema.
GENERIC = GameSpec(id="generic", names={"en": "Generic"}, schema="card.schema.json")


def lint_files(tmp_path: Path, files: dict[str, str | Path], spec: GameSpec = GENERIC,
               config: Config | None = None) -> list[Problem]:
    """Lay out ``files`` (name → text, or a fixture Path to copy) as cards/<spec.id>/ and lint it."""
    root = tmp_path / "cards" / spec.id
    root.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        if isinstance(content, Path):
            shutil.copy(content, root / name)
        else:
            (root / name).write_text(content, encoding="utf-8")
    rules = all_rules([spec])
    return lint_game(load_game(root, spec), rules, config or Config(root=tmp_path))


def core_fixture(tmp_path: Path, card_file: str) -> list[Problem]:
    """Lint ``tests/fixtures/core/<card_file>`` with the core fixture game.yaml."""
    return lint_files(tmp_path, {"game.yaml": FIXTURES / "core" / "game.yaml",
                                 "cards.yaml": FIXTURES / "core" / card_file})


def codes_at(problems: Iterable[Problem], code: str) -> list[int]:
    """The lines of the Problems with ``code``."""
    return [p.line for p in problems if p.code == code]


@pytest.fixture
def lint_core(tmp_path: Path):
    """``lint_core("fail_x.yaml")`` → Problems for that core fixture."""
    return lambda name: core_fixture(tmp_path, name)


I18N = FIXTURES / "i18n"


def i18n_game(tmp_path: Path, rules_po: str | None = None) -> Path:
    """A copy of ``tests/fixtures/i18n/game`` (Japanese source, English catalogs) as
    ``<tmp_path>/cards/generic``, its English rules.po replaced by fixture ``rules_po``."""
    root = tmp_path / "cards" / "generic"
    shutil.copytree(I18N / "game", root)
    if rules_po:
        shutil.copy(I18N / rules_po, root / "locale" / "en" / "LC_MESSAGES" / "rules.po")
    return root


def lint_root(root: Path, spec: GameSpec = GENERIC) -> list[Problem]:
    """Lint the game at ``root`` (``<workspace>/cards/<id>``) with every core rule."""
    return lint_game(load_game(root, spec), all_rules([spec]), Config(root=root.parents[1]))
