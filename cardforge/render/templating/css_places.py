"""WeasyPrint's CSS warnings traced back to the stylesheet file and line that must change.

WeasyPrint lays out one document whose ``<style>`` holds every stylesheet joined (and
rewritten: relative URLs made absolute, constant custom properties folded), so its
"Ignored `color: bluee` at 59:25, invalid value." counts lines of that joined text, which
no file has. The declaration it quotes is looked for in the stylesheet files the document
was made of, and the message names the first file and line that hold it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from cardforge.errors import CardforgeError, RenderError
from cardforge.render.templating.stylesheets import all_sources

_IGNORED = re.compile(r"^Ignored `(?P<declaration>[^`]+)` at [0-9]+:[0-9]+, (?P<reason>.*)$")
_LATE_IMPORT = re.compile(
    r"^@import rule '\s*(?:url\()?\s*[\"']?(?P<url>[^\"')]+)[\"']?\)?\s*' not at the beginning")
"""WeasyPrint's "@import rule ' url("file:///…/extra.css")' not at the beginning of the
whole rule was ignored at 74:1.": style.css comes after print.css in a face's one stylesheet."""


def located(message: str, sources: Sequence[tuple[Path, str]]) -> str | None:
    """``message`` (a WeasyPrint log line) naming the file, line and column of the
    declaration it quotes in one of ``sources`` ((path, text) of each stylesheet); None
    when it quotes none or no source holds it."""
    match = _IGNORED.match(message)
    if match is None:
        return _late_import(message, sources)
    name, _, value = match["declaration"].partition(":")
    words = [re.escape(word) for word in value.split()]
    pattern = re.compile(re.escape(name.strip()) + r"\s*:\s*" + r"\s+".join(words), re.IGNORECASE)
    for path, text in sources:
        found = pattern.search(text)
        if found:
            line = text.count("\n", 0, found.start()) + 1
            col = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
            return f"{path}:{line}:{col}: ignored `{match['declaration']}`, {match['reason']}"
    return None


def traced(exc: CardforgeError) -> CardforgeError:
    """``exc`` with each CSS warning it lists (a RenderError from a worker process, which
    could not see the stylesheet files) traced to its file and line in the stylesheets
    this process read (:func:`cardforge.render.templating.stylesheets.all_sources`); ``exc`` itself
    when there is nothing to trace."""
    if not isinstance(exc, RenderError) or ("Ignored `" not in exc.message
                                            and "@import rule" not in exc.message):
        return exc
    sources = all_sources()
    lines = exc.message.split("\n")
    found = [located(line.strip(), sources) if line.startswith("  ") else None for line in lines]
    if not any(found):
        return exc
    message = "\n".join(f"  {place}" if place else line for place, line in zip(found, lines, strict=True))
    return RenderError(message, hint="fix the CSS at the places named above")


def _late_import(message: str, sources: Sequence[tuple[Path, str]]) -> str | None:
    """``message`` about an ``@import`` WeasyPrint ignored, at the ``@import`` in
    ``sources`` that names the same file; None when it is not such a message or no source
    holds the rule."""
    match = _LATE_IMPORT.match(message)
    if match is None:
        return None
    name = match["url"].rstrip("/").rsplit("/", 1)[-1]
    pattern = re.compile(r"@import\b[^;\n]*" + re.escape(name))
    for path, text in sources:
        found = pattern.search(text)
        if found:
            line = text.count("\n", 0, found.start()) + 1
            col = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
            return (f"{path}:{line}:{col}: @import of {name} ignored: a face's stylesheet is "
                    "print.css then style.css, so an @import there is never first; copy its "
                    "rules into style.css, or @import it first in a template's <style> block")
    return None
