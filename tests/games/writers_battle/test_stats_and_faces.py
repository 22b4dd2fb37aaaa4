"""`cardforge stats writers-battle`, movement diagrams and the faces' data."""

from fractions import Fraction

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.games.writers_battle.wb_cards import movement_grid
from cardforge.games.writers_battle.wb_faces import face_context
from cardforge.games.writers_battle.wb_stats import table
from tests.games.writers_battle.conftest import REPO


def _marks(grid) -> list[str]:
    """The diagram as three strings, front row first: # reached, o self, . not reached."""
    return ["".join("o" if sq["self"] else "#" if sq["reach"] else "." for sq in row) for row in grid]


def test_movement_diagrams_follow_the_rulebook(shipped):
    assert _marks(movement_grid(shipped, "cross")) == [".#.", "#o#", ".#."]
    assert _marks(movement_grid(shipped, "diagonal")) == ["#.#", ".o.", "#.#"]
    assert _marks(movement_grid(shipped, "y-shape")) == ["#.#", ".o.", ".#."]     # Y: arms to the front
    assert _marks(movement_grid(shipped, "inverted-y")) == [".#.", ".o.", "#.#"]  # upside down
    assert _marks(movement_grid(shipped, "all")) == ["###", "#o#", "###"]
    assert _marks(movement_grid(shipped, "none")) == ["...", ".o.", "..."]
    assert _marks(movement_grid(shipped, "unknown")) == ["...", ".o.", "..."]


def test_faction_table_sums_survival_and_counts_copies(shipped):
    rows = {row["faction"]: row for row in table(shipped).rows}
    assert rows["mystery"]["survival"] == 11 and rows["fantasy"]["survival"] == 11
    assert rows["mystery"]["gimmicks"] == 7                 # canvassing has 2 copies
    assert rows["fantasy"]["ability_cost"] == Fraction(13, 4)
    assert rows["mystery"]["foreshadows"] == rows["fantasy"]["foreshadows"] == 3


def test_stats_command():
    out = CliRunner().invoke(main, ["stats", "-w", str(REPO), "writers-battle", "--format", "json"])
    assert out.exit_code == 0, out.output
    assert '"survival": 11' in out.output and '"exact": "13/4"' in out.output


def test_character_face_in_both_languages(shipped):
    card = next(c for c in shipped.cards() if c.id == "inspector-gondo")
    ja = face_context(card, shipped, "ja")
    assert (ja["name"], ja["subname"]) == ("警部 権藤", "Inspector Gondo")
    assert ja["movement"]["name"] == "逆Y" and ja["faction"]["name"] == "推理作家"
    assert [s["value"] for s in ja["stats"]] == [4, 2, 3]
    assert ja["ability"] == {"cost": 2, "text": "このターンの間、このキャラクターの攻撃力を+2する。"}
    en = face_context(card, shipped, "en")
    assert en["movement"]["name"] == "Inverted Y" and en["words"]["survival"] == "Survival"


def test_gimmick_and_foreshadow_faces(shipped):
    sword = face_context(next(c for c in shipped.cards() if c.id == "sword-cane"), shipped, "en")
    assert sword["kind"] == {"key": "equipment", "label": "Equipment"} and sword["cost"] == 2
    assert sword["bonus"] == [{"key": "attack", "label": "Attack", "value": "+2"}]
    web = face_context(next(c for c in shipped.cards() if c.id == "web-of-clues"), shipped, "ja")
    assert web["field"] is True and web["condition"].startswith("自分の袖に")


def test_faces_render_in_both_languages_without_warnings(shipped):
    from cardforge.render.card_render import render_card_faces

    for lang in shipped.languages:
        faces = render_card_faces(shipped, lang, REPO)   # any WeasyPrint warning would raise
        assert set(faces.back_page) == {"character", "gimmick", "foreshadow"}
        assert len(faces.front_page) == sum(1 for _ in shipped.cards())
