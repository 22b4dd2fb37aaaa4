"""``cardforge build`` reports text overflow (TR105) from the layout it already did: a
planted card name too long for its plate is warned about at its YAML line, with the faces
laid out once (no second layout), again when the game is up to date, configured as lint
configures it, and ``--strict`` fails the build after writing the files."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardforge.cli import main
from cardforge.lint.player_text_rules import tr105_text_overflow
from cardforge.render import card_render as cards
from cardforge.render.layout.text_overflow import sidecar
from tests.lint.planting import line_of, new_game, plant

BUILD = ("build", "--product", "cards", "--paper", "a4", "--lang", "en", "-j", "1")
SHEET = Path("out") / "goblin-market" / "goblin-market-cards-en-a4.pdf"
LONG_NAME = " ".join(["Cave Rat Of The Deepest Darkest Tunnels"] * 6)
UP_TO_DATE = "1 game(s) up to date"


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A `cardforge new` workspace whose first monster's English name is far too long for
    its name plate (the French one fits); returns the workspace."""
    folder = new_game(tmp_path)
    plant(folder / "monsters.yaml", "name: {en: Cave Rat,", f"name: {{en: {LONG_NAME},")
    return folder.parents[1]


@pytest.fixture
def layouts(monkeypatch) -> list:
    """Every face layout call of the build (its ``LaidOut``: the files, how many were laid
    out); measuring for TR105 by laying out again (as ``lint --layout`` does) fails."""
    calls: list = []
    real = cards.lay_out_faces

    def counted(*args, **kwargs):
        calls.append(real(*args, **kwargs))
        return calls[-1]

    def no_lint_layout(*args, **kwargs):
        raise AssertionError("the build laid faces out again to measure them")

    monkeypatch.setattr(cards, "lay_out_faces", counted)
    monkeypatch.setattr(tr105_text_overflow, "face_overflows", no_lint_layout)
    return calls


def build(workspace: Path, *extra: str) -> Result:
    """``cardforge build`` (cards, A4, English, one job) of ``workspace``, in this process."""
    return CliRunner().invoke(main, [*BUILD, *extra, "-w", str(workspace)])


def field_line(workspace: Path) -> str:
    """``path:line:col: TR105`` of the planted name, as the text report prints it."""
    monsters = workspace / "cards" / "goblin-market" / "monsters.yaml"
    line = line_of(monsters, LONG_NAME)
    col = monsters.read_text(encoding="utf-8").splitlines()[line - 1].index(LONG_NAME) + 1
    return f"cards/goblin-market/monsters.yaml:{line}:{col}: TR105 card cave-rat: name (en) overflows"


def test_a_planted_overflow_is_warned_at_its_line_from_the_one_layout(planted, layouts):
    result = build(planted)
    assert result.exit_code == 0, result.output
    assert field_line(planted) in result.stderr
    assert "[warning]" in result.stderr and str(SHEET) in result.stdout
    assert result.stderr.count("TR105") == 1  # the French name fits, and was not built
    laid_out = sum(call.laid_out for call in layouts)
    distinct = {file for call in layouts for file in call.files}
    assert laid_out == len(distinct) > 1  # every face once: none laid out again to measure it
    assert all(sidecar(face).is_file() for face in distinct)


def test_the_same_warning_as_lint_layout(planted):
    built = build(planted)
    linted = CliRunner().invoke(main, ["lint", "--layout", "-j", "1", "-w", str(planted)])
    [warning] = [line for line in built.stderr.splitlines() if "TR105" in line]
    assert warning in linted.output.splitlines()


def test_strict_fails_after_writing_and_says_why(planted):
    result = build(planted, "--strict")
    assert result.exit_code == 1, result.output
    assert field_line(planted) in result.stderr
    assert "--strict: 1 warning(s) fail the build" in result.stderr
    assert (planted / SHEET).is_file() and str(SHEET) in result.stdout
    assert "--strict" in CliRunner().invoke(main, ["build", "--help"]).output


def test_an_up_to_date_build_still_warns_and_strict_still_fails(planted, layouts):
    assert build(planted).exit_code == 0
    layouts.clear()
    again = build(planted)
    assert again.exit_code == 0 and UP_TO_DATE in again.stderr
    assert field_line(planted) in again.stderr
    assert layouts == []  # nothing laid out, nothing measured: the last build's warning
    strict = build(planted, "--strict")  # --strict does not change what is built
    assert strict.exit_code == 1 and UP_TO_DATE in strict.stderr
    assert field_line(planted) in strict.stderr


def test_a_rebuild_from_the_face_cache_reads_the_stored_measurements(planted, layouts):
    build(planted)
    layouts.clear()
    forced = build(planted, "--force")
    assert forced.exit_code == 0 and UP_TO_DATE not in forced.stderr
    assert sum(call.laid_out for call in layouts) == 0 and layouts  # every face a cache hit
    assert field_line(planted) in forced.stderr


def test_lint_ignore_on_the_card_silences_it(planted):
    plant(planted / "cards" / "goblin-market" / "monsters.yaml", "  - id: cave-rat\n",
          "  - id: cave-rat\n    lint-ignore: [TR105]\n")
    result = build(planted, "--strict")
    assert result.exit_code == 0, result.output
    assert "TR105" not in result.output


@pytest.mark.parametrize(("setting", "code", "shown"), [
    ('ignore = ["TR105"]\n', 0, None),
    ('[severity]\nTR105 = "error"\n', 1, "[error]"),
])
def test_the_lint_configuration_applies(planted, setting, code, shown):
    (planted / "cardforge.toml").write_text(setting, encoding="utf-8")
    result = build(planted)
    assert result.exit_code == code, result.output
    assert (planted / SHEET).is_file()
    if shown is None:
        assert "TR105" not in result.output
    else:
        assert field_line(planted) in result.stderr and shown in result.stderr
        assert "1 problem(s) configured as errors fail the build" in result.stderr


def test_unreadable_measurements_are_a_note_and_measured_again_next_time(planted, layouts):
    build(planted)
    faces = {file for call in layouts for file in call.files}
    for face in faces:
        sidecar(face).write_text("{not json", encoding="utf-8")
    kept = list(planted.glob(".cardforge-cache/books/*.overflow-v*.json"))
    assert kept  # what the first build read is kept with its face book ...
    for book in kept:
        book.write_text("{not json", encoding="utf-8")  # ... and is damaged too
    layouts.clear()
    damaged = build(planted, "--force")
    assert damaged.exit_code == 0, damaged.output
    assert "Traceback" not in damaged.output and ": TR105 " not in damaged.stderr
    assert f"not checked on {len(faces)} face(s)" in damaged.stderr
    assert not any(sidecar(face).exists() for face in faces)  # removed from the face cache
    again = build(planted, "--force")
    assert sum(call.laid_out for call in layouts) == len(faces)  # laid out and measured again
    assert field_line(planted) in again.stderr


def test_measurements_kept_with_the_face_book_spare_reading_each_face(planted, monkeypatch):
    from cardforge.render.layout import text_overflow as overflow

    build(planted)
    read: list[Path] = []
    real = overflow.load
    monkeypatch.setattr(overflow, "load", lambda path, key: read.append(path) or real(path, key))
    again = build(planted, "--force")
    assert read == []  # every face's measurements came from the one file kept with its book
    assert field_line(planted) in again.stderr


def test_after_an_edit_only_the_new_face_is_read_and_stored_again(planted, monkeypatch):
    """The kept file is written again with the edited face's measurements; every other
    face's entry is written back as it was read (checked), not made again."""
    import json

    from cardforge.render.cache import book_overflow
    from cardforge.render.layout import text_overflow as overflow

    build(planted)
    plant(planted / "cards" / "goblin-market" / "monsters.yaml", "{en: Bat Swarm,", "{en: Bat Cloud,")
    read: list[Path] = []
    made: list[int] = []
    load, stored = overflow.load, book_overflow.stored
    monkeypatch.setattr(overflow, "load", lambda path, key: read.append(path) or load(path, key))
    monkeypatch.setattr(book_overflow, "stored", lambda measures: made.append(1) or stored(measures))
    edited = build(planted)
    assert edited.exit_code == 0, edited.output
    assert len(read) == 1 and len(made) == 1  # the edited face's sidecar, and it alone
    assert field_line(planted) in edited.stderr
    [kept] = planted.glob(".cardforge-cache/books/*.overflow-v*.json")
    entries = json.loads(kept.read_text(encoding="utf-8"))
    assert read[0].name.split(".")[0] in json.dumps(entries)  # the new face is kept too
