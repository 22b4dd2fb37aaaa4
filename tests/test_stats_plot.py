"""``cardforge stats --plot``: PNG and SVG charts for the five games and a workspace game —
sizes read back, each card the cost curves call out of line labelled in the SVG, and the
cost-curve counts equal to the deck's cards per cost."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from cardforge.balance.cost_curve import judge_game
from cardforge.cli import main
from cardforge.commands.stats_plots import cost_curves
from cardforge.loading.field_paths import path_keys, value_at
from cardforge.model.game_packs import discover
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[1]
GAMES = ["comic-creator", "dice-girls", "dice-tuners", "dixe-on-card", "writers-battle"]
SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: Path) -> list[str]:
    """Every text an SVG draws (fonttype none: labels are <text> elements)."""
    return ["".join(t.itertext()).strip() for t in ET.parse(svg).iter(f"{SVG}text")]


def counts_drawn(svg: Path) -> list[str]:
    """The count labels above a cost curve's bars, in bar order."""
    groups = [g for g in ET.parse(svg).iter(f"{SVG}g") if g.get("id", "").startswith("count-")]
    groups.sort(key=lambda g: int(g.get("id").split("-")[1]))
    return ["".join(g.itertext()).strip() for g in groups]


@pytest.fixture(scope="module")
def plotted(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("plots")
    for game in GAMES:
        result = CliRunner().invoke(main, ["stats", game, "-w", str(REPO), "--plot", "--out", str(out)])
        assert result.exit_code == 0, result.output
        printed = [line for line in result.output.splitlines() if line.startswith(str(out))]
        assert printed and all(Path(p).is_file() for p in printed), result.output
    return out


def game_of(game_id: str):
    return load_game(REPO / "cards" / game_id, discover()[game_id]).game


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_cost_curves_and_a_value_chart_as_png_and_svg(plotted, game_id):
    folder = plotted / game_id / "stats"
    pngs = sorted(folder.glob("*.png"))
    assert any(p.name.startswith(f"{game_id}-cost-curve-") for p in pngs)
    assert (folder / f"{game_id}-values.png").is_file()
    for png in pngs:
        width, height = Image.open(png).size
        assert width >= 400 and height >= 300, png
        assert png.with_suffix(".svg").is_file()
        ET.parse(png.with_suffix(".svg"))  # well-formed


@pytest.mark.parametrize("game_id", GAMES)
def test_each_card_out_of_line_is_labelled_in_its_fit_chart(plotted, game_id):
    results = judge_game(game_of(game_id))
    folder = plotted / game_id / "stats"
    for result in results:
        if result.fit is None:
            continue
        svgs = [s for s in folder.glob(f"{game_id}-fit-{result.entry.deck}*.svg")]
        assert svgs, result.entry.deck
        drawn = {t for s in svgs for t in texts(s)}
        for verdict in result.out_of_line:
            assert verdict.card.id in drawn
    if game_id == "writers-battle":  # the one sample card priced out of line, on purpose
        assert any(v.card.id == "witch-lise" for r in results for v in r.out_of_line)


@pytest.mark.parametrize("game_id", GAMES)
def test_cost_curve_counts_are_the_decks_cards_per_cost(plotted, game_id):
    game = game_of(game_id)
    curves = cost_curves(game, judge_game(game))
    assert curves
    for curve in curves:
        if "*" not in curve.field:  # one cost per card: count the copies by hand
            expected = Counter()
            for card in game.decks[curve.deck].cards:
                value = value_at(card.data, path_keys(curve.field))
                if isinstance(value, int | float) and not isinstance(value, bool):
                    expected[str(value)] += card.quantity
            if expected:  # numbered costs (dice costs are counted as the notation shows them)
                assert {k: v for k, v in curve.counts.items()} == dict(expected), curve
        assert sum(curve.counts.values()) > 0
        svgs = sorted((plotted / game_id / "stats").glob(f"{game_id}-cost-curve-{curve.deck}*.svg"))
        assert [str(c) for c in curve.counts.values()] in [counts_drawn(s) for s in svgs]
        assert any(set(curve.counts) <= set(texts(s)) for s in svgs)


def test_a_workspace_game_gets_its_cost_curve_and_fit(tmp_path):
    folder = tmp_path / "cards" / "curve"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(
        "id: curve\nname: {en: Curve}\nlanguages: [en]\nplayers: {min: 2, max: 2}\ncard: {size: poker}\n"
        "decks:\n  monsters:\n    name: {en: Monsters}\n    fields:\n"
        "      cost: {type: integer, min: 0, max: 30, required: true}\n"
        "      attack: {type: integer, min: 0, max: 9}\n"
        "balance:\n  - {deck: monsters, cost: cost, power: [attack]}\n", encoding="utf-8")
    cards = "".join(f"  - {{id: m{a}, name: {{en: M{a}}}, cost: {2 * a + 1 + (6 if a == 3 else 0)}, "
                    f"attack: {a}}}\n" for a in range(7))
    (folder / "monsters.yaml").write_text("deck: monsters\ncards:\n" + cards, encoding="utf-8")
    result = CliRunner().invoke(main, ["stats", "curve", "-w", str(tmp_path), "--plot"])
    assert result.exit_code == 0, result.output
    stats = tmp_path / "out" / "curve" / "stats"
    assert (stats / "curve-cost-curve-monsters.png").is_file()
    assert "m3" in texts(stats / "curve-fit-monsters.svg")  # cost 13 where the others say 7
    assert "no value chart" in result.output  # said, not silently left out
    assert "out/curve/stats/curve-fit-monsters.svg" in result.output


@pytest.mark.parametrize("name", ["From $1 to $5", r"$\frac{1}{0}$ \undefined $x^{$"])
def test_a_name_with_dollars_and_backslashes_is_drawn_as_written(tmp_path, name):
    folder = tmp_path / "cards" / "curve"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(
        f"id: curve\nname: {{en: '{name}'}}\nlanguages: [en]\nplayers: {{min: 2, max: 2}}\n"
        "card: {size: poker}\ndecks:\n  monsters:\n    name: {en: Monsters}\n    fields:\n"
        "      cost: {type: integer, min: 0, max: 30, required: true}\n"
        "      attack: {type: integer, min: 0, max: 9}\n"
        "balance:\n  - {deck: monsters, cost: cost, power: [attack]}\n", encoding="utf-8")
    cards = "".join(f"  - {{id: m{a}, name: {{en: M{a}}}, cost: {2 * a + 1}, attack: {a}}}\n"
                    for a in range(5))
    (folder / "monsters.yaml").write_text("deck: monsters\ncards:\n" + cards, encoding="utf-8")
    result = CliRunner().invoke(main, ["stats", "curve", "-w", str(tmp_path), "--plot"])
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output
    svg = tmp_path / "out" / "curve" / "stats" / "curve-cost-curve-monsters.svg"
    assert f"{name}: cost curve of deck 'monsters'" in texts(svg)
