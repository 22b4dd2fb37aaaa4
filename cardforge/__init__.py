"""cardforge: card data pipeline, linter and print-and-play generator for dice-and-card games.

The root holds only the entry point (:mod:`cardforge.launch`, ``python -m cardforge``), the
command line (:mod:`cardforge.cli`) and the two shapes every package uses: :mod:`cardforge.problem`
(a located complaint) and :mod:`cardforge.errors` (an error that stops a command). Everything
else lives in a package by concern; docs/architecture.md has the table of packages, what each
owns and what it may import (the import-linter contracts in pyproject.toml enforce it)."""

__version__ = "0.1.0"

from cardforge.proc import library_loading  # noqa: E402 - before anything imports WeasyPrint

library_loading.install()
