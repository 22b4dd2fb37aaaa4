"""The generated parts of a booklet: component list, icon glossary, example cards, diagrams.

Each returns HTML (:class:`markupsafe.Markup`, every game text escaped). Counts are
computed from the loaded game (a deck's cards with quantities summed, dice from game.yaml
or the pack's custom dice), never typed.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup, escape

from cardforge.booklet.booklet_words import counted, word
from cardforge.errors import RenderError
from cardforge.i18n.translations import Translations
from cardforge.model.board_specs import boards
from cardforge.model.game_model import Game
from cardforge.model.print_copies import copies
from cardforge.render.templating.icons import DIE_COLOURS, IconSet, die_svg

if TYPE_CHECKING:
    from PIL import Image


def components(game: Game, tr: Translations) -> Markup:
    """``<ul class="components">`` of what cardforge prints: each deck (name and the cards
    the ``cards`` product prints: quantities summed, times ``print.cards.copies``), the
    custom dice the ``dice`` product prints (the pack's dice times ``print.dice.copies``;
    their names a nested ``<ul class="die-names">``), then each board the ``board`` product
    prints (game.yaml ``boards:``). When game.yaml has a dice supply
    (``facts.dice.supply``: plain dice the players bring), the printed list is titled
    "Printed" and a second list, "To bring (not printed)", gives each colour's dice.
    Raises ConfigError for a bad copies count or board size."""
    lang = tr.lang
    rows: list[tuple[Markup, int]] = []
    card_copies = copies(game, "cards")
    for deck in game.decks.values():
        printed = deck.size * card_copies
        rows.append((escape(counted("cards", printed, lang, name=tr.localized(deck.spec.get("name")))),
                     printed))
    dice = (game.spec.dice(game) if game.spec.dice else None) or []
    if dice:
        count = copies(game, "dice")
        label = word("custom-dice-copies", lang, copies=count) if count > 1 \
            else word("custom-dice", lang)
        names = "".join(f"<li>{escape(tr.localized(die.name))}</li>" for die in dice)
        rows.append((escape(label) + Markup(f'<ul class="die-names">{names}</ul>'),
                     len(dice) * count))
    for board in boards(game):
        rows.append((escape(counted("board", 1, lang, name=tr.localized(board.name))), 1))
    brought: list[tuple[Markup, int]] = []
    supply = (game.facts.get("dice") or {}).get("supply") if isinstance(game.facts.get("dice"),
                                                                         Mapping) else None
    for colour, count in (supply or {}).items():
        icon = Markup(die_svg(None, colour)) if colour in DIE_COLOURS else Markup("")
        label = word(colour, lang) if colour in DIE_COLOURS else colour
        brought.append((icon + escape(counted("dice", int(count), lang, name=label)), int(count)))
    html = _component_list(rows, "printed" if brought else None, lang)
    if brought:
        html += _component_list(brought, "to-bring", lang, word("any-d6", lang))
    return Markup(html)


def _component_list(rows: list[tuple[Markup, int]], title: str | None, lang: str,
                    note: str | None = None) -> str:
    """One ``<ul class="components">`` of (label, count) rows, under the word ``title``
    (none: no title) with ``note`` after it."""
    items = "".join(f'<li><span class="count">{count}</span> × {label}</li>' for label, count in rows)
    head = (f'<p class="components-title">{escape(word(title, lang))}'
            + (f' <span class="components-note">({escape(note)})</span>' if note else "")
            + "</p>") if title else ""
    return f'{head}<ul class="components">{items}</ul>'


def our_reading(game: Game, tr: Translations) -> Markup:
    """``<aside class="our-reading">``: a heading (the word ``our-reading``) and each note of
    game.yaml's ``choices:`` (``{at, choice: {lang: text}}``) in the booklet's language, in
    file order; where the rulebook is ambiguous or contradicts itself, what we chose. Empty
    Markup when there is none."""
    notes = [entry.get("choice") for entry in game.info.get("choices") or []
             if isinstance(entry, Mapping)]
    items = "".join(f"<li>{escape(tr.localized(note))}</li>" for note in notes if note)
    if not items:
        return Markup("")
    return Markup(f'<aside class="our-reading"><p class="our-reading-title">'
                  f'{escape(word("our-reading", tr.lang))}</p><ul>{items}</ul></aside>')


def icon_name(game: Game, icon: str) -> tuple[Any, Any]:
    """(name, meaning) of a pack icon as ``{lang: text}`` mappings (meaning may be None),
    from game.yaml: ``icons.<icon>``, ``marks.<icon>``, or any ``facts.<group>.<icon>``
    (its ``name``, or itself when it is a ``{lang: text}`` mapping). (None, None) if none."""
    for group in (game.info.get("icons"), game.info.get("marks"), *game.facts.values()):
        if not isinstance(group, Mapping) or not isinstance(group.get(icon), Mapping):
            continue
        entry = group[icon]
        if isinstance(entry.get("name"), Mapping):
            return entry["name"], entry.get("meaning")
        if all(isinstance(v, str) for v in entry.values()):
            return entry, None
    return None, None


def glossary(game: Game, icons: IconSet, tr: Translations) -> Markup:
    """``<dl class="glossary">``: each pack icon drawn, with its name and meaning."""
    rows = []
    for name in icons.own_names():
        label, meaning = icon_name(game, name)
        text = escape(tr.localized(label) or name)
        extra = Markup(f'<span class="meaning">{escape(tr.localized(meaning))}</span>') \
            if meaning else Markup("")
        rows.append(f'<div class="entry">{icons.svg(name, "glossary-icon")}'
                    f'<div class="words"><span class="name">{text}</span>{extra}</div></div>')
    return Markup(f'<div class="glossary">{"".join(rows)}</div>')


def example_cards(card_ids: tuple[str, ...], faces_png: Callable[[str], bytes], where: str) -> Markup:
    """``<div class="examples">`` with each card's rendered front (``faces_png(id)`` → PNG).
    Raises RenderError naming ``where`` for an unknown card id."""
    figures = []
    for card_id in card_ids:
        try:
            png = faces_png(card_id)
        except KeyError:
            raise RenderError(f"{where}: no card {card_id!r} to show as an example",
                              hint="name card ids from the game's card files") from None
        data = base64.b64encode(png).decode("ascii")
        figures.append(f'<img class="example" src="data:image/png;base64,{data}" alt="{escape(card_id)}">')
    return Markup(f'<div class="examples">{"".join(figures)}</div>')


def diagram(game: Game, name: str, tr: Translations, icons: IconSet, where: str) -> Markup:
    """The pack's diagram ``name``: ``GameSpec.diagrams[name]`` called with (game,
    translations, icons) → Markup. Raises RenderError naming ``where`` when the pack has no
    such diagram."""
    table = game.spec.diagrams
    if name not in table:
        raise RenderError(f"{where}: game {game.id} has no diagram {name!r}",
                          hint=f"its diagrams: {', '.join(table) or 'none'}")
    return Markup(table[name](game, tr, icons))


def rasterize(pdf: Callable[[], bytes], pages: Mapping[str, int], page_keys: Sequence[str],
              cache_root: Path | None, dpi: int = 200) -> Callable[[str], bytes]:
    """``png(card_id)``: the trim (TrimBox) of page ``pages[card_id]`` of the PDF ``pdf()``
    returns (made and opened only when a picture has to be drawn) as PNG bytes at ``dpi``,
    on first use, kept under ``cache_root`` (None: not kept) by ``page_keys[page]``, the
    page's content key (:func:`~cardforge.render.cache.cached_raster.cached_png`). KeyError for
    an id not in ``pages``."""
    from cardforge.model.paper_units import pt_to_mm
    from cardforge.render.cache.cached_raster import PageSource, cached_png
    from cardforge.render.pdf.page_raster import page_image

    made: dict[int, bytes] = {}
    assembled = cache(pdf)

    def png(card_id: str) -> bytes:
        page = pages[card_id]
        if page not in made:
            with PageSource(assembled) as source:
                def draw() -> Image.Image:
                    face = source.document()[page]
                    bleed_mm = pt_to_mm(face.get_trimbox()[0] - face.get_cropbox()[0])
                    return page_image(source.document(), page, crop_mm=bleed_mm, dpi=dpi)

                made[page] = cached_png(cache_root, "example card png",
                                        [page_keys[page], f"trim at {dpi} dpi"], draw, optimize=True)
        return made[page]

    return png
