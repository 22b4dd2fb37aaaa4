"""The trust boundary: every workspace file cardforge reads and every file it writes.

Owns reading (:mod:`~cardforge.boundary.trust`: regular files inside the workspace or the
installed data only, each size and count limited), the record of what a command read
(:mod:`~cardforge.boundary.read_log`), writing whole files or nothing
(:mod:`~cardforge.boundary.atomic`), where the installed data lives
(:mod:`~cardforge.boundary.resources`) and the date written into files
(:mod:`~cardforge.boundary.source_date`). May import only :mod:`cardforge.errors` and
:mod:`cardforge.problem`; every other package reads and writes through it."""
