"""Rule booklets: a game's rules in Markdown (``cards/<id>/rules/*.md``), filled with the
facts of game.yaml, translated through the game's catalogs, laid out by WeasyPrint as an A5
booklet (cover, contents, chapters, components, example cards, glossary, diagrams).

- :mod:`cardforge.booklet.rules_markdown`: the Markdown files → blocks, each a translatable unit
  with its file and line;
- :mod:`cardforge.booklet.placeholders`: ``{vp_goal}``-style placeholders → game.yaml values;
- :mod:`cardforge.booklet.generated_parts`: the generated parts (components, glossary, examples);
- :mod:`cardforge.booklet.booklet_html`: the whole booklet as one HTML document.
"""
