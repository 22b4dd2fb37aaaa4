"""Whether a command may be served by a resident process, and where that process listens."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardforge.resident import resident_place as place

ON = {"CARDFORGE_RESIDENT": "1"}


@pytest.mark.parametrize("argv", [["build"], ["lint", "cards/x"], ["build", "--force", "dg"]])
def test_build_and_lint_may_be_served(argv: list[str]) -> None:
    assert place.wanted(argv, ON)


@pytest.mark.parametrize("argv", [[], ["preview"], ["new", "x"], ["--version"], ["stats"], ["lintx"]])
def test_other_commands_run_in_their_own_process(argv: list[str]) -> None:
    assert not place.wanted(argv, ON)


@pytest.mark.parametrize("environ", [{"CARDFORGE_RESIDENT": "0"}, {"CARDFORGE_RESIDENT": "off"},
                                     {"CARDFORGE_RESIDENT": " False "}, {"CI": "true"},
                                     {"CI": "1", "CARDFORGE_RESIDENT": "1"}])
def test_the_variable_or_a_ci_job_turns_it_off(environ: dict[str, str]) -> None:
    assert not place.wanted(["build"], environ)


def test_the_folder_is_private_and_made_in_the_runtime_dir(tmp_path: Path) -> None:
    folder = place.folder({"XDG_RUNTIME_DIR": str(tmp_path)})
    assert folder == tmp_path / "cardforge"
    assert folder.stat().st_mode & 0o777 == 0o700


def test_a_folder_others_may_enter_is_refused(tmp_path: Path) -> None:
    (tmp_path / "cardforge").mkdir(mode=0o755)
    os.chmod(tmp_path / "cardforge", 0o755)
    assert place.folder({"XDG_RUNTIME_DIR": str(tmp_path)}) is None
    assert place.socket_path({"XDG_RUNTIME_DIR": str(tmp_path)}) is None


def test_a_symlinked_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir(mode=0o700)
    (tmp_path / "cardforge").symlink_to(tmp_path / "real")
    assert place.folder({"XDG_RUNTIME_DIR": str(tmp_path)}) is None


def test_a_relative_runtime_dir_is_not_used(tmp_path: Path) -> None:
    assert place.folder({"XDG_RUNTIME_DIR": "run", "TMPDIR": str(tmp_path)}) == \
        tmp_path / f"cardforge-{os.getuid()}"


def test_the_temporary_folder_is_the_one_tempfile_would_choose(tmp_path: Path) -> None:
    import tempfile

    assert place._temp_dir({"TMPDIR": str(tmp_path)}) == str(tmp_path)  # noqa: SLF001
    assert place._temp_dir({"TMPDIR": str(tmp_path / "missing")}) == "/tmp"  # noqa: SLF001
    assert place._temp_dir(dict(os.environ)) == tempfile.gettempdir()  # noqa: SLF001


def test_the_identity_follows_the_environment_but_not_the_shell_s_folder() -> None:
    base = {"PATH": "/usr/bin", "LANG": "C.UTF-8", "PWD": "/a"}
    same = place.identity({**base, "PWD": "/b", "OLDPWD": "/a", "SHLVL": "3"})
    assert place.identity(base) == same
    assert place.identity({**base, "LANG": "ja_JP.UTF-8"}) != same
    assert place.identity({**base, "FONTCONFIG_FILE": "/x/fonts.conf"}) != same
    assert len(same) == 32 and int(same, 16) >= 0


def test_the_socket_is_named_by_the_identity(runtime_dir: Path) -> None:
    environ = {"XDG_RUNTIME_DIR": str(runtime_dir), "LANG": "C.UTF-8"}
    path = place.socket_path(environ)
    assert path == runtime_dir / "cardforge" / f"{place.identity(environ)}.sock"


def test_a_path_too_long_for_a_socket_is_not_used(tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 90)
    deep.mkdir()
    assert place.socket_path({"XDG_RUNTIME_DIR": str(deep)}) is None
