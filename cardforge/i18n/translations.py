"""Looking texts up in a language: inline YAML first, catalog second, source last.

:class:`Translations` holds the usable messages of one language's catalogs (a message is
usable when it is translated and not fuzzy). :meth:`Translations.text` turns a source
string (a rules paragraph) into the language; :meth:`Translations.localized` does the same
for a ``{lang: text}`` mapping from YAML, which is how card and game.yaml texts are
written: a text written inline in the language wins (the YAML is where the designer edits;
``cardforge i18n update`` copies it into the catalog), the catalog fills the languages the
YAML leaves out.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardforge.i18n.game_catalogs import LOCALE_DIR, read_catalog
from cardforge.i18n.translatable_units import localized_mappings

if TYPE_CHECKING:
    from cardforge.model.game_model import Game


def catalog_paths(game_root: Path, lang: str) -> list[Path]:
    """``<game_root>/locale/<lang>/LC_MESSAGES/*.po``, sorted (empty if none); anything so
    named is listed (a folder or a link too), so reading it reports why it cannot be used."""
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
        """Read every catalog of ``lang`` (none for the source language itself) through
        :func:`cardforge.i18n.po_files.read_catalog`. Raises DataError (a TR100 Problem at the file
        and line) for a catalog that cannot be read or parsed."""
        found = cls(lang, source)
        if lang == source:
            return found
        for path in catalog_paths(game_root, lang):
            for message in read_catalog(path, None):
                if message.id and isinstance(message.id, str) and message.string \
                        and isinstance(message.string, str) and not message.fuzzy:
                    found.messages[message.id] = message.string
        return found

    def text(self, source_text: str) -> str:
        """``source_text`` in this language: the catalog's translation, else itself."""
        return self.messages.get(source_text, source_text)

    def localized(self, value: Any) -> str:
        """A ``{lang: text}`` mapping in this language: its own text in the language, else
        the catalog's translation of its source text, else its source text, else its first
        text; ``""`` for anything that is not such a mapping."""
        if not isinstance(value, Mapping) or not value:
            return ""
        if isinstance(value.get(self.lang), str) and value[self.lang]:
            return str(value[self.lang])
        source_text = value.get(self.source)
        if isinstance(source_text, str) and source_text in self.messages:
            return self.messages[source_text]
        if isinstance(source_text, str) and source_text:
            return source_text
        return str(next(iter(value.values())) or "")


def with_catalog_texts(game: Game, lang: str) -> Game:
    """``game`` as it renders in ``lang``: every ``{lang: text}`` mapping (in game.yaml,
    card and dice files) that has no ``lang`` text gets its catalog translation, so pack
    code and templates that read the YAML mappings print it. Returns ``game`` itself when
    the catalogs add nothing (the usual case when texts are written inline), else a copy
    (the loaded game, which lint reads, is never changed). Raises DataError for a broken
    catalog."""
    source = game.source_language
    tr = Translations.load(game.root, lang, source)

    def gaps(target: Game) -> list[tuple[dict[str, str], str]]:
        found = []
        for doc in (target.manifest, *target.documents, *target.dice_documents):
            for _, mapping in localized_mappings(doc.data):
                if not mapping.get(lang) and mapping.get(source) in tr.messages:
                    found.append((mapping, tr.messages[mapping[source]]))
        return found

    if not tr.messages or not gaps(game):
        return game
    copied = copy.deepcopy(game, {id(game.spec): game.spec})  # the pack is shared, not data
    for mapping, text in gaps(copied):
        mapping[lang] = text
    return copied
