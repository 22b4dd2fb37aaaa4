"""``python -m cardforge``: the same as the ``cardforge`` command."""

from cardforge.launch import run

run()
