"""Booklets and rulesheets kept laid out in the cache: an unchanged one is copied, not laid
out; any change to what its layout reads lays it out again; a damaged entry is never shipped."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

import cardforge.booklet.example_cards as examples
import cardforge.render.booklet_render as render_booklet
from cardforge.errors import RenderError
from cardforge.model.game_packs import discover
from cardforge.products.product_options import BuildOptions
from cardforge.products.rules_product import build_rules
from cardforge.products.rulesheet_product import build_rulesheet
from cardforge.render.cache.content_cache import FOLDER
from cardforge.workspace.game_loading import load_game

REPO = Path(__file__).resolve().parents[2]
GAME = "comic-creator"
EXAMPLES = ["first-one-shot", "hire-an-assistant"]  # what its rules.md shows


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "cards" / GAME, tmp_path / "ws" / "cards" / GAME)
    return tmp_path / "ws"


@pytest.fixture
def layouts(monkeypatch) -> list[str]:
    """Every booklet WeasyPrint lays out, as its HTML."""
    laid: list[str] = []
    real = render_booklet.layout_booklet

    def counting(html, *args, **kwargs):
        laid.append(html)
        return real(html, *args, **kwargs)

    monkeypatch.setattr(render_booklet, "layout_booklet", counting)
    return laid


def build(workspace: Path, product=build_rules, lang: str = "ja", reported=None) -> Path:
    game = load_game(workspace / "cards" / GAME, discover()[GAME]).game
    options = BuildOptions(root=workspace, out=workspace / "out",
                           report=None if reported is None else reported.append)
    [path] = product(game, lang, options)
    return path


def text(path: Path) -> str:
    document = pypdfium2.PdfDocument(path)
    try:
        return "".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def edit(path: Path, old: str, new: str) -> None:
    content = path.read_text(encoding="utf-8")
    assert old in content
    path.write_text(content.replace(old, new, 1), encoding="utf-8")


def entries(workspace: Path, suffix: str) -> list[Path]:
    return sorted((workspace / ".cardforge-cache" / FOLDER).glob(f"*{suffix}"))


def booklet_entries(workspace: Path) -> list[Path]:
    """The booklets' JSON entries (those holding a page measurement; the example cards'
    PNGs have entries of their own)."""
    return [path for path in entries(workspace, ".json")
            if json.loads(path.read_text(encoding="utf-8"))["value"]["measured"] is not None]


@pytest.mark.parametrize("product", [build_rules, build_rulesheet])
def test_an_unchanged_booklet_is_copied_from_the_cache_byte_for_byte(workspace, layouts, product):
    first = build(workspace, product).read_bytes()
    assert len(layouts) == 1
    build(workspace, product).unlink()
    assert build(workspace, product).read_bytes() == first
    assert len(layouts) == 1


def test_only_the_example_cards_faces_are_rendered(workspace, monkeypatch):
    rendered: list[list[str]] = []
    real = examples.render_card_faces

    def recording(game, *args, **kwargs):
        rendered.append([card.id for card in game.cards()])
        return real(game, *args, **kwargs)

    monkeypatch.setattr(examples, "render_card_faces", recording)
    build(workspace)
    assert rendered == [EXAMPLES]


def test_an_unknown_example_card_is_an_error_at_its_line(workspace):
    rules = workspace / "cards" / GAME / "rules" / "rules.md"
    edit(rules, "hire-an-assistant]]", "hire-an-assistant, no-such-card]]")
    line = next(n for n, row in enumerate(rules.read_text(encoding="utf-8").splitlines(), 1)
                if "no-such-card" in row)
    with pytest.raises(RenderError, match=rf"rules\.md:{line}:\d+: no card 'no-such-card'"):
        build(workspace)


def test_an_edit_to_the_rules_lays_the_booklet_out_again(workspace, layouts):
    build(workspace)
    edit(workspace / "cards" / GAME / "rules" / "rules.md", "# ダイスの色", "# ダイスの色と形")
    assert "ダイスの色と形" in text(build(workspace))
    assert len(layouts) == 2


def test_an_edit_to_an_example_card_lays_out_again_and_another_card_does_not(workspace, layouts):
    build(workspace)
    cards = workspace / "cards" / GAME
    edit(cards / "assist.yaml", "name: {en: ", "name: {en: Renamed ")  # no example
    build(workspace)
    assert len(layouts) == 1
    edit(cards / "experience.yaml", "ja: 初めての読み切り}", "ja: 最初の読み切り}")
    build(workspace)
    assert len(layouts) == 2
    assert "最初の読み切り" not in layouts[0] and "data:image/png" in layouts[1]
    assert layouts[0] != layouts[1]  # the example's picture changed


def test_a_stylesheet_and_the_files_it_loads_are_part_of_the_key(workspace, layouts):
    templates = workspace / "templates" / GAME
    templates.mkdir(parents=True)
    shutil.copy(REPO / "templates" / "_base" / "booklet.css", templates / "booklet.css")
    extra = workspace / "cards" / GAME / "extra.css"  # the inlined stylesheet's links resolve here
    extra.write_text("h1 { color: #111111; }\n", encoding="utf-8")
    booklet_css = templates / "booklet.css"
    booklet_css.write_text('@import "extra.css";\n' + booklet_css.read_text(encoding="utf-8"),
                           encoding="utf-8")
    build(workspace)
    build(workspace)
    assert len(layouts) == 1
    extra.write_text("h1 { color: #222222; }\n", encoding="utf-8")  # not in the HTML
    build(workspace)
    assert len(layouts) == 2
    edit(booklet_css, '@import "extra.css";', '@import "extra.css"; h2 { color: #333333; }')
    build(workspace)
    assert len(layouts) == 3


def test_an_image_the_rules_show_is_part_of_the_key(workspace, layouts):
    game = workspace / "cards" / GAME
    (game / "rules" / "images").mkdir()
    picture = game / "rules" / "images" / "setup.png"
    Image.new("RGB", (40, 20), "#cc0000").save(picture)
    edit(game / "rules" / "rules.md", "# 準備\n", "# 準備\n\n![](rules/images/setup.png)\n")
    build(workspace)
    build(workspace)
    assert len(layouts) == 1
    Image.new("RGB", (40, 20), "#0000cc").save(picture)  # same name: the HTML is unchanged
    build(workspace)
    assert len(layouts) == 2 and layouts[0] == layouts[1]


@pytest.mark.parametrize("damage", ["truncate", "alter", "entry"])
def test_a_damaged_entry_is_laid_out_again_never_shipped(workspace, layouts, damage):
    first = text(build(workspace))
    [entry] = booklet_entries(workspace)
    pdf = entry.with_suffix(".bin")
    if damage == "truncate":
        pdf.write_bytes(pdf.read_bytes()[: pdf.stat().st_size // 2])
    elif damage == "alter":
        data = bytearray(pdf.read_bytes())
        data[len(data) // 2] ^= 0xFF
        pdf.write_bytes(bytes(data))
    else:
        entry.write_text("{not json", encoding="utf-8")
    path = build(workspace)
    assert len(layouts) == 2
    assert text(path) == first
    assert booklet_entries(workspace) == [entry] and pdf.is_file() and build(workspace) == path
    assert len(layouts) == 2  # the entry was made whole again


def test_a_moved_workspace_finds_its_booklets(workspace, layouts, tmp_path):
    first = build(workspace).read_bytes()
    moved = tmp_path / "elsewhere" / "ws"
    shutil.move(workspace, moved)
    assert build(moved).read_bytes() == first
    assert len(layouts) == 1


@pytest.mark.parametrize("product", [build_rules, build_rulesheet])
def test_page_overflow_warnings_come_back_identically_on_a_hit(workspace, layouts, product):
    edit(workspace / "cards" / GAME / "rules" / "rules.md", "# 準備\n", "# 準備\n\n" + "W" * 400 + "\n")
    laid_out: list = []
    build(workspace, product, reported=laid_out)
    cached: list = []
    build(workspace, product, reported=cached)
    assert len(layouts) == 1
    assert cached == laid_out
    assert [p.code for p in laid_out] == ["TR105"]
    assert laid_out[0].location.path.name == "rules.md" and "overflows the page" in laid_out[0].message
