"""Attacks through template overrides: templates see plain data only, are read only through the
trust boundary, and run within time, size and ``range`` limits. Each attack is planted in a
temporary workspace's ``templates/<game>/`` and the real command run; each ends in a
RenderError naming the template file (and line), a non-zero exit, no canary byte anywhere and
no file outside out/ and the cache."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from markupsafe import Markup

from cardforge.errors import RenderError
from cardforge.model.game_packs import discover
from cardforge.render.templating.plain_views import plain
from cardforge.render.templating.template_env import make_environment, render
from cardforge.workspace.game_loading import load_game

from .conftest import Attack, make_attack, run_contained

REPO = Path(__file__).resolve().parents[2]
BUILD = ("build", "--product", "cards", "--paper", "a4", "--lang", "en")


def _override(attack: Attack, text: str, name: str = "front.html.j2") -> Path:
    path = attack.ws / "templates" / attack.game / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def themed(tmp_path: Path) -> Attack:
    """A DiXe on Card workspace with its own copy of the game's templates."""
    return make_attack(tmp_path, templates=True)


# ---- templates see plain data ---------------------------------------------------------------

def test_a_template_cannot_read_a_file_through_the_context(themed):
    # game.root was a pathlib.Path: this printed the canary into every card
    path = _override(themed, "<p>{{ card.id }}</p>\n"
                             "{{ (game.root / '../../secret.txt').read_text() }}\n")
    run = run_contained(themed, *BUILD)
    assert run.code == 2
    assert f"{path}:2: TypeError: unsupported operand type(s) for /: 'str' and 'str'" in run.output
    assert not list((themed.ws / "out").rglob("*.pdf"))


@pytest.mark.parametrize("expression", [
    "game.root.joinpath('../../secret.txt').read_text()",
    "card.doc.path.read_text()",                              # card held its Document
    "deck.cards[0].doc.lines",
    "card.locate('name')",
    "game.spec.rules",
])
def test_model_objects_reach_templates_as_plain_views(tmp_path, expression):
    path = tmp_path / "front.html.j2"
    path.write_text("<p>{{ card.id }}</p>\n{{ " + expression + " }}\n", encoding="utf-8")
    game = load_game(REPO / "cards" / "dixe-on-card", discover()["dixe-on-card"]).game
    card = next(game.cards())
    with pytest.raises(RenderError, match=rf"^{re.escape(str(path))}:2: .* has no attribute"):
        render(make_environment([tmp_path]), "front.html.j2",
               {"game": game, "card": card, "deck": game.decks[card.deck]})


def test_a_template_cannot_write_a_file(themed):
    target = themed.outside / "pwned.pth"
    path = _override(themed, "{{ game.root.joinpath('../../pwned.pth').write_text('import os') }}"
                             "{{ (game.root ~ '/../../pwned.pth') | attr('write_text') }}\n")
    run = run_contained(themed, *BUILD)
    assert run.code == 2
    assert f"{path}:1: " in run.output and "joinpath" in run.output
    assert not target.exists()


def test_a_die_face_template_sees_plain_data_too(themed):
    path = _override(themed, "{{ die.colour }}\n{{ game.root.read_text() }}", "die-face.html.j2")
    run = run_contained(themed, "build", "--product", "dice", "--paper", "a4", "--lang", "en")
    assert run.code == 2
    assert f"{path}:2: " in run.output and "read_text" in run.output


# ---- templates are read through the trust boundary ----------------------------------------------

def test_a_template_linked_outside_the_workspace_is_refused_unread(themed):
    path = themed.ws / "templates" / themed.game / "front.html.j2"
    path.unlink()
    path.symlink_to(themed.canary)
    run = run_contained(themed, *BUILD)
    assert run.code == 2
    assert f"{path}:1:1: template cannot be read: is outside the workspace" in run.output


@pytest.mark.parametrize("command", [BUILD, ("lint", "--layout")])
def test_an_include_linked_outside_the_workspace_is_refused_unread(themed, command):
    front = _override(themed, "<p>{{ card.id }}</p>\n{% include 'leak.html' %}\n")
    leak = themed.ws / "templates" / themed.game / "leak.html"
    leak.symlink_to(themed.canary)
    run = run_contained(themed, *command)
    assert f"{leak}:1:1: template cannot be read: is outside the workspace" in run.output
    assert f"used at {front}:2" in run.output
    if command == BUILD:
        assert run.code == 2


def test_a_stylesheet_linked_outside_the_workspace_is_refused_unread(themed):
    style = themed.ws / "templates" / themed.game / "style.css"
    style.unlink()
    style.symlink_to(themed.canary)
    run = run_contained(themed, *BUILD)
    assert run.code == 2
    assert f"{style}:1:1: stylesheet cannot be read: is outside the workspace" in run.output


# ---- templates run within limits -------------------------------------------------------------

@pytest.mark.parametrize(("body", "limit"), [
    ("{% for i in range(10 ** 9) %}{% endfor %}", "MAX_TEMPLATE_RANGE"),
    ("{% for i in range(100000) %}{{ 'x' * 100 }}{% endfor %}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ 'x' * 10 ** 10 }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ [0] * 10 ** 10 }}", "MAX_TEMPLATE_RANGE"),
    ("{{ 9 ** (10 ** 10) }}", "digits"),
    ("{% include 'front.html.j2' %}", "recursion limit"),
    ("{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(0) }}", "recursion limit"),
])
def test_a_template_cannot_exhaust_memory_or_the_stack(themed, body, limit):
    path = _override(themed, "<p>{{ card.id }}</p>\n" + body + "\n")
    run = run_contained(themed, *BUILD, memory_gib=1.5)
    assert run.code == 2
    assert f"{path}:2: " in run.output and limit in run.output


@pytest.mark.parametrize(("body", "limit"), [
    ("{% for i in range(999) %}{% for j in range(9999) %}{% endfor %}{% endfor %}",
     "MAX_TEMPLATE_RANGE"),
    ("{{ 'x' | center(10 ** 10) }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ 'x' | indent(10 ** 10, true) }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ [1] | batch(10 ** 10, 0) | list }}", "MAX_TEMPLATE_RANGE"),
    ("{{ 'ab' | replace('', 'x' * 4000000) }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ 'x'.ljust(10 ** 10) }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ ('x' * 1000).join(range(100000)|map('string')|list) }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ '{:>99999999999}'.format(1) }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ '{:>{}}'.format(1, 10 ** 10) }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ '%099999999999d' % 1 }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ '%*d' % (10 ** 10, 1) }}", "MAX_TEMPLATE_OUTPUT"),
    ("{{ (10 ** 4000) * (10 ** 4000) }}", "digits"),
    ("{% set s = 'x' * 4000000 %}{% set s = s ~ s %}{{ s }}", "MAX_TEMPLATE_OUTPUT"),
    ("{% set s = 'x' * 4000000 %}{% set s = s + s %}{{ s }}", "MAX_TEMPLATE_OUTPUT"),
    ("{% set s = 'x' * 3000000 %}{% set t %}{{ s }}{{ s }}{% endset %}{{ t }}",
     "MAX_TEMPLATE_OUTPUT"),
    ("{% macro m() %}{{ 'x' * 3000000 }}{% endmacro %}{{ m() ~ m() }}", "MAX_TEMPLATE_OUTPUT"),
    ("{% for x in [1] recursive %}{{ loop([1]) }}{% endfor %}", "recursion limit"),
])
def test_every_way_to_grow_a_value_is_checked_before_it_grows(tmp_path, body, limit):
    path = tmp_path / "front.html.j2"
    path.write_text("<p>{{ card.id }}</p>\n" + body + "\n", encoding="utf-8")
    with pytest.raises(RenderError) as caught:
        render(make_environment([tmp_path]), "front.html.j2", {"card": {"id": "c"}})
    message = caught.value.format_message()
    assert message.startswith(f"{path}:2: ") and limit in message and "hint: " in message


def test_a_template_that_loops_without_output_stops_in_time(themed):
    path = _override(themed, "{% set l = range(1000) | list %}\n"
                             "{% for a in l %}{% for b in l %}{% for c in l %}"
                             "{% endfor %}{% endfor %}{% endfor %}\n")
    run = run_contained(themed, *BUILD, memory_gib=1.5)
    assert run.code == 2
    assert f"{path}:2: the template took longer than 10 s" in run.output
    assert "MAX_TEMPLATE_SECONDS" in run.output


def test_without_a_timer_signal_an_empty_loop_still_stops(monkeypatch):
    """Windows has no SIGALRM/setitimer: each pass of a loop is counted work that checks
    the deadline, so three nested empty loops (10^9 passes) stop at the time limit."""
    import signal

    from cardforge.render.templating import sandbox

    monkeypatch.delattr(signal, "setitimer", raising=False)
    monkeypatch.setattr(sandbox, "MAX_TEMPLATE_SECONDS", 0.3)
    template = sandbox.LimitedSandbox().from_string(
        "{% for a in l %}{% for b in l %}{% for c in l %}{% endfor %}{% endfor %}{% endfor %}")
    with pytest.raises(sandbox.TemplateLimit, match="longer than 0.3 s"):
        sandbox.render_limited(template, {"l": list(range(1000))})


# ---- the plain-data converter ---------------------------------------------------------------

class _Handle:
    def read(self) -> str:
        return "secret"


@dataclasses.dataclass
class _Holder:
    name: str
    handle: object


@pytest.mark.parametrize(("context", "where"), [
    ({"card": {"data": {"art": _Handle()}}}, "card.data.art"),
    ({"rows": [{"x": 1}, {"x": open}]}, "rows[1].x"),
    ({"holder": _Holder("a", Path)}, "holder.handle"),
    ({"blob": b"bytes"}, "blob"),
])
def test_plain_refuses_objects_with_methods_naming_where(context, where):
    with pytest.raises(TypeError, match=rf"^{re.escape(where)} is a "):
        plain(context)


def test_plain_keeps_data_and_turns_paths_and_dataclasses_into_text_and_dicts():
    context = {"a": (1, 2.5, None, True), "m": Markup("<b>"), "p": Path("/x/y"),
               "h": _Holder("n", [{"k": "v"}])}
    assert plain(context) == {"a": (1, 2.5, None, True), "m": Markup("<b>"), "p": "/x/y",
                              "h": {"name": "n", "handle": [{"k": "v"}]}}
    assert isinstance(plain(context)["m"], Markup)


def test_plain_makes_game_views_once_and_without_paths():
    game = load_game(REPO / "cards" / "dixe-on-card", discover()["dixe-on-card"]).game
    card = next(game.cards())
    views: dict = {}
    first = plain({"game": game, "card": card}, views=views)
    again = plain({"game": game, "card": card}, views=views)
    assert first["game"] is again["game"] and first["card"] is again["card"]
    assert first["card"] is first["game"]["decks"][card.deck]["cards"][0]
    assert first["game"]["root"] == str(game.root) and first["card"]["id"] == card.id
    assert set(first["card"]) == {"id", "deck", "data", "quantity", "marks"}

    def kinds(value: object) -> set[type]:
        if isinstance(value, dict):
            return {dict}.union(*(kinds(v) for v in (*value.keys(), *value.values())))
        if isinstance(value, (list, tuple)):
            return {type(value)}.union(*(kinds(v) for v in value))
        return {type(value)}

    assert kinds(first) <= {dict, list, tuple, str, int, float, bool, type(None)}
