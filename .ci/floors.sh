#!/usr/bin/env bash
# The dependency-floors job: a venv with exactly the oldest version of
# each dependency pyproject.toml allows (its ">=" lower bounds, pinned with "==" in a
# constraints file, since pip has no lowest-versions resolution), then the whole suite on it,
# as on Windows (.ci/simulated_platform.sh).
# Fails when a floor is not true any more.
#   bash .ci/floors.sh            make the venv (in a temporary folder) and run the suite
set -euo pipefail
cd "$(dirname "$0")/.."
constraints=$(mktemp)
trap 'rm -f "$constraints"' EXIT
# project.dependencies' "name>=x.y" bounds → "name==x.y"
python3 - "$constraints" <<'PY'
import re, sys, tomllib
with open("pyproject.toml", "rb") as handle:
    dependencies = tomllib.load(handle)["project"]["dependencies"]
pins = []
for requirement in dependencies:
    match = re.match(r"\s*([A-Za-z0-9_.-]+)\s*>=\s*([0-9][0-9A-Za-z.]*)", requirement)
    if not match:
        sys.exit(f"floors: no '>=' lower bound in {requirement!r}")
    pins.append(f"{match[1]}=={match[2]}")
with open(sys.argv[1], "w") as out:
    out.write("\n".join(pins) + "\n")
PY
echo "floors: $(tr '\n' ' ' < "$constraints")"
# A fresh venv each run (nothing left from an older pyproject), installed by uv from the test
# extra of .venv (scripts/setup.sh --test): uv downloads in parallel and keeps its own cache
# (~/.cache/uv), so a fresh machine installs the ~80 pinned packages in ~15 s where pip took
# 8-18 min (docs/ci.md). CARDFORGE_FLOORS_VENV names a folder to make it in and keep.
uv=.venv/bin/uv
[ -x "$uv" ] || { echo "floors: no $uv: run bash scripts/setup.sh --test first" >&2; exit 1; }
if [ -n "${CARDFORGE_FLOORS_VENV:-}" ]; then
  venv=$CARDFORGE_FLOORS_VENV
  [ ! -e "$venv" ] || [ -f "$venv/pyvenv.cfg" ] || { echo "floors: $venv is not a venv" >&2; exit 1; }
  rm -rf "$venv"
else
  venv=$(mktemp -d)/floors-venv
  trap 'rm -f "$constraints"; rm -rf "$(dirname "$venv")"' EXIT
fi
python3 -m venv "$venv"
"$uv" pip install --quiet --python "$venv/bin/python" -c "$constraints" -e ".[test]"
"$uv" pip check --quiet --python "$venv/bin/python"
# Every floor installed as pinned (a constraint uv could not meet would have failed above).
"$venv/bin/python" - "$constraints" <<'PY'
import sys
from importlib.metadata import version
for line in open(sys.argv[1]):
    name, wanted = line.strip().split("==")
    assert version(name) == wanted or version(name).startswith(wanted + "."), (name, version(name), wanted)
PY
# The whole suite on the floors, run as on Windows (.ci/simulated_platform.sh): one run proves
# both the oldest versions and the fallbacks of every platform-specific call, where two took
# ~25 minutes on the 2-core CI machine. The Linux-only tests (the fork fast paths, the
# resident process) run on the latest versions in .ci/run's first step (docs/ci.md).
CARDFORGE_CI_PYTHON="$venv/bin/python" bash .ci/simulated_platform.sh tests
