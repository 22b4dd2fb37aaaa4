"""Dice Girls' lint rules (codes DG…), one module each."""

from types import ModuleType

from cardforge.games.dice_girls.rules import (
    dg101_dice_icon,
    dg102_question_dice_count,
    dg103_dice_supply,
    dg104_total_outlier,
    dg105_attribute,
    dg106_die_face,
)

MODULES: tuple[ModuleType, ...] = (
    dg101_dice_icon,
    dg102_question_dice_count,
    dg103_dice_supply,
    dg104_total_outlier,
    dg105_attribute,
    dg106_die_face,
)
