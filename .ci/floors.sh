#!/usr/bin/env bash
# The dependency-floors job: a venv with exactly the oldest version of
# each dependency pyproject.toml allows (its ">=" lower bounds, pinned with "==" in a
# constraints file, since pip has no lowest-versions resolution), then a named subset of the
# suite on it. Fails when a floor is not true any more.
#   bash .ci/floors.sh            make (or reuse) the venv and run the subset
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
# The venv is kept outside the clone, named by the floors and the Python it runs on, so the
# next CI run on the same machine reuses it (installing ~80 pinned packages is most of the job).
key=$( (cat "$constraints"; python3 --version) | sha256sum | cut -c1-12)
venv="${CARDFORGE_FLOORS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/cardforge/floors-venv-$key}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -c "$constraints" -e ".[test]"
"$venv/bin/python" -m pip check
# Every floor installed as pinned (a constraint pip could not meet would have failed above).
"$venv/bin/python" - "$constraints" <<'PY'
import sys
from importlib.metadata import version
for line in open(sys.argv[1]):
    name, wanted = line.strip().split("==")
    assert version(name) == wanted or version(name).startswith(wanted + "."), (name, version(name), wanted)
PY
# The subset (the whole suite takes ~10 min on the 2-core CI machine, over this job's budget):
# every CLI test (tests/test_cli.py, tests/commands), the PDF/X and other exports, the face and
# parse caches, the template sandbox's limits and the WeasyPrint self-test and version check.
CARDFORGE_RESIDENT=0 "$venv/bin/python" -m pytest -p no:cacheprovider -q -n 2 \
  tests/test_cli.py tests/commands tests/exports tests/render/test_face_cache.py \
  tests/core/test_parse_cache.py tests/render/test_layout_self_test.py tests/security/test_templates.py
