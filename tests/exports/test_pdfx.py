"""DriveThruCards: a PDF/X-1a file with a CMYK output intent, backs and fronts alternating."""

from __future__ import annotations

import pikepdf
import pypdfium2
import pytest

from cardforge.errors import ConfigError, DataError
from cardforge.products.pdfx_product import build_pdfx
from cardforge.workspace.print_profiles import find_profile
from tests.exports.game import REPO, make_game, options

PROFILE = find_profile("drivethrucards-poker", REPO)
needs_icc = pytest.mark.skipif(not any(p.is_file() for p in PROFILE.icc_profile),
                               reason=f"no CMYK ICC profile: install {PROFILE.icc_package}")


def _colour(document: pypdfium2.PdfDocument, index: int) -> tuple[int, int, int]:
    """The colour in the middle of page ``index``."""
    image = document[index].render(scale=0.5).to_pil().convert("RGB")
    return image.getpixel((image.width // 2, image.height // 2))


@needs_icc
def test_drivethrucards_pdf_declares_pdf_x_with_a_cmyk_output_intent(tmp_path):
    [path] = build_pdfx(make_game(tmp_path), "en", options(tmp_path, "drivethrucards-poker"))
    assert path.name == "generic-drivethrucards-poker-en.pdf"
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.4"
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        assert str(pdf.docinfo["/Trapped"]) == "/False"
        with pdf.open_metadata() as xmp:
            assert xmp["pdfx:GTS_PDFXVersion"] == "PDF/X-1a:2003"
            assert xmp["dc:title"] == str(pdf.docinfo["/Title"]) == "Generic — " + PROFILE.name
        [intent] = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX"
        profile = intent.DestOutputProfile
        assert int(profile.N) == 4
        assert profile.read_bytes()[16:20] == b"CMYK"  # the ICC header's colour space
        # 7 physical cards (alpha, beta ×3, gamma, delta ×2): a back and a front each
        assert len(pdf.pages) == 14
        for page in pdf.pages:
            trim = [float(v) for v in page.TrimBox]
            media = [float(v) for v in page.mediabox]
            assert round(trim[2] - trim[0], 1) == 180.0 and round(trim[3] - trim[1], 1) == 252.0
            assert round(media[2] - media[0] - (trim[2] - trim[0]), 1) == 18.0  # 2 × 1/8 in


@needs_icc
def test_pages_alternate_back_and_front(tmp_path):
    [path] = build_pdfx(make_game(tmp_path), "en", options(tmp_path, "drivethrucards-poker"))
    document = pypdfium2.PdfDocument(path)
    colours = [_colour(document, i) for i in range(len(document))]
    back, front = colours[0], colours[1]
    assert back[2] > back[0]  # ok_back.html.j2 is cyan-blue: device-cmyk(0.8 0.2 0 0.1)
    assert front[0] > front[1]  # ok_cmyk.html.j2 is pink: device-cmyk(0.1 0.6 0 0)
    assert colours == [back, front] * 7


def test_pdfx_needs_a_pdf_x_profile(tmp_path):
    with pytest.raises(ConfigError, match="PDF/X print-shop profile"):
        build_pdfx(make_game(tmp_path), "en", options(tmp_path, "tgc-poker"))


def test_a_missing_icc_profile_names_the_debian_package(tmp_path):
    missing = PROFILE.__class__(**{**PROFILE.__dict__, "icc_profile": (tmp_path / "none.icc",)})
    with pytest.raises(ConfigError) as caught:
        build_pdfx(make_game(tmp_path), "en", options(tmp_path).__class__(
            root=tmp_path, out=tmp_path / "out", profile=missing))
    assert "libgs-common" in caught.value.format_message()
    assert not (tmp_path / "out").exists()


@needs_icc
def test_rgb_faces_stop_the_build_before_anything_is_written(tmp_path):
    game = make_game(tmp_path, front="fail_rgb_colour.html.j2")
    with pytest.raises(DataError) as caught:
        build_pdfx(game, "en", options(tmp_path, "drivethrucards-poker"))
    assert {p.code for p in caught.value.problems} == {"PF104"}
    assert not (tmp_path / "out").exists()
