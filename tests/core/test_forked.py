"""cardforge.proc.forked: a call run in a forked child gives its value back, or is run again here
when the child cannot give one (so its exception is raised in this process)."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from cardforge.proc import forked


@pytest.mark.linux_fast_path
def test_the_value_comes_back_from_another_process() -> None:
    parent = os.getpid()
    pending = forked.start(lambda: {"pid": os.getpid(), "squares": [n * n for n in range(5)]})
    value = pending.result()
    assert value["squares"] == [0, 1, 4, 9, 16]
    assert value["pid"] != parent  # it really ran in a child
    assert pending.result() is value  # asked again: the same value, not a second run


def test_what_the_call_raises_is_raised_here() -> None:
    calls = []

    def failing() -> None:
        calls.append(os.getpid())
        raise ValueError("bad card")

    pending = forked.start(failing)
    with pytest.raises(ValueError, match="bad card"):
        pending.result()
    assert calls == [os.getpid()]  # the parent's own run (the child's list is its own)


def test_a_value_that_does_not_pickle_is_computed_here() -> None:
    pending = forked.start(lambda: (lambda: os.getpid()))  # a lambda does not pickle
    assert pending.result()() == os.getpid()


def test_without_fork_the_call_runs_here(monkeypatch) -> None:
    monkeypatch.setattr(forked.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    assert forked.start(os.getpid).result() == os.getpid()


def test_on_macos_nothing_forks_and_layout_workers_are_spawned(monkeypatch) -> None:
    """macOS has fork, but a child forked after the system frameworks load can crash:
    the call runs here and the layout workers are spawned, as CPython does by default there."""
    from cardforge.render.workers import layout_workers as workers

    monkeypatch.setattr(forked.sys, "platform", "darwin")
    assert not forked.can_fork()
    assert forked.start(os.getpid).result() == os.getpid()
    assert workers.context().get_start_method() == "spawn"


def _own_niceness() -> int:
    return os.nice(0)


@pytest.mark.linux_fast_path
def test_the_child_runs_at_the_lower_priority_asked_for() -> None:
    mine = os.nice(0)
    assert forked.start(_own_niceness, niceness=7).result() == min(mine + 7, 19)
    assert forked.start(_own_niceness).result() == mine


def _in_a_daemon(send) -> None:
    """In a daemon process: start a call and send back where it ran (or what failed)."""
    try:
        send.send(("ran in", forked.start(os.getpid).result(), os.getpid()))
    except BaseException as exc:  # noqa: BLE001 - the test reads what happened
        send.send(("failed", repr(exc), os.getpid()))


@pytest.mark.linux_fast_path
def test_a_daemon_process_runs_the_call_itself() -> None:
    """A daemon may not have children (multiprocessing raises AssertionError): a lint
    lane's child starting a rule that forks must still get the rule's answer."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    daemon = context.Process(target=_in_a_daemon, args=(send,), daemon=True)
    daemon.start()
    assert receive.poll(60), "the daemon sent nothing: it hangs"
    outcome, ran_in, daemon_pid = receive.recv()
    daemon.join()
    assert (outcome, ran_in) == ("ran in", daemon_pid)
