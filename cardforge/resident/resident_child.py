"""What runs in the child the resident process forks for one command: become that command's
process (its terminal, folder, environment, umask and arguments), run it, report its status.

The child is its own process group, so the signals the command's process forwards reach the
child and the layout workers and lint it starts, as a terminal's Ctrl-C would.
"""

from __future__ import annotations

import io
import os
import resource
import signal
import socket
import sys
import time
import traceback
from pathlib import Path
from typing import NoReturn

from cardforge.resident import resident_wire as wire


def run(conn: socket.socket, request: wire.Request, fds: list[int], log: Path) -> NoReturn:
    """Run ``request`` in this (freshly forked) process with ``fds`` as its stdin, stdout and
    stderr, note it in ``log`` (:func:`note`), send ``{"exit": status}`` on ``conn`` and end
    the process with that status. A failure to become the command's process (its folder is
    gone) is reported on its stderr with status 2."""
    code = 2
    started = time.monotonic()
    adopted = False
    try:
        os.register_at_fork(after_in_child=conn.close)  # the command's workers never hold it
        os.setpgid(0, 0)
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD, signal.SIGALRM):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        apply_rlimits(request.rlimits)
        forget_caches()
        wire.send(conn, {"pid": os.getpid()})
        _adopt_streams(fds, request.env)
        adopted = True
        os.environ.clear()
        os.environ.update(request.env)
        os.umask(request.umask)
        sys.argv = ["cardforge", *request.argv]
        try:
            os.chdir(request.cwd)
        except OSError as exc:
            print(f"cardforge: cannot enter the working folder {request.cwd}: {exc.strerror}\n"
                  "  hint: run the command from a folder that exists", file=sys.stderr)
        else:
            code = _command(request.argv)
    except BaseException:  # noqa: BLE001 - whatever happened, the command's process must hear back
        code = 2
        if adopted:
            traceback.print_exc()
        else:  # the command's process runs it itself (it heard no pid); the log says why
            note(log, f"{os.getpid()} could not serve: {traceback.format_exc(limit=3)!r}")
    finally:
        note(log, f"{os.getpid()} {request.argv[:1]} exit {code} in {time.monotonic() - started:.2f} s, "
                  f"cpu {_cpu_seconds():.2f} s")
        _flush_streams()
        try:
            wire.send(conn, {"exit": code})
        except (OSError, wire.WireError):
            pass
        os._exit(code)


KEPT_CACHES = frozenset({
    # What the identity covers (server.refusal checks every request against it): cardforge's
    # code and data, the installed distributions, the fonts fontconfig finds.
    "cardforge.build.build_fingerprint.code_digest",
    "cardforge.loading.parse_cache._parser_digest",
    "cardforge.boundary.resources.data_dir",
    "cardforge.model.card_sizes.presets",
    "cardforge.model.language_text.catalog",
    "cardforge.render.templating.sandbox_checks._signature",
    "cardforge.render.layout.text_overflow._line_box",
    "cardforge.render.pdf.hb_subset._libraries",
    "cardforge.render.cache.face_cache.fonts_fingerprint",
    "cardforge.render.layout.installed_fonts.font_installed",
    "cardforge.render.layout.font_coverage._charset",
    # Not a pack's sources (cf020's names): an editable install's files are not in its RECORD.
    # Functions of their arguments' values alone, which read nothing else: dice odds, costs
    # and text parsed, CSS folded.
    "cardforge.dice._counts.moves",
    "cardforge.dice._counts.distribution",
    "cardforge.dice._counts.sum_distribution",
    "cardforge.dice._counts.rolls",
    "cardforge.dice._solve._steps",
    "cardforge.dice.odds._sat",
    "cardforge.dice.odds._numerator",
    "cardforge.dice.odds._least_spend",
    "cardforge.games.dice_girls.dg_odds.rolls",
    "cardforge.games.dice_girls.dg_odds.pips",
    "cardforge.lint.card_costs._parse_text",
    "cardforge.lint.game_design_rules.cf016_supply_limit._fewest_dice",
    "cardforge.booklet.rules_markdown._tokens",
    "cardforge.i18n.translation_checks._differences",
    "cardforge.render.templating.css_constants._folded",
    "cardforge.render.cache.face_cache._local_file",
})
"""Caches a child keeps from the resident process, whose entries only the warm-up made (a
child's own end with it): those of inputs the process's identity covers, and those of
values alone. Every other cache is cleared (:func:`forget_caches`): a new one is, until it
is listed here."""


def forget_caches() -> None:
    """Clear every ``functools`` cache of cardforge's modules but :data:`KEPT_CACHES`: the
    warm-up filled them (icon sets, schemas, templates, profiles, found by path), and a file
    edited since must be read again, as a fresh process would."""
    import functools

    wrapper = functools._lru_cache_wrapper  # noqa: SLF001 - the type of every functools cache
    kept = {id(vars(sys.modules[module]).get(attribute)) for module, attribute in
            (name.rsplit(".", 1) for name in KEPT_CACHES) if module in sys.modules}
    for name, module in list(sys.modules.items()):
        if not (name == "cardforge" or name.startswith("cardforge.")):
            continue
        for value in list(vars(module).values()):  # a cache imported elsewhere is the same object
            if isinstance(value, wrapper) and id(value) not in kept:
                value.cache_clear()


def _limit(value: int) -> float:
    import resource

    return float("inf") if value == resource.RLIM_INFINITY or value < 0 else float(value)


MEMORY_LIMITS = frozenset({"RLIMIT_AS", "RLIMIT_DATA"})
"""Limits a served command is refused under when finite: a child of the warm process starts
with its memory, so the same limit would stop it sooner than a fresh process."""


def rlimits_refusal(rlimits: dict[str, list[int]]) -> str | None:
    """Why ``rlimits`` (``RLIMIT_*`` → [soft, hard]) cannot all be applied in a child of this
    process (a limit above this process's hard limit, which only root may raise, or unknown
    here), or None."""
    import resource

    for name, (soft, hard) in rlimits.items():
        which = getattr(resource, name, None)
        if not isinstance(which, int):
            return f"{name} unknown here"
        try:
            _, own_hard = resource.getrlimit(which)
        except (OSError, ValueError):
            return f"{name} unreadable"
        if _limit(hard) > _limit(own_hard) or _limit(soft) > _limit(hard):
            return f"{name} above this process's"
        if name in MEMORY_LIMITS and _limit(soft) != float("inf"):
            return f"{name} set"
    return None


def apply_rlimits(rlimits: dict[str, list[int]]) -> None:
    """Set every resource limit of ``rlimits`` (the command's, :func:`rlimits_refusal`
    having said they can be), so the command runs under the limits it was started with
    (``ulimit -f`` on what it writes, ``-t`` on CPU time …). Raises OSError or ValueError
    when one cannot be set."""
    import resource

    for name, (soft, hard) in sorted(rlimits.items()):
        resource.setrlimit(getattr(resource, name), (soft, hard))


MAX_LOG_BYTES = 1 << 20
"""Size past which the log is started again."""


def note(log: Path, line: str) -> None:
    """Append ``line`` with the time to ``log`` (one line per command served: pid, command,
    exit status, seconds, CPU seconds), starting it again past :data:`MAX_LOG_BYTES`; a log that cannot
    be written is skipped."""
    try:
        mode = "w" if log.exists() and log.stat().st_size > MAX_LOG_BYTES else "a"
        with open(log, mode, encoding="utf-8") as stream:
            stream.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {line}\n")
    except OSError:
        pass


def _cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and the children it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _command(argv: list[str]) -> int:
    """The command's exit status, run as the ``cardforge`` entry point runs it."""
    from cardforge import cli

    return cli.status(argv)


def _flush_streams() -> None:
    """Flush stdout and stderr as far as they can be (a closed pipe or stream, or none, is
    passed over): the child ends with ``os._exit``, which flushes nothing."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass


def _adopt_streams(fds: list[int], env: dict[str, str]) -> None:
    """Make ``fds`` this process's descriptors 0, 1 and 2, and ``sys.stdin``, ``sys.stdout``
    and ``sys.stderr`` text streams on them with the encodings and error handlers Python gave
    the resident process (started with the same environment: its identity says so),
    line-buffered on a terminal as Python's are (unbuffered under ``PYTHONUNBUFFERED``)."""
    for target, fd in zip((0, 1, 2), fds, strict=True):
        if fd != target:
            os.dup2(fd, target)
            os.close(fd)
    line_buffered = "PYTHONUNBUFFERED" not in env
    encoding, errors = _codec(sys.__stdin__)
    sys.stdin = io.TextIOWrapper(open(0, "rb", closefd=False), encoding=encoding, errors=errors)
    for name, fd, like in (("stdout", 1, sys.__stdout__), ("stderr", 2, sys.__stderr__)):
        encoding, errors = _codec(like)
        stream = io.TextIOWrapper(open(fd, "wb", closefd=False), encoding=encoding, errors=errors,
                                  line_buffering=line_buffered and (os.isatty(fd) or name == "stderr"),
                                  write_through=name == "stderr" or not line_buffered)
        setattr(sys, name, stream)


def _codec(stream: io.TextIOBase | None) -> tuple[str, str]:
    """The encoding and error handler of one of the resident process's standard streams."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    errors = getattr(stream, "errors", None) or "strict"
    return encoding, errors
