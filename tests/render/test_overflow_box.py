"""Where each measured text box stands on its face page (border box, mm from the page's
top-left corner, the page being trim + bleed), stored with the overflow beside the face and
refused when the stored rectangle is damaged or off its page."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
import weasyprint

from cardforge.render.layout.text_overflow import FORMAT, dumps, load, measure_page, sidecar

KEY = "ab" + "0" * 62

# A 63 × 88 mm trim with 3 mm of bleed: the page is 69 × 94 mm, its corner 3 mm outside the
# trim's. Lengths of the boxes are border boxes: width + 2 × padding + 2 × border.
FACE = """
<style>
  @page { size: 63mm 88mm; bleed: 3mm; margin: 0 }
  body { margin: 0; font-family: "DejaVu Sans"; font-size: 9pt; line-height: 4mm }
  .box { position: absolute; overflow: hidden; white-space: nowrap }
</style>
<div class="box" data-field="name"
     style="left: 10mm; top: 20mm; width: 30mm; height: 5mm; padding: 1mm; border: 0.5mm solid">
  A name far too long to stay inside thirty millimetres</div>
<div class="box" data-field="title"
     style="left: 5mm; top: 60mm; width: 40mm; height: 6mm; transform: rotate(90deg)">
  A turned title that is far too long for its box</div>
<div class="box" data-field="ribbon" style="left: 50mm; top: -5mm; width: 30mm; height: 10mm">x</div>
<div class="box" data-field="gone" style="left: 100mm; top: 10mm; width: 10mm; height: 10mm">x</div>
"""


@pytest.fixture(scope="module")
def measured():
    page = weasyprint.HTML(string=FACE).render().pages[0]
    return {m.field: m for m in measure_page(page)}


def rectangle(overflow) -> tuple[float, ...]:
    box = overflow.box
    return box.left_mm, box.top_mm, box.width_mm, box.height_mm, box.page_width_mm, box.page_height_mm


def test_an_overflowing_box_is_stored_at_its_css_place_on_the_page(measured):
    name = measured["name"]
    assert name.right_mm > 10  # it does overflow
    # left 10 + bleed 3; width 30 + 2 × 1 padding + 2 × 0.5 border; page 63 + 6 × 88 + 6
    assert rectangle(name) == pytest.approx((13, 23, 33, 8, 69, 94), abs=0.2)


def test_a_rotated_box_is_placed_upright_where_it_stands_before_turning(measured):
    assert measured["title"].right_mm > 5
    assert rectangle(measured["title"]) == pytest.approx((8, 63, 40, 6, 69, 94), abs=0.2)


def test_a_box_past_the_page_edge_is_cut_there_and_one_off_the_page_has_no_place(measured):
    # top -5 mm is 2 mm above the page (bleed 3 mm): the 10 mm box keeps 8 mm; right edge
    # 50 + 3 + 30 = 83 mm is cut at the page's 69 mm
    assert rectangle(measured["ribbon"]) == pytest.approx((53, 0, 16, 8, 69, 94), abs=0.2)
    assert measured["gone"].box is None


def stored(tmp_path: Path, text: str) -> Path:
    path = sidecar(tmp_path / "cache" / KEY[:2] / f"{KEY}.pdf")
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_place_is_stored_with_the_overflow_and_read_back(tmp_path, measured):
    path = stored(tmp_path, dumps(list(measured.values()), KEY))
    assert path.name == f"{KEY}.overflow-v{FORMAT}.json" and FORMAT >= 4
    back = {m.field: m for m in load(path, KEY)}
    assert back.keys() == measured.keys()
    assert rectangle(back["name"]) == pytest.approx(rectangle(measured["name"]), abs=0.001)
    assert back["name"].right_mm == pytest.approx(measured["name"].right_mm, abs=0.001)
    assert back["gone"].box is None


GOOD_BOX = {"left_mm": 13.0, "top_mm": 23.0, "width_mm": 33.0, "height_mm": 8.0,
            "page_width_mm": 69.0, "page_height_mm": 94.0}


@pytest.mark.parametrize("damage, why", [
    ({"left_mm": 40.0}, "not inside"),               # 40 + 33 > 69: past the right edge
    ({"top_mm": -1.0}, "not inside"),                # above the page
    ({"height_mm": 90.0}, "not inside"),             # 23 + 90 > 94: past the bottom
    ({"width_mm": math.nan}, "finite"),
    ({"left_mm": math.inf}, "finite"),
    ({"top_mm": "23"}, "finite"),
    ({"page_width_mm": 0.0}, "page size"),
    ({"page_height_mm": 1e9}, "page size"),
    ({"height_mm": None}, "finite"),
])
def test_a_damaged_or_out_of_range_place_makes_the_entry_unreadable(tmp_path, damage, why):
    item = {"field": "name", "top_mm": 0.0, "bottom_mm": 0.0, "left_mm": 0.0, "right_mm": 2.0,
            "box": {**GOOD_BOX, **damage}}
    path = stored(tmp_path, json.dumps({"key": KEY, "value": [item]}))
    with pytest.raises(ValueError, match=why):
        load(path, KEY)


@pytest.mark.parametrize("item", [
    {"field": "name", "top_mm": 0.0, "bottom_mm": 0.0, "left_mm": 0.0, "right_mm": 2.0},  # v3
    {"field": "name", "top_mm": 0.0, "bottom_mm": 0.0, "left_mm": 0.0, "right_mm": math.nan,
     "box": GOOD_BOX},
    {"field": "name", "top_mm": 0.0, "bottom_mm": -1.0, "left_mm": 0.0, "right_mm": 2.0,
     "box": GOOD_BOX},
    {"field": "name", "top_mm": 0.0, "bottom_mm": 0.0, "left_mm": 0.0, "right_mm": 2.0,
     "box": [13, 23, 33, 8, 69, 94]},
    {"field": "name", "top_mm": 0.0, "bottom_mm": 0.0, "left_mm": 0.0, "right_mm": 2.0,
     "box": {k: v for k, v in GOOD_BOX.items() if k != "height_mm"}},
])
def test_an_entry_without_a_readable_place_is_refused_like_other_damage(tmp_path, item):
    path = stored(tmp_path, json.dumps({"key": KEY, "value": [item]}))
    with pytest.raises(ValueError, match="not a list of overflow measurements"):
        load(path, KEY)


def test_a_good_place_within_the_rounding_of_the_page_edge_is_read(tmp_path):
    box = {**GOOD_BOX, "left_mm": 36.001}  # 36.001 + 33 = 69.001: a rounding past 69
    item = {"field": "name", "top_mm": 0, "bottom_mm": 0, "left_mm": 0, "right_mm": 2, "box": box}
    [read] = load(stored(tmp_path, json.dumps({"key": KEY, "value": [item]})), KEY)
    assert read.box is not None and read.box.left_mm == 36.001
