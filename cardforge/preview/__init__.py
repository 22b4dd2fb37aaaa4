"""``cardforge preview``: a local web page of every card face as it will print, kept up to date.

Owns the shapes the page shows (:mod:`~cardforge.preview.preview_views`), the faces and products
of one game as views (:mod:`~cardforge.preview.preview_faces`, :mod:`~cardforge.preview.preview_products`),
their images (:mod:`~cardforge.preview.preview_images`), re-loading and re-rendering what changed
(:mod:`~cardforge.preview.preview_rebuild`, :mod:`~cardforge.preview.workspace_watcher`), the
published snapshot (:mod:`~cardforge.preview.preview_state`), the HTML
(:mod:`~cardforge.preview.preview_page`), the loopback-only server
(:mod:`~cardforge.preview.preview_server`) and one running preview
(:mod:`~cardforge.preview.preview_session`). May import products, lint and everything below."""
