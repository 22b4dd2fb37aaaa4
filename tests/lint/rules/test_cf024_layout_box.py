"""CF024: a layout box off the card, outside the safe area (text) or showing a field the
deck lacks, reported at the box's name in game.yaml."""

from tests.render.layout_game import layout_workspace, lint


def test_boxes_off_the_safe_area_or_the_card_are_reported_at_their_names(tmp_path):
    layout_workspace(tmp_path, "fail_box_outside_safe_area.yaml")
    found = [(p.code, p.line, p.col, p.message) for p in lint(tmp_path) if p.code == "CF024"]
    assert [f[:3] for f in found] == [("CF024", 16, 9), ("CF024", 17, 9), ("CF024", 18, 9)]
    assert found[0][3] == ("layout box front.title runs outside the safe area: it spans 5–58 mm across "
                           "and 2–12 mm down; the safe area is 4–59 mm across and 4–84 mm down")
    assert "runs outside the card and its bleed" in found[1][3]
    assert "shows field 'motto', which deck 'wares' does not have" in found[2][3]


def test_boxes_inside_pass(tmp_path):
    layout_workspace(tmp_path)
    assert [(p.code, p.message) for p in lint(tmp_path) if p.severity.value == "error"] == []
