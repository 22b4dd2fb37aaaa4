"""The preview's HTML: the whole page, and the part the page script swaps in on each update.

Rendered with Jinja2 and autoescaping on (card names, file names and messages come from the
workspace and are untrusted); the templates are cardforge's own, in ``templates/`` beside
this module. What to show comes from the query: ``game`` (default: the first game),
``lang`` (default: the game's first language shown, its source language) and ``tab``
(``cards``, or a product the game has: ``rules``, ``rulesheet``, ``dice``, ``stats``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2

from cardforge.preview.preview_views import GameView, Snapshot

TEMPLATES = Path(__file__).parent / "templates"
"""The page templates (installed with the package)."""


@dataclass(frozen=True)
class Selection:
    """What the page shows: ``game`` (None when there is none yet), ``lang`` and ``tab``."""

    game: GameView | None
    lang: str
    tab: str


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                              undefined=jinja2.StrictUndefined)


def select(snapshot: Snapshot, game: str | None, lang: str | None, tab: str | None) -> Selection:
    """The game, language and tab to show for the query values given (unknown ones fall back
    to the defaults)."""
    chosen = snapshot.games.get(game or "") or next(iter(snapshot.games.values()), None)
    if chosen is None:
        return Selection(None, lang or "", "cards")
    languages = list(chosen.decks) or chosen.languages
    shown = lang if lang in languages else next(iter(languages), "")
    tabs = [name for name, _ in _tabs(chosen, shown)]
    return Selection(chosen, shown, tab if tab in tabs else "cards")


def _tabs(game: GameView, lang: str) -> list[tuple[str, str]]:
    """(name, title) of the tabs of ``game`` in ``lang``: cards, then its products."""
    return [("cards", "Cards"), *((p.name, p.title) for p in game.products.get(lang, ()))]


def _context(snapshot: Snapshot, chosen: Selection) -> dict:
    game = chosen.game
    decks = game.decks.get(chosen.lang, ()) if game else ()
    problems = [*snapshot.problems, *(game.problems if game else ())]
    return {"version": snapshot.version, "busy": snapshot.busy, "games": list(snapshot.games.values()),
            "game": game, "lang": chosen.lang, "tab": chosen.tab,
            "languages": (list(game.decks) or game.languages) if game else [],
            "tabs": _tabs(game, chosen.lang) if game else [], "decks": decks,
            "designs": sum(len(d.cards) for d in decks), "copies": sum(d.copies for d in decks),
            "products": game.products.get(chosen.lang, ()) if game else (),
            "problems": problems, "stale": bool(game and game.stale)}


def render_page(snapshot: Snapshot, chosen: Selection) -> str:
    """The whole page for ``chosen``."""
    return _environment().get_template("page.html.j2").render(_context(snapshot, chosen))


def render_part(snapshot: Snapshot, chosen: Selection) -> str:
    """The view part of the page for ``chosen`` (what ``/part`` serves)."""
    return _environment().get_template("part.html.j2").render(_context(snapshot, chosen))
