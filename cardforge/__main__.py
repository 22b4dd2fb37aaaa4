"""``python -m cardforge``: the same as the ``cardforge`` command."""

from cardforge.cli import run

run()
