"""Text in a language: a YAML ``{lang: text}`` mapping's, and cardforge's own words.

- :func:`localized` picks the text of a ``{lang: text}`` mapping (how card and game.yaml
  texts are written) in a language, else a fallback language. The one rule: the first
  non-empty text of ``lang`` then ``fallback``, else None; a caller that prints ``""``
  instead says so at its call (``localized(...) or ""``).
- :func:`word` translates one of the words cardforge itself prints around a game's texts
  (booklet covers and component lists, card-face labels of the shipped packs). Those live
  in cardforge's own gettext domain, ``cardforge/locale/<lang>/LC_MESSAGES/cardforge.po``
  (read with Babel, shipped inside the package), with English msgids: English needs no
  catalog, and a language without a catalog or an entry prints the English. Words of a
  game pack carry the pack's id as msgctxt (the same English word may be translated
  differently per game); the booklet's words have no context.

This module sits at the bottom of the layers: it imports only Babel and the standard
library, so :mod:`cardforge.model.game_model`, ``render`` and the packs may all use it.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

DOMAIN = "cardforge"
"""cardforge's gettext domain: the catalog file's name without ``.po``."""

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
"""``cardforge/locale/``: one ``<lang>/LC_MESSAGES/cardforge.po`` per language."""

SOURCE_LANGUAGE = "en"
"""The language msgids are written in."""


def localized(mapping: Any, lang: str | None, fallback: str | None = None) -> str | None:
    """The text of a ``{lang: text}`` mapping in ``lang``, else in ``fallback``.

    An empty text counts as missing. Returns None when neither language has a text, and for
    a ``mapping`` that is not a Mapping (None, a string, a broken YAML value). Never raises.
    """
    if not isinstance(mapping, Mapping):
        return None
    for code in (lang, fallback):
        if code is not None and mapping.get(code):
            return str(mapping[code])
    return None


def catalog_path(lang: str) -> Path:
    """Where the catalog of ``lang`` is (it may not exist: English has none)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(lang: str) -> Catalog | None:
    """cardforge's catalog of ``lang``, read once; None when cardforge ships none for it.

    Raises babel's PoFileError for a catalog that does not parse (a packaging fault, caught
    by the tests, never a user's file)."""
    path = catalog_path(lang)
    if lang == SOURCE_LANGUAGE or not path.is_file():
        return None
    return read_po(io.BytesIO(path.read_bytes()), locale=None, domain=DOMAIN, abort_invalid=True)


def word(msgid: str, lang: str, context: str | None = None, **fields: object) -> str:
    """cardforge's word ``msgid`` (English) in ``lang``, ``{name}``-style fields filled in.

    ``context`` is the msgctxt: a game pack's id for its face words, None for the
    booklet's. The English ``msgid`` is printed for English, for a language cardforge has
    no catalog for, and for an entry that is missing, empty or fuzzy. Raises KeyError /
    IndexError when ``fields`` lack a field the text names (as ``str.format``)."""
    translated = _translation(msgid, lang, context)
    text = translated.string if translated and isinstance(translated.string, str) else msgid
    return text.format(**fields) if fields else text


def plural_word(forms: tuple[str, str], count: int, lang: str, context: str | None = None,
                **fields: object) -> str:
    """cardforge's word in the form ``count`` calls for in ``lang``: ``forms`` is the English
    (singular, plural) pair, a gettext plural entry (``msgid``/``msgid_plural``); the form
    is chosen by the catalog's ``Plural-Forms`` expression (French: one form for 0 and 1,
    Japanese: one form for every count), English by ``count == 1``. Falls back to English
    as :func:`word` does, fields filled in as there."""
    translated = _translation(forms[0], lang, context)
    text = forms[0] if count == 1 else forms[1]
    if translated and isinstance(translated.string, tuple):
        index = gettext.c2py(translated.plural_expr)(count)
        text = translated.string[min(index, len(translated.string) - 1)]
    return text.format(**fields) if fields else text


@dataclass(frozen=True)
class _Translated:
    """A usable catalog entry: its ``string`` (a text, or a plural entry's forms) and the
    catalog's ``plural_expr``."""

    string: str | tuple[str, ...]
    plural_expr: str


def _translation(msgid: str, lang: str, context: str | None) -> _Translated | None:
    """The entry for ``msgid`` in cardforge's catalog of ``lang``; None when there is no
    catalog or entry, or it is fuzzy or empty (a plural entry: any form empty)."""
    found = catalog(lang)
    message = found.get(msgid, context=context) if found is not None else None
    if message is None or message.fuzzy:
        return None
    string = tuple(message.string) if isinstance(message.string, (list, tuple)) else message.string
    if not string or (isinstance(string, tuple) and not all(string)):
        return None
    return _Translated(string, found.plural_expr)
