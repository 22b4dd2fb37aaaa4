"""The resident process serves ``build`` and ``lint``: each command runs in a child forked
from it, in the command's folder, with its terminal, and hands back its exit status."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pikepdf
import pytest

from cardforge.resident import resident_client as client
from cardforge.resident import resident_place as place
from cardforge.resident import resident_server as server
from cardforge.resident import resident_wire as wire

CARDFORGE = Path(sys.executable).with_name("cardforge")
GAME = "goblin-market"


def wait_for(check, timeout: float = 60.0) -> bool:
    """Poll ``check()`` until true or ``timeout`` seconds passed; its last value."""
    end = time.monotonic() + timeout
    while not check() and time.monotonic() < end:
        time.sleep(0.05)
    return bool(check())


def resident_env(runtime_dir: Path, **extra: str) -> dict[str, str]:
    """This process's environment with the resident process on, in ``runtime_dir``."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_CURRENT_TEST")}
    return {**env, "XDG_RUNTIME_DIR": str(runtime_dir), "CARDFORGE_RESIDENT": "1", **extra}


def start(path: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Start a resident process on ``path`` and wait until it listens."""
    process = subprocess.Popen([sys.executable, "-m", "cardforge.resident.resident_server", str(path)],
        env=env,
                               cwd="/", stdin=subprocess.DEVNULL, start_new_session=True)
    assert wait_for(path.is_socket), "the resident process never listened"
    return process


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    """A workspace made by ``cardforge new goblin-market``."""
    root = tmp_path_factory.mktemp("resident") / "ws"
    root.mkdir()
    subprocess.run([str(CARDFORGE), "new", GAME], cwd=root, check=True, capture_output=True, timeout=120)
    return root


@pytest.fixture
def resident(runtime_dir: Path) -> Iterator[Path]:
    """The socket of a running resident process (ended after the test)."""
    env = resident_env(runtime_dir)
    path = place.socket_path(env)
    assert path is not None
    process = start(path, env)
    yield path
    process.terminate()
    process.wait(timeout=30)


def served(path: Path, argv: list[str], env: dict[str, str] | None = None) -> int | None:
    """Hand ``argv`` to the resident process on ``path`` from this process, as the command
    does, with the environment ``env`` (default: the one the process was started with; the
    process refuses a command from another environment)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(path))
    handlers = {signum: signal.getsignal(signum) for signum in client.FORWARDED}
    saved, wanted = dict(os.environ), env if env is not None else resident_env(path.parent.parent)
    os.environ.clear()
    os.environ.update(wanted)
    try:
        return client.Connection(sock, argv).serve()
    finally:
        os.environ.clear()
        os.environ.update(saved)
        for signum, handler in handlers.items():
            signal.signal(signum, handler)


def test_a_command_runs_in_its_folder_with_its_output_and_status(
        resident: Path, workspace: Path, tmp_path: Path, capfd: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "ws"
    subprocess.run(["cp", "-a", str(workspace), str(copy)], check=True)
    monkeypatch.chdir(copy)
    assert served(resident, ["lint"]) == 0
    cards = copy / "cards" / GAME / "monsters.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(text.replace("attack: 1", "attack: many", 1), encoding="utf-8")
    assert served(resident, ["lint"]) == 1
    told = capfd.readouterr()
    assert f"cards/{GAME}/monsters.yaml:12:" in told.out  # relative to the command's folder
    assert "1 error(s)" in told.err
    log = server.log_path(resident).read_text(encoding="utf-8").splitlines()
    assert [line.split(" ", 2)[2].rsplit(" in ", 1)[0] for line in log if "['lint']" in line] == \
        ["['lint'] exit 0", "['lint'] exit 1"]
    assert "resident process listening" in log[0]


def test_a_served_build_writes_the_sheets(resident: Path, workspace: Path, tmp_path: Path,
                                          capfd: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "ws"
    subprocess.run(["cp", "-a", str(workspace), str(copy)], check=True)
    argv = ["build", GAME, "--product", "cards", "--lang", "en", "--paper", "a4", "--quiet", "-w", str(copy)]
    assert served(resident, argv) == 0
    sheet = copy / "out" / GAME / f"{GAME}-cards-en-a4.pdf"
    assert str(sheet.relative_to(copy)) in capfd.readouterr().out
    with pikepdf.open(sheet) as pdf:
        assert len(pdf.pages) >= 2  # fronts, then their backs
        assert [round(float(v) / 72 * 25.4) for v in list(pdf.pages[0].mediabox)[2:]] == [210, 297]


def test_a_usage_error_keeps_its_status(resident: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert served(resident, ["build", "--paper", "a9"]) == 2
    assert "Invalid value for '--paper'" in capfd.readouterr().err


def test_another_user_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(server.wire, "peer_uid", lambda conn: os.getuid() + 1)
    forks: list[int] = []
    monkeypatch.setattr(server.os, "fork", lambda: forks.append(1) or 0)
    left, right = socket.socketpair()
    assert server._handle(right, [], tmp_path / "log", tmp_path / "s.sock") is None  # noqa: SLF001
    assert forks == []


def test_a_server_of_another_user_is_never_spoken_to(resident: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(resident.parents[1]))
    monkeypatch.setattr(client.place, "socket_path", lambda environ: resident)
    monkeypatch.setattr(client.place, "wanted", lambda argv, environ: True)
    assert client.connect(["lint"]) is not None
    monkeypatch.setattr(client.wire, "peer_uid", lambda sock: os.getuid() + 1)
    assert client.connect(["lint"]) is None


def test_a_command_not_taken_runs_here_with_the_usual_signal_handlers() -> None:
    before = signal.getsignal(signal.SIGINT)
    left, right = socket.socketpair()
    right.close()  # the resident process went away before starting the command
    assert client.Connection(left, ["lint"]).serve() is None
    assert signal.getsignal(signal.SIGINT) is before


def test_a_command_whose_process_is_killed_is_stopped(resident: Path, workspace: Path,
                                                      tmp_path: Path) -> None:
    copy = tmp_path / "ws"
    subprocess.run(["cp", "-a", str(workspace), str(copy)], check=True)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(resident))
    request = wire.Request(argv=["build", "--force", "--quiet", "-w", str(copy)], cwd="/",
                           env=resident_env(resident.parent.parent), umask=0o022)
    with open(os.devnull, "r+b") as null:
        wire.send(sock, request.as_message(), [null.fileno()] * 3)
    child = wire.Reader(sock).next()["pid"]
    assert isinstance(child, int)
    os.killpg(child, 0)  # running
    sock.close()  # as when the command's process is killed
    assert wait_for(lambda: not _group_alive(child), timeout=2.5)  # a cold build takes seconds more
    assert not (copy / "out").exists() or not any((copy / "out").rglob("*.pdf.tmp*"))


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_second_process_for_the_same_socket_exits_at_once(resident: Path) -> None:
    second = subprocess.run([sys.executable, "-m", "cardforge.resident.resident_server", str(resident)],
                            cwd="/", timeout=60, check=False)
    assert second.returncode == 0
    assert resident.is_socket()  # the first still listens


def test_an_idle_process_exits_and_removes_its_socket(runtime_dir: Path) -> None:
    env = resident_env(runtime_dir, CARDFORGE_RESIDENT_IDLE_S="1")
    path = place.socket_path(env)
    process = start(path, env)
    assert process.wait(timeout=60) == 0
    assert not path.exists()


def test_signals_reach_the_child_s_process_group() -> None:
    handlers = {signum: signal.getsignal(signum) for signum in client.FORWARDED}
    sleeper = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        forwarder = client._Forwarder()  # noqa: SLF001
        os.kill(os.getpid(), signal.SIGTERM)  # caught before the child is known: kept
        assert sleeper.poll() is None
        forwarder.reached(sleeper.pid)
        assert sleeper.wait(timeout=10) == -signal.SIGTERM
        assert forwarder.seen == [signal.SIGTERM]
    finally:
        sleeper.kill()
        for signum, handler in handlers.items():
            signal.signal(signum, handler)


def test_the_first_command_starts_one_and_the_next_is_served(runtime_dir: Path, workspace: Path) -> None:
    env = resident_env(runtime_dir, CARDFORGE_RESIDENT_IDLE_S="5")
    path = place.socket_path(env)
    log = server.log_path(path)
    first = subprocess.run([str(CARDFORGE), "lint"], cwd=workspace, env=env, capture_output=True,
                           text=True, timeout=120, check=False)
    assert first.returncode == 0, first.stderr
    assert wait_for(path.is_socket), "the first command started no resident process"
    assert "['lint']" not in log.read_text(encoding="utf-8")  # the first ran in its own process
    second = subprocess.run([str(CARDFORGE), "lint"], cwd=workspace, env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert (second.returncode, second.stdout, second.stderr) == (0, first.stdout, first.stderr)
    assert "['lint'] exit 0" in log.read_text(encoding="utf-8")


def test_a_ci_job_starts_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDFORGE_RESIDENT", "1")
    monkeypatch.setenv("CI", "true")
    assert client.starter(["build"]) is None
    assert client.connect(["build"]) is None
    monkeypatch.delenv("CI")
    assert client.starter(["build"]) is client.start_server
    assert client.starter(["new", "x"]) is None


def test_the_warm_process_has_one_thread_to_fork_and_the_samples_compiled_and_linted() -> None:
    script = ("import os\nfrom cardforge.resident.resident_server import warm\nwarm()\n"
              "from cardforge.render.templating.template_env import _COMPILED\n"
              "from cardforge.dice.odds import _numerator\n"
              "print(len(os.listdir('/proc/self/task')), len(_COMPILED._codes),"
              " _numerator.cache_info().currsize)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd="/", capture_output=True, text=True,
                          timeout=180, check=True)
    threads, compiled, odds = map(int, done.stdout.split())
    assert threads == 1, done.stderr
    assert compiled >= 5  # at least a front template of each built-in game's samples
    assert odds > 0  # the samples' costs were linted against their dice (CF015's odds kept)
