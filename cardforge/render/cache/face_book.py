"""A face book: every face of one game and language as a form XObject in ONE cached PDF.

Imposing straight from the face cache opens one PDF per face and copies each face, with
its own copy of its chunk's fonts, into the output; then the fonts are hashed to keep one
copy of each. With a book the faces are already in one file, fonts shared, and the sheets
are added to the book itself (:meth:`FaceBook.output`), drawing its forms in place: a
rebuild reads one file and copies in only the faces the book lacks.

The book is ``<cache folder>/books/<name>.pdf``. Its catalog holds ``/CardforgeFaces``
(face key → a page dictionary, not in the page tree, keeping the face's boxes, whose
``/Contents`` is the face's form XObject: /BBox = MediaBox, resources shared with the page)
and ``/CardforgeFonts`` (content key → font, form or pattern shared between faces, see
:class:`~cardforge.render.pdf.shared_resources.ResourceSharer`). Entries are keyed by the face cache's
content-hash keys, so an outdated or foreign book is never wrong, only missing faces.

The book is as untrusted as the rest of the cache: it is used only when it is a regular
file (no symlink) in a real ``books`` folder, within its size limit
(:data:`~cardforge.boundary.trust.MAX_BYTES` ``cache`` plus
:data:`~cardforge.boundary.trust.MAX_BOOK_BYTES_PER_FACE` per face asked for), opens, and names
itself (``/CardforgeBook``, its file name); a face entry is used only when it has the
shape written here (boxes, resources, a form). Anything else is discarded: the book is
written again from the face files, which are checked against their keys
(:func:`~cardforge.build.cache_entries.open_face`).

Faces the book lacks are copied in from their cached single-page PDFs, their fonts, forms
and patterns shared with the book's (those it holds already are not copied). The book is
written again (atomically, holding only the faces asked for) when it did not exist, lacked
more of them than :func:`rewrite_threshold` allows, or holds many faces no longer asked for;
a handful of edited faces are copied in for this build only. Faces are copied in batches of at most
:data:`BATCH`, the book written and reopened from disk after each, so memory does not grow
with the number of faces of a cold build.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.build import cache_entries
from cardforge.render.cache.font_store import unify_output_fonts
from cardforge.render.pdf.font_union import Journal
from cardforge.render.pdf.shared_resources import ResourceSharer, share_equal_resources

FACES = Name("/CardforgeFaces")
FONTS = Name("/CardforgeFonts")
BOOK = Name("/CardforgeBook")
"""Catalog entry holding the book's own name (its file name without ``.pdf``)."""
DAMAGE = (pikepdf.PdfError, pikepdf.ForeignObjectError, AttributeError, TypeError, ValueError,
          KeyError, IndexError)
"""What reading a book that is not what it claims to be raises: it is then written again."""
BATCH = 1000
"""Most faces copied in before the book is written and reopened (bounds memory)."""
REWRITE_MIN = 4
"""Faces a book may lack, however small, before it is written again (see :func:`rewrite_threshold`)."""
REWRITE_FACTOR = 0.1
"""2 R / c per face, for :func:`rewrite_threshold`: R is the time writing and reopening a book
takes per face it holds, c the time copying one missing face in takes; c is about twenty times
R (docs/benchmarks.md)."""
_PAGE_KEYS_LEFT_OUT = frozenset({"/Parent", "/Contents", "/Resources", "/Annots"})
_Opened = tuple[pikepdf.Pdf, dict[str, pikepdf.Object], dict[str, pikepdf.Object]]


@dataclass(frozen=True)
class Filled:
    """A book's start made while faces were laid out (:mod:`cardforge.render.cache.book_filler`):
    ``opened`` its PDF, faces and fonts by key (the book on disk when there was one, with
    the faces copied in since); ``existed``: a book was on disk; ``copied``: how many faces
    were copied in from the face cache."""

    opened: _Opened
    existed: bool
    copied: int = 0


def book_path(cache_folder: Path, name: str) -> Path:
    """Where the book ``name`` (letters, digits, ``-``) of the face cache at ``cache_folder`` is."""
    return cache_folder / "books" / f"{name}.pdf"


class FaceBook(Sequence[pikepdf.Page]):
    """``book[i]``: the face in ``files[i]`` (a cached single-page face PDF named
    ``<key>.pdf``) as a page of the book at ``path``, made complete on construction.

    Pages stay valid while the book object lives. Raises OSError when the book cannot be
    written, :class:`~cardforge.build.cache_entries.DamagedEntry` (a RenderError) for a
    face file that does not open as the face its name says (it is deleted).
    """

    def __init__(self, path: Path, files: Sequence[Path], filled: Filled | None = None) -> None:
        self.path = Path(path)
        self.files = tuple(files)
        self.fonts_changed = Journal()
        """What :func:`finish_sheets` changed in the book's objects for the last output
        (undone by the next :meth:`output`)."""
        self.fonts_drawn: frozenset[tuple[int, int]] | None = None
        """The book's forms the output of :attr:`fonts_changed` drew (see :func:`finish_sheets`)."""
        self.copied = 0
        """How many faces this object copied in from the face cache (the book lacked them)."""
        try:
            if filled is not None:
                self._complete(filled.opened, filled.existed, filled.copied)
            else:
                self._complete(self._open())
        except DAMAGE:  # a book that opened but is not what it claims: write it again
            cache_entries.discard(self.path)
            self._complete(None)

    def _complete(self, opened: _Opened | None, existed: bool | None = None, copied: int = 0) -> None:
        """Copy in the faces ``opened`` (the book on disk, one :class:`Filled` while faces
        were laid out, or None) lacks; write it if needed (always when ``existed`` is false:
        no book was on disk). ``copied``: faces ``opened`` holds that the book on disk lacked."""
        keys = [file.stem for file in self.files]
        first: dict[str, int] = {}  # each key once, at its first file
        for index, key in enumerate(keys):
            first.setdefault(key, index)
        existed = opened is not None if existed is None else existed
        self.pdf, faces, fonts = opened or (pikepdf.new(), {}, {})
        faces = {key: entry for key, entry in faces.items() if key not in first or _well_formed(entry)}
        todo = [index for key, index in first.items() if key not in faces]
        rewrite = (not existed or len(todo) + copied > rewrite_threshold(len(first))
                   or len(faces) > 2 * len(first) + REWRITE_MIN)
        sharer = ResourceSharer(fonts)
        for start in range(0, len(todo), BATCH):
            for index in todo[start:start + BATCH]:
                faces[keys[index]] = self._copy_in(index, sharer)
            if rewrite:
                self.pdf, faces, fonts = self._rewritten({key: faces[key] for key in first
                                                          if key in faces}, sharer)
                sharer = ResourceSharer(fonts)
        if rewrite and not todo:
            self.pdf, faces, _ = self._rewritten({key: faces[key] for key in first}, sharer)
        self.copied = copied + len(todo)
        self._pages = [pikepdf.Page(faces[key]) for key in keys]

    def __len__(self) -> int:
        return len(self._pages)

    def __getitem__(self, index: int) -> pikepdf.Page:  # type: ignore[override]
        return self._pages[index]

    def output(self) -> pikepdf.Pdf:
        """A PDF to impose these faces into: the book's own PDF, with no pages. Sheets
        appended to it draw its forms in place, and its index is dropped, so saving writes
        only what the sheets use (the file on disk is untouched). Each call empties the
        page tree again and returns the same PDF: write (or drop) the sheets of one call
        before the next (one paper after another), which spares copying every form and
        font into a new PDF for the second paper (0.2–0.4 s for 1,000 faces). The fonts the
        last output was given (:func:`finish_sheets`) are taken back first."""
        self.fonts_changed.undo()
        for entry in (FACES, FONTS, BOOK):
            if entry in self.pdf.Root:
                del self.pdf.Root[entry]
        del self.pdf.pages[:]
        return self.pdf

    def _open(self) -> _Opened | None:
        """The book on disk (see :func:`open_book`)."""
        return open_book(self.path, len(self.files))

    def _rewritten(self, faces: dict[str, pikepdf.Object], keyed: ResourceSharer) -> _Opened:
        """Write the book with ``faces`` (key → page dictionary) and the fonts, forms and
        patterns they share, and open it again from disk (dropping the face files it was
        copied from); those ``keyed`` keyed are not keyed again. Raises OSError when it cannot be written,
        RuntimeError when it cannot be read back."""
        sharer = keyed.fresh()
        for entry in faces.values():
            sharer.visit(entry.Resources)
        self.pdf.Root[FACES] = Dictionary({f"/{key}": entry for key, entry in faces.items()})
        self.pdf.Root[FONTS] = Dictionary({f"/{key}": font for key, font in sharer.canonical.items()})
        self.pdf.Root[BOOK] = pikepdf.String(self.path.stem)
        cache_entries.real_folder(self.path.parent)
        if self.path.is_dir() and not self.path.is_symlink():
            cache_entries.discard(self.path)
        write_atomically(self.path, self.pdf.save)
        opened = self._open()
        if opened is None:
            raise RuntimeError(f"the face book just written cannot be read: {self.path}")
        return opened

    def _copy_in(self, index: int, sharer: ResourceSharer) -> pikepdf.Object:
        """Copy face ``index`` into the book (see :func:`copy_face_in`)."""
        return copy_face_in(self.pdf, self.files[index], sharer)


def rewrite_threshold(faces: int) -> float:
    """How many of ``faces`` a book may lack before a build writes it again instead of copying
    them in for itself alone: √(:data:`REWRITE_FACTOR` × faces), at least :data:`REWRITE_MIN`.

    Each build copies in every face the book lacks (c each), until one writes the book again
    (R, growing with its faces). Editing one card a build, rewriting after m missing faces
    costs (m c / 2 + R / m) a build on average, least at m = √(2 R / c): about 10 faces for a
    1,000-card game, 32 for 10,000, where a fixed share (the rule before: 5 %, 50 faces)
    had a long editing session copy up to 50 faces into every build (0.2 s)."""
    return max(REWRITE_MIN, math.sqrt(REWRITE_FACTOR * faces))


def open_book(path: Path, faces: int) -> _Opened | None:
    """The book at ``path`` (asked for ``faces`` faces, which sets its size limit): its PDF,
    faces and fonts by key; None when missing, not a regular file in a real folder, over
    its size limit, unreadable, or not the book its file name says."""
    limit = trust.MAX_BYTES["cache"] + faces * trust.MAX_BOOK_BYTES_PER_FACE
    if not cache_entries.regular(path, limit):
        return None
    try:
        pdf = pikepdf.open(path)
    except (pikepdf.PdfError, OSError, ValueError):
        return None
    try:
        entries, fonts = pdf.Root.get(FACES), pdf.Root.get(FONTS)
        if (not isinstance(entries, Dictionary) or not isinstance(fonts, Dictionary)
                or str(pdf.Root.get(BOOK, "")) != path.stem):
            pdf.close()
            return None
        return (pdf, {str(k)[1:]: v for k, v in entries.items()},
                {str(k)[1:]: v for k, v in fonts.items()})
    except DAMAGE:
        pdf.close()
        return None


def copy_face_in(book: pikepdf.Pdf, file: Path, sharer: ResourceSharer) -> pikepdf.Object:
    """Copy the face in ``file`` (a cached face PDF, checked against its key) into the
    ``book`` PDF, its fonts, forms and patterns shared through ``sharer``; return its page
    dictionary. Raises
    DamagedEntry for a face file that is not one."""
    source = cache_entries.open_face(file)
    try:
        page = source.pages[0]
        form = page.as_form_xobject(handle_transformations=False)
        form.BBox = Array([float(v) for v in page.mediabox])
        resources = page.obj.get(Name.Resources, Dictionary())
        if not resources.is_indirect:
            resources = source.make_indirect(resources)
        form.Resources = resources
        entry = Dictionary({key: page.obj[key] for key in page.obj.keys()
                            if key not in _PAGE_KEYS_LEFT_OUT})
        entry.Resources = resources
        entry.Contents = form
        sharer.leave_out_known(resources)  # the book's fonts are not copied again
        copied = book.copy_foreign(source.make_indirect(entry))
        sharer.visit(copied.Resources)
    except DAMAGE as exc:  # it opened, but is not a face that can be drawn
        raise cache_entries.damaged(file, f"{type(exc).__name__}: {exc}") from None
    return copied


def _well_formed(entry: object) -> bool:
    """Whether a book's face ``entry`` has the shape :meth:`FaceBook._copy_in` gives it: a
    dictionary with a four-number /MediaBox, a /Resources dictionary and a form as /Contents."""
    try:
        if not isinstance(entry, Dictionary):
            return False
        box, form = entry.get(Name.MediaBox), entry.get(Name.Contents)
        return (isinstance(box, Array) and len([float(v) for v in box]) == 4
                and isinstance(entry.get(Name.Resources), Dictionary)
                and isinstance(form, pikepdf.Stream) and form.get(Name.Subtype) == Name.Form)
    except DAMAGE:
        return False


def sheets_output(pages: Sequence[pikepdf.Page]) -> pikepdf.Pdf:
    """The PDF to add sheets of ``pages`` to: a face book's own (:meth:`FaceBook.output`),
    else a new one. Pair with :func:`finish_sheets`."""
    return pages.output() if isinstance(pages, FaceBook) else pikepdf.new()


def finish_sheets(out: pikepdf.Pdf, pages: Sequence[pikepdf.Page]) -> None:
    """Leave ``out`` one copy of each form and pattern (done already when ``out`` is a
    book's own PDF) and one font per original font for all its faces
    (:func:`~cardforge.render.cache.font_store.unify_output_fonts`; in a book's PDF, the
    change is undone by the book's next :meth:`FaceBook.output`). The fonts depend only on
    the set of faces drawn: when a book's output draws the very forms its last one drew (the
    same faces on another paper), the fonts made for that one are put back in place
    (:meth:`~cardforge.render.pdf.font_union.Journal.replay`) instead of being made again."""
    if isinstance(pages, FaceBook) and out is pages.pdf:
        drawn = _forms_drawn(out)
        if drawn is not None and drawn == pages.fonts_drawn and pages.fonts_changed.replay():
            return  # another paper of the same faces: the same fonts, made for the last one
        pages.fonts_changed = unify_output_fonts(out, pages)
        pages.fonts_drawn = drawn
        return
    share_equal_resources(out)
    unify_output_fonts(out, pages)


def _forms_drawn(out: pikepdf.Pdf) -> frozenset[tuple[int, int]] | None:
    """The object ids of the forms the pages of ``out`` (a book's output) draw, when their
    resources hold nothing but forms that are objects of the book; else None (then the
    output's fonts are made anew)."""
    drawn: set[tuple[int, int]] = set()
    for page in out.pages:
        resources = page.obj.get(Name.Resources)
        if resources is None:
            continue
        forms = resources.get(Name.XObject) if isinstance(resources, Dictionary) else None
        if not isinstance(forms, Dictionary) or set(resources.keys()) - {"/XObject"}:
            return None
        for form in forms.values():
            if not (isinstance(form, pikepdf.Stream) and form.is_indirect and form.is_owned_by(out)):
                return None
            drawn.add(form.objgen)
    return frozenset(drawn)
