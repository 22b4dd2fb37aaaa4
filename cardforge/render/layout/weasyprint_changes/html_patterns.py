"""The HTML parser's character patterns, each made once per process.

WeasyPrint parses HTML with tinyhtml5, whose input stream reads runs of text with
``chars_until(characters, opposite)``: a pattern made from the characters, kept in the
module's ``characters_until_regex`` dict. tinyhtml5 2.1.0 stores each pattern under the
compiled pattern instead of the characters asked for, so the lookup never hits and the
pattern's text is built again on every call (about 270 calls a card face). :func:`install`
puts a dict there that makes a missing pattern from its key, exactly as tinyhtml5 does,
and keeps it under that key (what that saves a build: docs/benchmarks.md, and
``benchmarks/bench_mechanisms.py html_patterns``). The parsed documents are the same
(tests/render/test_html_patterns.py).
Does nothing if tinyhtml5 has no such dict.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


class Patterns(dict):
    """``(characters, opposite) → compiled pattern``: ``[…]+`` matching a run of the
    characters (``opposite``) or of anything else, made on first use."""

    def __missing__(self, key: tuple[Iterable[str], bool]) -> re.Pattern[str]:
        characters, opposite = key
        escaped = "".join(f"\\x{ord(character):02x}" for character in characters)
        pattern = self[key] = re.compile(f"[{'' if opposite else '^'}{escaped}]+")
        return pattern


def install() -> None:
    """Give tinyhtml5 a :class:`Patterns` cache (once per process; later calls do nothing)."""
    from tinyhtml5 import inputstream

    if isinstance(getattr(inputstream, "characters_until_regex", None), dict) and \
            not isinstance(inputstream.characters_until_regex, Patterns):
        inputstream.characters_until_regex = Patterns()


def uninstall() -> None:
    """Give tinyhtml5 back a plain cache (:mod:`cardforge.render.layout.weasyprint_changes` turns the
    changes off where they fail their self-test)."""
    from tinyhtml5 import inputstream

    if isinstance(getattr(inputstream, "characters_until_regex", None), Patterns):
        inputstream.characters_until_regex = {}
