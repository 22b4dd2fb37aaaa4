"""Translations: gettext catalogs under ``cards/<id>/locale/<lang>/LC_MESSAGES/<domain>.po``, with Babel.

Owns what is translatable (:mod:`~cardforge.i18n.translatable_units`,
:mod:`~cardforge.i18n.localized_mappings`), the catalog files and ``cardforge i18n update``'s merge
(:mod:`~cardforge.i18n.game_catalogs`, :mod:`~cardforge.i18n.po_files`,
:mod:`~cardforge.i18n.catalog_headers`, :mod:`~cardforge.i18n.fuzzy_guard`), the catalogs as lint
sees them (:mod:`~cardforge.i18n.catalog_state`), looking a text up in a language
(:mod:`~cardforge.i18n.translations`) and comparing a translation with its source
(:mod:`~cardforge.i18n.translation_checks`). May import booklet, render and the foundation."""
