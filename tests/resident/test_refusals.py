"""What the resident process refuses, and what its child applies, so that a served command
answers as a fresh one would (issue 33's findings, one test each)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardforge.lint.data_shape_rules import cf009_icon_token
from cardforge.render.cache import content_cache, face_cache  # noqa: F401 - content_cache imports it too
from cardforge.resident import resident_child as child
from cardforge.resident import resident_client as client
from cardforge.resident import resident_place as place
from cardforge.resident import resident_server as server
from cardforge.resident import resident_wire as wire
from tests.resident.test_server import resident_env, served, start, wait_for
from tests.workspace_games.conftest import GAME, make_workspace

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the resident process runs on Linux only")


@pytest.fixture
def resident(runtime_dir: Path) -> Iterator[Path]:
    env = resident_env(runtime_dir)
    path = place.socket_path(env)
    assert path is not None
    process = start(path, env)
    yield path
    process.terminate()
    process.wait(timeout=30)


def _log(path: Path) -> str:
    return server.log_path(path).read_text(encoding="utf-8")


def test_a_command_but_build_or_lint_is_refused(resident: Path) -> None:
    assert served(resident, ["games"]) is None  # the command then runs in its own process
    assert wait_for(lambda: "refused ['games']: not build or lint" in _log(resident))


def test_a_request_from_another_environment_is_refused(resident: Path) -> None:
    """The finding: the server ran any command with any environment. A request whose
    environment does not hash to the process's identity runs fresh instead."""
    other = {**resident_env(resident.parent.parent), "CARDFORGE_SOME_SETTING": "1"}
    assert served(resident, ["lint", "--help"], env=other) is None
    assert wait_for(lambda: "refused ['lint']: another identity" in _log(resident))


def test_a_peer_in_another_namespace_is_not_served() -> None:
    assert wire.same_namespaces(os.getpid())
    assert not wire.same_namespaces(2 ** 22 + 12345)  # no such process: not provably the same


def test_limits_the_child_cannot_apply_are_refused() -> None:
    assert child.rlimits_refusal(client.rlimits()) is None
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    assert child.rlimits_refusal({"RLIMIT_AS": [1 << 30, hard]}) == "RLIMIT_AS set"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert child.rlimits_refusal({"RLIMIT_NOFILE": [soft, hard + 1]}) == "RLIMIT_NOFILE above this process's"
    assert child.rlimits_refusal({"RLIMIT_NOSUCH": [1, 1]}) == "RLIMIT_NOSUCH unknown here"


def test_a_served_build_keeps_the_callers_file_size_limit(resident: Path, tmp_path: Path) -> None:
    """The finding: a served build wrote past ``ulimit -f``. Under a 4 KiB limit the served
    build fails as the fresh one does, and writes no sheet past the limit."""
    answers = []
    limit = 4 * 1024
    for mode in ("fresh", "served"):
        workspace = tmp_path / mode
        make_workspace(workspace, "ok_monsters.yaml", "ok_wares.yaml")
        argv = ["build", GAME, "--product", "cards", "--paper", "a4", "--quiet", "-w", str(workspace)]
        env = resident_env(resident.parent.parent, CARDFORGE_RESIDENT="0" if mode == "fresh" else "1")

        def limited() -> None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        before = _log(resident).count(" exit ")
        done = subprocess.run([sys.executable, "-m", "cardforge", *argv], env=env, cwd=tmp_path,
                              preexec_fn=limited, capture_output=True, text=True, timeout=300, check=False)
        if mode == "served":
            assert _log(resident).count(" exit ") == before + 1, "the build was not served"
        sheets = list((workspace / "out").rglob("*.pdf")) if (workspace / "out").exists() else []
        assert all(p.stat().st_size <= limit for p in sheets)
        answers.append(done.returncode)
    assert answers[0] != 0 and answers[1] == answers[0]


def test_the_child_forgets_what_the_warm_up_cached_by_path(tmp_path: Path) -> None:
    """The finding: icon sets cached at warm-up by path were reused after an icon was
    deleted. A child clears every cardforge cache but the code and font digests."""
    cf009_icon_token._icons(tmp_path, "none", None, None)  # noqa: SLF001
    assert cf009_icon_token._icons.cache_info().currsize > 0  # noqa: SLF001
    face_cache.fonts_fingerprint()  # covered by the identity: kept, under any name it is imported as
    child.forget_caches()
    assert cf009_icon_token._icons.cache_info().currsize == 0  # noqa: SLF001
    assert face_cache.fonts_fingerprint.cache_info().currsize == 1
