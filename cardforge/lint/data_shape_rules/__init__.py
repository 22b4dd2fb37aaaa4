"""Core lint rules on the shape of card data (codes CF): YAML, schema, fields, ids, counts, sizes.

One module per rule, found by walking the package (:data:`cardforge.lint.rule.CORE_PACKAGES`);
each module's docstring is the rule's documentation. May import :mod:`cardforge.lint` and below."""
