"""The differential test: every command of a small corpus run by a fresh process and by the
resident process gives the same exit status, output and files, before and after the install
changes under it (a built-in schema, a built-in template, a built-in icon, a library module).

It runs a copy of cardforge (PYTHONPATH) with its data folders copied beside it, so the
install can be changed; the ``cardforge`` command is run as a process with
``CARDFORGE_RESIDENT=1`` (CI unset) and a runtime folder of its own, and the resident
process's log says which commands it served. Costs about 3-4 minutes on a busy 2-core
machine (three rounds of six commands, each run fresh and served, and three warm-ups)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.workspace_games.conftest import GAME, make_workspace

REPO = Path(__file__).resolve().parents[2]
DATA = ("templates", "schemas", "profiles", "cards")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the resident process runs on Linux only")

CORPUS = [
    ("clean", ["lint"]),
    ("clean", ["build", GAME, "--product", "cards", "--paper", "a4", "--quiet", "--force"]),
    ("defects", ["lint"]),
    ("attack", ["lint"]),
    ("sample", ["lint"]),
    ("sample", ["build", "--product", "bogus"]),
]
"""(workspace, arguments): a clean game lint and build, planted defects, a card file that is a
symlink out of the workspace, a built-in game (schemas, icons) and a usage error."""


def _install(root: Path) -> Path:
    """A copy of cardforge and its data folders under ``root`` (importable with PYTHONPATH),
    with a copy of click (a pure-Python library every command's output goes through)."""
    shutil.copytree(REPO / "cardforge", root / "cardforge", ignore=shutil.ignore_patterns("__pycache__"))
    for name in DATA:
        shutil.copytree(REPO / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    import click

    shutil.copytree(Path(click.__file__).parent, root / "click", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _workspaces(root: Path) -> dict[str, Path]:
    clean, defects, attack, sample = (root / n for n in ("clean", "defects", "attack", "sample"))
    make_workspace(clean, "ok_monsters.yaml", "ok_wares.yaml")
    make_workspace(defects, "ok_monsters.yaml", "fail_out_of_range.yaml", "fail_unknown_field.yaml",
                   "fail_dice_cost.yaml")
    folder = make_workspace(attack, "ok_monsters.yaml")
    (folder / "stolen.yaml").symlink_to("/etc/passwd")
    (sample / "cards").mkdir(parents=True)
    shutil.copytree(REPO / "cards" / "dixe-on-card", sample / "cards" / "dixe-on-card")
    return {"clean": clean, "defects": defects, "attack": attack, "sample": sample}


def _files(workspace: Path) -> dict[str, bytes]:
    out = workspace / "out"
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()} \
        if out.is_dir() else {}


def _served_count(runtime: Path) -> int:
    return sum(log.read_text(encoding="utf-8").count(" exit ")
               for log in (runtime / "cardforge").glob("*.log")) if (runtime / "cardforge").is_dir() else 0


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[int, str, str, dict[str, bytes]]:
    """Run ``cardforge argv`` in ``cwd`` (its out/ emptied first): status, stdout, stderr and
    the files it wrote."""
    shutil.rmtree(cwd / "out", ignore_errors=True)
    done = subprocess.run([sys.executable, "-m", "cardforge", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600, stdin=subprocess.DEVNULL, check=False)
    return done.returncode, done.stdout, done.stderr, _files(cwd)


def _round(spaces: dict[str, Path], fresh: dict[str, str], served: dict[str, str], runtime: Path) -> list:
    """Each corpus command fresh, then served (a resident process started first and the log
    checked to have served each); asserts they agree and returns the fresh answers."""
    answers = [_run(argv, spaces[name], fresh) for name, argv in CORPUS]
    deadline = time.monotonic() + 300
    while True:  # the first served-mode command starts the process; wait until one serves
        before = _served_count(runtime)
        _run(["lint"], spaces["clean"], served)
        if _served_count(runtime) > before:
            break
        assert time.monotonic() < deadline, "no resident process served a command"
        time.sleep(2)
    for (name, argv), answer in zip(CORPUS, answers, strict=True):
        before = _served_count(runtime)
        got = _run(argv, spaces[name], served)
        assert _served_count(runtime) == before + 1, f"{argv} was not served"
        assert got == answer, f"served and fresh differ for {argv} in {name}"
    return answers


def test_served_answers_equal_fresh_ones_through_install_changes(tmp_path: Path) -> None:
    install = _install(tmp_path / "install")
    spaces = _workspaces(tmp_path / "ws")
    runtime = Path(tempfile_dir())
    base = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_CURRENT_TEST", "PYTHONPATH")}
    base.update(PYTHONPATH=str(install), XDG_RUNTIME_DIR=str(runtime), CARDFORGE_RESIDENT_IDLE_S="120",
                XDG_CACHE_HOME=str(tmp_path / "xdg"))
    fresh, served = {**base, "CARDFORGE_RESIDENT": "0"}, {**base, "CARDFORGE_RESIDENT": "1"}
    try:
        before_edit = _run(CORPUS[1][1], spaces["clean"], fresh)  # the sheets before the template edit

        schema = install / "schemas" / "dixe-on-card.schema.json"
        original = schema.read_text(encoding="utf-8")
        schema.write_text(original.replace('"minItems": 1', '"minItems": 9', 1), encoding="utf-8")
        css = install / "templates" / "_base" / "print.css"
        css.write_text(css.read_text(encoding="utf-8") + "\nsection.face { outline: 2mm solid red; }\n",
                       encoding="utf-8")
        second = _round(spaces, fresh, served, runtime)
        sample_lint = CORPUS.index(("sample", ["lint"]))
        assert "CF003" in second[sample_lint][1] + second[sample_lint][2]  # the schema edit is seen
        assert second[1][3] != before_edit[3]  # the template edit changed the sheets

        utils = install / "click" / "utils.py"  # a library module the warm process has loaded
        text = utils.read_text(encoding="utf-8")
        opened = text.index('"""', text.index("\ndef echo("))  # echo's docstring, in every click
        body = text.index('"""\n', opened + 3) + 4  # its first statement starts here
        edit = "    message = 'edited: ' + message if isinstance(message, str) and message else message\n"
        utils.write_text(text[:body] + edit + text[body:], encoding="utf-8")
        third = _round(spaces, fresh, served, runtime)
        assert "edited: " in third[0][1] + third[0][2]  # the library edit is seen

        schema.write_text(original, encoding="utf-8")
        (install / "templates" / "dixe-on-card" / "icons" / "bomb.svg").unlink()
        fourth = _round(spaces, fresh, served, runtime)
        assert "CF009" in fourth[sample_lint][1] + fourth[sample_lint][2]  # the icon removed is seen
    finally:
        _stop_started(runtime)
        shutil.rmtree(runtime, ignore_errors=True)


def _stop_started(runtime: Path) -> None:
    """End the resident processes this test's commands started (their logs name them)."""
    import signal

    for log in (runtime / "cardforge").glob("*.log") if (runtime / "cardforge").is_dir() else ():
        for line in log.read_text(encoding="utf-8").splitlines():
            if line.endswith("resident process listening"):
                try:
                    os.kill(int(line.split()[1]), signal.SIGTERM)
                except (OSError, ValueError):
                    pass


def tempfile_dir() -> str:
    """A short folder for the sockets (pytest's folders make socket paths too long)."""
    import tempfile

    return tempfile.mkdtemp(prefix="cf-", dir="/tmp")
