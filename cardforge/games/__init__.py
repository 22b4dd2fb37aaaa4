"""Built-in game packs, each registered through the ``cardforge.games`` entry-point group.

Each pack (``comic_creator``, ``dice_girls``, ``dice_tuners``, ``dixe_on_card``,
``writers_battle``) holds its ``GameSpec`` in its ``__init__``, its modules named with its rule
prefix (``cc_``, ``dg_``, ``dt_``, ``dx_``, ``wb_``) and one ``rules`` package of lint rules. A pack
may import any core package; no core package imports a pack."""
