"""Tabletop Simulator files: sheet and back images (PNG) and the saved-object JSON.

For each deck of :func:`cardforge.products.tts_plan.plan_decks`: ``<deck>-<n>.png`` (the faces,
hidden slot filled with the back), ``back-<deck>.png`` (its shared back) or
``<deck>-<n>-backs.png`` (a sheet of each card's own back, ``UniqueBack``), and one
``<game>.json`` saved object: an ``ObjectStates`` list with a ``DeckCustom`` per deck.
Image URLs in the JSON are ``file:///`` paths of the written images, fine on this machine;
to share the object, upload the images and replace the URLs.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pypdfium2
from PIL import Image

from cardforge.products.tts_plan import DeckPlan, Sheet, deck_id
from cardforge.render.cache.cached_raster import PageSource, cached_png
from cardforge.render.pdf.page_raster import page_image, save_bytes

NEUTRAL = (128, 128, 128)
"""Fill of slots with no card (only the hidden slot when there is no shared back)."""


def _sheet_image(document: pypdfium2.PdfDocument, pages: tuple[int, ...], sheet: Sheet,
                 card_px: tuple[int, int], bleed_mm: float, hidden: int | None) -> Image.Image:
    """``sheet.columns`` × ``sheet.rows`` slots of ``card_px``, slot i showing page
    ``pages[i]`` (trim only), the hidden slot page ``hidden`` or neutral grey."""
    width, height = card_px
    image = Image.new("RGB", (sheet.columns * width, sheet.rows * height), NEUTRAL)
    drawn: dict[int, Image.Image] = {}
    slots = list(enumerate(pages)) + ([(sheet.hidden_slot, hidden)] if hidden is not None else [])
    for slot, page in slots:
        if page not in drawn:
            drawn[page] = page_image(document, page, crop_mm=bleed_mm, size_px=card_px)
        row, column = divmod(slot, sheet.columns)
        image.paste(drawn[page], (column * width, row * height))
    return image


def _custom_deck(face: Path, back: Path, sheet: Sheet, unique_back: bool) -> dict[str, Any]:
    return {"FaceURL": face.resolve().as_uri(), "BackURL": back.resolve().as_uri(),
            "NumWidth": sheet.columns, "NumHeight": sheet.rows, "BackIsHidden": True,
            "UniqueBack": unique_back, "Type": 0}


def _transform(x: float, z: float = 0.0) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _deck_object(plan: DeckPlan, name: str, entries: dict[int, dict[str, Any]], x: float) -> dict[str, Any]:
    """The DeckCustom object of one deck (a lone Card when the deck has one card)."""
    cards = [{"Name": "Card", "Nickname": nickname, "CardID": deck_id(sheet, slot),
              "CustomDeck": {str(sheet): entries[sheet]}, "Transform": _transform(x)}
             for nickname, sheet, slot in plan.cards]
    if len(cards) == 1:
        return cards[0]
    return {"Name": "DeckCustom", "Nickname": name, "Transform": _transform(x),
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": {str(sheet): entry for sheet, entry in entries.items()},
            "ContainedObjects": cards}


def _piles(plan: DeckPlan, entries: dict[int, dict[str, Any]], x: float) -> list[dict[str, Any]]:
    """One object per design of a deck exported per design: the design's copies as one pile
    (a lone Card for a single copy), the piles in rows of ten from ``x``."""
    designs: dict[tuple[int, int], list[str]] = {}
    for nickname, sheet, slot in plan.cards:
        designs.setdefault((sheet, slot), []).append(nickname)
    piles = []
    for number, ((sheet, slot), names) in enumerate(designs.items()):
        one = DeckPlan(plan.deck, plan.sheets, plan.back, plan.card_px,
                       tuple((name, sheet, slot) for name in names))
        pile = _deck_object(one, names[0], {sheet: entries[sheet]}, x + (number % 10) * 2.5)
        pile["Transform"] = _transform(x + (number % 10) * 2.5, -(number // 10) * 3.5)
        piles.append(pile)
    return piles


def write_tts(plans: list[DeckPlan], source: PageSource, page_keys: Sequence[str], bleed_mm: float,
              folder: Path, game_id: str, deck_names: dict[str, str], *,
              cache_root: Path | None = None, piles: frozenset[str] = frozenset()) -> list[Path]:
    """Write every deck's sheets and backs and ``<game_id>.json`` into ``folder`` (created);
    return the paths, the JSON last. ``source`` holds the face pages (trim + ``bleed_mm``),
    ``page_keys[i]`` the content key of page ``i``; each picture is kept under
    ``cache_root`` (None: not kept) by the keys of the pages it shows and its grid, so
    ``source`` is opened only when one must be drawn. ``deck_names`` gives each deck's
    nickname in TTS; the decks in ``piles`` are laid out one pile per design."""
    written: list[Path] = []
    objects = []

    def picture(pages: tuple[int, ...], sheet: Sheet | None, card_px: tuple[int, int],
                hidden: int | None) -> bytes:
        grid = "a back" if sheet is None else f"{sheet.columns} x {sheet.rows}"
        parts = [" ".join(page_keys[page] for page in pages),
                 "no hidden card" if hidden is None else page_keys[hidden],
                 f"{grid}, crop {bleed_mm} mm, card {card_px} px"]
        if sheet is None:
            return cached_png(cache_root, "tts back", parts, lambda: page_image(
                source.document(), pages[0], crop_mm=bleed_mm, size_px=card_px))
        return cached_png(cache_root, "tts sheet", parts, lambda: _sheet_image(
            source.document(), pages, sheet, card_px, bleed_mm, hidden))

    for number, plan in enumerate(plans):
        entries: dict[int, dict[str, Any]] = {}
        shared_back = None
        if plan.back is not None:
            shared_back = folder / f"back-{plan.deck.id}.png"
            written.append(save_bytes(picture((plan.back,), None, plan.card_px, None), shared_back))
        for index, sheet in enumerate(plan.sheets, 1):
            face = folder / f"{plan.deck.id}-{index}.png"
            written.append(save_bytes(picture(sheet.faces, sheet, plan.card_px, plan.back), face))
            back = shared_back
            if back is None:
                back = folder / f"{plan.deck.id}-{index}-backs.png"
                written.append(save_bytes(picture(sheet.backs, sheet, plan.card_px, None), back))
            entries[sheet.id] = _custom_deck(face, back, sheet, unique_back=shared_back is None)
        if plan.deck.id in piles:
            objects += _piles(plan, entries, x=number * 4.0)
            continue
        objects.append(_deck_object(plan, deck_names.get(plan.deck.id, plan.deck.id), entries,
                                    x=number * 4.0))
    saved = {"SaveName": game_id, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
             "Rules": "", "PlayerTurn": "", "ObjectStates": objects}
    text = json.dumps(saved, ensure_ascii=False, indent=2).encode("utf-8")
    written.append(save_bytes(text, folder / f"{game_id}.json"))
    return written
