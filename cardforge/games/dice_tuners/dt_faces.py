"""What a Dice Tuners face shows, as plain data for the templates to draw.

:func:`face_context` turns a Hero or Strategy card into names (the face's language first,
the other language under it), colours from game.yaml and the card's numbers and texts
(raw strings: templates pass them through the ``icons`` filter, which escapes them);
:func:`back_context` does the same for a deck's back. No HTML is made here:
``templates/dice-tuners/front-hero.html.j2`` and ``front-strategy.html.j2`` draw it.
"""

from __future__ import annotations

from typing import Any

from cardforge.games.dice_tuners.dt_data import FIRST_PLAYER, HERO, is_bluff
from cardforge.model import language_text as words
from cardforge.model.game_model import Card, Deck, Game
from cardforge.model.language_text import localized
from cardforge.render.templating import face_kit

LONG_NAME = 14
"""Names wider than this (see :func:`text_width`) are set smaller to fit one line."""

CONTEXT = "dice-tuners"
"""msgctxt of this pack's words in cardforge's gettext domain (see :mod:`cardforge.model.language_text`)."""

LABELS: dict[str, str] = {
    "cost": "Cost",
    "skill": "Skill",
    "overdrive": "Overdrive",
    "on_fire": "On Fire",
    "no_effect": "No effect",
    "any_colour": "Play it whatever dice are set aside",
}
"""Labels a face prints: key (as templates read ``words``) → English msgid."""


def word(key: str, lang: str) -> str:
    """Label ``key`` of LABELS in ``lang``, else in English. Raises KeyError for an unknown key."""
    return words.word(LABELS[key], lang, CONTEXT)


def palette(colour: str) -> dict[str, str]:
    """``colour`` (``#rrggbb``) with this pack's light ``tint`` and dark ``shade`` of it."""
    return face_kit.palette(colour, tint=0.8, shade=0.45)


def text_width(text: str) -> float:
    """Rough printed width of ``text`` in Latin-letter widths (CJK and kana count 1.8)."""
    return face_kit.width_em(text, latin_em=1.0, cjk_em=1.8)


def colour_info(game: Game, colour: str, lang: str) -> dict[str, str]:
    """``{"id", "name", "hex"}`` of a dice colour; an undeclared one prints grey."""
    spec = game.facts.get("colours", {}).get(colour, {})
    fallback = game.source_language
    return {"id": colour, "name": localized(spec.get("name"), lang, fallback) or colour,
            "hex": spec.get("hex", "#777777")}


def _names(card: Card, game: Game, lang: str) -> dict[str, Any]:
    shown = face_kit.names(card, game, lang)
    return {**shown, "name_long": text_width(shown["name"]) > LONG_NAME}


def _text(value: Any, lang: str, fallback: str | None) -> dict[str, str] | None:
    """``{"text", "lang"}`` of a localized field in ``lang`` (else ``fallback``), or None."""
    if not isinstance(value, dict):
        return None
    for code in (lang, fallback):
        if code and value.get(code):
            return {"text": value[code], "lang": code}
    return None


def face_context(card: Card, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for ``card``'s front in ``lang``.

    Every card: ``name``/``name_lang``/``name_long``, ``subname``/``subname_lang`` (the
    other language, or None), ``words`` (labels), ``colour``/``tint``/``shade``.
    Heroes: ``cost``, ``skill`` (its ``text``) and ``overdrive_effect`` (``{"text", "lang"}`` or None),
    ``overdrive_dice`` (``[{"id", "name", "hex"}]``), ``panel`` (the overdrive colours
    as hexes, for the picture panel). Strategy cards: ``value``, ``bluff``, ``card_colour``
    (``{"id", "name", "hex"}`` or None) and ``effect`` (``{"text", "lang"}`` or None).
    The First Player card: ``rule`` (its ``text``, ``{"text", "lang"}`` or None).
    """
    fallback = game.source_language
    labels = {key: word(key, lang) for key in LABELS}
    context: dict[str, Any] = {**_names(card, game, lang), "words": labels}
    if card.deck == HERO:
        overdrive = card.data.get("overdrive", {})
        dice = [colour_info(game, c, lang) for c in overdrive.get("dice", [])]
        context.update(palette(game.decks[card.deck].spec.get("colour", "#23263a")))
        context.update(cost=card.data.get("cost"),
                       skill=_text(card.data.get("skill", {}).get("text"), lang, fallback),
                       overdrive_dice=dice, panel=[d["hex"] for d in dice],
                       overdrive_effect=_text(overdrive.get("effect"), lang, fallback))
        return context
    if card.deck == FIRST_PLAYER:
        context.update(palette(game.decks[card.deck].spec.get("colour", "#23263a")))
        context.update(rule=_text(card.data.get("text"), lang, fallback))
        return context
    bluff = is_bluff(card)
    colour = card.data.get("colour")
    info = colour_info(game, colour, lang) if isinstance(colour, str) and not bluff else None
    context.update(palette(info["hex"] if info else "#3a3a40"))
    context.update(value=card.data.get("value"), bluff=bluff, card_colour=info,
                   effect=_text(card.data.get("effect"), lang, fallback))
    return context


def back_context(deck: Deck, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for ``deck``'s back: ``colour``/``tint``/``shade`` (the deck's
    colour), ``title`` and ``subtitle`` (the game's name in ``lang`` and in the other
    language, or None), ``deck_name`` and ``deck_subname``, ``sub_lang``, and
    ``colours`` (every dice colour's hex, in game.yaml order, for the emblem)."""
    fallback = game.source_language
    other = next((code for code in game.languages if code != lang), None)
    title = localized(game.info.get("name"), lang, fallback) or game.spec.name(lang)
    subtitle = localized(game.info.get("name"), other) if other else None
    deck_name = localized(deck.spec.get("name"), lang, fallback) or deck.id
    deck_sub = localized(deck.spec.get("name"), other) if other else None
    return {**palette(deck.spec.get("colour", "#23263a")),
            "title": title, "subtitle": subtitle if subtitle != title else None,
            "deck_name": deck_name, "deck_subname": deck_sub if deck_sub != deck_name else None,
            "sub_lang": other, "triangle": advantage_order(game)}


def advantage_order(game: Game) -> list[str]:
    """The dice colours following ``facts.advantage`` from the first one (each beats the
    next; Advantage Triangle), or in game.yaml order when the mapping is not one cycle
    through every colour (lint rule DT102 reports that)."""
    colours = list(game.facts.get("colours", {}))
    beats = game.facts.get("advantage", {})
    order = colours[:1]
    while order and beats.get(order[-1]) in colours and beats[order[-1]] not in order:
        order.append(beats[order[-1]])
    return order if len(order) == len(colours) else colours
