"""The HTML parser's pattern cache: hit on every call after the first, the same documents."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import tinyhtml5
from tinyhtml5 import inputstream

from cardforge.render.layout.weasyprint_changes import html_patterns

HTML = """<!doctype html><html><head><title>t</title><style>.a{color:red}</style></head>
<body><div class="card cc" data-field="name" lang="ja">Ann &amp; Bob &lt;3 雑誌の看板
<svg viewBox="0 0 24 24"><text x="12">X</text></svg><!-- a comment -->
<p title='quoted "here"'>text<br>after&nbsp;break</p><img src=a.png alt=""></div>
<script>if (a < b && c) {}</script><textarea>raw <b>text</b></textarea></body></html>"""


def parsed(cache: dict) -> bytes:
    inputstream.characters_until_regex = cache
    return ElementTree.tostring(tinyhtml5.parse(HTML))


def test_every_pattern_is_kept_under_the_characters_asked_for():
    patterns = html_patterns.Patterns()
    library = {}
    assert parsed(patterns) == parsed(library)  # the same tree, element for element
    assert patterns and all(isinstance(key[1], bool) for key in patterns)
    assert all(isinstance(key[0], re.Pattern) for key in library)  # why it never hit
    asked = len(patterns)
    parsed(patterns)
    assert len(patterns) == asked  # a second document makes no pattern again
    html_patterns.install()


def test_a_pattern_matches_a_run_of_its_characters_or_of_anything_else():
    patterns = html_patterns.Patterns()
    assert patterns[(("<", "&"), False)].match("ab c<d").group() == "ab c"
    assert patterns[(frozenset(" \t\n"), True)].match(" \t x").group() == " \t "


def test_install_gives_tinyhtml5_the_cache_once():
    html_patterns.install()
    installed = inputstream.characters_until_regex
    assert isinstance(installed, html_patterns.Patterns)
    html_patterns.install()
    assert inputstream.characters_until_regex is installed
