"""Comic Creator's lint rules (codes CC…), one module each."""

from types import ModuleType

from cardforge.games.comic_creator.rules import (
    cc101_cost_syntax,
    cc102_cost_unpayable,
    cc103_vp_outlier,
    cc104_ability_range,
    cc105_single_game_ender,
    cc106_vp_goal_reachable,
)

MODULES: tuple[ModuleType, ...] = (
    cc101_cost_syntax,
    cc102_cost_unpayable,
    cc103_vp_outlier,
    cc104_ability_range,
    cc105_single_game_ender,
    cc106_vp_goal_reachable,
)
