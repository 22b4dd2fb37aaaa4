"""Dice Tuners' green, blue and red dice as core CustomDie, for the ``dice`` product.

Each colour of game.yaml ``facts.colours`` is one die: its id is the colour's key, its name
the colour's ``name``, its accent the colour's ``hex``; ``die`` lists its faces in side
order, each a list of symbols (``[katana, katana]`` is a face of two katanas), drawn with
the icons of the same names (``templates/dice-tuners/icons/``). The die body is a light
tint of its colour so that the dark-edged symbols read on it and the three dice are told
apart at a glance.
"""

from __future__ import annotations

from cardforge.dice.custom_dice import CustomDie, Face
from cardforge.games.dice_tuners.dt_data import colour_ids
from cardforge.model.game_model import Game
from cardforge.render.templating import face_kit

BODY_TINT = 0.72
"""How far (0..1) towards white a die's body is from its colour."""


def _face(symbols: list[str]) -> Face:
    """One face: a single symbol as ``icon``, several as ``icons`` (in the data's order)."""
    if len(symbols) == 1:
        return Face(icon=symbols[0])
    return Face(icons=tuple(symbols))


def custom_dice(game: Game) -> list[CustomDie]:
    """One CustomDie per colour of ``facts.colours`` (game.yaml order) with the colour's
    faces in order. Colours without a ``die`` list are left out (the schema requires one)."""
    colours = game.facts.get("colours", {})
    dice = []
    for colour in colour_ids(game):
        spec = colours[colour]
        faces = spec.get("die") if isinstance(spec, dict) else None
        if not faces:
            continue
        hex_ = spec.get("hex", "#777777")
        dice.append(CustomDie(id=colour, name=dict(spec.get("name") or {colour: colour}),
                              faces=tuple(_face(list(symbols)) for symbols in faces),
                              colour=hex_, body=face_kit.mix(hex_, "#ffffff", BODY_TINT)))
    return dice
