"""Stylesheets found on a template search path, with their relative ``url()``s made absolute.

A face or booklet document is laid out from a string, so a stylesheet's ``url(paper.svg)``
must be turned into the file URL next to the stylesheet it was written in.
"""

from __future__ import annotations

import re
from pathlib import Path

import jinja2

from cardforge.errors import RenderError

_RELATIVE_URL = re.compile(r"""url\(\s*(['"]?)(?![a-zA-Z][a-zA-Z0-9+.-]*:|#|/)([^'")\s]+)\1\s*\)""")


def absolute_urls(css: str, folder: Path) -> str:
    """``css`` with each relative ``url(x)`` replaced by the file URL of ``folder/x``."""
    return _RELATIVE_URL.sub(lambda m: f'url("{(folder / m.group(2)).resolve().as_uri()}")', css)


def load_stylesheet(env: jinja2.Environment, name: str, *, required: bool = True) -> str | None:
    """The text of stylesheet ``name``, the first found on ``env``'s search path, with relative
    ``url()``s made absolute against its own folder; None when it is missing and not
    ``required``. Raises RenderError when a required stylesheet is missing."""
    try:
        source, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
    except jinja2.TemplateNotFound:
        if required:
            raise RenderError(f"stylesheet {name} not found",
                              hint="it belongs in templates/_base/") from None
        return None
    return absolute_urls(source, Path(filename or ".").parent)
