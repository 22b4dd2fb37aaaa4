"""Preflight: each planted failure (fixtures fail_*) gives its code, at the line to edit;
the clean scenario gives nothing under any profile; errors stop the build unwritten."""

from __future__ import annotations

import pytest

from cardforge.errors import DataError
from cardforge.preflight.preflight_checks import preflight
from cardforge.products.pdfx_product import cmyk_css
from cardforge.products.png_product import build_png
from cardforge.render.card_render import render_card_faces
from cardforge.workspace.print_profiles import find_profile
from tests.exports.game import REPO, make_game, options


def _problems(tmp_path, profile_id: str, **scenario):
    game = make_game(tmp_path, **scenario)
    profile = find_profile(profile_id, REPO)
    geometry = profile.geometry(game.card_geometry())
    extra = {}
    if profile.output == "pdfx":
        extra = {"extra_css": cmyk_css(profile.icc_bytes()), "pdf_variant": profile.pdf_variant}
    faces = render_card_faces(game, "en", tmp_path, geometry=geometry, **extra)
    return game, preflight(game, profile, faces, geometry)


@pytest.mark.parametrize("profile", ["tgc-poker", "mpc-poker", "drivethrucards-poker", "home"])
def test_ok_scenario_passes_every_profile(tmp_path, profile):
    _, problems = _problems(tmp_path, profile)
    assert problems == []


def test_fail_low_res_art_is_pf103_at_the_art_line(tmp_path):
    game, problems = _problems(tmp_path, "tgc-poker", cards=("fail_low_res_art.yaml", "ok_spare.yaml"))
    [problem] = [p for p in problems if p.code == "PF103"]
    assert problem.card == "alpha" and problem.path.name == "fail_low_res_art.yaml"
    assert (problem.line, problem.col) == (4, 41)  # the value of art:
    assert "20 × 28 px" in problem.message and "300 dpi" in problem.message


def test_fail_no_bleed_is_pf102_on_every_side(tmp_path):
    _, problems = _problems(tmp_path, "tgc-poker", front="fail_no_bleed.html.j2")
    fronts = [p for p in problems if p.code == "PF102"]
    assert len(fronts) == 1 and "top, bottom, left, right" in fronts[0].message
    assert {p.code for p in problems} == {"PF102"}


def test_fail_rgb_colour_is_pf104_only_where_cmyk_is_required(tmp_path):
    _, problems = _problems(tmp_path, "drivethrucards-poker", front="fail_rgb_colour.html.j2")
    assert {p.code for p in problems} == {"PF104"}
    _, problems = _problems(tmp_path / "png", "tgc-poker", front="fail_rgb_colour.html.j2")
    assert problems == []


def test_fail_transparency_is_pf105_for_pdf_x_1a_only(tmp_path):
    _, problems = _problems(tmp_path, "drivethrucards-poker", front="fail_transparency.html.j2")
    assert {p.code for p in problems} == {"PF105"}
    assert "opacity" in problems[0].message
    _, problems = _problems(tmp_path / "png", "tgc-poker", front="fail_transparency.html.j2")
    assert problems == []


def test_fail_card_size_is_pf101_at_the_card_entry_of_game_yaml(tmp_path):
    _, problems = _problems(tmp_path, "tgc-poker", game="fail_card_size.game.yaml")
    [problem] = [p for p in problems if p.code == "PF101"]
    assert problem.path.name == "game.yaml" and problem.line == 6
    assert "70 × 120 mm" in problem.message and "63.5 × 88.9 mm" in problem.message


def test_fail_face_size_is_pf106(tmp_path):
    _, problems = _problems(tmp_path, "tgc-poker", front="fail_face_size.html.j2")
    # one problem for the front all cards share (the back too where the page rule reaches it
    # in the same layout document, which depends on how faces are cut into chunks);
    # 80 × 120 mm + 2 × 3.175 mm bleed
    assert [p.code for p in problems][:1] == ["PF106"] and {p.code for p in problems} == {"PF106"}
    assert "86.35 × 126.35 mm" in problems[0].message and "69.85 × 95.25 mm" in problems[0].message


def test_errors_stop_the_build_before_any_file_is_written(tmp_path):
    game = make_game(tmp_path, cards=("fail_low_res_art.yaml", "ok_spare.yaml"))
    with pytest.raises(DataError) as caught:
        build_png(game, "en", options(tmp_path, "tgc-poker"))
    assert [p.code for p in caught.value.problems] == ["PF103"]
    assert not (tmp_path / "out").exists()


def test_a_profile_can_lower_a_code_to_a_warning(tmp_path):
    game = make_game(tmp_path, cards=("fail_low_res_art.yaml", "ok_spare.yaml"))
    profile = find_profile("tgc-poker", REPO)
    lenient = profile.__class__(**{**profile.__dict__, "severity": {"PF103": "warning"}})
    reported = []
    written = build_png(game, "en", options(tmp_path).__class__(
        root=tmp_path, out=tmp_path / "out", profile=lenient, report=reported.append))
    assert [p.code for p in reported] == ["PF103"] and written
