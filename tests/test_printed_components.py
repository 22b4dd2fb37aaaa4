"""What the print products make is what a table needs, and the booklet counts what they make.

Each game's card sheets, dice nets and rule booklet are built (A4, source language) and
read back: cards placed on front sheets and nets drawn (pikepdf), the booklet's component
list and the play aids' names (pypdfium2). Every expected number comes from game.yaml.
"""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest

from cardforge.model.board_specs import boards
from cardforge.model.game_packs import discover
from cardforge.products.board_product import build_board
from cardforge.products.cards_product import build_cards
from cardforge.products.dice_product import build_dice
from cardforge.products.product_options import BuildOptions
from cardforge.products.rules_product import build_rules
from cardforge.workspace.game_loading import load_game
from tests.booklet.test_rules_product import page_texts as _texts

REPO = Path(__file__).resolve().parents[1]
SPECS = discover()
ROW = re.compile(r"^\s*(\d+)\s*×\s*(.+?)\s*$")
"""A component-list row as the booklet prints it: ``<count> × <label>``."""


def _game(game_id: str):
    return load_game(REPO / "cards" / game_id, SPECS[game_id]).game


def _placements(page: pikepdf.Page) -> int:
    return sum(1 for _, op in pikepdf.parse_content_stream(page) if str(op) == "Do")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """game id → {"cards", "dice", "rules": path or None, "boards": [paths]}, A4, source language."""
    out = tmp_path_factory.mktemp("printed")
    options = BuildOptions(root=REPO, out=out, papers=("a4",), jobs=2)
    made: dict[str, dict[str, Path | None]] = {}
    for game_id, spec in sorted(SPECS.items()):
        game = _game(game_id)
        lang = game.info["source_language"]
        cards = build_cards(game, lang, options)[0] if "cards" in spec.products else None
        dice = next(p for p in build_dice(game, lang, options) if p.name.endswith("nets-a4.pdf")) \
            if "dice" in spec.products else None
        board = build_board(game, lang, options) if "board" in spec.products else []
        [rules] = build_rules(game, lang, options)
        made[game_id] = {"cards": cards, "dice": dice, "rules": rules, "boards": board}
    return made


def _cards_placed(path: Path | None) -> int:
    if path is None:
        return 0
    with pikepdf.open(path) as pdf:
        return sum(_placements(page) for page in pdf.pages[0::2])  # fronts; backs follow each


def _nets(path: Path | None) -> int:
    if path is None:
        return 0
    with pikepdf.open(path) as pdf:  # a net draws its six faces, one form each
        return sum(_placements(page) for page in pdf.pages) // 6


def _component_rows(path: Path) -> list[tuple[int, str]]:
    rows = []
    for text in _texts(path):
        for line in text.replace("\r", "").split("\n"):
            match = ROW.match(line)
            if match:
                rows.append((int(match.group(1)), match.group(2)))
    return rows


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_the_component_list_counts_what_the_products_print(built, game_id):
    game = _game(game_id)
    made = built[game_id]
    rows = _component_rows(made["rules"])
    assert rows, "the booklet has a component list"
    # decks first, in game.yaml order; then dice, the custom ones last; then the boards
    deck_rows = [count for count, _ in rows[:len(game.decks)]]
    assert sum(deck_rows) == _cards_placed(made["cards"])
    board_rows = rows[len(rows) - len(boards(game)):] if boards(game) else []
    assert sum(count for count, _ in board_rows) == len(made["boards"])  # one file a board (A4)
    if made["dice"] is not None:
        dice_count = rows[len(rows) - len(board_rows) - 1][0]
        assert dice_count == _nets(made["dice"])


def test_comic_creator_prints_its_start_player_dice_and_summary_cards(built):
    game = _game("comic-creator")
    facts, most = game.facts, game.info["players"]["max"]
    fronts = _texts(built["comic-creator"]["cards"])[0::2]
    names = [line.strip() for text in fronts for line in text.replace("\r", "").split("\n")]
    # each face of the Japanese sheets prints its English name under the Japanese one
    assert names.count("Start Player") == facts["start_player_cards"]
    assert names.count("Unused") + names.count("Used") == most * facts["dice_cards_per_player"]
    assert names.count("Round Summary") == most * facts["summary_per_player"]
    whole = "\n".join(fronts)
    assert f"{facts['vp_goal']}VP" in whole and "{" not in whole  # the summary's facts filled in
    booklet = "\n".join(_texts(built["comic-creator"]["rules"]))
    for deck in ("start-player", "dice-cards", "summary"):
        assert game.decks[deck].spec["name"]["ja"] in booklet


def test_dixe_on_card_prints_a_starter_set_for_every_player(built):
    game = _game("dixe-on-card")
    most, facts = game.info["players"]["max"], game.facts
    assert _cards_placed(built["dixe-on-card"]["cards"]) >= most * facts["cards_per_player"]
    assert _nets(built["dixe-on-card"]["dice"]) >= most * facts["dice_per_player"]


def test_dice_tuners_prints_the_dice_of_each_colour_the_biggest_table_sets_out(built):
    game = _game("dice-tuners")
    facts = game.facts
    each = game.info["players"]["max"] + facts["dice_per_colour_extra"]
    assert _nets(built["dice-tuners"]["dice"]) == len(facts["colours"]) * each
    booklet = "\n".join(_texts(built["dice-tuners"]["rules"]))
    assert str(each) in booklet.split("×")[-1]  # "…, 6 of each design: …"


def test_a_bad_copies_count_is_an_error_at_its_line(tmp_path):
    from cardforge.errors import ConfigError
    from cardforge.model.print_copies import copies

    game = _game("dice-tuners")
    game.manifest.data["print"] = {"dice": {"copies": "players.max - 99"}}
    with pytest.raises(ConfigError, match=r"game\.yaml:\d+:\d+: print\.dice\.copies is -95"):
        copies(game, "dice")
    game.manifest.data["print"] = {"dice": {"copies": "facts.nope + 1"}}
    with pytest.raises(ConfigError, match="cannot be worked out"):
        copies(game, "dice")


def test_writers_battle_prints_its_map_tiled_with_overlaps(tmp_path):
    from cardforge.model.paper_units import PAPER, mm_to_pt
    from cardforge.render.board_render import OVERLAP_MM

    game = _game("writers-battle")
    grid = game.facts["map"]
    width, height = grid["columns"] * grid["square"]["width"], grid["rows"] * grid["square"]["height"]
    paths = build_board(game, "en", BuildOptions(root=REPO, out=tmp_path, jobs=1))
    assert [p.name for p in paths] == [f"writers-battle-board-en-{board}-{paper}.pdf"
                                       for board in ("map", "tracker") for paper in ("a4", "letter")]
    paths = paths[:2]  # the map's; the tracker fits a sheet (tests/booklet/test_rulebook_gaps.py)
    for path, paper in zip(paths, ("a4", "letter"), strict=True):
        with pikepdf.open(path) as pdf:
            trims = [[float(v) for v in page.TrimBox] for page in pdf.pages]
            assert len(pdf.pages) > 1  # the map is larger than the paper: tiled
            for page in pdf.pages:
                size = sorted(float(v) for v in list(page.MediaBox)[2:])
                assert size == pytest.approx(sorted(mm_to_pt(v) for v in PAPER[paper]), abs=0.05)
        # each tile is labelled row-column; the first row's tiles add up to the map's width
        # plus one overlap a seam, the first column's to its height
        places = [tuple(int(n) for n in re.findall(r"\b(\d+)-(\d+)\b", text)[-1])
                  for text in _texts(path)]
        first_row = [t for t, (row, _) in zip(trims, places, strict=True) if row == 1]
        seams = len(first_row) - 1
        shown = sum(t[2] - t[0] for t in first_row)
        assert shown == pytest.approx(mm_to_pt(width + seams * OVERLAP_MM), abs=0.5)
        first_column = [t for t, (_, col) in zip(trims, places, strict=True) if col == 1]
        shown = sum(t[3] - t[1] for t in first_column)
        assert shown == pytest.approx(mm_to_pt(height + (len(first_column) - 1) * OVERLAP_MM), abs=0.5)
    # every tile carries the whole map's page, clipped: each own-area square is labelled once
    assert _texts(paths[0])[0].count(grid["home_area"]["en"]) == 2 * grid["home_rows"] * grid["columns"]
    booklet = "\n".join(_texts(build_rules(game, "en", BuildOptions(root=REPO, out=tmp_path))[0]))
    assert "1 × Map board" in booklet
    assert f"{grid['columns']} squares wide and {grid['rows']} squares deep" in booklet
