"""What a writers' battle face shows, as plain data for the templates to draw.

:func:`face_context` gives every card its names (the face's language first, the other
under it), its faction (name and colour), its deck's label, and what its deck needs:
characters their survival / attack / defence, the movement type's name and its 3 × 3
diagram (from game.yaml ``facts.movement_types``) and their ability with its page cost;
gimmicks their kind, page cost and equipment bonus; foreshadow cards their condition and
whether they are a field effect. :func:`back_context` does the backs. No HTML is made
here: ``templates/writers-battle/front.html.j2`` draws it.
"""

from __future__ import annotations

from typing import Any

from cardforge.games.writers_battle.wb_cards import movement, movement_grid
from cardforge.model import language_text as words
from cardforge.model.game_model import Card, Deck, Game
from cardforge.model.language_text import localized
from cardforge.render.templating import face_kit

CONTEXT = "writers-battle"
"""msgctxt of this pack's words in cardforge's gettext domain (see :mod:`cardforge.model.language_text`)."""

LABELS: dict[str, str] = {
    "survival": "Survival",
    "attack": "Attack",
    "defence": "Defence",
    "movement": "Move",
    "ability": "Ability",
    "pages": "pages",
    "event": "Event",
    "equipment": "Equipment",
    "condition": "Condition",
    "effect": "Effect",
    "field": "Field effect",
    "front": "front",
}
"""Labels a face prints: key (as templates read ``words``) → English msgid."""

STATS = ("survival", "attack", "defence")
"""A character's numbers, in the order the face lists them (each has an icon of its name)."""

LONG_NAME_EM = 11.0
"""Names wider than this many em are set smaller so they fit the name plate."""


def word(key: str, lang: str) -> str:
    """Label ``key`` of LABELS in ``lang`` (else English). Raises KeyError for an unknown key."""
    return words.word(LABELS[key], lang, CONTEXT)




def palette(colour: str) -> dict[str, str]:
    """``colour`` (``#rrggbb``) with this pack's light ``tint`` and dark ``shade`` of it."""
    return face_kit.palette(colour, tint=0.85, shade=0.35)


def _names(card: Card, game: Game, lang: str) -> dict[str, Any]:
    shown = face_kit.names(card, game, lang)
    return {**shown, "name_long": face_kit.width_em(str(shown["name"]), latin_em=0.6) > LONG_NAME_EM}


def _character(card: Card, game: Game, lang: str, fallback: str) -> dict[str, Any]:
    key = card.data.get("movement")
    spec = movement(game, key) or {}
    ability = card.data.get("ability")
    return {
        "stats": [{"key": k, "label": word(k, lang), "value": card.data.get(k)} for k in STATS],
        "movement": {"key": key, "name": localized(spec.get("name"), lang, fallback) or key,
                     "grid": movement_grid(game, key)},
        "ability": {"cost": ability["cost"], "text": localized(ability["text"], lang, fallback)}
        if isinstance(ability, dict) else None,
    }


def _bonus(card: Card, lang: str) -> list[dict[str, Any]]:
    bonus = card.data.get("bonus") or {}
    return [{"key": k, "label": word(k, lang), "value": f"+{v}" if v >= 0 else f"\u2212{-v}"}
            for k, v in bonus.items()]


def face_context(card: Card, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for ``card``'s front in ``lang``.

    Always: ``name`` / ``name_lang`` / ``name_long``, ``subname`` / ``subname_lang``,
    ``faction`` (``{"key", "name"}``), ``colour`` / ``tint`` / ``shade`` (the faction's
    colour), ``deck_name``, ``words`` (every label of LABELS in ``lang``). Characters add
    ``stats`` (``[{"key", "label", "value"}]``), ``movement`` (``{"key", "name", "grid"}``,
    grid as :func:`cardforge.games.writers_battle.wb_cards.movement_grid`) and ``ability``
    (``{"cost", "text"}`` or None); gimmicks add ``kind``, ``cost`` and ``bonus``
    (``[{"key", "label", "value"}]``); foreshadow cards add ``condition`` and ``field``.
    """
    fallback = game.source_language
    faction_key = str(card.data.get("faction", ""))
    faction = game.facts.get("factions", {}).get(faction_key, {})
    deck = game.decks[card.deck]
    context: dict[str, Any] = {
        **_names(card, game, lang),
        "faction": {"key": faction_key,
                    "name": localized(faction.get("name"), lang, fallback) or faction_key},
        **palette(faction.get("colour") or deck.spec.get("colour", "#777777")),
        "deck_name": localized(deck.spec.get("name"), lang, fallback) or deck.id,
        "words": {key: word(key, lang) for key in LABELS},
        "stats": [], "movement": None, "ability": None, "kind": None, "cost": None, "bonus": [],
        "condition": None, "field": False,
    }
    if card.deck == "character":
        context.update(_character(card, game, lang, fallback))
    elif card.deck == "gimmick":
        kind = card.data.get("kind")
        context.update(kind={"key": kind, "label": word(kind, lang) if kind in LABELS else kind},
                       cost=card.data.get("cost"), bonus=_bonus(card, lang))
    elif card.deck == "foreshadow":
        context.update(condition=localized(card.data.get("condition"), lang, fallback),
                       field=bool(card.data.get("field")))
    return context


def back_context(deck: Deck, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for ``deck``'s back: ``colour`` / ``tint`` / ``shade`` (the deck's
    colour), ``title`` / ``subtitle`` (the game's name in ``lang`` and in the other
    language, or None), ``deck_name`` / ``deck_subname`` and ``sub_lang``."""
    fallback = game.source_language
    other = next((code for code in game.languages if code != lang), None)
    title = localized(game.info.get("name"), lang, fallback) or game.spec.name(lang)
    subtitle = localized(game.info.get("name"), other, None) if other else None
    deck_name = localized(deck.spec.get("name"), lang, fallback) or deck.id
    deck_sub = localized(deck.spec.get("name"), other, None) if other else None
    return {**palette(deck.spec.get("colour", "#777777")), "title": title,
            "subtitle": subtitle if subtitle != title else None, "deck_name": deck_name,
            "deck_subname": deck_sub if deck_sub != deck_name else None, "sub_lang": other}
