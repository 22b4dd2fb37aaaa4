"""Translations: gettext catalogs under ``cards/<id>/locale/<lang>/LC_MESSAGES/<domain>.po``,
managed with Babel.

- :mod:`cardforge.i18n.translatable_units`: what is translatable (rules blocks, YAML ``{lang: text}``);
- :mod:`cardforge.i18n.game_catalogs`: the catalog files and ``cardforge i18n update``'s merge;
- :mod:`cardforge.i18n.translations`: looking a text up in a language when rendering
  (inline YAML text, else the catalog's translation, else the source text);
- :mod:`cardforge.i18n.translation_checks`: comparing a translation with its source (placeholders,
  numbers, icon tokens, markup).
"""
