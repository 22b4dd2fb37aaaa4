"""The entry point: the process ends with the command's status, its output flushed."""

from __future__ import annotations

import subprocess
import sys


def _cardforge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardforge", *args], capture_output=True, text=True,
                          timeout=120, check=False)


def test_the_entry_point_keeps_the_status_and_flushes_the_output() -> None:
    shown = _cardforge("--version")
    assert shown.returncode == 0 and "cardforge" in shown.stdout
    wrong = _cardforge("no-such-command")
    assert wrong.returncode == 2 and "No such command" in wrong.stderr


def test_an_error_status_survives_the_fast_exit(tmp_path) -> None:
    (tmp_path / "cards").mkdir()
    done = _cardforge("build", "no-such-game", "-w", str(tmp_path))
    assert done.returncode != 0
    assert "no game found" in done.stderr and "hint:" in done.stderr
