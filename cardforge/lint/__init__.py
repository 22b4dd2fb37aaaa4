"""The rules engine: the rule contract, running rules, declarations rules read, and reports.

Owns the contract and registry (:mod:`~cardforge.lint.rule`), running rules over a game
(:mod:`~cardforge.lint.engine`, :mod:`~cardforge.lint.lanes`, :mod:`~cardforge.lint.not_run`), what
game.yaml declares for the core rules (:mod:`~cardforge.lint.declared`,
:mod:`~cardforge.lint.declared_cards`, :mod:`~cardforge.lint.card_costs`,
:mod:`~cardforge.lint.cost_pools`, :mod:`~cardforge.lint.game_enders`), rules written as data
(:mod:`~cardforge.lint.data_rules` and ``data_*``, :mod:`~cardforge.lint.expect_text`), layout
measurements (:mod:`~cardforge.lint.layout_measures`, :mod:`~cardforge.lint.overflow_fields`) and
the report formats (:mod:`~cardforge.lint.report_formats`). The rules themselves are in
``data_shape_rules``, ``game_design_rules`` and ``player_text_rules``. May import preflight,
booklet, i18n, render and the foundation."""
