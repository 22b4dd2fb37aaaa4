"""DiXe on Card's lint rules (codes DX…), one module each."""

from types import ModuleType

from cardforge.games.dixe_on_card.rules import (
    dx101_combination_symbol,
    dx102_combination_size,
    dx103_set_composition,
    dx104_die_faces,
    dx105_save_condition,
    dx106_difficulty_outlier,
    dx107_symbol_icon,
)

MODULES: tuple[ModuleType, ...] = (
    dx101_combination_symbol,
    dx102_combination_size,
    dx103_set_composition,
    dx104_die_faces,
    dx105_save_condition,
    dx106_difficulty_outlier,
    dx107_symbol_icon,
)
