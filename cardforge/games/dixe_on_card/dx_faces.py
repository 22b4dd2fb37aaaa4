"""What DiXe on Card's templates and dice products are given: plain data, no HTML.

- :func:`custom_dice`: the DiXes as core :class:`~cardforge.dice.custom_dice.CustomDie` for the
  ``dice`` product: symbol faces show the symbol's icon; the character face (the joker)
  shows the character's monogram in its colour, captioned with its name.
- :func:`face_context`: a card's character side (combinations, save condition, slots).
- :func:`back_context`: its skill side (set name, game title).
"""

from __future__ import annotations

from typing import Any

from cardforge.dice.custom_dice import CustomDie, Face
from cardforge.games.dixe_on_card.dx_data import (
    CHARACTER,
    DiXe,
    character,
    combinations,
    dixes,
    symbols,
)
from cardforge.model.game_model import Card, Deck, Game
from cardforge.model.language_text import localized, word

CONTEXT = "dixe-on-card"
"""msgctxt of this pack's words in cardforge's gettext domain (see :mod:`cardforge.model.language_text`)."""


def _die(die: DiXe) -> CustomDie:
    faces = tuple(Face(mark=die.monogram, label=die.name, kind="character") if face == CHARACTER
                  else Face(icon=face) for face in die.faces)
    return CustomDie(id=die.id, name=die.name, faces=faces, colour=die.colour)


def custom_dice(game: Game) -> list[CustomDie]:
    """Every DiXe of the dice file, in file order, as a core CustomDie."""
    return [_die(die) for die in dixes(game)]


def face_context(card: Card, game: Game, lang: str) -> dict[str, Any]:
    """Template variables for ``card``'s character side in ``lang``.

    Keys: ``colour`` and ``monogram`` of its DiXe (grey and "?" if none), ``set_name``,
    ``combos`` (one per combination: ``{"number", "symbols": [{"id", "name"}]}``, in
    order), ``save`` (``{"when", "when_name", "what_name", "slots": [1, …]}``), and
    ``symbol_faces`` (the symbols its DiXe shows, for the side strip).
    """
    fallback = game.source_language
    names = symbols(game)
    die = character(card, game)
    save = card.data.get("save") if isinstance(card.data.get("save"), dict) else {}
    timings, conditions = game.facts["save_timings"], game.facts["save_conditions"]
    deck = game.decks[card.deck]
    return {
        "colour": die.colour if die else "#777777",
        "monogram": die.monogram if die else "?",
        "set_name": localized(deck.spec.get("name"), lang, fallback) or deck.id,
        "combos": [{"number": i, "symbols": [
            {"id": s, "name": localized(names.get(s, {}).get("name"), lang, fallback) or s}
            for s in combo]} for i, combo in enumerate(combinations(card), 1)],
        "save": {
            "when": save.get("when"),
            "when_name": localized(timings.get(save.get("when"), {}).get("name"), lang,
                                   fallback) or "",
            "what_name": localized(conditions.get(save.get("what"), {}).get("name"), lang,
                                   fallback) or "",
            "slots": list(range(1, int(save.get("slots", 0)) + 1)),
        },
        "symbol_faces": [f for f in (die.faces if die else ()) if f != CHARACTER],
    }


def back_context(deck: Deck, game: Game, lang: str) -> dict[str, Any]:
    """Template variables shared by the skill sides of ``deck``: ``title`` (the game's
    name), ``set_name``, ``set_colour``, and ``skill_word`` / ``flipped_word`` (labels in
    ``lang``)."""
    fallback = game.source_language
    return {"title": localized(game.info.get("name"), lang, fallback) or "",
            "set_name": localized(deck.spec.get("name"), lang, fallback) or deck.id,
            "set_colour": deck.spec.get("colour", "#555555"),
            "skill_word": word("Skill", lang, CONTEXT),
            "flipped_word": word("Flipped card", lang, CONTEXT)}
