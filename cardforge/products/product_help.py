"""``cardforge build``'s help texts about products, written from the one product table.

:data:`~cardforge.products.product_registry.PRODUCTS` names each product, says in a line what
it is and what it writes; the ``--product`` option's help and the listing at the end of
``cardforge build --help`` are made from it when the command line is imported, so a product
added to the table is in both without another edit. Imports only the table (no builder, no
WeasyPrint): ``cardforge --help`` stays fast.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from cardforge.products.product_registry import PRODUCTS, Product

NAME_WIDTH = 11
"""Characters of the product-name column in the listing (the longest name, ``rulesheet``, + 2)."""


def product_option_help(products: Mapping[str, Product] = PRODUCTS) -> str:
    """The ``--product`` option's help: the names of the products a game makes by default,
    then the card exports, each with its summary (one line; click wraps it)."""
    own = [name for name, product in products.items() if not product.card_export]
    exports = [f"{name} ({product.summary})" for name, product in products.items() if product.card_export]
    return (f"Only this product: {', '.join(own)}, or a card export: {', '.join(exports)}  "
            "[default: every product of the game; exports only on request]")


def outputs_listing(products: Mapping[str, Product] = PRODUCTS) -> str:
    """The listing of what each product writes under ``out/<game>/``, kept as laid out by
    click (``\\b``): a line per product (name, summary), then its file names indented.
    Card exports come last, under their own heading."""
    lines: list[str] = []
    for heading, exports in (("Products, written in out/<game>/ (every product of the game by"
                              " default; --product NAME for one):", False),
                             ("Card exports, only on request (--product NAME, or --profile):", True)):
        lines += ["\b", heading]
        for name, product in products.items():
            if product.card_export is exports:
                lines.append(f"  {name:<{NAME_WIDTH}}{product.summary}")
                lines += [f"  {'':<{NAME_WIDTH}}  {written}" for written in product.writes]
        lines.append("")
    return "\n".join(lines).rstrip()


def with_outputs_listing(command: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator for a click command function (innermost, under its options): appends
    :func:`outputs_listing` to its docstring, which click reads as the help text."""
    command.__doc__ = f"{inspect.cleandoc(command.__doc__ or '')}\n\n{outputs_listing()}"
    return command
