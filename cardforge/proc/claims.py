"""Work shared by two processes: each claims the next item from its own end of a list.

A forked child and its parent split a list of items they both know (the rules of a lint,
:mod:`cardforge.lint.lanes`; the big card files of a first load, :mod:`cardforge.workspace.parse_ahead`)
without deciding the split in advance: one claims from the first item on, the other from
the last, each item once, until they meet. Whichever is faster does more, so neither waits
for the other longer than one item takes.
"""

from __future__ import annotations

import multiprocessing


class Claims:
    """Which of ``count`` items (by position) are claimed, shared by a process and the
    children it forks after making this: one claims from the first on (:meth:`first`), the
    other from the last on (:meth:`last`), each item once. Raises OSError or ImportError
    when made where there is no shared memory or semaphore (then split the items another
    way)."""

    def __init__(self, count: int) -> None:
        self._lock = multiprocessing.Lock()
        self._ends = multiprocessing.RawArray("i", [0, count])  # next first, one past the next last
        self._count = count

    def first(self) -> int | None:
        """The first unclaimed position, now claimed; None when none is left."""
        with self._lock:
            front, back = self._ends
            if front >= back:
                return None
            self._ends[0] = front + 1
            return front

    def last(self) -> int | None:
        """The last unclaimed position, now claimed; None when none is left."""
        with self._lock:
            front, back = self._ends
            if front >= back:
                return None
            self._ends[1] = back - 1
            return back - 1

    def claimed_from_last(self) -> range:
        """The positions claimed from the last on so far."""
        with self._lock:
            return range(self._ends[1], self._count)
