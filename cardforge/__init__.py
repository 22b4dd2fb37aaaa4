"""cardforge: card data pipeline, linter and print-and-play generator for dice-and-card games."""

__version__ = "0.1.0"
