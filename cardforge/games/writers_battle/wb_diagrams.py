"""The writers' battle booklet diagram ``movement-types``: for every movement type of
game.yaml ``facts.movement_types``, a 3 × 3 grid with the character in the middle, the
front (towards the opponent) at the top, and the squares it reaches filled in.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from cardforge.i18n.translations import Translations
from cardforge.model.game_model import Game
from cardforge.render.templating.icons import IconSet

GRID = (("front-left", "front", "front-right"), ("left", None, "right"),
        ("back-left", "back", "back-right"))
"""The eight neighbouring squares as the grid shows them; None is the character's own."""


def movement_types(game: Game, tr: Translations, icons: IconSet) -> Markup:
    """``<div class="diagram movement-types">``: one labelled grid per movement type."""
    cells = []
    for kind in (game.facts.get("movement_types") or {}).values():
        reach = set(kind.get("reach") or ())
        rows = "<tr>" + "</tr><tr>".join(
            "".join(f'<td class="{"me" if sq is None else "reach" if sq in reach else "off"}"></td>'
                    for sq in row) for row in GRID) + "</tr>"
        cells.append(f'<figure><table>{rows}</table><figcaption>{escape(tr.localized(kind.get("name")))}'
                     f"</figcaption></figure>")
    style = ('<style>.movement-types{display:flex;flex-wrap:wrap;gap:3mm}.movement-types figure'
             '{margin:0;text-align:center;font-size:7.5pt}.movement-types table{border-collapse:'
             'collapse;margin:0 auto 1mm}.movement-types td{width:4mm;height:4mm;border:0.25mm solid '
             '#888;padding:0}.movement-types td.reach{background:#b3432f}.movement-types td.me'
             '{background:#27405e}</style>')
    return Markup(f'{style}<div class="diagram movement-types">{"".join(cells)}</div>')
