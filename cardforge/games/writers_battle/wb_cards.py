"""Writers' battle cards read for the rules, stats and faces: page costs, movement, factions.

Everything here reads card data that passed the schema and game.yaml facts; unknown
movement types or factions are the lint rules' business (WB102, WB103), so the helpers
answer None or an empty grid for them rather than raising.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge.model.game_model import Card, Game

GRID: tuple[tuple[str | None, ...], ...] = (
    ("front-left", "front", "front-right"),
    ("left", None, "right"),
    ("back-left", "back", "back-right"),
)
"""The 3 × 3 squares around a character, front row first (front is towards the opponent);
None is the character's own square. The names are those facts.movement_types uses."""


def page_costs(card: Card) -> Iterator[tuple[tuple[str, ...], int]]:
    """(keys of the field in the card, pages) for each page cost the card carries: a
    gimmick's ``cost`` and a character's ``ability.cost``."""
    if isinstance(card.data.get("cost"), int):
        yield ("cost",), card.data["cost"]
    ability = card.data.get("ability")
    if isinstance(ability, dict) and isinstance(ability.get("cost"), int):
        yield ("ability", "cost"), ability["cost"]


def movement(game: Game, key: str | None) -> dict[str, Any] | None:
    """The facts.movement_types entry for ``key``, or None when there is none."""
    return game.facts.get("movement_types", {}).get(key) if key else None


def movement_grid(game: Game, key: str | None) -> list[list[dict[str, Any]]]:
    """The 3 × 3 movement diagram of type ``key``: rows front to back, each square
    ``{"square": name or None, "reach": bool, "self": bool}``. An unknown type reaches
    nothing."""
    reach = set((movement(game, key) or {}).get("reach", []))
    return [[{"square": square, "reach": square in reach, "self": square is None} for square in row]
            for row in GRID]


def faction_cards(game: Game, faction: str, deck: str | None = None) -> list[Card]:
    """The cards of ``faction`` (optionally only those of ``deck``), in deck and file order."""
    return [card for card in game.cards()
            if card.data.get("faction") == faction and (deck is None or card.deck == deck)]

