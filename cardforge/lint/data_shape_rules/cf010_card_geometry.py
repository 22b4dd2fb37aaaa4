"""Card geometry: every deck's safe area must leave room inside the trim.

game.yaml's ``card:`` (and a deck's own ``card:``) sets the trim (a preset ``size:`` or
``width:`` and ``height:``, mm), the ``bleed:`` and the ``safe:`` inset. Text stays inside
the safe area, so a safe inset of half the card's shorter side or more leaves nothing to
print in. Reported at the ``safe:`` (or ``card:``) that sets it, once per place.

Passing (game.yaml)::

    card: {size: mini-us, bleed: 3, safe: 4}

Failing (a 41 mm wide card with 21 mm safe insets on both sides)::

    card: {size: mini-us, bleed: 3, safe: 21}
"""

from collections.abc import Iterator

from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem

CODE = "CF010"
NAME = "card-geometry"
SCOPE = "game"
SEVERITY = "error"
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded


def _where(game: Game, deck: str) -> Location:
    """The ``safe:`` deciding ``deck``'s safe area, else the ``card:`` that sets its size."""
    own = game.info["decks"][deck].get("card") or {}
    if "safe" in own:
        return game.manifest.locate("decks", deck, "card", "safe")
    if "safe" in game.info["card"]:
        return game.manifest.locate("card", "safe")
    if own:
        return game.manifest.locate("decks", deck, "card")
    return game.manifest.locate("card")


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield one Problem per place in game.yaml whose geometry
    :meth:`~cardforge.model.card_geometry.CardGeometry.check` rejects."""
    seen: set[tuple[Location, str]] = set()
    for deck in game.info["decks"]:
        geometry = game.card_geometry(deck)
        try:
            geometry.check()
        except ValueError as exc:
            key = (_where(game, deck), str(exc))
            own = game.info["decks"][deck].get("card") or {}
            whose = f"deck {deck!r}" if {"size", "width", "safe"} & set(own) else "card"
            if key not in seen:
                seen.add(key)
                yield Problem(key[0], CODE, f"{whose}: {exc}",
                              hint=f"make safe: less than {min(geometry.trim) / 2:g} mm "
                                   "(half the card's shorter side)")
