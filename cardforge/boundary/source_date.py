"""The date cardforge writes into files: ``SOURCE_DATE_EPOCH`` when it is set.

reproducible-builds.org's convention: a build that writes a date takes it from the
``SOURCE_DATE_EPOCH`` environment variable (whole seconds since 1970-01-01 UTC, usually the
last commit's time) so that the same sources give the same bytes. cardforge writes dates in
two places: a PDF/X file's creation and modification dates (Info and XMP, which PDF/X
requires) and a translation catalog's ``POT-Creation-Date`` / ``PO-Revision-Date``.

- :func:`pdf_date` is the PDF's: ``SOURCE_DATE_EPOCH``, else :data:`DEFAULT_EPOCH`, never the
  clock, so a PDF is byte-identical from one build to the next by default;
- :func:`now` is a catalog's: ``SOURCE_DATE_EPOCH``, else the clock (a revision date that
  never moved would mislead translators).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

from cardforge.errors import ConfigError

VARIABLE = "SOURCE_DATE_EPOCH"

DEFAULT_EPOCH = 315532800
"""1980-01-01T00:00:00Z, the date a PDF gets when ``SOURCE_DATE_EPOCH`` is unset (as zip
and wheel files do): a date that does not depend on when the build ran."""

MAX_EPOCH = 253402300799
"""9999-12-31T23:59:59Z: the last second a PDF date can hold."""


def source_epoch() -> int | None:
    """``SOURCE_DATE_EPOCH`` as an int, None when unset or empty. Raises ConfigError when it
    is not a whole number of seconds from 0 to :data:`MAX_EPOCH` (the convention says a
    malformed value is an error, not a reason to use the clock)."""
    text = os.environ.get(VARIABLE, "").strip()
    if not text:
        return None
    if not text.isdigit() or int(text) > MAX_EPOCH:
        raise ConfigError(f"{VARIABLE}={text!r} is not a number of seconds since 1970-01-01",
                          hint=f"e.g. {VARIABLE}=$(git log -1 --format=%ct), or unset it")
    return int(text)


def pdf_date() -> datetime:
    """The creation and modification date of a PDF cardforge writes (UTC): see the module
    docstring. Raises ConfigError for a malformed ``SOURCE_DATE_EPOCH``."""
    epoch = source_epoch()
    return datetime.fromtimestamp(DEFAULT_EPOCH if epoch is None else epoch, UTC)


def now() -> datetime:
    """The date a catalog is stamped with (UTC): ``SOURCE_DATE_EPOCH``, else the clock.
    Raises ConfigError for a malformed ``SOURCE_DATE_EPOCH``."""
    epoch = source_epoch()
    return datetime.now(UTC) if epoch is None else datetime.fromtimestamp(epoch, UTC)
