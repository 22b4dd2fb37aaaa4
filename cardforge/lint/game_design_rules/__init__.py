"""Core lint rules on the game's design as game.yaml declares it (codes CF): costs, facts,
game enders, player counts, rulebook coverage.

One module per rule, found by walking the package (:data:`cardforge.lint.rule.CORE_PACKAGES`);
each module's docstring is the rule's documentation. May import :mod:`cardforge.lint` and below."""
