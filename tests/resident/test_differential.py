"""The differential plugin (tests/resident/differential.py) fails a test whose command the
resident process answers differently: a copy of cardforge with a difference planted in the
served child (its exit status, its output, the umask it gives the files it writes) runs a
small test under ``CARDFORGE_SERVED_VS_FRESH=1``; the same test passes with the copy as it is.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.resident.differential import cardforge_argv

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the resident process runs on Linux only")

INNER = '''
import os
import subprocess
import sys

from tests.workspace_games.conftest import GAME, make_workspace


def run(workspace, *args):
    done = subprocess.run([sys.executable, "-m", "cardforge", *args], cwd=workspace, capture_output=True,
                          text=True, timeout=300, check=False, preexec_fn=lambda: os.umask(0o077))
    return done.returncode, done.stdout + done.stderr


def test_lint_and_build_under_a_private_umask(tmp_path):
    make_workspace(tmp_path / "defects", "ok_monsters.yaml", "fail_out_of_range.yaml")
    code, output = run(tmp_path / "defects", "lint")
    assert code == 1 and "CF003" in output, output
    make_workspace(tmp_path / "clean", "ok_monsters.yaml")
    code, output = run(tmp_path / "clean", "build", GAME, "--product", "cards", "--paper", "a4", "-q")
    assert code == 0, output
'''
"""The inner test: a lint of planted defects (exit 1, CF003) and a build, under umask 077."""

CHILD = "cardforge/resident/resident_child.py"
PLANTS = {
    "none": ("", ""),
    "exit status": ("code = _command(request.argv)", "code = max(_command(request.argv), 2)"),
    "output": ("code = _command(request.argv)", "code = _command(request.argv); print('served')"),
    "umask": ("os.umask(request.umask)", "os.umask(0o022)"),
}
"""What is edited in the copy's served child: (text, replacement)."""


def _inner_run(tmp_path: Path, plant: str) -> tuple[subprocess.CompletedProcess[str], list[dict]]:
    install = tmp_path / "install"
    shutil.copytree(REPO / "cardforge", install / "cardforge", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("templates", "schemas", "profiles", "cards"):
        (install / name).symlink_to(REPO / name, target_is_directory=True)
    old, new = PLANTS[plant]
    child = install / CHILD
    text = child.read_text(encoding="utf-8")
    assert old in text
    child.write_text(text.replace(old, new, 1), encoding="utf-8")
    inner, report = tmp_path / "inner", tmp_path / "report"
    inner.mkdir()
    report.mkdir()
    (inner / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (inner / "test_inner.py").write_text(INNER, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI" and not k.startswith("PYTEST_")}
    env.update(PYTHONPATH=os.pathsep.join([str(install), str(REPO)]), CARDFORGE_RESIDENT="0",
               CARDFORGE_SERVED_VS_FRESH="1", CARDFORGE_SERVED_VS_FRESH_REPORT=str(report))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
                           "tests.resident.differential", "test_inner.py"], cwd=inner, env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    records = [json.loads(line) for log in report.glob("*.jsonl")
               for line in log.read_text(encoding="utf-8").splitlines()]
    return done, records


@pytest.mark.parametrize("plant", list(PLANTS))
def test_a_planted_served_difference_fails_the_test(tmp_path: Path, plant: str) -> None:
    done, records = _inner_run(tmp_path, plant)
    assert all(r["served"] is True for r in records), records  # the resident process served them
    if plant == "none":
        assert done.returncode == 0, done.stdout[-3000:]
        assert [(r["argv"][0], r["outcome"]) for r in records] == [("lint", "equal"), ("build", "equal")]
        return
    assert done.returncode == 1, done.stdout[-3000:]
    assert "served and fresh differ" in done.stdout  # the first command that differs fails the test
    assert records[-1]["outcome"] == "differ"
    kind = {"exit status": "exit status: served 2, fresh 1", "output": "stdout: served",
            "umask": ": served folder 0o755, fresh folder 0o700"}[plant]
    differences = [line for r in records for line in r["differences"]]
    assert any(kind in line for line in differences), differences


def test_the_command_is_recognised_in_both_forms() -> None:
    assert cardforge_argv([sys.executable, "-m", "cardforge", "lint", "-w", "x"]) == ["lint", "-w", "x"]
    assert cardforge_argv([str(Path(sys.executable).with_name("cardforge")), "build"]) == ["build"]
    assert cardforge_argv([sys.executable, "-m", "pytest"]) is None
    assert cardforge_argv("cardforge lint") is None
