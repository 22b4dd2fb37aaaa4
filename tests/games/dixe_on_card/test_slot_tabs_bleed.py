"""DiXe on Card: the backup-slot tabs on a card's left edge run on into the bleed, read back
from the rendered face (pixels of the face PDF at 300 dpi)."""

from __future__ import annotations

import io

import pikepdf
import pypdfium2
import pytest

from cardforge.model.paper_units import pt_to_mm
from cardforge.render.card_render import render_card_faces
from tests.games.dixe_on_card.conftest import REPO

DPI = 300
WHITE = (255, 255, 255)


def _px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_backup_slot_tab_reaches_the_bleed_edge(shipped, lang):
    faces = render_card_faces(shipped, lang, REPO)
    card = next(c for c in shipped.cards() if c.data.get("save", {}).get("slots"))
    index = faces.front_page[card.id]
    with pikepdf.open(io.BytesIO(faces.pdf)) as pdf:
        page = pdf.pages[index]
        media = [float(v) for v in page.mediabox]
        trim_left_mm = pt_to_mm(float(page.obj.TrimBox[0]) - media[0])
    document = pypdfium2.PdfDocument(faces.pdf)
    try:
        image = document[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    inside, bleed = _px(trim_left_mm + 1.5), _px(trim_left_mm / 2)
    tab_rows = [y for y in range(image.height) if image.getpixel((inside, y)) == WHITE]
    assert len(tab_rows) > _px(10)   # the tabs are there, inside the trim
    outside = [y for y in tab_rows if image.getpixel((bleed, y)) != WHITE]
    assert not outside, f"{len(outside)} rows of tab stop at the trim, in {card.id}"
