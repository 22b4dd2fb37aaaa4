"""Comic Creator's booklet diagram ``cost-kinds``: every kind of cost part the cards use,
drawn as dice the way the card faces draw it.

One cell per distinct cost component found on the cards (n of a kind, runs, even/odd
sets, sums, the payment die), in the cost notation's order, each with its caption in
the booklet's language. Nothing is typed: the list comes from the card files.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from cardforge.dice.cost import Cost
from cardforge.games.comic_creator.cc_faces import card_cost, cost_rows
from cardforge.i18n.translations import Translations
from cardforge.model.game_model import Game
from cardforge.render.templating.icons import DIE_COLOURS, IconSet, die_svg
from cardforge.render.templating.safe_svg import SVG_NS


def _die(d: dict) -> str:
    if d["value"] is not None or not d.get("mark"):
        colour = d["colour"] if d["colour"] in DIE_COLOURS else "white"
        return die_svg(d["value"], colour)
    return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 24 24"><rect x="1.5" y="1.5" width="21" '
            f'height="21" rx="4.5" fill="#fff" stroke="#2b2b2b" stroke-width="2"/><text x="12" '
            f'y="17" font-size="14" text-anchor="middle" font-family="DejaVu Sans" '
            f'font-weight="bold">{escape(d["mark"])}</text></svg>')


def cost_kinds(game: Game, tr: Translations, icons: IconSet) -> Markup:
    """``<div class="diagram cost-kinds">``: one cell per distinct cost component."""
    seen: dict[str, Markup] = {}
    for card in game.cards():
        cost = card_cost(card)
        for component in cost.components if cost else ():
            key = repr(component)
            if key in seen:
                continue
            row = cost_rows(Cost((component,)), tr.lang)[0]
            dice = Markup('<span class="joiner">=</span>' if row["joiner"] else "").join(
                Markup(_die(d)) for line in row["lines"] for d in line)
            total = f'<span class="total">{escape(row["total"])}</span>' if row["total"] else ""
            label = f'<span class="label">{escape(row["label"])}</span>' if row["label"] else ""
            seen[key] = Markup(f'<div class="cell"><div class="dice">{dice}{total}</div>{label}</div>')
    style = ('<style>.cost-kinds{display:flex;flex-wrap:wrap;gap:2mm}.cost-kinds .cell{border:0.2mm '
             'solid #bbb;border-radius:1mm;padding:1mm 1.5mm;text-align:center;font-size:7pt}'
             '.cost-kinds svg{width:4.2mm;height:4.2mm;vertical-align:middle;margin:0 0.2mm}'
             '.cost-kinds .joiner{font-weight:bold;margin:0 0.3mm}.cost-kinds .total{font-weight:'
             'bold;font-size:10pt}.cost-kinds .label{display:block;color:#555}</style>')
    return Markup(f'{style}<div class="diagram cost-kinds">{"".join(seen.values())}</div>')
