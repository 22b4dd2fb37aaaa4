"""Imposition: laid-out faces placed on printer sheets.

Owns the grid of card slots on a sheet (:mod:`~cardforge.render.impose.slot_grid`), drawing faces
and crop marks on one sheet (:mod:`~cardforge.render.impose.sheet_placement`), duplex sheets of
fronts and backs (:mod:`~cardforge.render.impose.duplex_sheets`) and the fold-over layout
(:mod:`~cardforge.render.impose.fold_over`). May import ``cache``, ``pdf`` and the foundation."""
