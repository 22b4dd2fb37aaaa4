"""The ``cardforge`` command's entry point: a resident process serves the command when one
runs (:mod:`cardforge.resident`), else it runs here (:func:`cardforge.cli.run`) and then starts
one for the commands that follow.

Kept apart from :mod:`cardforge.cli` so that a served command imports nothing but the
standard library and :mod:`cardforge.resident.resident_client` (docs/benchmarks.md has how
fast that starts).
"""

from __future__ import annotations

import sys


def run() -> None:
    """Run ``cardforge`` with this process's arguments; never returns."""
    from cardforge.resident import resident_client as client

    argv = sys.argv[1:]
    try:
        connection = client.connect(argv)
        code = connection.serve() if connection is not None else None
    except KeyboardInterrupt:  # Ctrl-C before the resident process took the command
        code = 130
    if code is not None:
        sys.exit(code)  # the command ran in the resident process
    from cardforge import cli

    cli.run(after=client.starter(argv))
