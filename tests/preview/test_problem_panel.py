"""The preview's problem panel: grouped by severity (errors, then warnings), info folded
away in a closed <details>, and the whole list below the cards when only info remains."""

from __future__ import annotations

from cardforge.preview.preview_page import Selection, render_part
from cardforge.preview.preview_views import GameView, ProblemView, Snapshot


def _part(*severities: str) -> str:
    problems = [ProblemView("cards/g/a.po", n + 1, 1, f"TR10{n}", severity, f"message {n}")
                for n, severity in enumerate(severities)]
    game = GameView(id="g", name="G", languages=["en"], problems=problems)
    return render_part(Snapshot(version=1, games={"g": game}), Selection(game, "en", "cards"))


def test_errors_then_warnings_with_info_folded_above_the_cards():
    html = _part("info", "warning", "error", "info")
    assert html.index('id="problems"') < html.index('id="cards"')
    assert "Problems: 1 error, 1 warning, 2 info" in html
    assert html.index("Errors (1)") < html.index("message 2") < html.index("Warnings (1)") \
        < html.index("message 1") < html.index("<details")
    folded = html[html.index("<details"):html.index("</details>")]
    assert "<details open" not in html and "Info (2)" in folded
    assert "message 0" in folded and "message 3" in folded
    assert '<span class="severity">error</span>' in html


def test_only_info_goes_below_the_cards():
    html = _part("info", "info")
    assert html.index('id="cards"') < html.index('id="problems"')
    assert "Problems: 0 errors, 0 warnings, 2 info" in html and "<details" in html


def test_no_problems_is_an_empty_panel_below_the_cards():
    html = _part()
    assert 'data-count="0"' in html and "Problems: 0 errors, 0 warnings<" in html
