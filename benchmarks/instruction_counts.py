"""Count the machine instructions a whole ``cardforge`` command executes, with all its processes.

A wall-clock or CPU-second ratio on a shared 2-core machine moves by ±20 % from one minute
to the next (docs/benchmarks.md: the same cold build took 29 and 44 s in one series), which
hides a 5 % saving under noise however many rounds are run. The count of instructions a
command executes does not depend on what else the machine does: Valgrind's cachegrind tool
(``--cache-sim=no``: only the instruction count) runs the command, and every process it
forks or starts (``--trace-children=yes``), on a synthetic CPU and reports each process's
``I refs``; their sum is the command's count. It is about 40 times slower than running the
command, and counts work, not waiting: a mechanism that moves work to a second core (such
as parse_ahead) saves no instructions and must be timed instead.

:func:`counted_run` has the shape of ``bench_whole_process.run_process``: its
:class:`~bench_whole_process.Run` holds the count in billions in both fields, so a
benchmark reports ratios of counts where it reported ratios of seconds.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from bench_whole_process import Run

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")
"""cachegrind's summary line of a process: ``==123== I   refs:      7,909,126,719``."""


def valgrind() -> str:
    """The path of ``valgrind``. Raises SystemExit naming the Debian package when missing."""
    found = shutil.which("valgrind")
    if found is None:
        raise SystemExit("counting instructions needs Valgrind: apt-get install valgrind")
    return found


def counted_run(command: list[str], cwd: Path, *, what: str) -> Run:
    """Run ``command`` in ``cwd`` under cachegrind and return its instructions, in billions,
    summed over every process it started (as both fields of the Run). Stops the benchmark,
    showing its stderr, when it exits non-zero or a process reports no count."""
    with tempfile.TemporaryDirectory(prefix="cardforge-instructions-") as logs:
        wrapped = [valgrind(), "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                   "--trace-children=yes", f"--log-file={logs}/%p.log", *command]
        result = subprocess.run(wrapped, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True, check=False)
        if result.returncode:
            raise SystemExit(f"{what} failed (exit {result.returncode}): {' '.join(command)}\n"
                             f"{result.stderr}")
        counts = [_REFS.search(log.read_text(encoding="utf-8", errors="replace"))
                  for log in sorted(Path(logs).glob("*.log"))]
    if not counts or not all(counts):
        raise SystemExit(f"{what}: a process ended without an instruction count (killed?)")
    billions = sum(int(match[1].replace(",", "")) for match in counts if match) / 1e9
    return Run(billions, billions)
