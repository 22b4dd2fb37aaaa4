"""The quick-reference sheet carries every rule: each section of every game's rulesheet has
its text (read back from the PDF with pypdfium2), and ``[[booklet-only]]`` is the one way
to leave a block off the sheet."""

from __future__ import annotations

import shutil
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2
import pytest

from cardforge.booklet.booklet_html import booklet_html
from cardforge.booklet.rules_markdown import parse_rules
from cardforge.booklet.rulesheet_text import sheet_blocks
from cardforge.errors import RenderError
from cardforge.i18n.translations import Translations
from cardforge.model.game_packs import discover
from cardforge.products.product_options import BuildOptions
from cardforge.products.rules_product import build_rules
from cardforge.products.rulesheet_product import build_rulesheet
from cardforge.workspace.game_loading import load_game
from tests.conftest import FIXTURES

REPO = Path(__file__).resolve().parents[2]
HERE = FIXTURES / "booklet"
SPECS = discover()
JOBS = [(g, lang) for g, spec in sorted(SPECS.items())
        for lang in load_game(REPO / "cards" / g, spec).game.languages]


class _Headings(HTMLParser):
    """The text of every h1–h3 of a document, with its level, in order (icons left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self._level = 0
        self._svg = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("h1", "h2", "h3"):
            self._level, self._text = int(tag[1]), ""
        self._svg += tag == "svg"

    def handle_endtag(self, tag: str) -> None:
        self._svg -= tag == "svg"
        if tag in ("h1", "h2", "h3") and self._level:
            self.found.append((self._level, " ".join(self._text.split())))
            self._level = 0

    def handle_data(self, data: str) -> None:
        if self._level and not self._svg:
            self._text += data


def lines_of(pdf: Path) -> list[str]:
    """The PDF's text, line by line, whitespace collapsed, empty lines dropped."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        text = "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def sections(pdf: Path, headings: list[tuple[int, str]]) -> dict[str, str]:
    """Heading text → the text printed after it up to the next heading, read from ``pdf``
    (each heading found as a line of its own, in document order)."""
    lines = lines_of(pdf)
    starts = []
    at = 0
    for _, title in headings:
        at = lines.index(title, at)
        starts.append(at)
    ends = [*starts[1:], len(lines)]
    return {title: " ".join(lines[start + 1:end])
            for (_, title), start, end in zip(headings, starts, ends, strict=True)}


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("sheets")


@pytest.mark.parametrize(("game_id", "lang"), JOBS)
def test_every_section_of_the_rulesheet_has_its_text(out, game_id, lang):
    game = load_game(REPO / "cards" / game_id, SPECS[game_id]).game
    [pdf] = build_rulesheet(game, lang, BuildOptions(root=REPO, out=out))
    parser = _Headings()
    parser.feed(booklet_html(game, lang, REPO, "rulesheet").html)
    headings = parser.found
    found = sections(pdf, headings)
    for (level, title), after in zip(headings, [*headings[1:], (0, "")], strict=True):
        if after[0] > level:
            continue  # its text is its subsections'
        assert len(found[title]) >= 10, f"{game_id} {lang}: section {title!r} is empty"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_comic_creators_end_of_the_game_states_the_vp_goal(out, lang):
    game = load_game(REPO / "cards" / "comic-creator", SPECS["comic-creator"]).game
    [pdf] = build_rulesheet(game, lang, BuildOptions(root=REPO, out=out))
    parser = _Headings()
    parser.feed(booklet_html(game, lang, REPO, "rulesheet").html)
    title = Translations.load(game.root, lang, game.source_language).text("ゲームの終わり")
    assert str(game.facts["vp_goal"]) in sections(pdf, parser.found)[title]


def _blocks(name: str) -> list[str]:
    path = HERE / name
    return [b.text for b in sheet_blocks(parse_rules(path.read_text(encoding="utf-8"), path))]


def test_booklet_only_leaves_out_a_paragraph_a_whole_list_or_a_whole_section():
    assert _blocks("ok_booklet_only.md") == [
        "Overview", "A rule every player needs.", "Setup", "A numbered step the sheet keeps.",
        "End of the game", "The last rule."]


def test_a_booklet_only_mark_with_nothing_after_it_is_an_error_at_its_line():
    with pytest.raises(RenderError, match=r"fail_booklet_only_marks_nothing\.md:5:1: "
                                          r"\[\[booklet-only\]\] marks nothing") as caught:
        _blocks("fail_booklet_only_marks_nothing.md")
    assert "before the paragraph" in caught.value.hint


def test_a_marked_paragraph_prints_in_the_booklet_and_not_on_the_sheet(tmp_path):
    shutil.copytree(REPO / "cards" / "dixe-on-card", tmp_path / "cards" / "dixe-on-card")
    rules = tmp_path / "cards" / "dixe-on-card" / "rules" / "rules.md"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("# Mise en place\n", "# Mise en place\n\n[[booklet-only]]\n\n"
                                  "Une anecdote du designer.\n", 1), encoding="utf-8")
    game = load_game(tmp_path / "cards" / "dixe-on-card", SPECS["dixe-on-card"]).game
    options = BuildOptions(root=tmp_path, out=tmp_path / "out")
    [sheet] = build_rulesheet(game, "fr", options)
    [booklet] = build_rules(game, "fr", options)
    assert "Une anecdote du designer." in " ".join(lines_of(booklet))
    whole = " ".join(lines_of(sheet))
    assert "Une anecdote du designer." not in whole and "booklet-only" not in whole
    assert "Alignez vos cartes" in whole   # the section's own rule stays
