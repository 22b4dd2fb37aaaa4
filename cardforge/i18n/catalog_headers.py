"""The header of a game's catalogs: what it says, and how two headers are compared.

``Project-Id-Version`` is the game's name in its source language, then game.yaml's
``version`` when it has one. ``Last-Translator``, ``Language-Team`` and
``Report-Msgid-Bugs-To`` are written only when someone wrote a real value (a translator's
PO editor does), never Babel's template placeholders (``FULL NAME <EMAIL@ADDRESS>``); a
template has no ``PO-Revision-Date``. The dates themselves are set by
:mod:`cardforge.i18n.game_catalogs`.
"""

from __future__ import annotations

from babel.messages.catalog import Catalog

from cardforge.model.game_model import Game
from cardforge.model.language_text import localized

_PLACEHOLDERS = ("EMAIL@ADDRESS", "FULL NAME", "LL@li.org", "YEAR-MO-DA")
"""Parts of Babel's template header values: a header holding one says nothing."""
_OPTIONAL = frozenset({"Report-Msgid-Bugs-To", "Last-Translator", "Language-Team", "PO-Revision-Date"})
"""Headers written only when they hold a real value."""
_NO_VERSION = "VERSION"
"""Babel's version when none is given."""


class GameCatalog(Catalog):
    """A Babel catalog whose header states only what is known (module docstring): no
    placeholder people or addresses, no version that the game does not declare."""

    @property
    def mime_headers(self) -> list[tuple[str, str]]:
        """Babel's headers less the placeholders (a ``(name, value)`` list)."""
        headers = []
        for name, value in Catalog.mime_headers.fget(self):  # type: ignore[attr-defined]
            if name == "Project-Id-Version" and self.version == _NO_VERSION:
                value = self.project
            if name in _OPTIONAL and (not value.strip() or any(p in value for p in _PLACEHOLDERS)):
                continue
            headers.append((name, value))
        return headers

    @mime_headers.setter
    def mime_headers(self, headers: list[tuple[str, str]]) -> None:
        Catalog.mime_headers.fset(self, headers)  # type: ignore[attr-defined]


def project_of(game: Game) -> tuple[str, str | None]:
    """The game's name in its source language (else its id) and game.yaml's ``version``."""
    name = localized(game.info.get("name"), game.source_language) or game.id
    version = game.info.get("version")
    return name, str(version) if version not in (None, "") else None


def known(value: str | None) -> str | None:
    """A header value a person wrote, None for a placeholder or nothing."""
    return value if value and not any(p in value for p in _PLACEHOLDERS) else None


_DATES = (b'"POT-Creation-Date', b'"PO-Revision-Date')
_PEOPLE = tuple(f'"{name}:'.encode() for name in sorted(_OPTIONAL))


def comparable(po: bytes) -> bytes:
    """The PO text ``po`` as :attr:`cardforge.i18n.game_catalogs.Planned.changed` compares it:
    dates left out, and the headers of a catalog Babel read (placeholder people, a one-word
    project name read back as a version) as :class:`GameCatalog` writes them."""
    lines = []
    for line in po.splitlines():
        if line.startswith(_DATES) or line.startswith(_PEOPLE) and any(
                p.encode() in line for p in _PLACEHOLDERS):
            continue
        if line.startswith(b'"Project-Id-Version: '):
            line = b'"Project-Id-Version: ' + line[len(b'"Project-Id-Version: '):].lstrip()
        lines.append(line)
    return b"\n".join(lines)
