"""Supply limit: a cost asks for more than the game's components can ever give a player.

Each entry of game.yaml's ``card_costs:`` (docs/workspace-games.md) names a card field that is
a cost and, as data, what pays it; every cost is checked against that data:

- ``dice`` costs (cardforge's dice notation): no colour may be asked for more often than
  ``supply`` holds dice of it (Comic Creator rulebook, Game Contents: 5 yellow dice; Dice
  Tuners, Game Setup: players + 1 dice of each colour, at the smallest table), a colour
  the supply lacks has none; some roll of ``cost.faces`` must pay it (``RUN7`` and ``EVEN3``
  ask for faces a d6 or an odd die lacks); and its fewest dice must fit ``most``, the dice
  one player holds (Dice Tuners, Roll & Draft Phase: 3).
- ``symbols`` costs (a list of faces, each filled by one custom die showing it): the dice of
  the card's deck (``dice: {deck_field: set}``, the dice files' DiXes of the set) must show
  them all at once without a joker, one die a symbol (DiXe on Card, 2.2: a placed DiXe
  fills one symbol): no symbol more often than dice of the deck show it, and no more
  symbols than those dice can show together.
- ``face`` costs (a value an effect turns a die to): a face of ``cost.faces`` (Dice Girls,
  [[Play on a card]]: no set-die 7 on a d6).
- ``amount`` costs: at most ``most``.

Reported at the cost (the colour's last die in a list, the symbol, the value), with what
the game's data holds in the hint. A declaration that cannot be read (an unknown deck, a
path that is not in game.yaml, an expression that fails) is reported at its entry.
Unreadable costs are left to their own rules (CC101, CF003).

Passing (five yellow dice in the box)::

    card_costs:
      - {deck: skill, cost: {field: cost, faces: facts.dice.faces}, supply: facts.dice.supply}
    # skill.yaml
    - {id: yellow-rush, cost: "yellow yellow yellow yellow yellow"}

Failing (six yellow dice; the box holds five)::

    - {id: yellow-rush, cost: "yellow yellow yellow yellow yellow yellow"}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache

from cardforge.dice.cost import AnyDie, Cost
from cardforge.dice.odds import min_dice_to_pay
from cardforge.lint import card_costs as costs
from cardforge.lint import cost_pools as cost_data
from cardforge.lint.card_costs import CostEntry, CostItem, DeclarationError
from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem

CODE = "CF016"
NAME = "supply-limit"
SCOPE = "game"
SEVERITY = "error"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each cost the declared components cannot pay, and for each
    declaration that cannot be read."""
    for entry in costs.read_entries(game):
        if isinstance(entry, tuple):
            index, error = entry
            yield _declaration(game, CostEntry(index, {}, (), "dice"), error)
            continue
        try:
            yield from _entry(game, entry)
        except DeclarationError as error:
            yield _declaration(game, entry, error)


def _declaration(game: Game, entry: CostEntry, error: DeclarationError) -> Problem:
    return Problem(game.manifest.locate(*entry.pointer(*error.where)), CODE, error.message,
                   hint=error.hint or "see docs/workspace-games.md, card_costs:")


def _entry(game: Game, entry: CostEntry) -> Iterator[Problem]:
    found = list(costs.items(entry, game))
    if entry.notation == "dice":
        faces, supply = cost_data.faces(game, entry), cost_data.supply(game, entry)
        most = cost_data.most(game, entry)
        for item in found:
            yield from _dice(item, faces, supply, most)
    elif entry.notation == "face":
        faces = cost_data.faces(game, entry)
        for item in found:
            if item.parsed not in faces:
                yield _problem(item, item.location, f"{item.parsed} is not a face of the die",
                               f"faces: {', '.join(map(str, faces))} (card_costs: cost.faces in game.yaml)")
    elif entry.notation == "amount":
        most = cost_data.most(game, entry)
        for item in found:
            if most is not None and item.parsed > most:
                yield _problem(item, item.location, f"costs {item.parsed}; a player never holds "
                               f"more than {most}", f"use {most} or less (card_costs: most in game.yaml)")
    else:
        dice: dict[str, list[tuple[str, frozenset[str]]]] = {}
        for item in found:
            deck = dice.setdefault(item.card.deck, cost_data.custom_dice(game, entry, item.card.deck))
            yield from _symbols(item, deck)


def _problem(item: CostItem, where: Location, message: str, hint: str) -> Problem:
    return Problem(where, CODE, message, card=item.card.id, hint=hint)


def _dice(item: CostItem, faces: tuple[int, ...], supply: dict[str, int] | None,
          most: int | None) -> Iterator[Problem]:
    cost = item.parsed
    assert isinstance(cost, Cost)
    wanted = Counter(c.colour for c in cost.components if isinstance(c, AnyDie))
    for colour, count in sorted(wanted.items()):
        held = supply.get(colour, 0) if supply is not None else count
        if count > held:
            have = f"the game has only {held}" if held else "the game has none"
            yield _problem(item, _colour_at(item, colour), f"needs {count} {colour} "
                           f"{'die' if count == 1 else 'dice'}; {have}",
                           f"dice in the game: {_listed(supply or {})} (card_costs: supply in game.yaml)")
    needed = _fewest_dice(cost, faces)
    if needed is None:
        yield _problem(item, item.location, f"no roll of dice showing {_listed_faces(faces)} pays "
                       f"{item.shown}", "make the run or group fit the die faces")
    elif most is not None and needed > most:
        yield _problem(item, item.location, f"{item.shown} needs {needed} dice; a player "
                       f"holds at most {most}", "ask for fewer dice (card_costs: most in game.yaml)")


@lru_cache(maxsize=4096)
def _fewest_dice(cost: Cost, faces: tuple[int, ...]) -> int | None:
    """:func:`~cardforge.dice.odds.min_dice_to_pay`, remembered: a deck repeats its costs."""
    return min_dice_to_pay(cost, faces)


def _colour_at(item: CostItem, colour: str) -> Location:
    """The last ``colour`` of a list cost, the first of a text cost, else the cost."""
    raw = item.raw
    if isinstance(raw, list) and colour in raw:
        return item.card.locate(*item.keys, len(raw) - 1 - raw[::-1].index(colour))
    if isinstance(raw, str) and "\n" not in raw and colour in raw:
        return item.card.doc.locate_text(raw, raw.index(colour), colour, *item.card.pointer, *item.keys)
    return item.location


def _listed(supply: dict[str, int]) -> str:
    return ", ".join(f"{n} {c}" for c, n in supply.items()) or "none declared"


def _listed_faces(faces: tuple[int, ...]) -> str:
    values = sorted(set(faces))
    run = values == list(range(values[0], values[-1] + 1))
    return f"{values[0]}–{values[-1]}" if run and len(values) > 2 else ", ".join(map(str, values))


def _symbols(item: CostItem, dice: list[tuple[str, frozenset[str]]]) -> Iterator[Problem]:
    wanted = item.parsed
    assert isinstance(wanted, tuple)
    deck = item.card.deck
    short = False
    for symbol, count in Counter(wanted).items():
        showing = [name for name, faces in dice if symbol in faces]
        if count > len(showing):
            short = True
            where = [i for i, s in enumerate(wanted) if s == symbol][len(showing)]
            have = (f"only {len(showing)} ({', '.join(showing)}) show it" if showing
                    else "none shows it")
            yield _problem(item, item.card.locate(*item.keys, where),
                           f"needs {count} {symbol!r}; of the {len(dice)} dice of deck {deck!r}, {have}",
                           "ask for a symbol the deck's dice show, or put it on another die "
                           "of the deck in the dice file; only a joker could fill it")
    if short:
        return
    if len(wanted) > len(dice):
        yield _problem(item, item.location, f"{len(wanted)} symbols need {len(wanted)} dice; deck "
                       f"{deck!r} has {len(dice)}", f"ask for {len(dice)} symbols or fewer")
    elif _matched(wanted, [faces for _, faces in dice]) < len(wanted):
        yield _problem(item, item.location,
                       f"the {len(dice)} dice of deck {deck!r} cannot show these {len(wanted)} "
                       "symbols at once, one die a symbol", "ask for symbols that different dice "
                       "show, or change a die's faces in the dice file")


def _matched(wanted: Sequence[str], dice: Sequence[frozenset[str]]) -> int:
    """How many of ``wanted`` distinct dice can show at once (a maximum matching, Kuhn)."""
    owner: dict[int, int] = {}

    def assign(symbol: int, seen: set[int]) -> bool:
        for die, faces in enumerate(dice):
            if wanted[symbol] in faces and die not in seen:
                seen.add(die)
                if die not in owner or assign(owner[die], seen):
                    owner[die] = symbol
                    return True
        return False

    return sum(assign(i, set()) for i in range(len(wanted)))
