"""The booklet, quick-reference sheet and dice products of one game, and its charts, as page
images: each product is built by its own builder (the same code ``cardforge build`` runs)
into the preview's folder in the face cache, then its PDF pages are rasterised. The builders keep
their own caches, so an unchanged booklet is not laid out again."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from cardforge.boundary import trust
from cardforge.errors import CardforgeError
from cardforge.model.game_model import Game
from cardforge.preview.preview_images import ImageStore
from cardforge.preview.preview_views import ProductView
from cardforge.products.product_builder import ProductSkipped
from cardforge.products.product_options import BuildOptions
from cardforge.products.product_registry import PRODUCTS

SHOWN = {"rules": "Rule booklet", "rulesheet": "Quick-reference sheet", "dice": "Dice"}
"""The products shown in tabs, in order, with their titles (when the game makes them)."""

PAGE_DPI = 48
"""Resolution of product page images (an A4 page is 397 × 561 px)."""

MAX_PAGES = 64
"""Most pages shown of one product PDF (a rule booklet has 8 to 16)."""

Plots = Callable[[Game, Path], list[Path]]
"""``plots(game, folder)``: writes the game's ``stats --plot`` charts under ``folder``, returns
the files written (PNG among them); given by the command, which owns the charts."""


def game_products(game: Game, lang: str, workspace: Path, cache: Path,
                  store: ImageStore) -> tuple[ProductView, ...]:
    """A :class:`ProductView` per product of ``game`` in ``lang`` that the preview shows. A
    product that cannot be made says why in its ``note``; nothing raises but OSError (the
    cache cannot be written) and what reading a just-written PDF back raises (trust.Refused)."""
    out = cache / "preview" / "products"
    options = BuildOptions(root=workspace, out=out, papers=("a4",), cache=cache)
    views = []
    for name, title in SHOWN.items():
        if name not in game.spec.products:
            continue
        try:
            written = PRODUCTS[name].build(game, lang, options)
        except ProductSkipped as exc:
            views.append(ProductView(name, title, note=str(exc)))
            continue
        except (CardforgeError, ValueError) as exc:
            views.append(ProductView(name, title, note=_said(exc)))
            continue
        pages = [key for pdf in written if pdf.suffix == ".pdf" for key in _pdf_pages(pdf, out, store)]
        views.append(ProductView(name, title, tuple(pages)))
    return tuple(views)


def _said(exc: Exception) -> str:
    """What an error says, with its hint."""
    if isinstance(exc, CardforgeError):
        return exc.message + (f" (hint: {exc.hint})" if exc.hint else "")
    return str(exc)


def _pdf_pages(pdf: Path, out: Path, store: ImageStore) -> list[str]:
    """Rasterise the pages of ``pdf`` (a product just written under ``out``) into ``store``;
    their keys: the PDF's hash and the page number."""
    data = trust.read_bytes(pdf, "cache", [out.resolve()])
    digest = hashlib.sha256(data).hexdigest()
    keys = [hashlib.sha256(f"{digest}:{page}:{PAGE_DPI}".encode()).hexdigest()
            for page in range(MAX_PAGES)]
    if store.adopt(keys[0]):  # rasterised by an earlier run
        return [keys[0], *(key for key in keys[1:] if store.adopt(key))]
    pngs = store.pdf_pages(data, PAGE_DPI, MAX_PAGES)
    for key, png in zip(keys, pngs, strict=False):
        store.put(key, png)
    return keys[:len(pngs)]


def game_charts(game: Game, cache: Path, store: ImageStore, plots: Plots) -> ProductView:
    """The charts ``plots`` draws of ``game`` (``stats --plot``), as a product view, their
    PNGs stored by content hash; an error drawing them is its note."""
    folder = cache / "preview" / "products" / game.id / "stats"
    try:
        written = plots(game, folder)
    except (CardforgeError, ValueError) as exc:
        return ProductView("stats", "Charts", note=_said(exc))
    keys = []
    for png in (p for p in written if p.suffix == ".png"):
        data = trust.read_bytes(png, "cache", [folder.resolve()])
        key = hashlib.sha256(data).hexdigest()
        store.put(key, data)
        keys.append(key)
    return ProductView("stats", "Charts", tuple(keys), note="" if keys else "no charts for this game")
