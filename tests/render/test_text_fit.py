"""Text that fits (``fit:`` on a layout box, ``data-fit`` on a template's box): the font
ends at the largest step at which the text fits, measured from the laid-out box, in each
language; a text that fits as it is keeps its size; one that cannot fit at the minimum
keeps the minimum and is TR105."""

from __future__ import annotations

import re

import pytest

from cardforge.render.face_sources import face_sources
from cardforge.render.layout.text_fit import fit_face, measure_fits, sizes_to_try, with_sizes
from tests.lint.planting import lint as planted_lint
from tests.render.layout_game import layout_workspace, load


def _fitted_size(html: str) -> float | None:
    """The font size (pt) the fit wrote on the face's data-fit box, None if none."""
    tag = re.search(r'<[^<>]*data-fit="[^"]*"[^<>]*>', html).group(0)
    sizes = re.findall(r"font-size:([0-9.]+)pt", tag)
    return float(sizes[-1]) if len(sizes) > 1 else None  # the first is the box's own 10 pt


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    root = tmp_path_factory.mktemp("fit")
    layout_workspace(root, "fit_game.yaml", "fit_cards.yaml")
    return root, load(root).clean_game("the fit game")


def test_sizes_tried_run_from_the_box_size_down_to_the_minimum():
    assert sizes_to_try(10, "5 0.5")[:3] == [10, 9.5, 9.0] and sizes_to_try(10, "5 0.5")[-1] == 5
    assert sizes_to_try(10, "7.2 1") == [10, 9, 8, 7.2]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_text_ends_at_the_largest_step_that_fits(game, lang):
    root, loaded = game
    sources = face_sources(loaded, lang, root)
    html = sources.fragments[sources.front_page["long-tale"]]
    size = _fitted_size(html)
    assert size is not None and 5 < size < 10
    geometry = sources.geometries[sources.front_page["long-tale"]]

    def fits(pt: float) -> bool:
        probe = with_sizes(html, {0: pt}, probe=True)
        return measure_fits(probe, sources.css, geometry, root, sources.roots)[0][0]

    assert fits(size), f"{lang}: the text overflows at the fitted {size} pt"
    assert not fits(size + 0.5), f"{lang}: the text would fit one step larger than {size} pt"
    assert _fitted_size(sources.fragments[sources.front_page["short-note"]]) is None


def test_the_two_languages_fit_apart(game):
    root, loaded = game
    en, fr = (face_sources(loaded, lang, root) for lang in ("en", "fr"))
    assert _fitted_size(fr.fragments[fr.front_page["long-tale"]]) < \
        _fitted_size(en.fragments[en.front_page["long-tale"]])


def test_a_face_with_nothing_to_fit_is_left_as_it_is(game):
    root, loaded = game
    sources = face_sources(loaded, "en", root)
    html = sources.fragments[sources.front_page["short-note"]]
    geometry = sources.geometries[0]
    assert fit_face(html, sources.css, geometry, root, sources.roots) == html
    assert fit_face("<div>plain</div>", sources.css, geometry, root, sources.roots) == "<div>plain</div>"


def test_text_too_long_at_the_minimum_is_tr105_and_nothing_else(tmp_path):
    folder = layout_workspace(tmp_path, "fit_game.yaml", "fit_cards.yaml")
    problems = planted_lint(folder, layout=True, cache=tmp_path / "cache")
    overflow = [(p.code, p.message) for p in problems if p.code == "TR105"]
    assert len(overflow) == 1 and "endless-saga" in overflow[0][1], overflow
    assert "[en]" in overflow[0][1] or " en" in overflow[0][1], overflow


def test_a_template_box_marked_data_fit_shrinks_too(tmp_path):
    from cardforge.model.card_geometry import CardGeometry

    words = " ".join(["fitting"] * 25)
    html = ('<div style="position:absolute;left:5mm;top:5mm;width:40mm;height:15mm;font-size:12pt;'
            f'line-height:1.2" data-field="text" data-fit="4 1">{words}</div>')
    fitted = fit_face(html, "", CardGeometry.poker(), tmp_path, [tmp_path])
    size = float(re.findall(r"font-size:([0-9.]+)pt", fitted)[-1])
    assert size in sizes_to_try(12, "4 1") and 4 < size < 12

    def fits(pt: float) -> bool:
        return measure_fits(with_sizes(html, {0: pt}, probe=True), "", CardGeometry.poker(),
                            tmp_path, [tmp_path])[0][0]

    assert fits(size) and not fits(size + 1)
