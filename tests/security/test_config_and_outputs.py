"""Attacks through configuration, print profiles and output folders: each ends in a located
error (file:line:col), exit 2, no canary byte anywhere and no file outside out/ and the cache."""

from __future__ import annotations

import errno
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from cardforge.boundary import trust
from cardforge.cli import main
from cardforge.products.pdfx_product import PDF_VERSIONS
from cardforge.validation.schema_validate import schema
from cardforge.workspace.print_profiles import load_profile

from .conftest import CANARY, Attack, assert_contained


def _lint_with_config(attack: Attack, text: str | bytes) -> tuple[str, int]:
    path = attack.ws / "cardforge.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    before = attack.files_outside()
    run = attack.run("lint")
    assert_contained(attack, run, before)
    return run.output, run.code


@pytest.mark.parametrize(("key", "value"), [("out", "../elsewhere"), ("cache", "/tmp/cf-cache-attack"),
                                            ("cards", "..")])
def test_configured_folders_stay_inside_the_workspace(attack, key, value):
    (attack.ws / "cardforge.toml").write_text(f'paper = "a4"\n{key} = "{value}"\n')
    before = attack.files_outside()
    run = attack.run("build", "--product", "cards")
    assert run.code == 2
    assert "cardforge.toml:2:1: " in run.output and "is outside the workspace" in run.output
    assert "name the folder on the command line" in run.output
    assert_contained(attack, run, before)
    assert not Path("/tmp/cf-cache-attack").exists()


def test_the_command_line_may_send_output_elsewhere(attack, tmp_path):
    out = tmp_path / "elsewhere"
    run = attack.run("build", "--product", "cards", "--paper", "a4", "--lang", "en", "--out", str(out))
    assert run.code == 0, run.output
    assert (out / "dixe-on-card" / "dixe-on-card-cards-en-a4.pdf").is_file()


def test_a_config_linked_outside_is_refused_unread(attack):
    (attack.ws / "cardforge.toml").symlink_to(attack.canary)
    before = attack.files_outside()
    run = attack.run("lint")
    assert run.code == 2
    assert "cardforge.toml:1:1: cannot read the configuration: is outside the workspace" in run.output
    assert_contained(attack, run, before)


def test_a_pyproject_that_is_a_folder_is_refused(attack):
    (attack.ws / "pyproject.toml").mkdir()
    before = attack.files_outside()
    run = attack.run("lint")
    assert run.code == 2 and "pyproject.toml:1:1: cannot read the configuration: is a folder" in run.output
    assert_contained(attack, run, before)


@pytest.mark.parametrize(("text", "words"), [
    ('gutter = "wide"\n', "cardforge.toml:1:1: gutter: 'wide' is not of type 'number'"),
    ('paper = "a4"\n\nlayuot = "sheets"\n',
     "cardforge.toml:3:1: layuot: unknown key; did you mean 'layout'?"),
    ("a=" + "{b=" * 3000 + "1" + "}" * 3000 + "\n", "cardforge.toml:1:1: the configuration nests too deeply"),
    ("[" + ".".join(["t"] * 40) + "]\nx = 1\n", "nests more than 32 deep"),
    ('paper = "a4"\n'.encode("utf-16"), "is UTF-16 or UTF-32 text, not UTF-8"),
    (b'paper = "a4"\ngutter = "\xff"\n', "cardforge.toml:2:11: cannot read the configuration: is not UTF-8"),
    ('paper = "a4\n', "cardforge.toml:1:12: not valid TOML"),
])
def test_bad_configuration_is_located(attack, text, words):
    output, code = _lint_with_config(attack, text)
    assert code == 2
    assert words in output


def test_a_bom_in_the_configuration_is_accepted(attack):
    output, code = _lint_with_config(attack, b'\xef\xbb\xbfpaper = "a4"\n')
    assert code == 0, output


def _profile(attack: Attack, text: str) -> Path:
    folder = attack.ws / "profiles"
    folder.mkdir(exist_ok=True)
    path = folder / "shop.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("text", "words"), [
    ('output = "pdfx"\npdf_variant = "pdf/x-9"\n', "shop.toml:2:1: pdf_variant: 'pdf/x-9' is not one of"),
    ('output = "png"\ndpi = [300]\n', "shop.toml:2:1: dpi: [300] is not of type 'integer'"),
    ('output = "png"\npixels = ["wide", 1]\n', "shop.toml:2:1: pixels.0: 'wide' is not of type 'integer'"),
    ('output = "sheets"\n[severity]\nPF101 = 3\n', "shop.toml:3:1: severity.PF101: 3 is not one of"),
])
def test_a_bad_profile_is_located(attack, text, words):
    _profile(attack, text)
    before = attack.files_outside()
    run = attack.run("build", "--profile", "shop")
    assert run.code == 2 and words in run.output
    assert_contained(attack, run, before)


def test_a_profile_cannot_embed_a_file_from_outside_as_its_icc_profile(attack):
    _profile(attack, f'output = "pdfx"\npdf_variant = "pdf/x-1a"\ncolour = "cmyk"\ntransparency = false\n'
                     f'trim_mm = [63.5, 88.9]\nbleed_mm = 3\nicc_profile = ["{attack.canary}"]\n')
    before = attack.files_outside()
    run = attack.run("build", "--profile", "shop", "--lang", "en")
    assert run.code == 2
    assert "profile shop: ICC profile" in run.output and "is outside the workspace" in run.output
    assert_contained(attack, run, before)


def test_a_workspace_icc_profile_must_be_one(attack):
    (attack.ws / "fake.icc").write_text("not a profile")
    _profile(attack, 'output = "pdfx"\npdf_variant = "pdf/x-1a"\ncolour = "cmyk"\ntransparency = false\n'
                     'trim_mm = [63.5, 88.9]\nbleed_mm = 3\nicc_profile = ["fake.icc"]\n')
    run = attack.run("build", "--profile", "shop", "--lang", "en")
    assert run.code == 2 and "fake.icc is not an ICC profile" in run.output


def test_a_profile_linked_outside_is_refused(attack):
    (attack.ws / "profiles").mkdir()
    (attack.ws / "profiles" / "shop.toml").symlink_to(attack.canary)
    before = attack.files_outside()
    run = attack.run("build", "--profile", "shop")
    assert run.code == 2 and "shop.toml:1:1: cannot read the profile: is outside the workspace" in run.output
    assert_contained(attack, run, before)


def test_schema_pdf_variants_are_the_ones_cardforge_writes():
    assert schema("profile.schema.json")["properties"]["pdf_variant"]["enum"] == list(PDF_VERSIONS)


def test_shipped_profiles_load():
    from cardforge.boundary.resources import profiles_dir

    for path in profiles_dir().glob("*.toml"):
        assert load_profile(path).id == path.stem


def test_an_output_folder_behind_a_file_is_an_error(attack):
    (attack.ws / "blocker").write_text("a file")
    run = attack.run("build", "--out", "blocker/out")
    assert run.code == 2
    assert "cannot write the output folder" in run.output and "blocker is a file, not a folder" in run.output


def test_a_full_disk_is_reported_per_game_not_as_a_traceback(attack, monkeypatch):
    import cardforge.boundary.atomic as atomic

    def full(*_args, **_options):  # every write's temporary file, whichever module asked for it
        raise OSError(errno.ENOSPC, "No space left on device")

    # atomic's own name for tempfile, not write_atomically itself: a module imported while the
    # test runs would keep the patched function after it (and fail the next test in the process)
    monkeypatch.setattr(atomic, "tempfile", SimpleNamespace(mkstemp=full))
    result = CliRunner().invoke(main, ["build", "--product", "cards", "--paper", "a4", "--lang", "en",
                                       "-w", str(attack.ws)])
    assert result.exit_code == 2, result.output
    assert "No space left on device" in result.output
    assert "Traceback" not in result.output


def test_a_pdf_open_in_a_viewer_on_windows_is_named_with_a_hint_and_left_whole(attack, monkeypatch):
    """Windows refuses to replace a file another program has open (os.replace raises
    PermissionError, WinError 32): the build names that file, says to close the viewer, and
    leaves the old file whole with no temporary file beside it."""
    import os

    import cardforge.boundary.atomic as atomic

    args = ["build", "--product", "cards", "--paper", "a4", "--lang", "en", "-w", str(attack.ws)]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    [pdf] = sorted((attack.ws / "out").rglob("*-cards-en-a4.pdf"))
    before = pdf.read_bytes()
    replace = os.replace

    def viewer_has_it_open(src, dst):
        if os.fspath(dst) == os.fspath(pdf):
            raise PermissionError(13, "The process cannot access the file because it is being used "
                                      "by another process", os.fspath(src), None, os.fspath(dst))
        replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", viewer_has_it_open)
    result = CliRunner().invoke(main, args + ["--force"])
    assert result.exit_code == 2, result.output
    assert f"cannot write {pdf}: it is open in another program, or read-only" in result.output
    assert "hint: close the file in the program that has it open (a PDF viewer?)" in result.output
    assert "Traceback" not in result.output
    assert pdf.read_bytes() == before
    assert [p.name for p in pdf.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_write_error_names_the_file_not_the_handle(attack, monkeypatch):
    import os

    def full(fd):  # what a full disk does to the sync of a file a library wrote through its handle
        raise OSError(errno.ENOSPC, "No space left on device", os.fdopen(os.dup(fd), "wb"))

    monkeypatch.setattr(os, "fsync", full)
    result = CliRunner().invoke(main, ["build", "--product", "cards", "--paper", "a4", "--lang", "en",
                                       "-w", str(attack.ws)])
    assert result.exit_code == 2, result.output
    assert "BufferedWriter" not in result.output and ".tmp" not in result.output
    named = re.search(rf"{attack.game}: cannot write ({re.escape(str(attack.ws))}/\S+): No space left",
                      result.output)
    assert named, result.output
    assert not Path(named[1]).name.startswith(".")  # the file, not its temporary


def test_a_stray_exception_is_one_line_not_a_traceback(attack, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("something unexpected")

    monkeypatch.setattr("cardforge.commands.lint_command.collect", broken)
    result = CliRunner().invoke(main, ["lint", "-w", str(attack.ws)])
    assert result.exit_code == 2
    assert "internal error: RuntimeError: something unexpected" in result.output
    assert "CARDFORGE_DEBUG=1" in result.output


def test_reads_are_confined_while_a_command_runs(attack):
    with trust.confined(attack.ws):
        with pytest.raises(trust.Refused) as refused:
            trust.read_text(attack.canary, "yaml")
    assert "outside the workspace" in refused.value.reason
    assert CANARY not in str(refused.value)
