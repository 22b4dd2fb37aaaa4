"""Mark count: how many cards carry each mark must match game.yaml, and marks must be declared.

``decks.<id>.marks`` in game.yaml gives, per mark, how many of the deck's cards (copies
included) carry it (e.g. Comic Creator: Experts Only on 5 Skill cards). A card using a
mark that game.yaml's ``marks:`` does not declare is reported at that mark.

Passing (game.yaml: ``skill: {marks: {experts-only: 1}}``)::

    deck: skill
    cards:
      - {id: speed-lines, name: {en: Speed Lines}, marks: [experts-only]}
      - {id: screen-tone, name: {en: Screen Tone}}

Failing (two Experts Only cards where game.yaml says one)::

    deck: skill
    cards:
      - {id: speed-lines, name: {en: Speed Lines}, marks: [experts-only]}
      - {id: screen-tone, name: {en: Screen Tone}, marks: [experts-only]}
"""

from collections import Counter
from collections.abc import Iterator

from cardforge.model.game_model import Deck, Game
from cardforge.problem import Problem

CODE = "CF007"
NAME = "mark-count"
SCOPE = "deck"
SEVERITY = "error"


def check(deck: Deck, game: Game) -> Iterator[Problem]:
    """Yield Problems for undeclared marks and for per-mark counts that differ from game.yaml."""
    declared = game.info.get("marks", {})
    counts: Counter[str] = Counter()
    for card in deck.cards:
        for index, mark in enumerate(card.marks):
            counts[mark] += card.quantity
            if mark not in declared:
                yield Problem(card.locate("marks", index), CODE,
                              f"mark {mark!r} is not declared in game.yaml",
                              card=card.id, hint=f"declared marks: {', '.join(declared) or 'none'}")
    expected: dict[str, int] = deck.spec.get("marks", {})
    for mark, count in expected.items():
        if counts[mark] != count:
            yield Problem(game.manifest.locate("decks", deck.id, "marks", mark), CODE,
                          f"deck {deck.id!r}: {counts[mark]} card(s) carry {mark!r}, game.yaml says {count}",
                          hint="add or remove the mark on cards, counting copies")
    for mark in sorted(set(counts) - set(expected)):
        if mark in declared:
            yield Problem(game.manifest.locate("decks", deck.id), CODE,
                          f"deck {deck.id!r}: {counts[mark]} card(s) carry {mark!r}, "
                          "game.yaml gives no count",
                          hint=f"add `{mark}: {counts[mark]}` under decks.{deck.id}.marks")
