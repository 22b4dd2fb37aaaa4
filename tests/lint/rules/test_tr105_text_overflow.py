"""TR105 text-overflow: overflow measured from WeasyPrint's layout (mm), reported per
language at the field's YAML line (cards) or the block's Markdown line (booklets), and
only when lint is asked to lay faces out."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
import weasyprint
from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.comic_creator import GAME
from cardforge.lint.engine import lint_game
from cardforge.lint.layout_measures import LayoutOptions
from cardforge.lint.player_text_rules.tr105_text_overflow import blamed_field
from cardforge.lint.rule import all_rules
from cardforge.model.game_packs import GameSpec
from cardforge.render import booklet_render as booklet
from cardforge.render.layout.text_overflow import measure_page
from cardforge.render.workers import chunks
from cardforge.workspace.game_loading import load_game
from cardforge.workspace.workspace_config import Config
from tests.conftest import FIXTURES
from tests.lint.planting import copy_game, line_of, plant
from tests.lint.planting import lint as planted_lint

REPO = Path(__file__).resolve().parents[3]
GAME_YAML = REPO / "cards" / "comic-creator" / "game.yaml"
RULES = all_rules([GAME])

# ---- the measurement -------------------------------------------------------------------

BOXES = """
<style>
  @page { size: 100mm 120mm; margin: 0 }
  body { margin: 0; font-family: "DejaVu Sans"; font-size: 8pt; line-height: 5mm }
  .box { position: absolute; left: 10mm; width: 30mm; height: 10mm; padding: 2mm;
         overflow: hidden }
  .label { position: absolute; top: 0.5mm; left: 0; line-height: 1mm; font-size: 4pt }
  .holder { position: absolute; left: 0; right: 0; bottom: 0 }
  .wide { display: inline-block; width: 40mm; height: 3mm }
</style>
<div class="box" style="top: 5mm" data-field="text">a<br>b<br>c<br>d</div>
<div class="box" style="top: 25mm; white-space: nowrap" data-field="name">
  <span class="wide"></span></div>
<div class="box" style="top: 45mm" data-field="fits"><span class="label">TAB</span>a<br>b</div>
<div class="box" style="top: 65mm; height: 20mm; padding: 0" data-field="abilities text">
  <div class="holder">1<br>2<br>3<br>4<br>5<br>6</div></div>
"""


@pytest.fixture(scope="module")
def measured():
    page = weasyprint.HTML(string=BOXES).render().pages[0]
    return {m.field: m for m in measure_page(page)}


def test_four_lines_of_5_mm_in_a_10_mm_box_overflow_10_mm_at_the_bottom(measured):
    text = measured["text"]
    assert text.bottom_mm == pytest.approx(10.0, abs=0.05)
    assert (text.top_mm, text.left_mm, text.right_mm) == (0, 0, 0)
    assert text.height_mm == pytest.approx(10.0, abs=0.05) and text.width_mm == 0


def test_a_line_that_cannot_wrap_overflows_on_the_right_by_its_excess(measured):
    assert measured["name"].right_mm == pytest.approx(10.0, abs=0.05)
    assert measured["name"].height_mm == 0


def test_text_that_fits_and_a_tab_label_in_the_padding_are_no_overflow(measured):
    assert (measured["fits"].height_mm, measured["fits"].width_mm) == (0, 0)


def test_a_caption_anchored_to_the_bottom_of_its_room_overflows_at_the_top(measured):
    room = measured["abilities text"]
    assert room.top_mm == pytest.approx(10.0, abs=0.05) and room.bottom_mm == 0
    assert room.fields == ["abilities", "text"]


def test_the_blamed_field_is_the_longest_text_in_the_language_else_the_last_written():
    class Card:
        data = {"abilities": [], "name": {}, "skill": {"text": {"en": "a long one", "ja": "短"}},
                "overdrive": {"effect": {"en": "short", "ja": "もっと長い"}}}

    assert blamed_field(["cost", "abilities", "text"], Card()) == "abilities"  # type: ignore[arg-type]
    assert blamed_field(["cost", "abilities", "text"], None) == "text"
    assert blamed_field(["ability.text"], None) == "ability.text"
    both = ["skill.text", "overdrive.effect"]
    assert [blamed_field(both, Card(), lang) for lang in ("en", "ja")] == both  # type: ignore[arg-type]


# ---- the rule, on a small Comic Creator game --------------------------------------------


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> Path:
    """One face cache for the module: equal faces are laid out once."""
    return tmp_path_factory.mktemp("face-cache")


def workspace(tmp_path: Path, card_file: str, rules: str | None = None) -> Path:
    """A workspace holding the shipped Comic Creator game.yaml, one fixture card file and,
    given ``rules`` (Markdown), a rules file (written in Japanese, the source language)."""
    root = tmp_path / "cards" / "comic-creator"
    root.mkdir(parents=True)
    shutil.copy(GAME_YAML, root / "game.yaml")
    shutil.copy(FIXTURES / "comic-creator" / card_file, root / "cards.yaml")
    if rules is not None:
        (root / "rules").mkdir()
        (root / "rules" / "rules.md").write_text(rules, encoding="utf-8")
    return tmp_path


def lint(ws: Path, cache: Path | None, spec: GameSpec = GAME) -> list:
    """TR105 Problems for the workspace's game; ``cache`` None lints without layout."""
    options = LayoutOptions(ws, cache, jobs=1) if cache else None
    loaded = load_game(ws / "cards" / "comic-creator", spec)
    rules = all_rules([spec])
    return [p for p in lint_game(loaded, rules, Config(root=ws), options) if p.code == "TR105"]


def test_a_planted_long_name_is_reported_at_its_line_for_its_language(tmp_path, cache):
    problems = lint(workspace(tmp_path, "fail_overflow_name.yaml"), cache)
    assert [(p.path.name, p.line, p.col, p.card) for p in problems] == [
        ("cards.yaml", 6, 11, "speed-lines")]
    problem = problems[0]
    assert problem.severity.value == "warning"
    assert problem.message.startswith("card speed-lines: name (en) overflows its box by ")
    overflow = float(re.search(r"by (\d+\.\d) mm", problem.message).group(1))
    assert overflow > 0
    assert "too tall" in problem.message and "shorten the text" in problem.hint


def test_a_game_whose_texts_fit_reports_nothing(tmp_path, cache):
    assert lint(workspace(tmp_path, "ok_text_fits.yaml"), cache) == []


def test_without_layout_the_rule_does_not_run(tmp_path, monkeypatch):
    assert RULES["TR105"].needs_layout
    monkeypatch.setattr(chunks, "render_faces_measured", _no_layout)
    assert lint(workspace(tmp_path, "fail_overflow_name.yaml"), None) == []


def test_a_warm_cache_is_linted_from_the_stored_measurements(tmp_path, cache, monkeypatch):
    ws = workspace(tmp_path, "fail_overflow_name.yaml")
    first = lint(ws, cache)
    assert first and list(cache.glob("*/*.overflow-v*.json"))
    monkeypatch.setattr(chunks, "render_faces_measured", _no_layout)
    assert lint(ws, cache) == first


def test_a_face_that_cannot_be_laid_out_is_a_problem_not_a_crash(tmp_path, cache):
    ws = workspace(tmp_path, "ok_text_fits.yaml")
    cards = ws / "cards" / "comic-creator" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace(
        "    vp: 2\n", "    vp: 2\n    art: art/missing.png\n"), encoding="utf-8")
    problems = lint(ws, cache)
    assert len(problems) == 2  # one per language
    assert all("cannot lay out the" in p.message and "missing.png" in p.message for p in problems)


def test_lint_layout_on_the_command_line_and_in_the_configuration(tmp_path, cache):
    ws = workspace(tmp_path, "fail_overflow_name.yaml")
    shared = ["--cache-dir", str(cache)]  # a cache outside the workspace: named on the command line
    plain = CliRunner().invoke(main, ["lint", "-w", str(ws), *shared])
    assert "TR105" not in plain.output
    asked = CliRunner().invoke(main, ["lint", "--layout", "-j", "1", "-w", str(ws), *shared])
    assert "cards.yaml:6:11: TR105 card speed-lines: name (en) overflows" in asked.output
    (ws / "cardforge.toml").write_text("lint-layout = true\n", encoding="utf-8")
    configured = CliRunner().invoke(main, ["lint", "-w", str(ws), *shared])
    assert "TR105" in configured.output and "Traceback" not in configured.output
    assert "--layout" in CliRunner().invoke(main, ["lint", "--help"]).output


# ---- booklets ---------------------------------------------------------------------------


def test_a_rules_paragraph_too_wide_for_its_page_is_reported_at_its_markdown_line(
        tmp_path, cache, monkeypatch):
    rules = (FIXTURES / "comic-creator" / "fail_overflow_rules.md").read_text(encoding="utf-8")
    ws = workspace(tmp_path, "ok_text_fits.yaml", rules)
    problems = lint(ws, cache)
    # the booklet and the quick-reference sheet both print the paragraph (the sheet: every rule)
    assert [(p.path.name, p.line) for p in problems] == [("rules.md", 7)] * 2
    [message] = [p.message for p in problems if p.message.startswith("rule booklet (ja), page ")]
    assert any(p.message.startswith("quick-reference sheet (ja), page ") for p in problems)
    assert "this paragraph overflows the page" in message
    assert float(re.search(r"by (\d+\.\d) mm \(\d+\.\d mm too wide\)", message).group(1)) > 10
    monkeypatch.setattr(booklet, "layout_booklet", _no_layout)  # measured once, then cached
    assert lint(ws, cache) == problems


def test_a_quick_reference_sheet_past_its_page_limit_is_reported_where_it_stops_fitting(
        tmp_path, cache):
    items = [f"- 手順{n}：ダイスを振り、出た目の合計をメモしてから次のプレイヤーに渡します。"
             for n in range(1, 401)]
    with_sheet = dataclasses.replace(GAME, products=(*GAME.products, "rulesheet"))
    problems = lint(workspace(tmp_path, "ok_text_fits.yaml", "\n".join(["# 手順", "", *items])),
                    cache, with_sheet)
    assert len(problems) == 1
    problem = problems[0]
    assert problem.message.startswith("quick-reference sheet (ja) runs to ")
    assert "2 at most" in problem.message
    assert problem.path.name == "rules.md" and 100 < problem.line < 400  # an item on page 3



# ---- every shipped game: the line of the planted text -----------------------------------
# game → (card file, the card kept alone in it, a sentence its face shows (made 100 times as
#   long), the face and field the message names, for a card with no such text the line to
#   add one after). Only game.yaml and that card are copied: one face, no booklet.
PLANTED = {
    "comic-creator": ("experience.yaml", "first-one-shot", "Draw a card.", "first-one-shot: text (en)",
                      '    cost: "X=X"\n'),
    "dice-girls": ("idols.yaml", "tsukishiro-serena", "When she comes on stage, look at one "
                   "opponent's whole hand.", "tsukishiro-serena: text (en)", None),
    "dice-tuners": ("hero.yaml", "spark-plug-kid", "When you lose a duel, draw 1 Strategy card.",
                    "spark-plug-kid: skill.text (en)", None),  # the box also holds overdrive.effect
    "dixe-on-card": ("bestiaire.yaml", "hanuman", "it is a joker you may place after a later throw.",
                     "hanuman (back): text (en)", None),  # on the card's own back
    "writers-battle": ("foreshadows.yaml", "dying-message",  # the box also holds text
                       "Your survival points are at half your maximum or less.",
                       "dying-message: condition (en)", None),
}


@pytest.mark.parametrize("game", sorted(PLANTED))
def test_a_planted_overflow_is_reported_at_the_planted_text(tmp_path, cache, game):
    file, card, sentence, what, after = PLANTED[game]
    extra = ("dice.yaml",) if game == "dixe-on-card" else ()
    folder = copy_game(tmp_path, game, ("game.yaml", file, *extra))
    path = folder / file
    blocks = path.read_text(encoding="utf-8").split("\n  - id: ")
    kept = next(b for b in blocks[1:] if b.startswith(card + "\n"))
    path.write_text(blocks[0] + "\n  - id: " + kept.rstrip() + "\n", encoding="utf-8")
    long = " ".join([sentence] * 100)
    if after:
        plant(path, after, f'{after}    text: {{ja: 短い。, en: "{long}"}}\n')
    else:
        plant(path, sentence, long)
    problems = [p for p in planted_lint(folder, layout=True, cache=cache) if p.code == "TR105"]
    assert [(p.severity.value, p.path.name, p.line, p.card) for p in problems] == [
        ("warning", file, line_of(path, long), card)]
    assert problems[0].message.startswith(f"card {what} overflows its box by ")

def _no_layout(*args, **kwargs):
    raise AssertionError("faces were laid out")
