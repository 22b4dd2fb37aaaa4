"""The products ``cardforge build`` makes: one module per product, each a builder
``build(game, lang, options) -> list[Path]`` (see :mod:`cardforge.products.product_builder`), and
:mod:`cardforge.products.product_registry` naming them.

Products assemble files from pages: they lay faces and booklets out through
:mod:`cardforge.render`, impose or rasterise them, and write them atomically. ``render``
never imports this package.
"""
