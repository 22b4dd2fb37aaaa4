"""Benchmark: ``cardforge lint`` on a 10,000-card game defined in its workspace (YAML only).

Generates a workspace game ``goblin-bench`` shaped like the one ``cardforge new`` writes:
two decks whose ``fields:`` use integer, enum, keywords, localized, boolean and dice-cost
types, two ``lint:`` expression rules (one per card, one per deck, CEL) and a ``balance:``
fit (CF011), with ``--cards`` cards in all (monsters 90 %, treasures 10 %; every card a
distinct id and name in two languages, stats spread so the cost fit is meaningful). Times
the whole command as a user runs it (``cardforge lint -w <project> --format json``, a
fresh process, interpreter start-up included), best of ``--runs``, against a baseline in
the same run: the same cards with no ``lint:`` and no ``balance:`` (so the ratio is what
the data rules and the fit cost on top of loading and schema-checking the cards).

Usage: ``python benchmarks/bench_workspace_lint.py [--cards 10000] [--runs 3]``. The target
is under 3 s for 10,000 cards; results are recorded in docs/benchmarks.md with the command.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_lint import time_lint  # noqa: E402

GAME = """\
id: goblin-bench
name: {en: Goblin Bench, fr: Banc des gobelins}
source_language: en
languages: [en, fr]
players: {min: 2, max: 4}
card: {size: poker}
decks:
  monsters:
    name: {en: Monsters, fr: Monstres}
    fields:
      cost: {type: integer, min: 0, max: 12, required: true}
      attack: {type: integer, min: 0, max: 9, required: true}
      defence: {type: integer, min: 0, max: 9, required: true}
      element: {type: enum, values: [fire, water, earth, air]}
      keywords: {type: keywords, values: [flying, venom, swift]}
      elite: {type: boolean}
      text: {type: localized}
  treasures:
    name: {en: Treasures, fr: Trésors}
    fields:
      price: {type: dice-cost, required: true}
      value: {type: integer, min: 1, max: 10, required: true}
      text: {type: localized}
facts:
  hand_limit: 7
"""

RULES = """\
lint:
  - code: GB101
    deck: monsters
    expect: "attack + defence <= 2 * cost + 3"
    message: "too strong for its cost"
    hint: "lower attack or defence, or raise the cost"
  - code: GB102
    deck: monsters
    each: deck
    expect: "size(distinct(cards.map(c, c.name.en))) == size(cards)"
    message: "two monsters share a name"
balance:
  - deck: monsters
    cost: cost
    power: [attack, defence, keywords]
"""

ELEMENTS = ["fire", "water", "earth", "air"]
ADJECTIVES = [("Grim", "Sombre"), ("Swift", "Vif"), ("Old", "Vieux"), ("Pale", "Pâle"), ("Wild", "Sauvage"),
              ("Red", "Rouge"), ("Iron", "De fer"), ("Hollow", "Creux"), ("Mossy", "Moussu"), ("Sly", "Rusé")]
NOUNS = [("Goblin", "Gobelin"), ("Troll", "Troll"), ("Wisp", "Feu follet"), ("Golem", "Golem"),
         ("Bat", "Chauve-souris"), ("Viper", "Vipère"), ("Ogre", "Ogre"), ("Imp", "Diablotin"),
         ("Wolf", "Loup"), ("Crow", "Corbeau")]
PLACES = [("of the Marsh", "du marais"), ("of the Hill", "de la colline"), ("of the Mine", "de la mine"),
          ("of the Wood", "du bois"), ("of the Tower", "de la tour"), ("of the Bog", "de la tourbière"),
          ("of the Cave", "de la grotte"), ("of the Road", "de la route"), ("of the Mill", "du moulin"),
          ("of the Ford", "du gué")]


def card_name(i: int) -> tuple[str, str]:
    """A distinct English and French name for card ``i`` (< 10,000) made of words, as real
    card names are (names with digits would make the translation checks compare numbers
    on every card, which no shipped game does)."""
    adjective, noun, place = ADJECTIVES[i % 10], NOUNS[i // 10 % 10], PLACES[i // 100 % 10]
    extra = f" {ADJECTIVES[i // 1000 % 10][0]}" if i >= 1000 else ""
    extra_fr = f" {ADJECTIVES[i // 1000 % 10][1]}" if i >= 1000 else ""
    return (f"{adjective[0]}{extra} {noun[0]} {place[0]}", f"{noun[1]} {adjective[1]}{extra_fr} {place[1]}")
KEYWORDS = [[], ["flying"], ["venom"], ["swift"], ["flying", "swift"]]


def write_project(root: Path, cards: int, with_rules: bool) -> None:
    """Write the workspace: cardforge.toml, the game and its two card files."""
    game = root / "cards" / "goblin-bench"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME + (RULES if with_rules else ""), encoding="utf-8")
    rng = random.Random(14)
    monsters = ["deck: monsters", "cards:"]
    treasures = ["deck: treasures", "cards:"]
    for i in range(cards):
        if i % 10 == 9:
            english, french = card_name(i)
            treasures += [f"  - id: treasure-{i:05d}",
                          f"    name: {{en: \"{english} Chest\", fr: \"Coffre {french}\"}}",
                          f"    price: \"X=X{' Y=Y' if i % 3 else ''}\"",
                          f"    value: {1 + i % 10}"]
            continue
        attack, defence = rng.randint(0, 6), rng.randint(0, 6)
        keywords = KEYWORDS[i % len(KEYWORDS)]
        cost = round((attack + defence) / 2 + len(keywords) * 0.5 + rng.choice([-0.4, 0, 0.4]))
        english, french = card_name(i)
        monsters += [f"  - id: monster-{i:05d}",
                     f"    name: {{en: \"{english}\", fr: \"{french}\"}}",
                     f"    cost: {max(0, cost)}",
                     f"    attack: {attack}",
                     f"    defence: {defence}",
                     f"    element: {ELEMENTS[i % 4]}",
                     f"    keywords: [{', '.join(keywords)}]",
                     f"    elite: {'true' if i % 7 == 0 else 'false'}",
                     f"    text: {{en: \"Strikes {i % 5} times.\", fr: \"Frappe {i % 5} fois.\"}}"]
    (game / "monsters.yaml").write_text("\n".join(monsters) + "\n", encoding="utf-8")
    (game / "treasures.yaml").write_text("\n".join(treasures) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        full, bare = Path(tmp, "full"), Path(tmp, "bare")
        write_project(full, args.cards, with_rules=True)
        write_project(bare, args.cards, with_rules=False)
        timed, baseline = time_lint(full, args.runs), time_lint(bare, args.runs)
    for run in (timed, baseline):
        if run.code == 2:
            sys.exit(f"lint failed:\n{run.stderr}")
    best, base = timed.best, baseline.best
    print(f"{args.cards:,} cards, workspace game with lint: and balance: best {best:.2f} s ({timed.shown})")
    print(f"baseline, same cards without lint: and balance: best {base:.2f} s ({baseline.shown})")
    print(f"ratio {best / base:.2f}×; problems by code: {timed.codes or 'none'}")
    print(f"target < 3 s: {'met' if best < 3 else 'NOT met'}")


if __name__ == "__main__":
    main()
