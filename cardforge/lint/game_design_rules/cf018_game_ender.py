"""Game ender: the cards that end the game are exactly the ones game.yaml declares.

Some games have a card that ends the game at once (Comic Creator rulebook, Card Costs:
"Ten matching dice. The game ends instantly when this card is taken, and whoever takes it
is the winner"). game.yaml declares them in ``game_enders:`` (docs/workspace-games.md)::

    game_enders:
      - deck: experience                  # optional: every deck
        where: {ends_game: true}          # optional: the cards meant to end the game
        cost: {field: cost, faces: facts.dice.faces}   # optional: the card's dice cost
        ends: "dice_cost.of_a_kind >= facts.game_ending_kind"   # optional: the game's rule (CEL)
        count: 1                          # copies that end the game: a number or a fact's path

``ends`` is a CEL expression over the card's fields by name, ``card``, ``facts`` and
``dice_cost`` (``notation``, ``dice``, ``rolls``, ``of_a_kind``: the largest group of equal
dice the cost asks for); without ``ends`` the cards ``where`` picks are the game enders.
Reported:

- a card ``where`` picks that no longer ends the game (its ``ends`` is false), at the
  field ``ends`` reads (its cost);
- each game-ending copy beyond ``count`` (a second game-ender, or a second copy of one),
  at the field ``ends`` reads, or at ``quantity`` for a further copy of the same card; the
  cards ``where`` picks count first;
- fewer game-ending copies than ``count`` (and no card above to blame), at ``count``;
- an entry that cannot work (an ``ends`` that is not CEL, an undeclared deck, a ``count``
  or ``faces`` path that is not in game.yaml), at its key.

CF017 (instant win) leaves the game-ending cards out: they win by their own rule.

Passing (one Experience card asks for ten of a kind)::

    game_enders: [{deck: experience, where: {ends_game: true}, count: 1,
                   cost: {field: cost, faces: facts.dice.faces},
                   ends: "dice_cost.of_a_kind >= facts.game_ending_kind"}]
    - {id: anime-series-announced, ends_game: true, cost: KIND10, vp: 15}

Failing (a second ten-of-a-kind card; the first one, cut to nine, no longer ends it)::

    - {id: anime-series-announced, ends_game: true, cost: KIND9, vp: 15}
    - {id: live-action-movie, cost: KIND10, vp: 15}
    - {id: world-tour, cost: KIND10, vp: 15}
"""

from __future__ import annotations

from collections.abc import Iterator

from cardforge.lint.declared_cards import read_location
from cardforge.lint.game_enders import Verdict, verdicts
from cardforge.loading.field_paths import path_keys
from cardforge.model.game_model import Card, Game
from cardforge.problem import Location, Problem

CODE = "CF018"
NAME = "game-ender"
SCOPE = "game"
SEVERITY = "error"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield the Problems of each ``game_enders:`` entry of ``game`` (see the module)."""
    for verdict in verdicts(game):
        yield from verdict.problems
        if verdict.count is None or (verdict.expression is None and verdict.entry.get("where") is None):
            continue
        yield from _broken(verdict)
        yield from _counted(game, verdict, verdict.count)


def _where(verdict: Verdict, card: Card) -> Location:
    """Where on ``card`` what makes it a game-ender is written: what ``ends`` reads, else
    the first field of ``where``."""
    if verdict.expression is not None:
        return read_location(card, verdict.expression, verdict.spec)
    where = verdict.entry.get("where") or {}
    return card.locate(*path_keys(str(next(iter(where))))) if where else card.location


def _broken(verdict: Verdict) -> Iterator[Problem]:
    """The cards meant to end the game (``where``) that no longer do."""
    assert verdict.expression is not None or not verdict.broken
    for card in verdict.broken:
        text = verdict.expression.text.strip() if verdict.expression is not None else ""
        yield Problem(_where(verdict, card), CODE,
                      f"{card.id} is meant to end the game ({_claim(verdict)}), but no longer does: "
                      f"`{text}` is false for it", card=card.id,
                      hint="give it back what ends the game (see game_enders in game.yaml), "
                           "or take away its claim")


def _counted(game: Game, verdict: Verdict, count: int) -> Iterator[Problem]:
    """Each game-ending copy beyond ``count``; fewer than ``count`` at ``count``."""
    copies = 0
    first: Card | None = None
    for card in verdict.ending:
        for copy in range(card.quantity):
            copies += 1
            if first is None:
                first = card
            if copies <= count:
                continue
            what = ("another copy" if card is first or copy > 0
                    else f"another game-ending card (first: {first.id})")
            where = card.locate("quantity") if copy > 0 else _where(verdict, card)
            yield Problem(where, CODE, f"{what}: game.yaml declares {_cards(count)} that end the game",
                          card=card.id, hint=_hint(verdict, count))
    if copies < count and not verdict.broken:
        count_key = verdict.entry.get("count")
        where = (game.manifest.locate(*verdict.pointer("count")) if not isinstance(count_key, str)
                 else game.manifest.locate(*path_keys(count_key)))
        yield Problem(where, CODE,
                      f"game.yaml declares {_cards(count)} that end the game; "
                      f"{_cards(copies) if copies else 'none'} do",
                      hint=_hint(verdict, count))


def _cards(number: int) -> str:
    return f"{number} card{'' if number == 1 else 's'}"


def _claim(verdict: Verdict) -> str:
    where = verdict.entry.get("where") or {}
    return ", ".join(f"{key}: {str(value).lower() if isinstance(value, bool) else value}"
                     for key, value in where.items())


def _hint(verdict: Verdict, count: int) -> str:
    rule = f"`{verdict.expression.text.strip()}`" if verdict.expression is not None \
        else f"where: {{{_claim(verdict)}}}"
    return (f"a card ends the game when {rule}; keep {count} such "
            f"cop{'y' if count == 1 else 'ies'}, or change count in game.yaml")
