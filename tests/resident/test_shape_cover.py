"""The served-vs-fresh job's choice of tests (tests/resident/shape_cover.py) and its summary
(tests/resident/svf_report.py): every shape the suite ran is chosen once, by the cheapest
tests, and a shape the job did not run fails it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.resident.differential import SWITCH, switched_for
from tests.resident.shape_cover import LISTED, cover, main, read_listing, shape, write_expected
from tests.resident.svf_report import summary


def test_a_shape_is_the_subcommand_its_option_names_and_exit_status() -> None:
    assert shape(["build", "g", "--out=o", "-q", "--paper", "a4", "-q"], 0) == \
        ("build", "--out", "--paper", "-q", "exit 0")
    assert shape(["lint", "-w", "ws"], 1) != shape(["lint", "-w", "ws"], 0)


def test_the_cheapest_tests_that_run_every_shape_are_chosen() -> None:
    a, b, c = ["lint", "exit 0"], ["lint", "exit 1"], ["build", "-q", "exit 0"]
    entries = {
        "t::slow_all": {"shapes": [a, b, c], "seconds": 60.0},
        "t::lint_ok": {"shapes": [a], "seconds": 1.0},
        "t::lint_bad": {"shapes": [b, a], "seconds": 2.0},
        "t::build": {"shapes": [c], "seconds": 3.0},
        "t::build_again": {"shapes": [c], "seconds": 9.0},
    }
    assert cover(entries) == ["t::build", "t::lint_bad"]
    assert cover({"t::one": {"shapes": [a], "seconds": 5.0}, "t::two": {"shapes": [a], "seconds": 5.0}}) \
        == ["t::one"]  # a tie: the first id
    assert cover({}) == []


def _write(folder: Path, records: list[dict]) -> None:
    (folder / "gw0.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def test_the_job_fails_when_a_shape_the_suite_ran_was_not_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "command-shapes"
    cache.write_text(json.dumps({
        "tests/a.py::x": {"shapes": [["lint", "exit 1"]], "seconds": 1.0},
        "tests/b.py::y": {"shapes": [["build", "--out", "exit 0"]], "seconds": 1.0},
        "tests/resident/test_z.py::z": {"shapes": [["build", "exit 2"]], "seconds": 0.1},
    }), encoding="utf-8")
    listing = tmp_path / "served_tests.txt"
    assert main(listing, cache) == 0
    chosen = read_listing(listing.read_text(encoding="utf-8"))
    assert chosen == ["tests/a.py::x", "tests/b.py::y"]  # tests/resident left out
    assert "2 of 2 tests run all 2 shapes" in capsys.readouterr().out
    entries = json.loads(cache.read_text(encoding="utf-8"))
    write_expected(tmp_path, entries, chosen)  # as the suite's run does at its end
    lint = {"test": "tests/a.py::x", "argv": ["lint"], "outcome": "equal", "served": True, "code": 1,
            "differences": []}
    _write(tmp_path, [lint])
    assert summary(tmp_path) == 1
    assert "MISSING shape: build --out exit 0" in capsys.readouterr().out
    build = {**lint, "test": "tests/b.py::y", "argv": ["build", "--out=o"], "code": 0}
    _write(tmp_path, [lint, build])
    assert summary(tmp_path) == 0
    assert "2 command shapes in 2 tests; 2 tests chosen" in capsys.readouterr().out
    differ = {**build, "outcome": "differ", "differences": ["exit status: served 2, fresh 0"]}
    _write(tmp_path, [lint, differ])
    assert summary(tmp_path) == 1
    assert "DIFFER tests/b.py::y: cardforge build --out=o" in capsys.readouterr().out


def test_a_listed_test_that_ran_no_command_fails_the_job(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The list is committed: a listed test renamed or gone, or no longer running a build
    or lint, is named, with how to refresh the list."""
    entries = {"tests/a.py::x": {"shapes": [["lint", "exit 1"]], "seconds": 1.0}}
    write_expected(tmp_path, entries, ["tests/a.py::x", "tests/a.py::renamed"])
    _write(tmp_path, [{"test": "tests/a.py::x", "argv": ["lint"], "outcome": "equal", "served": True,
                       "code": 1, "differences": []}])
    assert summary(tmp_path) == 1
    out = capsys.readouterr().out
    assert "LISTED but ran no build or lint: tests/a.py::renamed" in out
    assert "python -m tests.resident.shape_cover" in out


def test_the_switch_serves_every_test_or_the_listed_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    listing = tmp_path / "served.txt"
    listing.write_text("# a comment\ntests/a.py::x\n\n", encoding="utf-8")
    monkeypatch.setenv(SWITCH, str(listing))
    assert switched_for("tests/a.py::x") and not switched_for("tests/a.py::y")
    monkeypatch.setenv(SWITCH, "1")
    assert switched_for("tests/a.py::y")
    monkeypatch.setenv(SWITCH, "0")
    assert not switched_for("tests/a.py::x")
    monkeypatch.setenv(SWITCH, str(tmp_path / "absent.txt"))
    with pytest.raises(pytest.UsageError, match="absent.txt"):
        switched_for("tests/a.py::x")


def test_the_committed_list_names_tests_that_exist() -> None:
    """Every id in tests/resident/served_tests.txt is a test of the suite (by file and name;
    whether it still covers its shapes, the job's summary says)."""
    repo = Path(__file__).resolve().parents[2]
    for test in read_listing(LISTED.read_text(encoding="utf-8")):
        path, _, name = test.partition("::")
        assert (repo / path).is_file(), test
        assert f"def {name.split('[')[0]}(" in (repo / path).read_text(encoding="utf-8"), test


def test_no_cache_is_an_error(tmp_path: Path) -> None:
    assert main(tmp_path / "listing.txt", tmp_path / "absent") == 2
