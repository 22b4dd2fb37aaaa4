"""PO files in and out: reading an untrusted catalog safely, and writing one.

Catalogs arrive in pull requests like every workspace file, so :func:`read_catalog` reads
them through :mod:`cardforge.boundary.trust` (a regular UTF-8 file inside the workspace, at most
``MAX_BYTES["po"]``; a byte-order mark is dropped), counts their entries before Babel parses
them (:data:`~cardforge.boundary.trust.MAX_PO_ENTRIES`), refuses a header declaring more than
:data:`~cardforge.boundary.trust.MAX_PO_PLURAL_FORMS` plural forms (Babel makes a list that long for
each plural entry), and turns whatever Babel cannot parse into one :data:`CODE` Problem at
the file and line.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, PoFileParser, write_po

from cardforge.boundary import trust
from cardforge.errors import DataError
from cardforge.problem import Location, Problem

CODE = "TR100"
"""The lint code of a catalog that cannot be read (see ``cardforge explain TR100``)."""

HINT = "fix the PO syntax, or delete the file and run `cardforge i18n update`"

_ENTRY = re.compile(r"^[ \t]*(?:#~[ \t]*)?msgid[ \t\"]", re.MULTILINE)
"""The first line of a catalog entry as Babel reads it (indented and obsolete ones too)."""


class _Catalog(Catalog):
    """A Babel catalog whose header may not declare an absurd number of plural forms."""

    @property
    def num_plurals(self) -> int:
        """The plural forms of the catalog (its header's ``nplurals``, else its locale's).
        Raises ValueError past :data:`~cardforge.boundary.trust.MAX_PO_PLURAL_FORMS`."""
        count = Catalog.num_plurals.fget(self)  # type: ignore[attr-defined]
        if not 0 < count <= trust.MAX_PO_PLURAL_FORMS:
            raise ValueError(f"the header declares {count} plural forms (nplurals); the limit "
                             f"is {trust.MAX_PO_PLURAL_FORMS}")
        return count


def read_catalog(path: Path, lang: str | None) -> Catalog:
    """The catalog at ``path``, in language ``lang`` (None for a template); its messages
    keep their ``lineno``.

    Raises DataError with one :data:`CODE` Problem at the file (and line where there is
    one) for a file that may not or cannot be read (outside the workspace, a folder, a
    pipe, a link loop, too large, not UTF-8), one with more than
    :data:`~cardforge.boundary.trust.MAX_PO_ENTRIES` entries, or one Babel cannot parse.
    """
    try:
        text = trust.read_text(path, "po")
    except trust.Refused as exc:
        raise DataError([exc.problem(CODE)], what=str(path)) from None
    over = _entry_over_limit(text)
    if over is not None:
        raise DataError([Problem(Location(path, over, 1), CODE,
                                 f"unreadable catalog: more than {trust.MAX_PO_ENTRIES:,} entries",
                                 hint="a catalog holds one entry per text of the game; delete "
                                      "the file and run `cardforge i18n update`")], what=str(path))
    catalog = _Catalog(locale=lang)
    try:
        PoFileParser(catalog, ignore_obsolete=False, abort_invalid=True).parse(io.StringIO(text))
        catalog.charset = "utf-8"  # what the text was read as, whatever its header says
        _ = catalog.num_plurals  # checked now, not when a rule first writes the catalog out
        return catalog
    except PoFileError as exc:
        line = int(getattr(exc, "lineno", 0) or 0) + 1  # Babel counts error lines from 0
        message = str(exc)
    except ValueError as exc:  # msgstr[x], a bad plural-forms header
        line, message = 1, str(exc)
    raise DataError([Problem(Location(path, line, 1), CODE, f"unreadable catalog: {message}",
                             hint=HINT)], what=str(path))


def _entry_over_limit(text: str) -> int | None:
    """The line of the first entry past :data:`~cardforge.boundary.trust.MAX_PO_ENTRIES`, or None."""
    for count, match in enumerate(_ENTRY.finditer(text), start=1):
        if count > trust.MAX_PO_ENTRIES:
            return text.count("\n", 0, match.start()) + 1
    return None


def present(path: Path) -> bool:
    """Whether something is at ``path`` (a file, a folder, a link even if broken or looping):
    a catalog that is there but cannot be read is reported, never taken for a missing one."""
    return path.is_symlink() or path.exists()


def render(catalog: Catalog) -> bytes:
    """The PO (or POT) text of ``catalog``: UTF-8, previous msgids kept, no obsolete ones."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, ignore_obsolete=True, include_previous=True)
    return buffer.getvalue()
