"""What a Dice Girls face shows, as plain data for the templates to draw.

:func:`face_context` turns an idol card into its names (the face's language first, the
other one under it), its attribute (name, colours, icon), its dice icon and one sentence
per effect, written from the structured effect in the face's language; :func:`back_context`
gives the deck's back its colours and titles. No HTML is made here:
``templates/dice-girls/front.html.j2`` draws it.
"""

from __future__ import annotations

from typing import Any

from cardforge.games.dice_girls.dg_idols import QUESTION, attribute_name
from cardforge.model import language_text as words
from cardforge.model.game_model import Card, Deck, Game
from cardforge.model.language_text import localized
from cardforge.render.templating import face_kit

CONTEXT = "dice-girls"
"""msgctxt of this pack's words in cardforge's gettext domain (see :mod:`cardforge.model.language_text`)."""

SENTENCES: dict[str, str] = {
    "dice-count-idols": "Roll 1 die for each idol already in front of you.",
    "dice-count-attribute": "Roll 1 die for each {attribute} idol already in front of you.",
    "dice-count-idols-plus": "Roll {plus} {die}, plus 1 for each idol already in front of you.",
    "dice-count-attribute-plus":
        "Roll {plus} {die}, plus 1 for each {attribute} idol already in front of you.",
    "max": " (at most {max} dice)",
    "extra-dice-idols": "Roll {count} more {die} for each idol already in front of you.",
    "extra-dice-attribute": "Roll {count} more {die} for each {attribute} idol already in front of you.",
    "extra-max": " (at most {max} more)",
    "reroll": "You may reroll up to {count} of her dice.",
    "set-die": "You may turn one of her dice to {value}.",
    "flip-low": "Turn over each of her dice showing {upto} or less.",
    "flip-one": "Turn over each of her dice showing {upto}.",
    "opponent-reroll": "One opponent may reroll up to {count} of her dice.",
}
"""Effect sentences: key → English msgid; ``{…}`` are filled from the effect's data."""

LABELS: dict[str, str] = {
    "ability": "Ability",
    "dice": "{n} dice",
    "one-die": "1 die",
    "question": "set by ability",
    "first": "use the ability, then roll",
}
"""Short captions: key → English msgid."""

FULL_STOPS = ("。", ".")
"""What a sentence may end with, in the languages the sentences are translated into."""

NAME_BOX_MM = 33.5
"""Width the name may take in the name plate (mm); longer names are set smaller."""

NAME_PT = 11.5
"""Largest name size (pt)."""

ICONS = {"dice-count": "count", "extra-dice": "plus-die", "reroll": "reroll", "set-die": "set-die",
         "flip-low": "flip", "opponent-reroll": "opponent"}
"""Effect kind → the icon (templates/dice-girls/icons/<name>.svg) drawn before its sentence."""


def _say(table: dict[str, str], key: str, lang: str, **values: Any) -> str:
    return words.word(table[key], lang, CONTEXT).format(**values)


def effect_sentence(effect: dict[str, Any], game: Game, lang: str) -> str:
    """One effect as a sentence in ``lang`` (see SENTENCES), numbers from the effect.
    Raises KeyError for an effect kind without a sentence or a field its sentence lacks."""
    kind = effect["kind"]
    attribute = attribute_name(game, effect.get("attribute", ""), lang)
    per = effect.get("per", "idols")
    if kind == "dice-count":
        plus = int(effect.get("plus", 0))
        text = _say(SENTENCES, f"dice-count-{per}" + ("-plus" if plus else ""), lang,
                    attribute=attribute, plus=plus, die="die" if plus == 1 else "dice")
        if "max" in effect:
            text = _before_stop(text, _say(SENTENCES, "max", lang, max=effect["max"]))
        return text
    if kind == "extra-dice":
        text = _say(SENTENCES, f"extra-dice-{per}", lang, attribute=attribute, count=effect["count"],
                    die="die" if effect["count"] == 1 else "dice")
        if "max" in effect:
            text = _before_stop(text, _say(SENTENCES, "extra-max", lang, max=effect["max"]))
        return text
    if kind == "flip-low":
        key = "flip-one" if effect["up-to"] == min(game.facts["die"]["faces"]) else "flip-low"
        return _say(SENTENCES, key, lang, upto=effect["up-to"])
    return _say(SENTENCES, kind, lang, **{k.replace("-", ""): v for k, v in effect.items()})


def _before_stop(sentence: str, clause: str) -> str:
    """``clause`` put before the sentence's final full stop (one of FULL_STOPS), else after it."""
    if sentence.endswith(FULL_STOPS):
        return sentence[:-1] + clause + sentence[-1]
    return sentence + clause


def name_size(name: str) -> float:
    """Font size (pt) at which ``name`` fits NAME_BOX_MM: at most NAME_PT, smaller for long
    names. Width is estimated at 0.7 em a Latin letter (bold sans) and 1 em for CJK."""
    ems = face_kit.width_em(name, latin_em=0.7)
    return round(min(NAME_PT, NAME_BOX_MM / (max(ems, 1.0) * 0.3528)), 1)




def palette(colour: str) -> dict[str, str]:
    """``colour`` (``#rrggbb``) with this pack's light ``tint`` and dark ``shade`` of it."""
    return face_kit.palette(colour, tint=0.82, shade=0.4)


def face_context(card: Card, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for an idol's front in ``lang``.

    Keys: ``name`` / ``name_lang`` (the face's language, else the source language),
    ``name_pt`` (its font size, see :func:`name_size`),
    ``subname`` / ``subname_lang`` (the other language's name or None), ``attribute``
    (``{"key", "name", "icon"}``; ``icon`` is an icon name or None), ``colour`` / ``tint`` /
    ``shade`` (the attribute's colour, else the deck's), ``dice_icon`` (``{"mark", "caption",
    "question"}``: the dice icon's numeral or "?", its caption), ``effects``
    (``[{"kind", "icon", "sentence"}]``) and ``words``.
    """
    shown = face_kit.names(card, game, lang)
    key = str(card.data.get("attribute", ""))
    spec = game.facts.get("attributes", {}).get(key, {})
    deck_colour = game.decks[card.deck].spec.get("colour", "#777777")
    icon = card.data.get("dice")
    question = icon == QUESTION
    if question:
        caption = _say(LABELS, "question", lang)
    elif icon == 1:
        caption = _say(LABELS, "one-die", lang)
    else:
        caption = _say(LABELS, "dice", lang, n=icon)
    return {
        **shown, "name_pt": name_size(str(shown["name"])),
        "attribute": {"key": key, "name": attribute_name(game, key, lang), "icon": key or None},
        **palette(spec.get("colour", deck_colour)),
        "dice_icon": {"mark": str(icon), "caption": caption, "question": question,
                 "first": _say(LABELS, "first", lang) if question else None},
        "effects": [{"kind": e["kind"], "icon": ICONS.get(e["kind"]),
                     "sentence": effect_sentence(e, game, lang)} for e in card.data.get("effects", [])],
        "words": {"ability": _say(LABELS, "ability", lang)},
    }


def back_context(deck: Deck, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for the idol deck's back: ``colour`` / ``tint`` / ``shade`` (the
    deck's colour), ``title`` and ``subtitle`` (the game's name in ``lang`` and in the other
    language, or None), ``sub_lang`` and ``attributes`` (``[{"key", "colour"}]``)."""
    other = face_kit.other_language(game, lang)
    names = game.info.get("name", {})
    title = localized(names, lang) or game.spec.name(lang)
    subtitle = localized(names, other) if other else None
    return {**palette(deck.spec.get("colour", "#777777")), "title": title,
            "subtitle": subtitle if subtitle != title else None, "sub_lang": other,
            "attributes": [{"key": k, "colour": v["colour"]}
                           for k, v in game.facts.get("attributes", {}).items()]}
