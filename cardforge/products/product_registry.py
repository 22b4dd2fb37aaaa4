"""Every product ``cardforge build`` can make, by name, and which of them a game builds.

:data:`PRODUCTS` is the one table of products: ``--product``'s help and the listing of
outputs in ``cardforge build --help`` are made from it (:mod:`~cardforge.products.product_help`);
docs, schemas and other lists of product names are checked against it
(tests/test_registry_derived.py, tests/test_registry_docs.py). It imports no builder.

A pack lists the products it supports in ``GameSpec.products``; the builders live here, so
any pack gets them. Card exports (``png``, ``tts``, ``pdfx``) are made for any game with a
``cards`` product, but only on request. A print-shop profile's ``output`` names the product
that makes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardforge.errors import ConfigError
from cardforge.model.game_packs import lazy

if TYPE_CHECKING:  # types only: the table is read by `cardforge --help`, which stays light
    from cardforge.model.game_packs import GameSpec
    from cardforge.products.product_builder import Builder
    from cardforge.workspace.print_profiles import Profile


@dataclass(frozen=True)
class Product:
    """One product: its ``name`` (``--product``), its ``build`` function, a one-line
    ``summary`` (help texts), and ``writes``, the names of what it writes under
    ``out/<game>/``, each ``<game>-<product>-<lang>[-<variant>]`` as
    :func:`~cardforge.products.product_builder.output_path` makes them (``/`` ends a folder;
    ``<...>`` is a placeholder, ``[...]`` optional); ``card_export`` when any game with cards
    makes it on request (never by default); ``profile_output``, the print-shop profile
    ``output`` it makes, if any (made by a profile, its names carry the profile's id in the
    product's place: ``<game>-tgc-poker-<lang>/``)."""

    name: str
    build: Builder
    summary: str
    writes: tuple[str, ...]
    card_export: bool = False
    profile_output: str | None = None


PRODUCTS: dict[str, Product] = {product.name: product for product in (
    Product("cards", lazy("cardforge.products.cards_product:build_cards"),
            "card sheets with crop marks, duplex or fold-over",
            ("<game>-cards-<lang>-<paper>.pdf", "<game>-cards-<lang>-fold-over-<paper>.pdf"),
            profile_output="sheets"),
    Product("dice", lazy("cardforge.products.dice_product:build_dice"),
            "custom dice: cube nets, sticker sheets, face images",
            ("<game>-dice-<lang>-nets-<paper>.pdf", "<game>-dice-<lang>-stickers-<paper>.pdf",
             "<game>-dice-<lang>-png/<die>-side<n>.png")),
    Product("board", lazy("cardforge.products.board_product:build_board"),
            "each board, tiled over sheets when larger",
            ("<game>-board-<lang>-<board>-<paper>.pdf",)),
    Product("rules", lazy("cardforge.products.rules_product:build_rules"),
            "the rule booklet (--imposition saddle: also 2-up sheets)",
            ("<game>-rules-<lang>.pdf", "<game>-rules-<lang>-saddle-<paper>.pdf")),
    Product("rulesheet", lazy("cardforge.products.rulesheet_product:build_rulesheet"),
            "the rules on one or two pages", ("<game>-rulesheet-<lang>.pdf",)),
    Product("png", lazy("cardforge.products.png_product:build_png"),
            "one image per card, trim + bleed at --dpi",
            ("<game>-png-<lang>/<card>[-<n>].png", "<game>-png-<lang>/back-<deck>.png"),
            card_export=True, profile_output="png"),
    Product("tts", lazy("cardforge.products.tts_product:build_tts"),
            "Tabletop Simulator decks and their saved object",
            ("<game>-tts-<lang>/<deck>-<n>.png", "<game>-tts-<lang>/<game>.json"), card_export=True),
    Product("pdfx", lazy("cardforge.products.pdfx_product:build_pdfx"),
            "a print shop's PDF/X, with --profile", ("<game>-<profile>-<lang>.pdf",),
            card_export=True, profile_output="pdfx"),
)}
"""Product name → product. A pack's ``products`` names keys of this table (card exports
need not be listed). Builders are imported on first use: a build of card sheets never loads
the booklet or PDF/X code (nor WeasyPrint, which the workers laying faces out load)."""


def card_exports() -> list[str]:
    """The names of the card exports, in table order (``png``, ``tts``, ``pdfx``)."""
    return [name for name, product in PRODUCTS.items() if product.card_export]


def products_for(spec: GameSpec, asked: str | None) -> list[str]:
    """The products to build for ``spec``'s games: all the pack's (``asked`` None or
    ``"all"``), or ``asked`` (a card export for any pack that makes cards). Raises
    ConfigError naming what the pack can build."""
    own = [name for name in spec.products if name in PRODUCTS]
    if asked in (None, "all"):
        return own
    exports = card_exports() if "cards" in spec.products else []
    if asked in exports:
        return [asked]
    if asked not in own:
        known = ", ".join(own + ([", ".join(exports)] if exports else []))
        raise ConfigError(f"{spec.id} cannot build {asked!r}", hint=f"its products: {known}")
    return [asked]


def profile_product(profile: Profile | None, asked: str | None) -> str | None:
    """The product to build: the one ``profile`` makes (``asked`` when there is no profile).
    Raises ConfigError when ``asked`` names another product."""
    if profile is None:
        return asked
    implied = next(p.name for p in PRODUCTS.values() if p.profile_output == profile.output)
    if asked not in (None, "all", implied):
        raise ConfigError(f"profile {profile.id} makes the {implied} product, not {asked}",
                          hint=f"drop --product, or use --product {implied}")
    return implied
