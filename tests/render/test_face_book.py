"""The face book: sheets drawn from one cached PDF of forms, patched after an edit."""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest

from cardforge.render.cache import face_book
from cardforge.render.cache.face_book import FaceBook
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.cache.face_pages import FacePages
from cardforge.render.card_sheets import card_sheets, card_slots
from cardforge.render.impose.duplex_sheets import impose_sheets
from cardforge.workspace.game_loading import load_game
from tests.render.test_face_cache import DISTINCT, _edit, _render, make_workspace
from tests.render.test_faces import TEST_GAME, page_texts


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    return make_workspace(tmp_path)


def _saved(pdf: pikepdf.Pdf) -> bytes:
    """``pdf``'s bytes, its /ID derived from its content (so equal PDFs save equal)."""
    buffer = io.BytesIO()
    pdf.save(buffer, deterministic_id=True)
    return buffer.getvalue()


def _sheets(workspace: Path, cache: FaceCache) -> bytes:
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    faces = _render(workspace, cache)
    return _saved(card_sheets(game, faces, "a4", "long"))


def _fonts(pdf: bytes) -> list[tuple[str, bytes]]:
    """Each font descriptor's name and embedded font program (chunks of faces laid out
    apart carry subsets of their own under the same name)."""
    with pikepdf.open(io.BytesIO(pdf)) as opened:
        found = []
        for o in opened.objects:
            if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/FontDescriptor":
                program = next((o[k] for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in o), None)
                found.append((str(o.FontName), program.read_raw_bytes() if program is not None else b""))
        return found


def test_sheets_from_the_book_match_sheets_from_the_face_files(workspace, tmp_path):
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    slots = card_slots(game, faces)
    book = faces.pages()
    assert isinstance(book, FaceBook) and book.copied == DISTINCT
    from_book = _saved(impose_sheets(book, slots, game.card_geometry(), "a4"))
    from_files = _saved(impose_sheets(FacePages(faces.files), slots, game.card_geometry(), "a4"))
    assert page_texts(from_book) == page_texts(from_files)
    with pikepdf.open(io.BytesIO(from_book)) as a, pikepdf.open(io.BytesIO(from_files)) as b:
        assert len(a.pages) == len(b.pages) == 2
        for x, y in zip(a.pages, b.pages, strict=True):
            for key in ("/MediaBox", "/TrimBox", "/BleedBox"):
                assert [float(v) for v in x.obj[key]] == [float(v) for v in y.obj[key]]
            assert x.Contents.read_bytes() == y.Contents.read_bytes()  # same placements
            assert sorted(x.Resources.XObject.keys()) == sorted(y.Resources.XObject.keys())
            for name in x.Resources.XObject.keys():
                assert ([float(v) for v in x.Resources.XObject[name].BBox]
                        == [float(v) for v in y.Resources.XObject[name].BBox])
        assert "/CardforgeFaces" not in a.Root and "/CardforgeFonts" not in a.Root
    fonts = _fonts(from_book)
    assert fonts and len(fonts) == len(set(fonts))  # each font subset once (equal ones shared)


def test_a_one_card_edit_copies_one_face_into_the_book_and_leaves_the_file(workspace, tmp_path):
    cache = FaceCache(tmp_path / "cache")
    first = _render(workspace, cache)
    first.pages()  # writes the book
    [book] = (tmp_path / "cache" / "books").glob("*.pdf")
    written = book.stat().st_mtime_ns
    _edit(workspace, "{en: Bob}", "{en: Robert}")
    edited = _render(workspace, cache)
    pages = edited.pages()
    assert edited.laid_out == 1 and pages.copied == 1
    assert book.stat().st_mtime_ns == written  # one new face is copied in for this build only
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    texts = "".join(page_texts(_saved(card_sheets(game, edited, "a4", "long"))))
    assert "Robert" in texts and "Bob" not in texts  # the old face is not written


def test_the_book_is_written_again_when_many_faces_are_missing(workspace, tmp_path, monkeypatch):
    cache = FaceCache(tmp_path / "cache")
    _render(workspace, cache).pages()
    monkeypatch.setattr(face_book, "REWRITE_MIN", 0)
    _edit(workspace, "{en: Bob}", "{en: Robert}")
    edited = _render(workspace, cache)
    assert edited.pages().copied == 1  # 1 > √(0.1 × 5): the book is rewritten
    again = FaceBook(edited.book, edited.files)  # the next build's reader
    assert again.copied == 0
    with pikepdf.open(edited.book) as pdf:
        assert len(pdf.Root.CardforgeFaces.keys()) == DISTINCT  # Bob's old face left out


def test_a_book_is_rewritten_after_about_the_square_root_of_its_faces_are_missing():
    assert face_book.rewrite_threshold(5) == face_book.REWRITE_MIN
    assert round(face_book.rewrite_threshold(1_010)) == 10
    assert round(face_book.rewrite_threshold(10_000)) == 32


def test_a_damaged_book_is_replaced(workspace, tmp_path):
    cache = FaceCache(tmp_path / "cache")
    faces = _render(workspace, cache)
    faces.book.parent.mkdir(parents=True)
    faces.book.write_bytes(b"%PDF-1.7 not really")
    assert faces.pages().copied == DISTINCT
    assert FaceBook(faces.book, faces.files).copied == 0


@pytest.mark.parametrize("batch", [2, 1000])
def test_faces_are_copied_in_batches_with_the_same_sheets(workspace, tmp_path, monkeypatch, batch):
    monkeypatch.setattr(face_book, "BATCH", batch)
    texts = page_texts(_sheets(workspace, FaceCache(tmp_path / f"cache{batch}")))
    assert "Ann" in texts[0] and "Dan" in texts[0]


def test_a_second_imposition_from_one_book_reuses_its_pdf_with_only_its_own_sheets(workspace, tmp_path):
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    book = faces.pages()
    slots = card_slots(game, faces)
    first = impose_sheets(book, slots, game.card_geometry(), "a4")
    a4 = _saved(first)  # a paper's sheets are written before the next paper's are made
    second = impose_sheets(book, slots, game.card_geometry(), "letter")
    assert first is book.pdf and second is book.pdf  # no form or font copied into a new PDF
    letter = _saved(second)
    with pikepdf.open(io.BytesIO(a4)) as a, pikepdf.open(io.BytesIO(letter)) as b:
        assert len(a.pages) == len(b.pages) == 2  # the second did not add to the first
        assert [round(float(v), 2) for v in a.pages[0].mediabox] == [0, 0, 595.28, 841.89]
        assert [round(float(v), 2) for v in b.pages[0].mediabox] == [0, 0, 612, 792]
        assert "/CardforgeFaces" not in b.Root
    assert page_texts(a4) == page_texts(letter)
    fonts = _fonts(letter)
    assert fonts and len(fonts) == len(set(fonts))


def test_every_paper_is_imposed_from_one_book_with_the_edited_face_copied_in_once(workspace, tmp_path):
    cache = FaceCache(tmp_path / "cache")
    _render(workspace, cache).pages()  # writes the book
    _edit(workspace, "{en: Bob}", "{en: Robert}")
    edited = _render(workspace, cache)
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    a4 = _saved(card_sheets(game, edited, "a4", "long"))
    letter = _saved(card_sheets(game, edited, "letter", "long"))
    assert edited.pages() is edited.pages() and edited.pages().copied == 1  # not once a paper
    for pdf in (a4, letter):
        texts = "".join(page_texts(pdf))
        assert "Robert" in texts and "Bob" not in texts


def test_copying_a_face_in_leaves_out_the_fonts_the_book_holds(workspace, tmp_path):
    from cardforge.render.pdf.shared_resources import ResourceSharer

    faces = _render(workspace, FaceCache(tmp_path / "cache"))
    fronts = list(dict.fromkeys(faces.files))[1:3]  # the second chunk (1, 2, 4 … faces): shared fonts
    book, sharer = pikepdf.new(), ResourceSharer()

    def font_files() -> int:
        return sum(1 for o in book.objects if isinstance(o, pikepdf.Dictionary)
                   and o.get("/Type") == "/FontDescriptor")

    first = face_book.copy_face_in(book, fronts[0], sharer)
    after_one = font_files()
    second = face_book.copy_face_in(book, fronts[1], sharer)
    assert after_one > 0 and font_files() == after_one  # nothing copied a second time
    fonts = [{str(k): v.objgen for k, v in entry.Resources.Font.items()} for entry in (first, second)]
    assert fonts[1] and all(fonts[0].get(name, objgen) == objgen for name, objgen in fonts[1].items())
    assert all(isinstance(v, pikepdf.Dictionary) for v in second.Resources.Font.values())


def test_fonts_inside_forms_are_left_out_and_shared_too():
    """A face's text may be drawn only inside a form (an SVG die's mark, a group): both walks
    of ResourceSharer reach the fonts of what a resources dictionary draws, at any depth."""
    from cardforge.render.pdf.shared_resources import FONT_KEY, HELD, ResourceSharer

    key = "ab" * 32
    book = pikepdf.new()
    kept = book.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, BaseFont=pikepdf.Name("/Kept")))
    face = pikepdf.new()

    def form(resources: pikepdf.Dictionary) -> pikepdf.Stream:
        stream = pikepdf.Stream(face, b"")
        stream.Type, stream.Subtype, stream.BBox = pikepdf.Name.XObject, pikepdf.Name.Form, [0, 0, 1, 1]
        stream.Resources = resources
        return face.make_indirect(stream)

    font = face.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, BaseFont=pikepdf.Name("/Copy")))
    font[FONT_KEY] = pikepdf.String(key)
    inner = form(pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
    outer = form(pikepdf.Dictionary(XObject=pikepdf.Dictionary(x0=inner)))
    resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(x1=outer))

    sharer = ResourceSharer({key: kept})
    sharer.leave_out_known(resources)
    assert str(inner.Resources.Font.F1) == HELD + key  # two forms down, held back

    copied = book.copy_foreign(face.make_indirect(resources))
    sharer.visit(copied)
    assert copied.XObject.x1.Resources.XObject.x0.Resources.Font.F1.objgen == kept.objgen
    assert sharer.redirected == 1


def _counted_unify(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = face_book.unify_output_fonts

    def counting(out, pages):
        calls.append(len(out.pages))
        return real(out, pages)

    monkeypatch.setattr(face_book, "unify_output_fonts", counting)
    return calls


def test_another_paper_of_the_same_faces_puts_back_the_fonts_made_with_the_same_bytes(workspace, tmp_path,
                                                                                     monkeypatch):
    cache = FaceCache(tmp_path / "cache")
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    faces = _render(workspace, cache)
    calls = _counted_unify(monkeypatch)
    a4 = _saved(card_sheets(game, faces, "a4", "long"))
    letter = _saved(card_sheets(game, faces, "letter", "long"))
    a4_again = _saved(card_sheets(game, faces, "a4", "long"))
    assert len(calls) == 1  # the fonts were made once, for the first paper
    alone = _render(workspace, cache)  # another book object over the same cache: made anew
    assert _saved(card_sheets(game, alone, "letter", "long")) == letter
    assert len(calls) == 2
    assert a4_again == a4
    assert _fonts(letter) and len(_fonts(letter)) == len(set(_fonts(letter)))


def test_an_output_of_other_faces_gets_fonts_of_its_own(workspace, tmp_path, monkeypatch):
    cache = FaceCache(tmp_path / "cache")
    game = load_game(workspace / "cards" / "test-game", TEST_GAME).game
    faces = _render(workspace, cache)
    book, slots = faces.pages(), card_slots(game, faces)
    calls = _counted_unify(monkeypatch)
    _saved(impose_sheets(book, slots, game.card_geometry(), "a4"))
    some = _saved(impose_sheets(book, slots[:1], game.card_geometry(), "a4"))
    assert len(calls) == 2  # other forms drawn: the fonts are made for them
    fresh = _render(workspace, cache)
    alone = impose_sheets(fresh.pages(), card_slots(game, fresh)[:1], game.card_geometry(), "a4")
    assert _saved(alone) == some
