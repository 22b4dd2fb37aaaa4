"""Page facts: the numbers of game.yaml must be playable together.

The rulebook states its numbers in different sections, and it contradicts itself (the
page price of an ending point is 8 in one place and 7 in another). Whatever game.yaml
chooses must still make a game: ``ending_points.page_price`` and ``pages.move_cost`` at
most ``pages.max`` (a price above it can never be paid: no conversion, or no movement);
``pages.start`` between ``pages.min`` and ``pages.max``; ``hand.start`` at most
``hand.limit`` (nobody may start over the limit). Reported at the fact.

Passing::

    facts: {pages: {max: 8}, ending_points: {page_price: 8}}

Failing (a player never holds 9 pages)::

    facts: {pages: {max: 8}, ending_points: {page_price: 9}}
"""

from collections.abc import Iterator

from cardforge.model import Game
from cardforge.problem import Problem

CODE = "WB106"
NAME = "page-facts"
SCOPE = "game"
SEVERITY = "error"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at each fact that cannot work with the others."""
    facts = game.facts
    pages, hand = facts.get("pages", {}), facts.get("hand", {})
    high, low = pages.get("max"), pages.get("min", 0)
    if high is not None:
        for where, value in ((("ending_points", "page_price"), facts.get("ending_points", {})
                              .get("page_price")), (("pages", "move_cost"), pages.get("move_cost"))):
            if value is not None and value > high:
                yield Problem(game.fact_location(*where), CODE,
                              f"{'.'.join(where)} is {value} pages, but a player never holds more "
                              f"than {high}: it can never be paid",
                              hint="check the rulebook; pages.max caps every price")
        start = pages.get("start")
        if start is not None and not low <= start <= high:
            yield Problem(game.fact_location("pages", "start"), CODE,
                          f"pages.start {start} is outside pages.min..max ({low}..{high})")
    if hand.get("start") is not None and hand.get("limit") is not None and hand["start"] > hand["limit"]:
        yield Problem(game.fact_location("hand", "start"), CODE,
                      f"hand.start {hand['start']} is over hand.limit {hand['limit']}",
                      hint="a player would have to discard before the first turn")
