"""The instruction counter of the benchmarks (benchmarks/instruction_counts.py): a command's
count is the sum over every process it started, a process without a count stops the
benchmark, a failing command too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
import instruction_counts  # noqa: E402 - from the benchmarks folder, put on the path above

LOG = "==1== Command: x\n==1== \n==1== I   refs:      {count}\n"


def _fake_valgrind(monkeypatch, logs: dict[str, str], returncode: int = 0) -> None:
    """Make valgrind's run write ``logs`` (file name → text) where it was told to log."""
    monkeypatch.setattr(instruction_counts, "valgrind", lambda: "valgrind")

    def run(command, **kwargs):
        folder = Path(next(a for a in command if a.startswith("--log-file=")).split("=", 1)[1]).parent
        for name, text in logs.items():
            (folder / name).write_text(text, encoding="utf-8")
        return subprocess.CompletedProcess(command, returncode, "", "boom")
    monkeypatch.setattr(instruction_counts.subprocess, "run", run)


def test_the_count_is_the_sum_over_every_process_in_billions(monkeypatch, tmp_path):
    _fake_valgrind(monkeypatch, {"10.log": LOG.format(count="7,909,126,719"),
                                 "11.log": LOG.format(count="2,090,873,281")})
    run = instruction_counts.counted_run(["cardforge", "build"], tmp_path, what="build")
    assert run.seconds == run.cpu_seconds == pytest.approx(10.0)


def test_a_process_without_a_count_stops_the_benchmark(monkeypatch, tmp_path):
    _fake_valgrind(monkeypatch, {"10.log": LOG.format(count="1,000"), "11.log": "==11== killed\n"})
    with pytest.raises(SystemExit, match="without an instruction count"):
        instruction_counts.counted_run(["cardforge"], tmp_path, what="build")


def test_a_failing_command_stops_the_benchmark_with_its_stderr(monkeypatch, tmp_path):
    _fake_valgrind(monkeypatch, {"10.log": LOG.format(count="1,000")}, returncode=2)
    with pytest.raises(SystemExit, match=r"build failed \(exit 2\)[\s\S]*boom"):
        instruction_counts.counted_run(["cardforge"], tmp_path, what="build")


def test_without_valgrind_the_message_names_the_package(monkeypatch):
    monkeypatch.setattr(instruction_counts.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit, match="apt-get install valgrind"):
        instruction_counts.valgrind()


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="Valgrind is not installed")
def test_a_real_count_follows_a_child_process(tmp_path):
    one = instruction_counts.counted_run(["/bin/true"], tmp_path, what="true")
    two = instruction_counts.counted_run(["/bin/sh", "-c", "/bin/true; /bin/true"], tmp_path, what="sh")
    assert 0 < one.seconds < two.seconds
