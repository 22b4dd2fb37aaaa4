"""Preflight: what a print shop would reject, found in the laid-out faces before anything is
written (:mod:`cardforge.preflight.preflight_checks`; codes in :mod:`cardforge.preflight.preflight_codes`)."""
