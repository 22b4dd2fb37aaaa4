#!/usr/bin/env bash
# Set up cardforge on Debian (run as root): system packages, then a virtual environment in .venv.
#   bash scripts/setup.sh          install cardforge
#   bash scripts/setup.sh --test   install cardforge with its test tools (pytest, icepool, ruff, chromium)
set -euo pipefail
cd "$(dirname "$0")/.."

# Pango and fontconfig lay out text for WeasyPrint; HarfBuzz-subset embeds only the glyphs used
# (10x faster than WeasyPrint's pure-Python fallback on the large Noto CJK fonts).
# DejaVu renders Latin text, Noto Sans CJK JP renders Japanese.
# libgs-common ships a CMYK ICC profile (Artifex CMYK SWOP, AGPL-3+) that PDF/X card files
# (--profile drivethrucards-poker) embed as their output intent; it needs nothing else.
packages=(fontconfig libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core fonts-noto-cjk
          libgs-common)
python3 -m venv --help >/dev/null 2>&1 || packages+=(python3-venv)
# --test: Debian's Chromium, which tests/preview/test_preview_browser.py drives headless
# through Playwright (no `playwright install`: that would download a browser build).
[ "${1:-}" = "--test" ] && packages+=(chromium)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "cardforge setup: missing Debian packages: ${missing[*]}" >&2
    echo "  run as root, or: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
  echo "cardforge setup: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
extras=""
[ "${1:-}" = "--test" ] && extras="[test]"
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras}"
# An editable install is not byte-compiled (a wheel is): compile now, so that every command
# starts as fast as an installed one even where PYTHONDONTWRITEBYTECODE is set.
.venv/bin/python -m compileall -q -j 0 cardforge >/dev/null
echo "cardforge setup: ready ($(.venv/bin/cardforge --version))"
