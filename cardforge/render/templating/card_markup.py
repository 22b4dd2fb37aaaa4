"""Card text markup: the little a designer may write in a text field.

- ``**bold**`` and ``*italic*`` (the markers hug the words: ``2 * 3`` stays as written);
- a line break where the text has one;
- a simple list: consecutive lines starting with ``- `` become a bulleted list;
- ``:icon:`` tokens (:mod:`cardforge.render.templating.icons`).

Everything else is text: ``<b>`` prints as ``<b>``, never as HTML. :func:`rich_text` turns
a card text into safe HTML for faces (the templates' ``icons`` filter and layout boxes);
outside faces the text is shown as written. TR103 checks that a translation keeps the
same number of ``**`` and ``*`` markers as its source.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup

_EMPHASIS = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=[^\s*])(.+?)(?<=[^\s*])\*")
LIST_ITEM = "- "
"""What starts a list item's line."""


def _inline(text: str, plain: Callable[[str], Markup]) -> Markup:
    """One line: ``**bold**`` and ``*italic*`` as ``<strong>`` / ``<em>``, the rest through
    ``plain`` (which escapes it and draws icons)."""
    parts: list[str] = []
    pos = 0
    for match in _EMPHASIS.finditer(text):
        parts.append(plain(text[pos:match.start()]))
        if match.group(1) is not None:
            parts.append(Markup("<strong>") + _inline(match.group(1), plain) + Markup("</strong>"))
        else:
            parts.append(Markup("<em>") + _inline(match.group(2), plain) + Markup("</em>"))
        pos = match.end()
    parts.append(plain(text[pos:]))
    return Markup("".join(parts))


def rich_text(text: str, plain: Callable[[str], Markup]) -> Markup:
    """``text`` as safe HTML: bold, italic, line breaks as ``<br>``, runs of ``- `` lines as
    ``<ul class="card-list">``; each piece of plain text through ``plain`` (escaping, icons)."""
    if "*" not in text and "\n" not in text and not text.startswith(LIST_ITEM):
        return plain(text)
    blocks: list[Markup] = []
    items: list[Markup] = []
    lines: list[Markup] = []

    def close_lines() -> None:
        if lines:
            blocks.append(Markup("<br>").join(lines))
            lines.clear()

    def close_items() -> None:
        if items:
            blocks.append(Markup('<ul class="card-list">') + Markup("").join(
                Markup("<li>") + item + Markup("</li>") for item in items) + Markup("</ul>"))
            items.clear()

    for line in text.split("\n"):
        if line.startswith(LIST_ITEM):
            close_lines()
            items.append(_inline(line[len(LIST_ITEM):], plain))
        else:
            close_items()
            lines.append(_inline(line, plain))
    close_lines()
    close_items()
    return Markup("").join(blocks)
