"""Font families found installed without fontconfig's ``fc-list`` (Windows, most Macs): the
font files in the platform's font folders are read for their family names. Also run by the
simulated-platform job (.ci/simulated_platform.sh)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardforge.errors import MissingFontError
from cardforge.render.layout import installed_fonts
from cardforge.render.layout.face_layout import require_fonts

REAL_FOLDERS = installed_fonts.font_folders()


def _font_file(name: str) -> Path:
    """The installed font file ``name`` (scripts/setup.sh installs DejaVu and Noto CJK)."""
    for folder in REAL_FOLDERS:
        for found in Path(folder).rglob(name):
            return found
    raise AssertionError(f"{name} is not installed (scripts/setup.sh installs it)")


@pytest.fixture
def without_fc_list(monkeypatch, tmp_path):
    """No fc-list on the PATH, and the font folders are one empty folder of the test's."""
    folder = tmp_path / "Fonts"
    folder.mkdir()
    real_which = shutil.which
    monkeypatch.setattr(installed_fonts.shutil, "which",
                        lambda name: None if name == "fc-list" else real_which(name))
    monkeypatch.setattr(installed_fonts, "font_folders", lambda: [str(folder)])
    installed_fonts.font_installed.cache_clear()
    yield folder
    installed_fonts.font_installed.cache_clear()


def test_without_fc_list_a_family_is_installed_when_a_font_file_in_the_folders_names_it(without_fc_list):
    shutil.copy(_font_file("DejaVuSans.ttf"), without_fc_list / "DejaVuSans.ttf")
    assert installed_fonts.font_installed("DejaVu Sans")
    assert installed_fonts.font_installed("dejavu sans")  # fontconfig matches families case-blind
    assert not installed_fonts.font_installed("Noto Sans CJK JP")
    assert not installed_fonts.font_installed("DejaVu")  # a whole family name, not a prefix


def test_without_fc_list_each_font_of_a_collection_counts(without_fc_list):
    (without_fc_list / "sub").mkdir()
    (without_fc_list / "sub" / "NotoSansCJK-Regular.ttc").symlink_to(_font_file("NotoSansCJK-Regular.ttc"))
    assert installed_fonts.font_installed("Noto Sans CJK JP")
    assert installed_fonts.font_installed("Noto Sans Mono CJK KR")
    assert not installed_fonts.font_installed("DejaVu Sans")


def test_without_fc_list_japanese_text_without_its_font_is_refused_before_layout(without_fc_list):
    shutil.copy(_font_file("DejaVuSans.ttf"), without_fc_list / "DejaVuSans.ttf")
    require_fonts(["<p>Latin only</p>"])
    with pytest.raises(MissingFontError) as raised:
        require_fonts(["<p>ひらがな</p>"])
    assert "Japanese text needs the font 'Noto Sans CJK JP'" in str(raised.value)


def test_without_fc_list_folders_with_no_readable_font_cannot_tell(without_fc_list):
    """No font file read (an empty folder, or only damaged files): nothing can be told, so
    the check passes and WeasyPrint's missing-glyph warnings remain the check."""
    assert installed_fonts.folder_families([str(without_fc_list)]) is None
    assert installed_fonts.font_installed("Noto Sans CJK JP")
    installed_fonts.font_installed.cache_clear()
    (without_fc_list / "Broken.ttf").write_bytes(b"\0\1\0\0 not a font")
    (without_fc_list / "Truncated.otf").write_bytes(_font_file("DejaVuSans.ttf").read_bytes()[:300])
    assert installed_fonts.folder_families([str(without_fc_list)]) is None
    assert installed_fonts.font_installed("Noto Sans CJK JP")


def test_a_damaged_font_beside_a_good_one_is_skipped(tmp_path):
    (tmp_path / "Broken.ttf").write_bytes(b"OTTO garbage")
    shutil.copy(_font_file("DejaVuSans.ttf"), tmp_path / "DejaVuSans.ttf")
    (tmp_path / "notes.txt").write_text("DejaVu Serif", encoding="utf-8")  # not a font file
    assert installed_fonts.folder_families([str(tmp_path), str(tmp_path / "missing")]) == {"dejavu sans"}


@pytest.mark.skipif(shutil.which("fc-list") is None, reason="compares with fontconfig's fc-list")
def test_the_folders_and_fc_list_agree_on_the_fonts_the_built_in_css_names():
    from cardforge.render.layout.face_layout import SCRIPT_FONTS

    found = installed_fonts.folder_families(installed_fonts.font_folders())
    assert found is not None
    installed_fonts.font_installed.cache_clear()
    for _script, _chars, family, _package in SCRIPT_FONTS:
        assert installed_fonts.font_installed(family)  # asked of fc-list here
        assert family.casefold() in found
    assert not installed_fonts.font_installed("No Such Family 7f3a")
    assert "no such family 7f3a" not in found
