"""Rich card text: ``**bold**``, ``*italic*``, line breaks and ``- `` lists drawn on faces
(bold read back as a bold font in the PDF), everything else escaped; a translation that
drops a ``**`` marker is TR103."""

from __future__ import annotations

import pikepdf
import pypdfium2
from markupsafe import escape

from cardforge.render.card_render import render_card_faces
from cardforge.render.templating.card_markup import rich_text
from tests.render.layout_game import layout_workspace, lint, load


def _plain(text: str):
    return escape(text)


def test_bold_italic_breaks_and_lists():
    html = rich_text("**+1 Card** and *one* more\n- Draw\n- Discard <b>x</b>\nEnd", _plain)
    assert html == ('<strong>+1 Card</strong> and <em>one</em> more'
                    '<ul class="card-list"><li>Draw</li><li>Discard &lt;b&gt;x&lt;/b&gt;</li></ul>End')


def test_stray_stars_and_html_stay_text():
    assert rich_text("2 * 3 * 4", _plain) == "2 * 3 * 4"
    assert rich_text("**unclosed", _plain) == "**unclosed"
    assert rich_text("<script>*x*</script>", _plain) == "&lt;script&gt;<em>x</em>&lt;/script&gt;"


def test_bold_is_a_bold_font_in_the_pdf(tmp_path):
    layout_workspace(tmp_path, cards="rich_cards.yaml")
    game = load(tmp_path).clean_game("the rich-text game")
    faces = render_card_faces(game, "en", tmp_path)
    path = faces.files[faces.front_page["market-day"]]
    with pikepdf.open(path) as pdf:
        fonts = {str(f.get("/BaseFont")) for f in pdf.pages[0].Resources.Font.values()}
    assert any(name.endswith("DejaVu-Sans-Bold") for name in fonts), fonts
    assert any("Oblique" in name for name in fonts), fonts
    document = pypdfium2.PdfDocument(path)
    text = document[0].get_textpage().get_text_range()
    document.close()
    assert "+1 Card" in text and "**" not in text and "<b>one</b>" in text and "Draw" in text


def test_a_translation_dropping_bold_markers_is_tr103(tmp_path):
    layout_workspace(tmp_path, "fit_game.yaml", "fail_translation_drops_bold.yaml")
    found = [(p.code, p.line, p.message) for p in lint(tmp_path) if p.code == "TR103"]
    assert found == [("TR103", 7, "fr text differs from the en one: markup **: 2 in the source, "
                                  "0 in the translation")]
