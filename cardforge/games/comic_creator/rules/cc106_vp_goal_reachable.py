"""VP goal reachable: the Experience deck must hold enough VP to reach the goal.

Checked in the smallest set-up the rulebook allows (Comic Creator rulebook, Game Setup):
a game of ``players.min`` players (with fewer than ``facts.group_only_min_players``,
Group Only cards are out) of first-time players (Experts Only cards out). The VP on the
remaining Experience cards, copies included and game-ending cards left aside, must add up
to at least
``facts.vp_goal``; otherwise nobody can ever win on points. Reported at ``vp_goal``.

Passing (goal 15; the beginners' Experience cards hold 60 VP)::

    facts: {vp_goal: 15}

Failing (goal 15; the beginners' Experience cards hold 12 VP)::

    facts: {vp_goal: 15}
"""

from collections.abc import Iterator

from cardforge.games.comic_creator.cc_costs import ends_game, parsed_cost
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "CC106"
NAME = "vp-goal-reachable"
SCOPE = "game"
SEVERITY = "error"


def left_out(game: Game) -> set[str]:
    """Marks whose cards leave the smallest beginners' game (see the module documentation)."""
    marks = {"experts-only"}
    if game.info["players"]["min"] < game.facts.get("group_only_min_players", 0):
        marks.add("group-only")
    return marks


def beginner_vp(game: Game) -> int:
    """VP on Experience cards in the smallest beginners' game (see the module documentation)."""
    total = 0
    out = left_out(game)
    for card in game.cards():
        if "vp" not in card.data or out & set(card.marks):
            continue
        cost = parsed_cost(card)
        if cost is not None and ends_game(cost, game):
            continue
        total += card.data["vp"] * card.quantity
    return total


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at ``facts.vp_goal`` when the beginners' VP total is below it."""
    goal = game.facts.get("vp_goal")
    total = beginner_vp(game)
    if goal is not None and total < goal:
        yield Problem(game.fact_location("vp_goal"), CODE,
                      f"a {game.info['players']['min']}-player beginners' game has only {total} VP "
                      "on Experience cards; "
                      f"the goal is {goal}",
                      hint="add VP to Experience cards without Experts Only / Group Only marks")
