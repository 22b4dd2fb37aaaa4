"""The cards that end the game, by game.yaml's ``game_enders:`` (judged once a loaded game).

CF018 reports what is wrong with them; CF017 leaves them out (a card that ends the game
wins by its own rule, not by its points). An entry (docs/workspace-games.md)::

    game_enders:
      - deck: experience                  # optional: every deck
        where: {ends_game: true}          # optional: the cards meant to end the game
        cost: {field: cost, faces: facts.dice.faces}   # optional: `dice_cost` for ends
        ends: "dice_cost.of_a_kind >= facts.game_ending_kind"   # optional CEL: the rule
        count: 1                          # copies that end the game: a number or a fact's path

With ``ends`` a card ends the game when the expression is true for it; without, when it
matches ``where``. See :mod:`cardforge.lint.declared_cards` for what ``ends`` sees.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardforge.cel.cel_expressions import Expression, ExpressionError
from cardforge.lint.declared import (
    compile_problem,
    compiled,
    entries,
    entry_pointer,
    game_value,
    path_problem,
)
from cardforge.lint.declared_cards import CostSpec, Unreadable, cost_spec, evaluate, matches
from cardforge.loading.field_paths import MISSING
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "CF018"
KEY = "game_enders"
"""game.yaml's top-level key of the declarations."""


@dataclass
class Verdict:
    """One ``game_enders:`` entry judged: ``problems`` with the entry itself or its
    evaluation (CF018), ``ending`` the cards that end the game (those ``where`` picks first,
    then card order), ``broken`` those ``where`` picks that ``ends`` says no longer end it,
    ``count`` the copies that must end it (None when it cannot be read)."""

    index: int
    entry: Mapping[str, Any]
    expression: Expression | None = None
    spec: CostSpec | None = None
    count: int | None = None
    problems: list[Problem] = field(default_factory=list)
    ending: list[Card] = field(default_factory=list)
    broken: list[Card] = field(default_factory=list)

    def pointer(self, *keys: str) -> tuple[str | int, ...]:
        """The pointer of this entry's ``keys`` in game.yaml."""
        return (*entry_pointer(KEY, self.index), *keys)


_VERDICTS: weakref.WeakKeyDictionary[Game, list[Verdict]] = weakref.WeakKeyDictionary()


def verdicts(game: Game) -> list[Verdict]:
    """Every ``game_enders:`` entry of ``game`` judged, once a loaded game."""
    if game not in _VERDICTS:
        _VERDICTS[game] = [_judge(game, index, entry) for index, entry in entries(game, KEY)]
    return _VERDICTS[game]


def ending_cards(game: Game) -> set[int]:
    """``id()`` of every card some entry says ends the game."""
    return {id(card) for verdict in verdicts(game) for card in verdict.ending}


def _judge(game: Game, index: int, entry: Mapping[str, Any]) -> Verdict:
    verdict = Verdict(index, entry)
    if not _read(game, verdict):
        return verdict
    claimed: list[Card] = []
    others: list[Card] = []
    deck, where = entry.get("deck"), entry.get("where")
    for card in game.cards():
        if isinstance(deck, str) and card.deck != deck:
            continue
        says = where is not None and matches(card, where)
        ends = says
        if verdict.expression is not None:
            try:
                ends = evaluate(verdict.expression, card, game, verdict.spec)
            except Unreadable:
                continue
            except ExpressionError as exc:
                verdict.problems.append(Problem(card.location, CODE,
                                                f"game_enders `ends` cannot be evaluated for card "
                                                f"{card.id!r}: {exc.message}", card=card.id,
                                                hint=exc.hint or "guard a field with has(card.<field>)"))
                continue
            if not isinstance(ends, bool):
                verdict.problems.append(Problem(game.manifest.locate(*verdict.pointer("ends")), CODE,
                                                "game_enders `ends` gives no true or false",
                                                hint="write a condition, e.g. dice_cost.of_a_kind >= 10"))
                verdict.ending.clear()
                return verdict
        if ends:
            (claimed if says else others).append(card)
        elif says:
            verdict.broken.append(card)
    verdict.ending = claimed + others
    return verdict


def _read(game: Game, verdict: Verdict) -> bool:
    """Read the entry's deck, cost, ends and count into ``verdict``; False (with its
    Problems) when it cannot be used."""
    entry, problems = verdict.entry, verdict.problems
    deck = entry.get("deck")
    if isinstance(deck, str) and deck not in game.decks:
        problems.append(Problem(game.manifest.locate(*verdict.pointer("deck")), CODE,
                                f"game_enders: deck {deck!r} is not declared in decks:",
                                hint=f"declared decks: {', '.join(game.decks)}"))
    spec = cost_spec(game, entry.get("cost"))
    if isinstance(spec, str):
        problems.append(Problem(game.manifest.locate(*verdict.pointer("cost")), CODE,
                                f"game_enders: {spec}",
                                hint="e.g. cost: {field: cost, faces: facts.dice.faces}"))
    else:
        verdict.spec = spec
    ends = entry.get("ends")
    if isinstance(ends, str):
        expression = compiled(game, ends)
        if isinstance(expression, ExpressionError):
            problems.append(compile_problem(game, verdict.pointer("ends"), ends, expression, CODE,
                                            "game_enders `ends`"))
        else:
            verdict.expression = expression
    elif entry.get("where") is None:
        problems.append(Problem(game.manifest.locate(*verdict.pointer()), CODE,
                                "game_enders: say which cards end the game with `ends` or `where`",
                                hint="e.g. ends: \"ends_game\" or where: {ends_game: true}"))
    count = entry.get("count")
    value = game_value(game, count) if isinstance(count, str) else count
    if value is MISSING:
        problems.append(path_problem(game, verdict.pointer("count"), count, CODE, "game_enders count"))
    elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        verdict.count = value
    else:
        problems.append(Problem(game.manifest.locate(*verdict.pointer("count")), CODE,
                                f"game_enders count must be a whole number, not {value!r}",
                                hint="count: 1, or the path of a fact holding it"))
    return not problems
