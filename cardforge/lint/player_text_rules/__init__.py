"""Core lint rules on the text a player reads (codes TR and BK): catalogs, translations,
overflowing text and the rules Markdown.

One module per rule, found by walking the package (:data:`cardforge.lint.rule.CORE_PACKAGES`);
each module's docstring is the rule's documentation. May import :mod:`cardforge.lint` and below."""
