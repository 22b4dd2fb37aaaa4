#!/usr/bin/env bash
# The simulated-platform job: the suite run as on Windows, with the Linux-only features (fork,
# O_NONBLOCK, SIGALRM/setitimer, AF_UNIX/send_fds/SO_PEERCRED, fcntl; spawn the only start
# method) removed from every Python process before cardforge is imported
# (tests/simulated_platform/sitecustomize.py). Tests that assert a Linux fast path are marked
# linux_fast_path (or linux_tool) and skipped here only; tests/resident/ is not collected.
# Fails when any test fails, e.g. when a guarded feature is used unguarded again
# (tests/test_simulated_platform.py plants one).
#   bash .ci/simulated_platform.sh              a named subset, on .venv (a few minutes)
#   bash .ci/simulated_platform.sh PATH...      those tests instead (.ci/floors.sh: tests)
#   CARDFORGE_CI_PYTHON=<venv>/bin/python ...   on another venv (.ci/floors.sh: the floors)
set -euo pipefail
cd "$(dirname "$0")/.."
export CARDFORGE_SIMULATE_PLATFORM="${CARDFORGE_SIMULATE_PLATFORM:-windows}" CARDFORGE_RESIDENT=0
export PYTHONPATH="$PWD/tests/simulated_platform${PYTHONPATH:+:$PYTHONPATH}"
python="${CARDFORGE_CI_PYTHON:-.venv/bin/python}"
if [ "$#" -eq 0 ]; then
  # Every test that runs the cardforge command (tests/test_cli.py, tests/commands), the security
  # tests, the reference pages (every shipped game built and compared with its PNGs), and the
  # modules with a fallback of their own (forked, parse cache, face cache, fonts found without fc-list).
  set -- tests/test_cli.py tests/commands tests/security tests/test_reference_pages.py \
    tests/core/test_forked.py tests/core/test_parse_cache.py tests/render/test_face_cache.py \
    tests/render/test_installed_fonts.py
fi
echo "simulated platform: $CARDFORGE_SIMULATE_PLATFORM, $("$python" --version), $*"
"$python" -m pytest -p no:cacheprovider -n 2 "$@"  # -q: pyproject's addopts
