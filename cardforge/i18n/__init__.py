"""Translations: gettext catalogs under ``cards/<id>/locale/<lang>/LC_MESSAGES/*.po``,
managed with Babel, and the order in which a text is looked up when rendering in a
language: the catalog's translation, else the inline YAML one (``name: {en, ja}``), else
the source language's text.
"""
