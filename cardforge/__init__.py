"""cardforge: card data pipeline, linter and print-and-play generator for dice-and-card games."""

__version__ = "0.1.0"

from cardforge.proc import library_loading  # noqa: E402 - before anything imports WeasyPrint

library_loading.install()
