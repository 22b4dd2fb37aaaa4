"""Each deck's underlays rendered once per deck and side (see :mod:`cardforge.render.layout.underlays`
for what an underlay is and how a face's fragment carries one).

Kept apart from the fragments' markup, which the layout workers read, so that a worker
imports neither the templates nor the game model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardforge.model.game_model import Deck
from cardforge.render.layout.underlays import underlay_name
from cardforge.render.templating.plain_views import Views
from cardforge.render.templating.template_env import render


class DeckUnderlays:
    """The underlay of each deck's fronts or backs, rendered when first asked for (once per
    deck and side) with ``env``: ``template_of(deck, side)`` names the face template,
    ``context_of(deck)`` gives the deck's context, ``views`` as for
    :func:`~cardforge.render.templating.template_env.render`. ``fragments`` and ``owners`` list the underlays
    rendered (for glyph coverage and messages)."""

    def __init__(self, env: Any, template_of: Callable[[Deck, str], str],
                 context_of: Callable[[Deck], dict[str, Any]], views: Views) -> None:
        self.env = env
        self.template_of = template_of
        self.context_of = context_of
        self.views = views
        self.fragments: list[str] = []
        self.owners: list[list[str]] = []
        self._rendered: dict[tuple[str, str], str | None] = {}
        self._available: set[str] | None = None

    def get(self, deck: Deck, side: str) -> str | None:
        """The rendered underlay of ``deck``'s ``side`` (``front`` or ``back``), None when its
        face template has none. Raises RenderError as
        :func:`~cardforge.render.templating.template_env.render` does."""
        if (deck.id, side) not in self._rendered:
            name = underlay_name(self.template_of(deck, side))
            if self._available is None:
                self._available = set(self.env.loader.list_templates()) if self.env.loader else set()
            html = None
            if name in self._available:
                html = render(self.env, name, self.context_of(deck), self.views)
            self._rendered[(deck.id, side)] = html
            if html is not None:
                self.fragments.append(html)
                self.owners.append([f"the underlay of deck {deck.id}'s {side}s ({name})"])
        return self._rendered[(deck.id, side)]
