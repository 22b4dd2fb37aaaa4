"""Built-in game packs; each registers through the ``cardforge.games`` entry-point group."""
