"""Loading files: YAML with a source map, bounded, and kept parsed between runs.

Owns :class:`~cardforge.loading.document.Document` (a file's plain data and where every key and
value stands), YAML loading (:mod:`~cardforge.loading.yaml_source`, :mod:`~cardforge.loading.yaml_walk`)
with its limits (:mod:`~cardforge.loading.yaml_limits`), the parse cache
(:mod:`~cardforge.loading.parse_cache`), dotted field paths (:mod:`~cardforge.loading.field_paths`) and
notes columns kept beside card data (:mod:`~cardforge.loading.deck_notes`). May import
:mod:`cardforge.boundary`, :mod:`cardforge.build` (the parse cache's key) and the root's shapes."""
