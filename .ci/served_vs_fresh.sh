#!/usr/bin/env bash
# The differential served-vs-fresh job (issue 33; docs/ci.md, docs/architecture.md "The
# resident process"), around the suite's own run: `bash .ci/served_vs_fresh.sh COMMAND...`
# runs COMMAND (.ci/run: the README's test command) with CARDFORGE_SERVED_VS_FRESH naming
# tests/resident/served_tests.txt. Each build and lint of the tests listed there runs served
# by a resident process the test starts (CI unset for it) and fresh, from the same files, and
# any difference in exit status, output or files fails the test (tests/resident/differential.py).
# The list is the fewest, cheapest tests that between them run every command shape the suite
# runs (tests/resident/shape_cover.py); the summary fails the job when the suite ran a shape
# they did not, or a listed test ran no build or lint (then refresh the list: run the suite,
# then python -m tests.resident.shape_cover). tests/resident/ is left out: those tests start
# and check resident processes of their own.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -gt 0 ] || { echo "usage: bash .ci/served_vs_fresh.sh COMMAND... (the suite's run)" >&2; exit 2; }
report=$(mktemp -d)
trap 'rm -rf "$report"' EXIT
status=0
CARDFORGE_SERVED_VS_FRESH="$PWD/tests/resident/served_tests.txt" CARDFORGE_SERVED_VS_FRESH_REPORT="$report" \
    "$@" || status=$?
.venv/bin/python -m tests.resident.svf_report "$report" || status=1  # counts, shapes, differences
exit "$status"
