"""Icon tokens: finding them, rendering them inline, loading and sanitising pack icons."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import Markup

from cardforge.errors import RenderError
from cardforge.render.templating.icons import (
    IconSet,
    Token,
    core_icons,
    find_tokens,
    render_text,
    sanitize_svg,
)

SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'


def test_find_tokens_gives_offsets_of_the_leading_colon():
    text = "Pay :die-6: then gain :vp:."
    assert find_tokens(text) == [Token(4, "die-6"), Token(22, "vp")]
    assert text[4:find_tokens(text)[0].end] == ":die-6:"


@pytest.mark.parametrize("text", [":Die:", ":6:", ":-x:", ": vp:", ":vp :", "::", "12:30", ":a_b:"])
def test_not_tokens(text):
    assert find_tokens(text) == []


def test_adjacent_tokens_and_shared_colons():
    assert find_tokens(":green::red:") == [Token(0, "green"), Token(7, "red")]
    assert find_tokens("a:b:c:d:") == [Token(1, "b"), Token(5, "d")]  # the colon after b is used


def test_core_icons_are_the_documented_set():
    icons = core_icons()
    assert set(icons) == {"die-1", "die-2", "die-3", "die-4", "die-5", "die-6",
                          "white", "green", "red", "yellow", "vp", "coin"}
    for n in range(1, 7):
        assert icons[f"die-{n}"].count("<circle") == n
    assert "#2f9e44" in icons["green"] and "<circle" not in icons["green"]


def test_render_text_escapes_and_inlines_known_icons():
    out = render_text("<b>Roll</b> :die-3: & win :vp:", IconSet())
    assert isinstance(out, Markup)
    assert out.startswith("&lt;b&gt;Roll&lt;/b&gt; <svg ")
    assert "&amp; win <svg " in out
    assert out.count("<svg ") == 2 and 'class="icon icon-die-3"' in out
    assert "height:1em" in out and "vertical-align" in out
    assert ":die-3:" not in out


def test_unknown_token_stays_visible_and_escaped():
    out = render_text("gain :mana: now", IconSet())
    assert out == 'gain <span class="unknown-token">:mana:</span> now'


def test_line_breaks_become_br_but_not_inside_icons(tmp_path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "star.svg").write_text(f"<svg {SVG_NS}>\n  <path d='M0 0h1'/>\n</svg>\n")
    icons = IconSet.for_game([tmp_path])
    out = render_text("one\ntwo :star:", icons)
    assert out.startswith("one<br>two <svg")
    assert out.count("<br>") == 1


def test_render_text_is_safe_in_an_autoescaping_template():
    from cardforge.render.templating.template_env import make_environment

    env = make_environment([])
    env.filters["icons"] = lambda t: render_text(t, IconSet())
    out = env.from_string("{{ text | icons }}").render(text="<i>:vp:</i>")
    assert out.startswith("&lt;i&gt;<svg") and out.endswith("</svg>&lt;/i&gt;")


def test_pack_icons_load_and_the_workspace_overrides(tmp_path):
    builtin = tmp_path / "builtin" / "game"
    workspace = tmp_path / "ws" / "game"
    for folder, fill in ((builtin, "#111111"), (workspace, "#222222")):
        (folder / "icons").mkdir(parents=True)
        (folder / "icons" / "coin.svg").write_text(f'<svg {SVG_NS}><circle r="1" fill="{fill}"/></svg>')
    (builtin / "icons" / "only-builtin.svg").write_text(f"<svg {SVG_NS}/>")
    (builtin / "icons" / "Bad Name.svg").write_text(f"<svg {SVG_NS}/>")
    icons = IconSet.for_game([workspace, builtin])
    assert icons.known("coin") and icons.known("only-builtin") and icons.known("die-1")
    assert not icons.known("Bad Name")
    assert "#222222" in icons.svg("coin")


def test_pack_can_override_a_core_icon(tmp_path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "vp.svg").write_text(f'<svg {SVG_NS}><rect fill="#123456"/></svg>')
    assert "#123456" in IconSet.for_game([tmp_path]).svg("vp")


def test_builtin_comic_creator_icons_are_found():
    from cardforge.boundary.resources import template_search_path

    icons = IconSet.for_game(template_search_path(Path("/nonexistent"), "comic-creator"))
    for name in ("reroll", "roll", "take", "experts-only", "group-only"):
        assert icons.known(name), name


def test_sanitize_strips_scripts_handlers_and_external_references():
    dirty = (f'<svg {SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" onload="steal()">'
             '<script>alert(1)</script><style>@import url(http://evil.test/x.css);</style>'
             '<foreignObject><iframe src="http://evil.test"/></foreignObject>'
             '<image xlink:href="http://evil.test/pixel.png"/><image href="file:///etc/passwd"/>'
             '<use href="#ok"/><rect ONCLICK="x()" fill="url(http://evil.test/p)"/>'
             '<rect fill="url(#grad)" style="fill: url(https://evil.test)"/>'
             '<a href="javascript:alert(1)"><text>hi</text></a></svg>')
    clean = sanitize_svg(dirty)
    lowered = clean.lower()
    for bad in ("script", "onload", "onclick", "evil.test", "/etc/passwd", "foreignobject",
                "iframe", "javascript", "<style"):
        assert bad not in lowered, bad
    assert 'href="#ok"' in clean and 'fill="url(#grad)"' in clean


def test_sanitize_keeps_internal_xlink_refs_and_drops_editor_metadata():
    dirty = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
             'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1">'
             '<inkscape:grid/><use xlink:href="#a"/></svg>')
    clean = sanitize_svg(dirty)
    assert clean == '<svg xmlns="http://www.w3.org/2000/svg"><use href="#a"/></svg>'


def test_svg_without_a_namespace_is_put_in_the_svg_namespace():
    assert sanitize_svg("<svg><rect/></svg>") == (
        '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')


def test_output_does_not_depend_on_elementtree_prefix_registry():
    import xml.etree.ElementTree as ET

    ET.register_namespace("svgx", "http://www.w3.org/2000/svg")  # as careless code might
    try:
        assert render_text(":vp:", IconSet()).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    finally:
        ET.register_namespace("svg", "http://www.w3.org/2000/svg")


def test_sanitize_rejects_non_svg_and_broken_xml():
    with pytest.raises(RenderError, match="not <svg>"):
        sanitize_svg("<html/>", "x.svg")
    with pytest.raises(RenderError, match="not <svg>"):
        sanitize_svg('<svg xmlns="http://example.com/not-svg"/>', "x.svg")
    with pytest.raises(RenderError, match="x.svg: not a valid SVG"):
        sanitize_svg("<svg", "x.svg")


def test_loaded_icons_are_sanitised(tmp_path):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "bad.svg").write_text(
        f'<svg {SVG_NS} onload="x()"><script>alert(1)</script><rect/></svg>')
    out = IconSet.for_game([tmp_path]).svg("bad")
    assert "script" not in out and "onload" not in out and "<rect" in out


def test_icon_width_follows_its_aspect_ratio():
    icons = IconSet({"wide": f'<svg {SVG_NS} viewBox="0 0 48 24"/>',
                     "sized": f'<svg {SVG_NS} width="10px" height="40px"/>'})
    assert "width:2em" in icons.svg("wide")
    sized = icons.svg("sized")
    assert "width:0.25em" in sized and 'viewBox="0 0 10 40"' in sized and 'width="10px"' not in sized


@pytest.mark.parametrize("value", ["plain", 'say "hi"', "it's", "both \" and '", "a<b>&c\n\t\r", ""])
def test_svg_attributes_are_quoted_as_xml_sax_quotes_them(value):
    from xml.sax.saxutils import quoteattr

    from cardforge.render.templating.safe_svg import _quoted

    assert _quoted(value) == quoteattr(value)  # byte for byte: face keys do not change
