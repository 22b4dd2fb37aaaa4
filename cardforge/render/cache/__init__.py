"""Render caches: laid-out faces, face books and products, keyed by content and by code.

Owns the face cache (:mod:`~cardforge.render.cache.face_cache`: one single-page PDF per face), the
face book of a game and language (:mod:`~cardforge.render.cache.face_book`,
:mod:`~cardforge.render.cache.book_filler`, :mod:`~cardforge.render.cache.book_overflow`), faces read
back (:mod:`~cardforge.render.cache.face_pages`, :mod:`~cardforge.render.cache.face_list`), products
and PNGs kept by content (:mod:`~cardforge.render.cache.content_cache`,
:mod:`~cardforge.render.cache.cached_raster`) and rendered HTML fragments
(:mod:`~cardforge.render.cache.fragment_memo`). Every key holds the content and
:func:`cardforge.build.build_fingerprint.code_digest`. May import ``layout``, ``templating``,
``pdf`` and the foundation."""
