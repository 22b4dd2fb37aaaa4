"""PDF objects and pixels: what several renderers do to PDF pages with pikepdf and pypdfium2.

Owns rasterising pages and checking images' pixels (:mod:`~cardforge.render.pdf.page_raster`),
splitting a document into single-page PDFs (:mod:`~cardforge.render.pdf.pdf_split`) and fonts,
forms and patterns shared between pages by content (:mod:`~cardforge.render.pdf.shared_resources`,
:mod:`~cardforge.render.pdf.resource_stamps`). May import only the foundation."""
