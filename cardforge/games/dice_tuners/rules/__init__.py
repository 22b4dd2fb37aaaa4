"""Dice Tuners' lint rules (codes DT…), one module each."""

from types import ModuleType

from cardforge.games.dice_tuners.rules import (
    dt101_colour_exists,
    dt102_advantage_cycle,
    dt103_bluff_cards,
    dt104_hero_cost_reachable,
    dt105_overdrive_dice,
    dt106_value_range,
    dt107_hero_supply,
)

MODULES: tuple[ModuleType, ...] = (
    dt101_colour_exists,
    dt102_advantage_cycle,
    dt103_bluff_cards,
    dt104_hero_cost_reachable,
    dt105_overdrive_dice,
    dt106_value_range,
    dt107_hero_supply,
)
