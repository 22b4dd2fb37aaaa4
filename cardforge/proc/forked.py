"""Run a call in a forked child process while this one goes on, and take its result later.

``cardforge build`` lints a game in a child (:func:`start`) while its own process renders the
templates and the layout workers lay out faces: on two cores the lint no longer delays the
first face. A fork shares the loaded game without pickling it; only the result crosses back,
pickled, through a pipe.

Where fork is not available (Windows, or macOS's default), this process is a daemon (which may
not have children: a lint lane's child, a build's lint), or the child could not be started,
the call runs in this process when its result is asked for: the result is the same, only later.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import sys
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Pending(Generic[T]):
    """A call started by :func:`start`; :meth:`result` waits for it (once; later calls
    return the same value)."""

    def __init__(self, call: Callable[[], T], niceness: int = 0) -> None:
        self._call = call
        self._niceness = niceness
        self._done = False
        self._value: T | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        self._receive: multiprocessing.connection.Connection | None = None

    def _start(self) -> None:
        if not can_fork():
            return  # no fork here, or a daemon process (which may not have children): run it here
        context = multiprocessing.get_context("fork")
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_child, args=(self._call, send, self._niceness), daemon=True)
        try:
            process.start()
        except OSError:  # no process left to fork: run it here when asked
            receive.close()
            send.close()
            return
        send.close()
        self._process, self._receive = process, receive

    def result(self) -> T:
        """The call's value. When the call ran in a child that ended without one (it raised,
        died, or its value did not pickle), the call is run again here, so that what it
        raises is raised in this process, as if it had never left it."""
        if not self._done:
            self._value = self._call() if self._process is None else self._collect()
            self._done = True
        return self._value  # type: ignore[return-value]

    def abandon(self) -> None:
        """Stop the child, if one runs, and reap it (for a caller that will not ask for the
        result, e.g. because its own part failed); :meth:`result` would then run the call
        here."""
        if self._process is not None and self._receive is not None:
            self._process.terminate()
            self._process.join()
            self._receive.close()
            self._process = self._receive = None

    def _collect(self) -> T:
        assert self._process is not None and self._receive is not None
        try:
            outcome = self._receive.recv()
        except (EOFError, OSError, ValueError, TypeError, AttributeError, ImportError):
            outcome = None  # the child died, or sent what does not unpickle
        finally:
            self._receive.close()
            self._process.join()
        if not isinstance(outcome, _Value):
            return self._call()  # the child raised or failed: raise (or succeed) here
        return outcome.value


class _Value:
    """What a child sends back when its call returned."""

    def __init__(self, value: object) -> None:
        self.value = value


def _child(call: Callable[[], object], send: multiprocessing.connection.Connection, niceness: int) -> None:
    """In the child: lower its priority by ``niceness``, then send the call's value, or None
    when it raised (the parent runs it again)."""
    if niceness:
        try:
            os.nice(niceness)
        except (AttributeError, OSError):  # not on this system: same priority, still correct
            pass
    try:
        outcome: _Value | None = _Value(call())
    except BaseException:  # noqa: BLE001 - the parent runs the call again and sees the error
        outcome = None
    try:
        send.send(outcome)
    except Exception:  # noqa: BLE001 - a value that does not pickle: the parent runs it again
        try:
            send.send(None)
        except Exception:  # noqa: BLE001 - the parent sees the pipe end, and runs it again
            pass
    finally:
        send.close()


def fork_is_safe() -> bool:
    """Whether this platform forks: ``fork`` is a start method here (not on Windows) and
    this is not macOS, where a child forked after the system frameworks have loaded (any
    process that has used Pango, CoreText or a proxy lookup) can crash or hang, which is why
    CPython starts processes with ``spawn`` there by default. Elsewhere the callers fall back:
    :func:`start` runs the call in this process, layout workers are spawned."""
    return "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"


def can_fork() -> bool:
    """Whether :func:`start` runs its call in a child: forking is safe here
    (:func:`fork_is_safe`) and this process is not a daemon (which may not have children).
    Otherwise the call runs here, when its result is asked for."""
    return fork_is_safe() and not multiprocessing.current_process().daemon


def start(call: Callable[[], T], niceness: int = 0) -> Pending[T]:
    """Start ``call()`` in a forked child and return at once; ``.result()`` gives its value.
    The value must pickle (it crosses a pipe); what the child changes in its own memory,
    prints or reads is lost, so ``call`` must return everything the caller needs. The child
    runs ``niceness`` steps below this process's CPU priority (``os.nice``)."""
    pending = Pending(call, niceness)
    pending._start()
    return pending
