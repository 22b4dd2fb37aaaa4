"""``cardforge stats writers-battle``: each faction's numbers side by side.

One row per faction of game.yaml ``facts.factions``: its characters (count; survival,
attack and defence added up — the survival total is the player's starting and maximum
survival points, rulebook 0-6), the mean page cost of their abilities, its gimmick deck
(cards, events, equipment, mean page cost) and its foreshadow cards (how many, how many
are field effects). Copies count; means are exact Fractions.
"""

from __future__ import annotations

from fractions import Fraction

from cardforge.games.writers_battle.rules.wb105_survival_balance import survival_totals
from cardforge.games.writers_battle.wb_cards import faction_cards
from cardforge.model.game_model import Card, Game
from cardforge.model.language_text import localized
from cardforge.model.stats_table import Column, Table


def _mean(pairs: list[tuple[int, int]]) -> Fraction | None:
    """Mean of values weighted by copies: ``pairs`` of (value, copies); None when empty."""
    copies = sum(n for _, n in pairs)
    return Fraction(sum(v * n for v, n in pairs), copies) if copies else None


def _sum(cards: list[Card], key: str) -> int:
    return sum(int(card.data.get(key, 0)) * card.quantity for card in cards)


def table(game: Game) -> Table:
    """The faction table for ``game`` (see the module documentation)."""
    columns = [Column("faction", "faction"), Column("name", "name"),
               Column("characters", "chars", "int"), Column("survival", "survival", "int"),
               Column("attack", "attack", "int"), Column("defence", "defence", "int"),
               Column("ability_cost", "ability cost", "number"),
               Column("gimmicks", "gimmicks", "int"), Column("events", "events", "int"),
               Column("equipment", "equipment", "int"),
               Column("gimmick_cost", "gimmick cost", "number"),
               Column("foreshadows", "foreshadows", "int"), Column("field", "field", "int")]
    result = Table(f"{game.spec.name('en')}: factions (copies counted)", columns)
    survival = survival_totals(game)
    fallback = game.source_language
    for faction, spec in game.facts.get("factions", {}).items():
        characters = faction_cards(game, faction, "character")
        gimmicks = faction_cards(game, faction, "gimmick")
        foreshadows = faction_cards(game, faction, "foreshadow")
        result.rows.append({
            "faction": faction, "name": localized(spec.get("name"), "en", fallback) or faction,
            "characters": sum(c.quantity for c in characters), "survival": survival[faction],
            "attack": _sum(characters, "attack"), "defence": _sum(characters, "defence"),
            "ability_cost": _mean([(c.data["ability"]["cost"], c.quantity) for c in characters
                                   if "ability" in c.data]),
            "gimmicks": sum(c.quantity for c in gimmicks),
            "events": sum(c.quantity for c in gimmicks if c.data.get("kind") == "event"),
            "equipment": sum(c.quantity for c in gimmicks if c.data.get("kind") == "equipment"),
            "gimmick_cost": _mean([(c.data["cost"], c.quantity) for c in gimmicks]),
            "foreshadows": sum(c.quantity for c in foreshadows),
            "field": sum(c.quantity for c in foreshadows if c.data.get("field")),
        })
    pages = game.facts.get("pages", {})
    result.notes.append(
        f"Pages: start {pages.get('start')}, +{pages.get('per_turn')} a turn, at most "
        f"{pages.get('max')}; an ending point costs "
        f"{game.facts.get('ending_points', {}).get('page_price')} pages.")
    return result
