#!/usr/bin/env bash
# The differential served-vs-fresh job (issue 33; docs/ci.md, docs/architecture.md "The
# resident process"). Run after the suite (.ci/run): the suite notes in pytest's cache each
# test's build and lint command shapes (subcommand, option names, exit status) and seconds
# (tests/resident/differential.py). tests/resident/shape_cover.py chooses the fewest, cheapest
# tests that between them run every shape; those run again with CARDFORGE_SERVED_VS_FRESH=1:
# each build and lint runs served by a resident process the test starts (CI unset for it) and
# fresh, from the same files, and any difference in exit status, output or files fails the
# test; a shape the suite ran and the job did not fails the job. tests/resident/ is left out:
# those tests start and check resident processes of their own (their planted-difference and
# install-mutation tests ran in the suite).
set -euo pipefail
cd "$(dirname "$0")/.."
report=$(mktemp -d)
trap 'rm -rf "$report"' EXIT
mapfile -t chosen < <(.venv/bin/python -m tests.resident.shape_cover "$report")
if [ "${#chosen[@]}" -eq 0 ]; then
    echo "served vs fresh: no test chosen (run the whole suite first)" >&2
    exit 1
fi
status=0
CARDFORGE_SERVED_VS_FRESH=1 CARDFORGE_SERVED_VS_FRESH_REPORT="$report" \
    .venv/bin/python -m pytest -q "${chosen[@]}" || status=$?
.venv/bin/python -m tests.resident.svf_report "$report" || status=1  # counts, shapes, differences
exit "$status"
