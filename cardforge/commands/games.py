"""``cardforge games``: list installed game packs."""

from __future__ import annotations

import click

from cardforge.lint.rule import pack_rules
from cardforge.packs import discover


def run() -> None:
    """Print one line per installed pack: id, name, products and rule codes."""
    for spec in discover().values():
        codes = [r.code for r in pack_rules(spec)]
        span = f"{codes[0]}–{codes[-1]}" if codes else "no rules"
        products = ", ".join(spec.products)
        click.echo(f"{spec.id:<16} {spec.name('en'):<22} products: {products:<18} rules: {span}")
