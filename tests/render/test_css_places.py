"""WeasyPrint's CSS warnings ("Ignored `color: bluee` at 59:25", lines of the joined
document) are traced to the stylesheet file, line and column that hold the declaration."""

from __future__ import annotations

from pathlib import Path

from cardforge.errors import RenderError
from cardforge.render.templating import stylesheets
from cardforge.render.templating.css_places import located, traced
from cardforge.render.templating.stylesheets import remember_sources

STYLE = "/* faces */\n\n.wg { font-size: 7.5pt; }\n.wg-front {\n  color:   bluee;\n}\n"


def test_a_warning_names_the_file_line_and_column():
    place = located("Ignored `color: bluee` at 59:25, invalid value.", [(Path("t/style.css"), STYLE)])
    assert place == "t/style.css:5:3: ignored `color: bluee`, invalid value."


def test_a_declaration_no_file_holds_is_left_as_it_is():
    assert located("Ignored `margin: 3 pigs` at 2:1, invalid value.", [(Path("t/style.css"), STYLE)]) is None
    assert located("Missing glyph", [(Path("t/style.css"), STYLE)]) is None


def test_a_worker_s_render_error_is_traced_in_the_process_that_read_the_stylesheets(monkeypatch):
    monkeypatch.setattr(stylesheets, "_SOURCES", {})  # what earlier tests in this process remembered
    remember_sources(STYLE, [(Path("t/style.css"), STYLE)])
    error = RenderError("rendering card faces failed:\n  Ignored `color: bluee` at 59:25, invalid value.",
                        hint="fix the image paths, fonts or CSS named above")
    found = traced(error)
    assert str(found) == ("rendering card faces failed:\n"
                          "  t/style.css:5:3: ignored `color: bluee`, invalid value.")
    assert found.hint == "fix the CSS at the places named above"
    other = RenderError("a face broke onto another page")
    assert traced(other) is other


def test_a_warning_is_traced_to_the_game_built_last_when_two_games_hold_the_declaration(monkeypatch):
    monkeypatch.setattr(stylesheets, "_SOURCES", {})
    remember_sources(STYLE, [(Path("templates/first/style.css"), STYLE)])  # built and passed
    later = "/* second */\n" + STYLE
    remember_sources(later, [(Path("templates/second/style.css"), later)])  # failed
    failed = "rendering card faces failed:\n  Ignored `color: bluee` at 9:3, invalid value."
    found = traced(RenderError(failed))
    assert str(found) == ("rendering card faces failed:\n"
                          "  templates/second/style.css:6:3: ignored `color: bluee`, invalid value.")


def test_an_import_after_print_css_is_named_at_the_import():
    message = ("@import rule ' url(\"file:///w/templates/g/extra.css\")' not at the beginning of "
               "the the whole rule was ignored at 74:1.")
    sources = [(Path("t/print.css"), ".a { }\n"), (Path("t/style.css"), "/* x */\n@import url(extra.css);\n")]
    place = located(message, sources)
    assert place is not None and place.startswith("t/style.css:2:1: @import of extra.css ignored")


def test_a_declaration_in_a_template_style_block_is_traced_there(tmp_path):
    """The files :func:`embedded_sources` adds: a template holding <style>, and a stylesheet
    an @import may read; a template without <style> is left out."""
    import jinja2

    from cardforge.render.templating.stylesheets import embedded_sources
    from cardforge.render.templating.template_loader import TrustedLoader

    (tmp_path / "front.html.j2").write_text("<div>\n<style>.x { color: grene; }</style>\n", encoding="utf-8")
    (tmp_path / "back.html.j2").write_text("<div></div>\n", encoding="utf-8")
    (tmp_path / "extra.css").write_text(".y {\n  margin: 3 pigs;\n}\n", encoding="utf-8")
    env = jinja2.Environment(loader=TrustedLoader([tmp_path]))
    sources = embedded_sources(env)
    assert sorted(p.name for p, _ in sources) == ["extra.css", "front.html.j2"]
    assert located("Ignored `color: grene` at 1:6, invalid value.", sources).startswith(
        f"{tmp_path / 'front.html.j2'}:2:13: ignored")
