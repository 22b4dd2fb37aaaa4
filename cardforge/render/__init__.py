"""Rendering: card faces to PDF pages, imposition onto printer sheets, rasters."""
