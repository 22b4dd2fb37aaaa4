"""cardforge's changes to WeasyPrint turn themselves off, with one line, on a version whose
self-test layout they change, and stay on where it comes out the same."""

from __future__ import annotations

import pytest

from cardforge.render.layout import weasyprint_changes as layout_setup
from cardforge.render.layout.weasyprint_changes import glyph_advances, style_sharing, svg_forms


def _forms_installed() -> bool:
    return bool(svg_forms._original)


@pytest.fixture
def unknown_version(monkeypatch):
    """This WeasyPrint and tinyhtml5 taken for versions the changes were not written for;
    afterwards the changes installed again, as every layout in cardforge has them."""
    monkeypatch.setattr(layout_setup, "WRITTEN_FOR", (("0.0", "0.0"),))
    layout_setup._uninstall()
    layout_setup._verdict.clear()
    yield
    monkeypatch.undo()
    layout_setup._uninstall()
    layout_setup._verdict.clear()
    layout_setup.prepare()


def test_the_versions_the_changes_were_written_for_install_them_without_a_self_test(monkeypatch):
    monkeypatch.setattr(layout_setup, "WRITTEN_FOR", (layout_setup.installed_versions(),))
    monkeypatch.setattr(layout_setup, "self_test", lambda: pytest.fail("no self-test expected"))
    layout_setup._verdict.clear()
    layout_setup.prepare()
    assert layout_setup._verdict == {"on": True} and style_sharing._original and _forms_installed()


def test_another_tinyhtml5_under_the_same_weasyprint_runs_the_self_test(monkeypatch):
    """style_sharing and svg_forms read the element tree tinyhtml5 builds, so a tinyhtml5
    upgrade alone must not install them unchecked."""
    weasyprint_version, _ = layout_setup.installed_versions()
    monkeypatch.setattr(layout_setup, "WRITTEN_FOR", ((weasyprint_version, "0.0"),))
    tested = []
    monkeypatch.setattr(layout_setup, "self_test", lambda: tested.append(True))
    layout_setup._verdict.clear()
    try:
        layout_setup.prepare()
        assert tested == [True]
    finally:
        monkeypatch.undo()
        layout_setup._verdict.clear()
        layout_setup.prepare()


def test_on_another_version_the_changes_stay_on_when_the_test_page_is_the_same(unknown_version, capsys):
    layout_setup.prepare()
    assert layout_setup._verdict == {"on": True} and style_sharing._original and _forms_installed()
    assert capsys.readouterr().err == ""


def test_a_change_that_alters_the_test_page_turns_them_all_off_with_one_line(unknown_version, monkeypatch,
                                                                             capsys):
    """Stand-in for a WeasyPrint whose SVG drawing changed: the change's drawing now
    leaves the two inline SVGs of the test page blank, so the page differs."""
    monkeypatch.setattr(svg_forms, "_drawn_once", lambda draw: (lambda *args, **kwargs: None))
    layout_setup.prepare()
    import weasyprint

    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"WeasyPrint {weasyprint.__version__} with tinyhtml5 " in err
    assert "is not a version" in err and "they are off" in err and "(its pages differ)" in err
    assert layout_setup._verdict == {"on": False}
    assert not style_sharing._original and not _forms_installed()
    layout_setup.prepare()  # later calls: nothing installed, nothing printed again
    assert not style_sharing._original and capsys.readouterr().err == ""


def test_a_change_that_crashes_on_the_test_page_turns_them_off(unknown_version, monkeypatch, capsys):
    """68.0's case: the guard saw the names it expected, then every face crashed."""
    def crash(*args, **kwargs):
        raise TypeError("set_computed_styles() takes 4 positional arguments")

    monkeypatch.setattr(style_sharing, "_set_computed_styles", crash)
    layout_setup.prepare()
    assert "TypeError: set_computed_styles()" in capsys.readouterr().err
    assert layout_setup._verdict == {"on": False} and not _forms_installed()


def test_a_width_change_that_no_longer_takes_effect_turns_them_off(unknown_version, monkeypatch, capsys):
    """Stand-in for a WeasyPrint that records widths somewhere else: glyph_advances' fonts
    keep WeasyPrint's own table, the pages come out the same, and its check sees the widths
    written depend on the size a document drew first."""
    monkeypatch.setattr(glyph_advances, "_init",
                        lambda font, *args, **kwargs: glyph_advances._original["init"](font, *args, **kwargs))
    layout_setup.prepare()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "(glyph widths depend on the size drawn first)" in err
    assert layout_setup._verdict == {"on": False} and not glyph_advances._original


@pytest.mark.parametrize("installed", ["69.0", "62.3", "71.0", "dev"])
def test_a_weasyprint_of_another_major_is_refused_in_one_line(installed):
    from cardforge.errors import CardforgeError
    from cardforge.render.layout.weasyprint_version import check_weasyprint

    with pytest.raises(CardforgeError) as caught:
        check_weasyprint(installed)
    assert caught.value.format_message().splitlines()[0] == (
        f"cardforge needs WeasyPrint >=70.0,<71 (installed: {installed})")
    check_weasyprint("70.0")
    check_weasyprint("70.2")


def test_a_build_with_weasyprint_one_major_older_says_which_version_it_needs(tmp_path):
    """The version is read from the package metadata (here made to say 69.0), before any
    of WeasyPrint's changed internals are imported: one line and a hint, exit 2."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "sitecustomize.py").write_text(
        "import importlib.metadata as m\n_real = m.version\n"
        "m.version = lambda name: '69.0' if name.lower() == 'weasyprint' else _real(name)\n",
        encoding="utf-8")
    ws = tmp_path / "ws"
    (ws / "cards").mkdir(parents=True)
    import shutil

    for game in ("dixe-on-card", "dice-tuners"):  # two games fail alike: said once
        shutil.copytree(Path(__file__).resolve().parents[2] / "cards" / game, ws / "cards" / game)
    env = dict(os.environ, PYTHONPATH=str(shim))
    done = subprocess.run([sys.executable, "-m", "cardforge", "build", "--product", "cards", "-w", str(ws)],
                          env=env, cwd=ws, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 2, done.stdout + done.stderr
    assert [line.lower() for line in done.stderr.splitlines()[:2]] == [
        "error: cardforge needs weasyprint >=70.0,<71 (installed: 69.0)",
        "  hint: pip install 'weasyprint>=70.0,<71'"]
    assert "Traceback" not in done.stderr and not (ws / "out").exists()
    assert done.stderr.lower().count("needs weasyprint") == 1 and "2 game(s) failed" in done.stderr
