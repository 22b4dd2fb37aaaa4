"""Colour for print: a template folder's palette, and faces turned into CMYK.

Owns the print palette, each colour declared once with its screen and print values
(:mod:`~cardforge.render.colour.print_palette`), and CMYK faces (:mod:`~cardforge.render.colour.cmyk`).
May import ``templating``, ``pdf`` and the foundation."""
