"""Writers' battle lint rules (codes WB…), one module each."""

from types import ModuleType

from cardforge.games.writers_battle.rules import (
    wb101_page_cost,
    wb102_movement_type,
    wb103_faction,
    wb104_foreshadow_count,
    wb105_survival_balance,
    wb106_page_facts,
)

MODULES: tuple[ModuleType, ...] = (
    wb101_page_cost,
    wb102_movement_type,
    wb103_faction,
    wb104_foreshadow_count,
    wb105_survival_balance,
    wb106_page_facts,
)
