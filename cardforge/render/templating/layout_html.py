"""The boxes of a game.yaml ``layout:`` as HTML, for the built-in layout templates.

:func:`layout_boxes` is the ``layout_boxes(...)`` global of a game's templates
(``templates/_base/layout-front.html.j2`` and ``layout-back.html.j2`` call it): each box of
the deck's layout for one side (:mod:`cardforge.model.card_layout`) as ``{"name", "kind",
"field", "style", "html", "fit"}``, its place and look as inline CSS (mm and pt) and its content
as escaped HTML (a field's or fixed text through the ``icons`` filter; an icon; an
image; nothing for a shape). Only values the schema allows reach the CSS: colours as
``#rrggbb``, fonts as plain family names, numbers; anything else is dropped here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from markupsafe import Markup, escape

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.card_layout import box_rect, content, layout_of

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_FONT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 -]{0,60}$")
_VALIGN = {"top": "flex-start", "middle": "center", "bottom": "flex-end"}
_ALIGN = ("left", "center", "right", "justify")


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def box_style(box: dict[str, Any], geometry: CardGeometry) -> str:
    """The inline CSS of ``box`` on a card of ``geometry``: its place (mm from the trim's
    top-left) and its look."""
    rect = box_rect(box, geometry)
    css = [f"left:{rect.x:.3f}mm", f"top:{rect.y:.3f}mm", f"width:{rect.width:.3f}mm",
           f"height:{rect.height:.3f}mm"]
    size = _number(box.get("size"))
    if size is not None:
        css.append(f"font-size:{size:g}pt")
    font = box.get("font")
    if isinstance(font, str) and _FONT.match(font):
        css.append(f"font-family:'{font}'")
    weight = box.get("weight")
    if weight in ("normal", "bold") or (isinstance(weight, int) and 100 <= weight <= 900):
        css.append(f"font-weight:{weight}")
    if box.get("italic") is True:
        css.append("font-style:italic")
    for key, prop in (("colour", "color"), ("background", "background-color")):
        if isinstance(box.get(key), str) and _COLOUR.match(box[key]):
            css.append(f"{prop}:{box[key]}")
    if box.get("align") in _ALIGN:
        css.append(f"text-align:{box['align']}")
    css.append(f"justify-content:{_VALIGN.get(box.get('valign'), 'flex-start')}")
    padding = _number(box.get("padding"))
    if padding is not None:
        css.append(f"padding:{padding:g}mm")
    border = _number(box.get("border"))
    if border is not None:
        colour = box.get("border-colour")
        colour = colour if isinstance(colour, str) and _COLOUR.match(colour) else "#000000"
        css.append(f"border:{border:g}mm solid {colour}")
    radius = _number(box.get("radius"))
    if box.get("shape") == "ellipse":
        css.append("border-radius:50%")
    elif radius is not None:
        css.append(f"border-radius:{radius:g}mm")
    return ";".join(css)


def field_text(value: Any, t: Callable[[Any], str]) -> str:
    """A card field's value as the text a box prints: a localized mapping in the face's
    language (``t``), a list's items joined by ", ", a number as written, a boolean as
    ✓ or nothing, nothing for no value."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return t(value)
    if isinstance(value, list):
        return ", ".join(field_text(item, t) for item in value)
    if isinstance(value, bool):
        return "✓" if value else ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def layout_boxes(info: Any, deck: str, side: str, shape: dict[str, float], data: Any,
                 *, t: Callable[[Any], str], icons: Callable[[str], Markup]) -> list[dict[str, Any]]:
    """The boxes of ``deck``'s layout (game.yaml data ``info``) for ``side`` on a card of
    ``shape`` (the template's ``geometry``: ``w``, ``h``, ``bleed``, ``safe`` in mm),
    filled from card data ``data`` (None on a deck's back). ``t`` translates, ``icons``
    turns text into escaped HTML with icons. A box's ``fit`` is its ``data-fit`` value
    (:mod:`cardforge.render.layout.text_fit`), "" for none."""
    found = layout_of(info, deck) if isinstance(info, dict) else None
    boxes = (found[1].get(side) or {}) if found else {}
    if found and side == "back" and not boxes:
        boxes = {"deck": default_back(info, deck)}
    card = CardGeometry(shape["w"], shape["h"], shape["bleed"], shape["safe"])
    data = data if isinstance(data, dict) else {}
    out: list[dict[str, Any]] = []
    for name, box in boxes.items():
        kind, value = content(box)
        if kind == "field":
            html = icons(field_text(data.get(value), t))
        elif kind == "text":
            html = icons(t(value) if isinstance(value, dict) else str(value))
        elif kind == "icon":
            html = icons(f":{value}:")
        elif kind == "image":
            html = Markup('<img src="{}" alt="">').format(value)
        else:
            html = Markup("")
        out.append({"name": str(escape(name)), "kind": kind, "field": value if kind == "field" else "",
                    "style": box_style(box, card), "html": html,
                    "fit": fit_attribute(box.get("fit"))})
    return out


def default_back(info: dict[str, Any], deck: str) -> dict[str, Any]:
    """The back box of a deck whose layout has no ``back:``: its name (game.yaml data
    ``info``), bold, in the middle of the safe area, on the deck's colour if it has one."""
    spec = info["decks"][deck]
    box: dict[str, Any] = {"text": spec.get("name") or deck, "fill": True, "size": 16, "weight": "bold",
                           "align": "center", "valign": "middle", "border": 0.5, "radius": 2}
    if isinstance(spec.get("colour"), str):
        box["background"] = spec["colour"]
    return box


def fit_attribute(fit: Any) -> str:
    """The ``data-fit`` value of a layout box's ``fit:`` mapping (``min``, ``step`` pt)."""
    if not isinstance(fit, dict) or not isinstance(fit.get("min"), (int, float)):
        return ""
    step = fit.get("step")
    return f"{fit['min']:g}" + (f" {step:g}" if isinstance(step, (int, float)) else "")
