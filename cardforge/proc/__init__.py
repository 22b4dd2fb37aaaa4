"""Processes: running work beside the main process, and starting and ending fast.

Owns a call run in a forked child (:mod:`~cardforge.proc.forked`, with its spawn and
in-process fallbacks), work two processes share from both ends of a list
(:mod:`~cardforge.proc.claims`), WeasyPrint's native libraries opened without a library search
(:mod:`~cardforge.proc.library_loading`) and ending a one-shot run without tearing down what it
built (:mod:`~cardforge.proc.exit_fast`). May import only the standard library: the package
docstring of :mod:`cardforge` loads a native library from here before anything else."""
