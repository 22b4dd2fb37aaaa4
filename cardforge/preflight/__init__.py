"""Preflight: what a print shop would reject, found in the laid-out faces before anything is written.

Owns the checks (:mod:`~cardforge.preflight.preflight_checks`), their codes
(:mod:`~cardforge.preflight.preflight_codes`), what a face page draws
(:mod:`~cardforge.preflight.pdf_scan`) and missing bleed seen in pixels
(:mod:`~cardforge.preflight.bleed_check`). May import render and the foundation."""
