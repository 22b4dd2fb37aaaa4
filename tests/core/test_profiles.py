"""Print-shop profiles: the built-in ones load and agree with their pixel sizes; a bad
profile file is a ConfigError pointing at the file, line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.errors import ConfigError
from cardforge.model.card_geometry import CardGeometry
from cardforge.workspace.print_profiles import available, find_profile, load_profile

REPO = Path(__file__).resolve().parents[2]


def test_built_in_profiles():
    assert set(available(REPO)) >= {"tgc-poker", "mpc-poker", "drivethrucards-poker", "home"}
    tgc = find_profile("tgc-poker", REPO)
    assert (tgc.output, tgc.pixels, tgc.dpi, tgc.colour) == ("png", (825, 1125), 300, "rgb")
    assert tgc.geometry(CardGeometry(63, 88, 3, 4)) == CardGeometry(63.5, 88.9, 3.175, 3.175)
    dtc = find_profile("drivethrucards-poker", REPO)
    assert (dtc.output, dtc.colour, dtc.pdf_variant, dtc.transparency) == ("pdfx", "cmyk", "pdf/x-1a", False)
    home = find_profile("home", REPO)
    assert home.geometry(CardGeometry(63, 88, 3, 4)) == CardGeometry(63, 88, 3, 4)  # the game's own size


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "profiles" / "mine.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_workspace_profile_is_found_by_id_and_by_path(tmp_path):
    _write(tmp_path, 'name = "Mine"\noutput = "sheets"\n')
    assert find_profile("mine", tmp_path).name == "Mine"
    assert find_profile("profiles/mine.toml", tmp_path).id == "mine"


@pytest.mark.parametrize(("text", "where", "words"), [
    ('output = "png"\nbleed = 3\n', ":2:1:", "bleed: unknown key; did you mean 'bleed_mm'?"),
    ('output = "jpeg"\n', ":1:1:", "output: 'jpeg' is not one of ['png', 'pdfx', 'sheets']"),
    ('output = "png"\ntrim_mm = [63.5, 88.9]\nbleed_mm = 3.175\ndpi = 300\npixels = [825, 1126]\n',
     ":5:1:", "does not match trim + 2 × bleed at 300 dpi (825 × 1125 px)"),
    ('output = "png"\ndpi = "300"\n', ":2:1:", "dpi: '300' is not of type 'integer'"),
    ('output = "png\n', ":1:14:", "not valid TOML"),
    ('output = "pdfx"\npdf_variant = "pdf/x-9"\n', ":2:1:", "pdf_variant: 'pdf/x-9' is not one of"),
    ('output = "png"\ntrim_mm = ["a", 88]\n', ":2:1:", "trim_mm.0: 'a' is not of type 'number'"),
    ('output = "sheets"\npapers = ["a3"]\n', ":2:1:", "papers.0: 'a3' is not one of ['a4', 'letter']"),
])
def test_a_bad_profile_points_at_its_line(tmp_path, text, where, words):
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_profile(path)
    message = caught.value.format_message()
    assert str(path) + where in message and words in message


def test_an_unknown_profile_lists_the_known_ones(tmp_path):
    with pytest.raises(ConfigError) as caught:
        find_profile("tgc-pokr", tmp_path)
    assert "tgc-poker" in caught.value.format_message()
