"""The sandboxed template environment: search path, autoescape, sandbox, clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.boundary.resources import template_search_path, templates_dir
from cardforge.errors import RenderError
from cardforge.render.templating.template_env import first_template, make_environment, render


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_search_path_puts_workspace_first_then_builtin(tmp_path):
    (tmp_path / "templates" / "comic-creator").mkdir(parents=True)
    (tmp_path / "templates" / "_base").mkdir()
    path = template_search_path(tmp_path, "comic-creator")
    assert path == [tmp_path / "templates" / "comic-creator", tmp_path / "templates" / "_base",
                    templates_dir() / "comic-creator", templates_dir() / "_base"]


def test_search_path_lists_only_existing_folders(tmp_path):
    assert template_search_path(tmp_path, "no-such-game") == [templates_dir() / "_base"]


def test_workspace_template_overrides_builtin(tmp_path):
    write(tmp_path / "templates" / "_base", "print.css", "/* mine */")
    env = make_environment(template_search_path(tmp_path, "comic-creator"))
    source, filename, _ = env.loader.get_source(env, "print.css")
    assert source == "/* mine */"
    assert Path(filename).parent == tmp_path / "templates" / "_base"


@pytest.mark.parametrize("name", ["face.html.j2", "face.svg.j2", "face.txt", "face"])
def test_every_template_autoescapes(tmp_path, name):
    write(tmp_path, name, "<h1>{{ card_name }}</h1>")
    out = render(make_environment([tmp_path]), name, {"card_name": "<script>alert(1)</script>"})
    assert out == "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"


def test_string_templates_autoescape_too():
    env = make_environment([])
    assert env.from_string("{{ x }}").render(x="<b>&") == "&lt;b&gt;&amp;"


def test_card_text_is_data_not_template(tmp_path):
    write(tmp_path, "t.html.j2", "{{ text }}")
    out = render(make_environment([tmp_path]), "t.html.j2", {"text": "{{ 7 * 7 }}{% if 1 %}x{% endif %}"})
    assert out == "{{ 7 * 7 }}{% if 1 %}x{% endif %}"


@pytest.mark.parametrize("expr", ["''.__class__", "''.__class__.__mro__[1].__subclasses__()",
                                  "card.__init__.__globals__", "t.__globals__"])
def test_sandbox_blocks_dunder_walks(tmp_path, expr):
    write(tmp_path, "evil.html.j2", "ok\n{{ " + expr + " }}")
    with pytest.raises(RenderError) as info:
        env = make_environment([tmp_path])
        env.globals["t"] = write  # a helper function: still no walk to its globals
        render(env, "evil.html.j2", {"card": {}})
    message = info.value.format_message()
    assert "evil.html.j2:2" in message
    assert "unsafe" in message or "not allowed" in message


def test_undefined_variable_names_file_and_line(tmp_path):
    path = write(tmp_path, "front.html.j2", "<p>{{ card }}</p>\n\n<p>{{ crad.name }}</p>\n")
    with pytest.raises(RenderError) as info:
        render(make_environment([tmp_path]), "front.html.j2", {"card": 1})
    message = info.value.format_message()
    assert f"{path}:3" in message and "'crad' is undefined" in message
    assert "hint:" in message
    assert info.value.__cause__ is None  # shown as a message, not a chained traceback


def test_syntax_error_names_file_and_line(tmp_path):
    path = write(tmp_path, "front.html.j2", "one\ntwo\n{% if card %}\n")
    with pytest.raises(RenderError) as info:
        render(make_environment([tmp_path]), "front.html.j2", {"card": 1})
    assert f"{path}:" in info.value.message and "syntax error" in info.value.message


def test_missing_template_lists_the_folders_searched(tmp_path):
    with pytest.raises(RenderError) as info:
        render(make_environment([tmp_path]), "front.html.j2", {})
    assert "front.html.j2 not found" in info.value.message
    assert str(tmp_path) in info.value.hint


def test_missing_included_template_names_both(tmp_path):
    write(tmp_path, "front.html.j2", '{% import "macros.html.j2" as m %}x')
    with pytest.raises(RenderError) as info:
        render(make_environment([tmp_path]), "front.html.j2", {})
    assert "macros.html.j2 not found (needed by front.html.j2)" in info.value.message


def test_first_template_prefers_the_deck_specific_one(tmp_path):
    write(tmp_path, "front.html.j2", "generic")
    env = make_environment([tmp_path])
    assert first_template(env, ["front-skill.html.j2", "front.html.j2"]) == "front.html.j2"
    write(tmp_path, "front-skill.html.j2", "skill")
    env = make_environment([tmp_path])
    assert first_template(env, ["front-skill.html.j2", "front.html.j2"]) == "front-skill.html.j2"
    with pytest.raises(RenderError, match="no template back-x.html.j2 or back.html.j2"):
        first_template(env, ["back-x.html.j2", "back.html.j2"])


def test_builtin_die_macro_draws_pips_in_a_colour():
    env = make_environment([templates_dir() / "_base"])
    out = env.from_string('{% import "macros.html.j2" as m %}{{ m.die(5, "green") }}'
                          '{{ m.die(none, "red", "X") }}').render()
    first, second = out.split("</svg>")[:2]
    assert first.count("<circle") == 5 and 'fill="#2f9e44"' in first
    assert "<circle" not in second and ">X</text>" in second and 'fill="#d9362b"' in second
