"""Layout: HTML to PDF pages with WeasyPrint, and what the layout measures.

Owns laying a document of faces out (:mod:`~cardforge.render.layout.face_layout`), the URL fetchers
WeasyPrint reads through (:mod:`~cardforge.render.layout.url_fetcher`,
:mod:`~cardforge.render.layout.safe_fetcher`), fonts (:mod:`~cardforge.render.layout.font_configs`,
:mod:`~cardforge.render.layout.font_coverage`), text that fits and text that overflows
(:mod:`~cardforge.render.layout.text_fit`, :mod:`~cardforge.render.layout.text_overflow`,
:mod:`~cardforge.render.layout.page_overflow`, :mod:`~cardforge.render.layout.face_box`), underlays
(:mod:`~cardforge.render.layout.underlays`, :mod:`~cardforge.render.layout.underlay_pages`), the
WeasyPrint version check (:mod:`~cardforge.render.layout.weasyprint_version`) and, in one
sub-package with one switch, the changes cardforge makes to WeasyPrint's internals
(:mod:`cardforge.render.layout.weasyprint_changes`). May import ``templating``, ``pdf`` and the
foundation."""
