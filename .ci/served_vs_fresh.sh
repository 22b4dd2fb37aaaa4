#!/usr/bin/env bash
# The differential served-vs-fresh job (issue 33; docs/architecture.md, "The resident process").
# Every test that ran the cardforge command in the suite's last run (pytest's cache, noted by
# tests/resident/differential.py) runs again with CARDFORGE_SERVED_VS_FRESH=1: each of its
# builds and lints runs served by a resident process the test starts (CI unset for it) and
# fresh, from the same files, and any difference in exit status, output or files fails the
# test. tests/resident/ is left out: those tests start and check resident processes of their
# own (their install-mutation test ran in the suite). Run after the suite (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
report=$(mktemp -d)
trap 'rm -rf "$report"' EXIT
status=0
CARDFORGE_SERVED_VS_FRESH=1 CARDFORGE_SERVED_VS_FRESH_REPORT="$report" \
    .venv/bin/python -m pytest -q --executable-tests --ignore=tests/resident || status=$?
.venv/bin/python -m tests.resident.differential "$report" || status=1  # counts, reasons, differences
exit "$status"
