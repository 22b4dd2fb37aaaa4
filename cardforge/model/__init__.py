"""The game model: what a loaded game is, and what game.yaml declares about its printing.

Owns Card, Deck and Game (:mod:`~cardforge.model.game_model`), the pack contract
(:mod:`~cardforge.model.game_packs`: ``GameSpec`` and how packs are found) and the spec of a
workspace game (:mod:`~cardforge.model.workspace_game`), card geometry and size presets
(:mod:`~cardforge.model.card_geometry`, :mod:`~cardforge.model.card_sizes` with ``card_sizes.toml``),
``layout:`` boxes (:mod:`~cardforge.model.card_layout`), paper and units
(:mod:`~cardforge.model.paper_units`), boards (:mod:`~cardforge.model.board_specs`), print copies
(:mod:`~cardforge.model.print_copies`), text in a language (:mod:`~cardforge.model.language_text`)
and a pack's statistics table (:mod:`~cardforge.model.stats_table`). May import
:mod:`cardforge.loading`, :mod:`cardforge.cel` and the root's shapes."""
