"""Processes: running work beside the main process, and starting fast.

Owns a call run in a forked child (:mod:`~cardforge.proc.forked`, with its spawn and
in-process fallbacks), work two processes share from both ends of a list
(:mod:`~cardforge.proc.claims`) and WeasyPrint's native libraries opened without a library
search (:mod:`~cardforge.proc.library_loading`). May import only the standard library: the
package :mod:`cardforge` loads the native libraries from here before anything else."""
