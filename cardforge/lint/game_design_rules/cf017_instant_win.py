"""Instant win: a card a player can pay for whose value alone reaches the goal.

A card worth the whole goal (Comic Creator rulebook, Ending the Game: 15 VP win) ends the
game for whoever takes it first, whatever else happens: a typo in its VP, or a value raised
without looking at the goal. game.yaml declares which value counts towards which goal in
``instant_win:`` (docs/workspace-games.md)::

    instant_win:
      - deck: experience                  # optional: every deck (where: {…} picks further)
        value: vp                         # the card's field (a dotted path)
        goal: facts.vp_goal               # the goal: a dotted path in game.yaml
        reached: facts.vp_goal_reached    # optional: at-least (default), more-than, or a fact's path
        cost: {field: cost, faces: facts.dice.faces}   # optional: the card's dice cost
        payable: "dice_cost.rolls && dice_cost.dice <= 13"   # optional CEL: can it be paid?

A card whose ``value`` reaches the goal (``>=`` for at-least, ``>`` for more-than) and for
which ``payable`` is true (every card, without ``payable``) is reported at its value.
``payable`` sees the card's fields by name, ``card``, ``facts`` and, with ``cost``,
``dice_cost`` (``dice``: the fewest dice that pay it, ``rolls``: whether any roll pays it,
``of_a_kind``, ``notation``); a card it says nobody can pay is another rule's business (an
unpayable cost). The cards ``game_enders:`` says end the game are left out: they win by
their own rule (CF018). The entry itself is reported at its key when it cannot work: a
``goal`` or ``reached`` that is not in game.yaml or not a number (at-least/more-than), a
``payable`` that is not CEL, an undeclared deck; a ``payable`` that cannot be evaluated
for a card, at the card.

Passing (goal 15; the best card a player can pay for is worth 8)::

    facts: {vp_goal: 15}
    - {id: anime-at-last, cost: "X=X=X=X=X=X", vp: 8}

Failing (a pair wins the game: 15 VP for two equal dice)::

    facts: {vp_goal: 15}
    - {id: overnight-success, cost: "X=X", vp: 15}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cardforge.booklet.booklet_words import COMPARISONS
from cardforge.cel.cel_expressions import Expression, ExpressionError
from cardforge.lint.declared import (
    PATH,
    compile_problem,
    compiled,
    entries,
    entry_pointer,
    game_value,
    path_problem,
    severity,
)
from cardforge.lint.declared_cards import (
    CostSpec,
    Unreadable,
    cost_spec,
    evaluate,
    read_location,
    selects,
)
from cardforge.lint.game_enders import ending_cards
from cardforge.loading.field_paths import MISSING, path_keys, value_at
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "CF017"
NAME = "instant-win"
SCOPE = "game"
SEVERITY = "error"
JUDGES_WHAT_LOADED = True  # judged card by card: a card that failed to load changes no other's

KEY = "instant_win"
REACHED = COMPARISONS
"""How a goal is reached: the booklet prints the same words (``{vp_goal_reached}``)."""


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each card whose value alone reaches its entry's goal (see the module)."""
    enders = ending_cards(game)
    for index, entry in entries(game, KEY):
        pointer = entry_pointer(KEY, index)
        read = list(_read(game, pointer, entry))
        problems = [item for item in read if isinstance(item, Problem)]
        if problems:
            yield from problems
            continue
        goal_path, goal, reached, spec, payable = read[0]
        value_path = str(entry["value"])
        for card in game.cards():
            if id(card) in enders or not selects(card, entry):
                continue
            value = value_at(card.data, path_keys(value_path))
            if isinstance(value, bool) or not isinstance(value, int | float):
                continue
            if not (value > goal if reached == "more-than" else value >= goal):
                continue
            if payable is not None:
                try:
                    can_pay = evaluate(payable, card, game, spec)
                except Unreadable:
                    continue
                except ExpressionError as exc:
                    yield Problem(read_location(card, payable, spec), CODE,
                                  f"instant_win `payable` cannot be evaluated for card {card.id!r}: "
                                  f"{exc.message}", card=card.id, hint=exc.hint or None)
                    continue
                if can_pay is not True:
                    continue
            yield _instant_win(card, value_path, value, goal_path, goal, reached, entry, payable is not None)


def _instant_win(card: Card, value_path: str, value: Any, goal_path: str, goal: Any, reached: str,
                 entry: Mapping[str, Any], paid: bool) -> Problem:
    below = f"below {goal}" if reached == "at-least" else f"to {goal} or less"
    return Problem(card.locate(*path_keys(value_path)), CODE,
                   f"{value_path} {value} alone reaches the goal ({goal_path} {goal}, {reached})"
                   f"{', and a player can pay for it' if paid else ''}: taking it wins the game",
                   severity(entry), card=card.id,
                   hint=f"lower {value_path} {below}, or make it a game-ending card "
                        "(game_enders: in game.yaml)")


def _read(game: Game, pointer: tuple[str | int, ...], entry: Mapping[str, Any]) -> Iterator[Any]:
    """Problems with the entry; or one tuple (goal path, goal, reached, cost spec, payable)."""
    deck, value = entry.get("deck"), entry.get("value")
    if isinstance(deck, str) and deck not in game.decks:
        yield Problem(game.manifest.locate(*pointer, "deck"), CODE,
                      f"instant_win: deck {deck!r} is not declared in decks:",
                      hint=f"declared decks: {', '.join(game.decks)}")
    if not isinstance(value, str) or not PATH.match(value):
        yield Problem(game.manifest.locate(*pointer, "value"), CODE,
                      f"instant_win: value {value!r} is not a dotted path to a card field",
                      hint="name the field, e.g. vp")
    goal_path = entry.get("goal")
    goal = game_value(game, goal_path)
    if goal is MISSING:
        yield path_problem(game, (*pointer, "goal"), goal_path, CODE, "instant_win goal")
    elif isinstance(goal, bool) or not isinstance(goal, int | float):
        yield Problem(game.manifest.locate(*path_keys(str(goal_path))), CODE,
                      f"instant_win goal {goal_path} is {goal!r}, not a number",
                      hint="point goal at the number that wins, e.g. facts.vp_goal")
    reached_key = entry.get("reached", "at-least")
    reached = reached_key if reached_key in REACHED else game_value(game, reached_key)
    if reached not in REACHED:
        yield Problem(game.manifest.locate(*pointer, "reached"), CODE,
                      f"instant_win reached {reached_key!r} is neither at-least, more-than, "
                      "nor the path of a fact holding one", hint="e.g. reached: facts.vp_goal_reached")
    spec: CostSpec | None | str = cost_spec(game, entry.get("cost"))
    if isinstance(spec, str):
        yield Problem(game.manifest.locate(*pointer, "cost"), CODE, f"instant_win: {spec}",
                      hint="e.g. cost: {field: cost, faces: facts.dice.faces}")
    payable: Expression | None = None
    text = entry.get("payable")
    if isinstance(text, str):
        found = compiled(game, text)
        if isinstance(found, ExpressionError):
            yield compile_problem(game, (*pointer, "payable"), text, found, CODE, "instant_win `payable`")
        else:
            payable = found
    yield (goal_path, goal, reached, spec, payable)
