"""The example cards a booklet shows (``[[examples: card-id, …]]``): only their faces rendered.

A booklet shows two or three cards of a game that may have thousands. Rendering every face
to show those would cost as much as building the cards, so the faces are rendered for an
:class:`ExampleGame`: the game itself (same manifest, decks, documents and pack, so deck
sizes, geometry and whatever a template or the pack's ``face_context`` reads of the game
are unchanged) whose :meth:`~ExampleGame.cards` walks only the cards shown. Each front is
the face the card sheets print (same HTML, hence the same face-cache entry); only those
pages are rasterized. The game's face book is left alone: the pages are read from their
face-cache files directly.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from cardforge.booklet.generated_parts import rasterize
from cardforge.model.game_model import Card, Game
from cardforge.render.cache.face_cache import DEFAULT_FOLDER, FaceCache
from cardforge.render.cache.face_pages import FacePages, assemble
from cardforge.render.card_render import render_card_faces


@dataclass(eq=False)
class ExampleGame(Game):
    """``Game`` whose :meth:`cards` yields only the cards whose ids are in ``shown`` (deck
    order); everything else, ``decks`` included, is the whole game's."""

    shown: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def of(cls, game: Game, shown: Collection[str]) -> ExampleGame:
        """``game`` narrowed to the cards ``shown`` (ids; unknown ones are ignored). The
        game's objects are shared, not copied."""
        return cls(**{f.name: getattr(game, f.name) for f in dataclasses.fields(Game)},
                   shown=frozenset(shown))

    def cards(self) -> Iterator[Card]:
        """The shown cards, in deck order (each once)."""
        return (card for card in super().cards() if card.id in self.shown)


def example_fronts(game: Game, card_ids: Collection[str], lang: str, workspace: Path,
                   cache: FaceCache | None = None) -> Callable[[str], bytes]:
    """``png(card_id)``: the front of each card of ``card_ids`` as ``game`` prints it in
    ``lang`` (trim only, PNG bytes at 200 dpi, rasterized on first use or read back from
    the content cache by the face's key), its face laid out or taken from ``cache``
    (default ``<workspace>/.cardforge-cache``). ``game`` is printed
    as given (pass :func:`~cardforge.i18n.translations.with_catalog_texts`'s copy).

    ``png`` raises KeyError for an id that is no card of the game (nothing is rendered for
    it). Raises what :func:`~cardforge.render.card_render.render_card_faces` raises.
    """
    wanted = set(card_ids)
    known = [card.id for card in game.cards() if card.id in wanted]
    if not known:
        return _no_card
    cache = cache if cache is not None else FaceCache(workspace / DEFAULT_FOLDER)
    faces = render_card_faces(ExampleGame.of(game, known), lang, workspace, cache=cache, part="examples")
    files = [faces.files[faces.front_page[card_id]] for card_id in known]

    def pdf() -> bytes:
        buffer = io.BytesIO()
        assemble(FacePages(files)).save(buffer)
        return buffer.getvalue()

    return rasterize(pdf, {card_id: page for page, card_id in enumerate(known)},
                     [file.stem for file in files], cache.folder)


def _no_card(card_id: str) -> bytes:
    raise KeyError(card_id)
