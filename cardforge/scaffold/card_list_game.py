"""The game.yaml ``cardforge new <id> --cards`` writes for its card lists: one deck per
list, read from the list as it is (``sheet:`` with the ``columns:`` and ``ids:`` worked out
in :mod:`cardforge.scaffold.card_list_fields`), its ``fields:`` as inferred, and a ``layout:``
that shows every field legibly on a poker card: the name on top, each short field as a
labelled row, the texts below, every value box shrinking to fit (down to 4.5 pt); the back
shows the deck's name.
"""

from __future__ import annotations

from typing import Any

import yaml

from cardforge.model.card_sizes import preset_size
from cardforge.scaffold.card_list_fields import CardList, Inferred

SIZE = "poker"
"""The card size preset (``card_sizes.toml``) the layout is drawn for."""
CARD_W, CARD_H = preset_size(SIZE)
"""Its trim, mm."""
SAFE = 4.0
"""The safe inset the layout keeps text inside, mm."""
LEFT, RIGHT, TOP = 5.0, 5.0, 5.0
LONG_TYPES = ("text", "localized")
MIN_PT = 4.5
"""Smallest size a value box shrinks its text to."""


def _label(field: Inferred) -> str:
    return field.header.split(".")[0].strip() or field.name


def _fit(size: float) -> dict[str, Any]:
    return {"size": size, "fit": {"min": MIN_PT, "step": 0.5}}


def deck_layout(card_list: CardList, lang: str, deck_name: str) -> dict[str, Any]:
    """The ``layout:`` of a deck from ``card_list``: every field of it in a box (see the
    module), labels and back in ``lang``."""
    shown = [f for f in card_list.fields if f.spec is not None]
    short = [f for f in shown if f.spec["type"] not in LONG_TYPES]
    long = [f for f in shown if f.spec["type"] in LONG_TYPES]
    front: dict[str, Any] = {
        "band": {"shape": "rect", "x": 0, "y": 0, "width": CARD_W, "height": 14, "background": "#e9e1cf"},
        "title": {"field": "name", "top": TOP, "left": LEFT, "right": RIGHT, "height": 8, "weight": "bold",
                  **_fit(11)}}
    y = 15.0
    bottom = CARD_H - SAFE - 1
    room_for_long = 14.0 * len(long)
    row = min(5.0, max(3.0, (bottom - y - room_for_long) / max(len(short), 1)))
    for field in short:
        front[f"{field.name}-label"] = {"text": {lang: _label(field)}, "x": LEFT, "y": round(y, 2),
                                         "width": 19,
                                         "height": round(row, 2), "colour": "#555555", **_fit(6)}
        front[field.name] = {"field": field.name, "x": LEFT + 20, "y": round(y, 2),
                             "width": CARD_W - RIGHT - LEFT - 20, "height": round(row, 2), **_fit(7)}
        y += row
    if long:
        each = (bottom - y - 1) / len(long)
        y += 1
        for field in long:
            front[field.name] = {"field": field.name, "x": LEFT, "y": round(y, 2),
                                 "width": CARD_W - LEFT - RIGHT, "height": round(each - 0.5, 2), **_fit(7)}
            y += each
    back = {"deck": {"text": {lang: deck_name}, "fill": True, "size": 16, "weight": "bold", "align": "center",
                     "valign": "middle", "border": 0.5, "radius": 2}}
    return {"front": front, "back": back}


def game_yaml(game_id: str, name: str, lists: list[CardList], languages: list[str]) -> str:
    """game.yaml's text for game ``game_id`` called ``name`` with a deck per card list, in
    ``languages`` (the first is the source language)."""
    lang = languages[0]
    decks: dict[str, Any] = {}
    for card_list in lists:
        deck_name = card_list.deck.replace("-", " ").title()
        sheet: dict[str, Any] = {"file": card_list.ref or card_list.file.name}
        if card_list.columns:
            sheet["columns"] = card_list.columns
        if card_list.ids:
            sheet["ids"] = card_list.ids
        if card_list.symbols:
            sheet["symbols"] = {found.written: found.icon for found in card_list.symbols}
        entry: dict[str, Any] = {"name": {lang: deck_name}, "sheet": sheet}
        if card_list.ignored:
            entry["ignore"] = card_list.ignored
        entry["fields"] = {f.name: f.spec for f in card_list.fields if f.spec is not None}
        entry["layout"] = deck_layout(card_list, lang, deck_name)
        decks[card_list.deck] = entry
    data = {"id": game_id, "name": {lang: name}, "languages": languages, "players": {"min": 2, "max": 4},
            "card": {"size": SIZE, "bleed": 3, "safe": SAFE}, "decks": decks}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=110, default_flow_style=None)
    return ("# Written by `cardforge new --cards` from your card lists: the lists stay the deck\n"
            "# files where they are (sheet: file:, from this folder). Edit the fields' limits,\n"
            "# the layout boxes (docs/card-layout.md) and the players as your game needs.\n" + text)


def inference_table(lists: list[CardList]) -> str:
    """The fields worked out, as a plain-text table: deck, column, field, type, what was
    seen; then each symbol read as an icon: deck, the symbol as written, the icon, ``icon``,
    an example and how many designs use it."""
    rows = [("deck", "column", "field", "type", "seen")]
    for card_list in lists:
        for field in card_list.fields:
            kind = field.spec["type"] if field.spec else ("note" if field.header in card_list.ignored
                                                          else field.name)
            rows.append((card_list.deck, field.header, field.name, kind, field.note))
        for found in card_list.symbols:
            rows.append((card_list.deck, found.written, found.icon, "icon",
                         f"{found.example}, in {found.cards} designs"))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                     for row in rows)
