"""Worked example: a card disagrees with one of the rulebook's worked examples.

The rulebook illustrates its rules on the starter cards (a throw that misses Arkan
Sonney's second combination, Hanuman's DiXe with two steps to go…). game.yaml writes
each example as data under ``facts.worked_examples``, and this rule replays it on the
card's data:

- a throw (``combination``, ``placed``, ``throw``, optional ``saved``, ``outcome``): the
  DiXes ``placed`` (``character`` is a joker) must fit the combination; then the throw and
  the saved symbols add as many DiXes as fit (a joker fits any missing symbol).
  ``misses``: none fits (4.2: the card resets); ``completes``: the combination is full
  (4.4, 4.8); ``continues``: some fit and it is not full;
- a save (``on_slot``, ``steps_left``): a DiXe on backup slot ``on_slot`` (0: not on the
  card yet) needs ``slots - on_slot + 1`` more met conditions to save a symbol (3.).

Reported at the example's entry in game.yaml when the card's data gives another result,
or when the example names a card or combination that does not exist.

Passing (4.2: joker, skull and smiley placed; a yin-yang, a pi and an eight fit nothing)::

    combinations: [..., [skull, smiley, bomb, aum], ...]
    - {section: "4.2", card: arkan-sonney, combination: 2, placed: [character, skull, smiley],
       throw: [yin-yang, pi, eight], outcome: misses}

Failing (the second combination holds a pi, which the throw's pi would fill)::

    combinations: [..., [bomb, bomb, pi, aum], ...]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cardforge.games.dixe_on_card.dx_data import CHARACTER, combinations
from cardforge.model.game_model import Card, Game
from cardforge.problem import Problem

CODE = "DX108"
NAME = "worked-example"
SCOPE = "game"
SEVERITY = "error"


def outcome(combination: Sequence[str], placed: Sequence[str], added: Sequence[str]) -> str | None:
    """``misses``, ``continues`` or ``completes``: what DiXes showing ``added`` do to
    ``combination`` (symbol ids) holding ``placed`` (``character``: a joker); None when
    ``placed`` does not fit the combination."""
    wanted = Counter(combination)
    symbols = Counter(s for s in placed if s != CHARACTER)
    if symbols - wanted:
        return None
    missing = wanted - symbols
    free = sum(missing.values()) - sum(1 for s in placed if s == CHARACTER)
    if free < 0:
        return None
    thrown = Counter(s for s in added if s != CHARACTER)
    fitting = sum((thrown & missing).values()) + sum(1 for s in added if s == CHARACTER)
    fitting = min(free, fitting)
    if fitting == 0:
        return "misses"
    return "completes" if fitting == free else "continues"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem at each worked example the card's data contradicts."""
    examples = game.facts.get("worked_examples")
    cards = {card.id: card for deck in game.decks.values() for card in deck.cards}
    for index, example in enumerate(examples if isinstance(examples, list) else []):
        if not isinstance(example, Mapping):
            continue
        where = game.manifest.locate("facts", "worked_examples", index)
        section = example.get("section")
        card = cards.get(str(example.get("card")))
        if card is None:
            yield Problem(where, CODE, f"worked example ({section}) names card "
                          f"{example.get('card')!r}, which no deck has",
                          hint="name a card id of the game's card files")
            continue
        found = _replay(card, example)
        if found is not None:
            yield Problem(where, CODE, f"worked example ({section}) on {card.id}: {found}",
                          hint="change the card so the rulebook's example holds, or the example "
                               "if it was copied wrongly")


def _replay(card: Card, example: Mapping[str, Any]) -> str | None:
    """What the card does differently from the example, or None when they agree."""
    data = card.data
    if "steps_left" in example:
        save = data.get("save")
        slots = save.get("slots") if isinstance(save, Mapping) else None
        if not isinstance(slots, int):
            return "the card has no backup slot count"
        steps = slots - int(example.get("on_slot") or 0) + 1
        if steps != example["steps_left"]:
            return (f"with {slots} backup slot(s), a DiXe on slot {example.get('on_slot') or 0} "
                    f"needs {steps} more condition(s), the rulebook says {example['steps_left']}")
        return None
    number = example.get("combination")
    combos = combinations(card)
    if not isinstance(number, int) or not 1 <= number <= len(combos):
        return f"it has no combination {number}"
    combo = combos[number - 1]
    placed = list(example.get("placed") or [])
    added = [*(example.get("throw") or []), *(example.get("saved") or [])]
    result = outcome(combo, placed, added)
    if result is None:
        return f"{placed} cannot be on combination {number} {combo}"
    if result != example.get("outcome"):
        return (f"on combination {number} {combo} holding {placed}, {added} "
                f"{result}; the rulebook says it {example.get('outcome')}")
    return None

