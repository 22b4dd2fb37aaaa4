"""Copy faces into their face book while the rest are still being laid out.

In a cold build the layout workers keep both cores busy for most of the build, and the
build's own process only waits for them; the face book (:mod:`cardforge.render.cache.face_book`)
was then filled after the last face, about a millisecond and a half a face, all of it on
the build's critical path. A :class:`BookFiller` is told each chunk's cached faces as the
chunk lands (:func:`cardforge.render.workers.parallel_layout.lay_out_faces` ``landed=``) and copies them in
at once, so the book is nearly complete when the last face is laid out.

The filler only starts the book: :class:`~cardforge.render.cache.face_book.FaceBook` takes what
it holds once (:meth:`BookFiller.take`), copies in whatever is still missing (faces found
in the cache, or past :data:`~cardforge.render.cache.face_book.BATCH`), and writes the book as
it always does. Nothing is written by the filler itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pikepdf

from cardforge.render.cache.face_book import BATCH, Filled, copy_face_in, open_book
from cardforge.render.pdf.shared_resources import ResourceSharer


class BookFiller:
    """Starts the book at ``path`` for ``faces`` faces from the faces it is given
    (:meth:`add`); at most :data:`~cardforge.render.cache.face_book.BATCH` faces are held, the
    face book copies in the rest (memory stays bounded)."""

    def __init__(self, path: Path, faces: int) -> None:
        self.path = Path(path)
        self.faces = faces
        self.copied = 0
        """How many faces :meth:`add` copied in."""
        self._pdf: pikepdf.Pdf | None = None
        self._entries: dict[str, pikepdf.Object] = {}
        self._sharer = ResourceSharer()
        self._existed = False
        self._taken = False

    def ready(self) -> None:
        """Open the book now, while the build waits for faces laid out elsewhere, and have
        it number new objects: qpdf indexes every object of a file before making its first
        new one (about 40 ms for a 1,000-face book), which the first face copied in, or
        else the first sheet, would pay on the build's critical path. The placeholder made
        for it is referenced by nothing, so it is never written."""
        if self._taken:
            return
        pdf = self._opened()
        if self._existed:
            pdf.make_indirect(pikepdf.Dictionary())

    def _opened(self) -> pikepdf.Pdf:
        """The book's PDF: the one on disk, opened on first use, else a new one."""
        if self._pdf is None:
            opened = open_book(self.path, self.faces)
            self._existed = opened is not None
            self._pdf, self._entries, fonts = opened or (pikepdf.new(), {}, {})
            self._sharer = ResourceSharer(fonts)
        return self._pdf

    def add(self, files: Sequence[Path]) -> None:
        """Copy the cached faces ``files`` (named ``<key>.pdf``) in, unless the book holds
        them already. Raises DamagedEntry for a face file that is not one."""
        if self._taken:
            return
        pdf = self._opened()
        for file in files:
            if self.copied >= BATCH:
                return
            if file.stem not in self._entries:
                self._entries[file.stem] = copy_face_in(pdf, file, self._sharer)
                self.copied += 1

    def take(self) -> Filled | None:
        """What the book holds so far, for the face book to complete; None when no face was
        added, or after the first call (a second book of the same faces reads the first
        one from disk)."""
        if self._taken or self._pdf is None:
            self._taken = True
            return None
        self._taken = True
        return Filled((self._pdf, self._entries, self._sharer.canonical), self._existed, self.copied)
