"""Looking texts up in a language: catalog first, inline YAML second, source last.

:class:`Translations` holds the usable messages of one language's catalogs (a message is
usable when it is translated and not fuzzy). :meth:`Translations.text` turns a source
string into the language; :meth:`Translations.localized` does the same for a
``{lang: text}`` mapping from YAML, which is how card and game.yaml texts are written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LOCALE_DIR = "locale"
"""Folder of a game's catalogs, inside ``cards/<id>/``."""


def catalog_paths(game_root: Path, lang: str) -> list[Path]:
    """``<game_root>/locale/<lang>/LC_MESSAGES/*.po``, sorted (empty if none)."""
    return sorted((game_root / LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po"))


@dataclass
class Translations:
    """One language's usable translations (source text → translated text) for a game whose
    texts are written in ``source``."""

    lang: str
    source: str
    messages: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, game_root: Path, lang: str, source: str) -> Translations:
        """Read every catalog of ``lang`` (none for the source language itself).
        Raises babel's PoFileError / OSError for a broken or unreadable file."""
        from babel.messages.pofile import read_po

        found = cls(lang, source)
        if lang == source:
            return found
        for path in catalog_paths(game_root, lang):
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=None, abort_invalid=True)
            for message in catalog:
                if message.id and isinstance(message.id, str) and message.string \
                        and isinstance(message.string, str) and not message.fuzzy:
                    found.messages[message.id] = message.string
        return found

    def text(self, source_text: str) -> str:
        """``source_text`` in this language: the catalog's translation, else itself."""
        return self.messages.get(source_text, source_text)

    def localized(self, value: Any) -> str:
        """A ``{lang: text}`` mapping in this language: the catalog's translation of its
        source text, else its own text in the language, else its source text, else its
        first text; ``""`` for anything that is not such a mapping."""
        if not isinstance(value, Mapping) or not value:
            return ""
        source_text = value.get(self.source)
        if isinstance(source_text, str) and source_text in self.messages:
            return self.messages[source_text]
        for key in (self.lang, self.source):
            if isinstance(value.get(key), str) and value[key]:
                return str(value[key])
        return str(next(iter(value.values())) or "")
