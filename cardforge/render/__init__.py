"""Rendering: card faces, dice faces, boards and booklets to PDF pages, and pages onto sheets.

The modules here are the renderers, each a short recipe over the sub-packages:
:mod:`~cardforge.render.face_sources` (every face's HTML), :mod:`~cardforge.render.card_render`
(faces laid out once, then cached), :mod:`~cardforge.render.card_sheets` (faces imposed on
sheets), :mod:`~cardforge.render.dice_render`, :mod:`~cardforge.render.board_render` and
:mod:`~cardforge.render.booklet_render`. Below them, by layer: ``workers`` and ``impose``, then
``cache``, then ``layout`` and ``colour``, then ``templating`` and ``pdf`` (a contract in
pyproject.toml). May import the foundation (workspace and below) and never a product."""
