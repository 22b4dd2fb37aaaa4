"""The simulated-platform job (.ci/simulated_platform.sh) catches a Linux-only feature used
unguarded: a copy of cardforge with one planted ``os.O_NONBLOCK`` passes on Linux and fails
under the simulation, while the real tree passes under it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_run import Run

REPO = Path(__file__).resolve().parents[1]
SIMULATION = REPO / "tests" / "simulated_platform"
GUARDED = "fd = os.open(resolved, READ_FLAGS)"
PLANTED = "fd = os.open(resolved, READ_FLAGS | os.O_NONBLOCK)"


def _copy_of_cardforge(into: Path, planted: bool) -> Path:
    """A source tree at ``into``: cardforge's package copied (``trust.read_bytes`` opening
    files with a bare ``os.O_NONBLOCK`` when ``planted``) beside links to its data folders."""
    shutil.copytree(REPO / "cardforge", into / "cardforge", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("templates", "schemas", "profiles", "cards"):
        (into / name).symlink_to(REPO / name, target_is_directory=True)
    trust = into / "cardforge" / "boundary" / "trust.py"
    text = trust.read_text(encoding="utf-8")
    assert text.count(GUARDED) == 1
    if planted:
        trust.write_text(text.replace(GUARDED, PLANTED), encoding="utf-8")
    return into


def _lint(tree: Path, workspace: Path, simulate: str | None) -> Run:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CARDFORGE_SIMULATE_PLATFORM")}
    env["PYTHONPATH"] = str(tree)
    if simulate:
        env["PYTHONPATH"] = os.pathsep.join([str(SIMULATION), str(tree)])
        env["CARDFORGE_SIMULATE_PLATFORM"] = simulate
    done = subprocess.run([sys.executable, "-m", "cardforge", "lint", "-w", str(workspace)], env=env,
                          cwd=workspace, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL, check=False)
    return Run.of(done)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    ws = tmp_path_factory.mktemp("ws")
    shutil.copytree(REPO / "cards" / "dixe-on-card", ws / "cards" / "dixe-on-card")
    return ws


def test_an_unguarded_o_nonblock_fails_only_under_the_simulation(tmp_path, workspace) -> None:
    planted = _copy_of_cardforge(tmp_path / "planted", planted=True)
    on_linux = _lint(planted, workspace, simulate=None)
    assert on_linux.code == 0, on_linux.output
    simulated = _lint(planted, workspace, simulate="windows")
    assert simulated.code == 2, simulated.output
    assert "internal error: AttributeError: module 'os' has no attribute 'O_NONBLOCK'" in simulated.output


def test_the_guarded_tree_passes_under_the_simulation(tmp_path, workspace) -> None:
    tree = _copy_of_cardforge(tmp_path / "guarded", planted=False)
    run = _lint(tree, workspace, simulate="windows")
    assert run.code == 0, run.output
    assert "cardforge lint: clean" in run.output


def test_the_simulation_removes_each_feature_before_cardforge_is_imported(tmp_path) -> None:
    probe = ("import os, signal, socket, multiprocessing\n"
             "try:\n    import fcntl\n    has_fcntl = True\nexcept ImportError:\n    has_fcntl = False\n"
             "import cardforge.boundary.trust\n"
             "print(sorted(n for n in ('fork', 'O_NONBLOCK', 'pread', 'nice') if hasattr(os, n)),"
             " sorted(n for n in ('SIGALRM', 'setitimer') if hasattr(signal, n)),"
             " sorted(n for n in ('AF_UNIX', 'send_fds', 'SO_PEERCRED') if hasattr(socket, n)),"
             " has_fcntl, multiprocessing.get_all_start_methods(), multiprocessing.get_start_method())\n")
    env = dict(os.environ, PYTHONPATH=str(SIMULATION), CARDFORGE_SIMULATE_PLATFORM="windows")
    done = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.stdout.strip() == "[] [] [] False ['spawn'] spawn", done.stderr
