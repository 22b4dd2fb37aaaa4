"""The products ``cardforge build`` makes: one module per product and the one table naming them.

Each product is a builder ``build(game, lang, options) -> list[Path]``
(:mod:`~cardforge.products.product_builder`, options in :mod:`~cardforge.products.product_options`)
listed in :mod:`~cardforge.products.product_registry`, the one table help texts, schemas and docs
are checked against. Products assemble files from pages: they lay faces and booklets out through
:mod:`cardforge.render`, impose or rasterise them, and write them atomically. May import lint,
preflight, booklet, i18n, render and the foundation (``render`` never imports a product)."""
