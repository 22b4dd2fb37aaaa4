"""cardforge.build.build_manifest and cardforge.boundary.read_log: what a build read, recorded and checked."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardforge.boundary import read_log, trust
from cardforge.build import build_manifest
from cardforge.build.build_manifest import GameRecord
from cardforge.problem import Location, Problem, Severity


def recorded(workspace: Path, *names: str) -> list[build_manifest.Stamp]:
    """Read ``names`` through trust while recording; the stamps the manifest would keep."""
    with read_log.recording() as log:
        for name in names:
            trust.read_bytes(workspace / name, "yaml")
    return build_manifest.input_stamps(log, workspace)


def record(workspace: Path, *names: str) -> GameRecord:
    out = workspace / "out" / "sheet.pdf"
    out.parent.mkdir(exist_ok=True)
    out.write_bytes(b"%PDF")
    return GameRecord(recorded(workspace, *names), build_manifest.output_stamps([out], workspace),
                      "listing", "environment")


def test_reads_are_recorded_relative_to_the_workspace_with_their_content_hash(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: 1\n")
    [stamp] = recorded(tmp_path, "a.yaml")
    assert (stamp.path, stamp.size, stamp.kind) == ("a.yaml", 5, "yaml")
    assert stamp.digest == read_log.digest_of(b"a: 1\n")


def test_cache_entries_are_not_inputs_and_are_not_recorded(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: 1\n")
    (tmp_path / "face.pdf").write_bytes(b"%PDF-1.7 laid out by an earlier build")
    with read_log.recording() as log:
        trust.read_bytes(tmp_path / "a.yaml", "yaml")
        trust.read_bytes(tmp_path / "face.pdf", "cache")
    assert [stamp.kind for stamp in log.values()] == ["yaml"]


def test_nothing_is_recorded_outside_a_recording(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: 1\n")
    with read_log.recording() as log:
        pass
    trust.read_bytes(tmp_path / "a.yaml", "yaml")
    assert log == {}


def test_unchanged_is_none_and_each_change_has_its_reason(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: 1\n")
    kept = record(tmp_path, "a.yaml")
    assert build_manifest.changed(kept, tmp_path, "listing", "environment") is None
    assert build_manifest.changed(kept, tmp_path, "other", "environment") == "files were added or removed"
    assert build_manifest.changed(kept, tmp_path, None, "environment") == "files were added or removed"
    assert "library" in build_manifest.changed(kept, tmp_path, "listing", "new")
    (tmp_path / "a.yaml").write_text("a: 2\n")  # same size, new content
    assert build_manifest.changed(kept, tmp_path, "listing", "environment") == "a.yaml changed"
    (tmp_path / "out" / "sheet.pdf").unlink()
    assert build_manifest.changed(kept, tmp_path, "listing", "environment") == "out/sheet.pdf is missing"


def test_a_new_time_on_the_same_content_is_refreshed_not_a_change(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: 1\n")
    kept = record(tmp_path, "a.yaml")
    later = kept.inputs[0].mtime_ns + 5 * 10**9
    os.utime(tmp_path / "a.yaml", ns=(later, later))
    assert build_manifest.changed(kept, tmp_path, "listing", "environment") is None
    assert kept.inputs[0].mtime_ns == later


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("a: 1\n")
    kept = record(tmp_path, "a.yaml")
    kept.notes.append("no French catalog yet")
    path = build_manifest.manifest_path(tmp_path / "cache", build_manifest.request_key({"paper": "a4"}))
    build_manifest.save(path, {"game": kept})
    assert build_manifest.load(path) == {"game": kept}


def test_a_malformed_or_foreign_manifest_loads_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    for text in ("", "[]", '{"format": 2, "games": {}}', '{"format": 1, "games": {"g": {"inputs": 1}}}',
                 '{"format": 1, "games": {"g": {"inputs": [], "outputs": [], "listing": "", '
                 '"environment": "", "notes": 3, "warnings": []}}}'):
        path.write_text(text)
        assert build_manifest.load(path) == {}, text
    assert build_manifest.load(tmp_path / "missing.json") == {}


def test_request_keys_differ_by_what_changes_the_output() -> None:
    key = build_manifest.request_key
    assert key({"paper": "a4", "lang": None}) == key({"lang": None, "paper": "a4"})
    assert key({"paper": "a4"}) != key({"paper": "letter"})


def test_a_warning_comes_back_as_it_was(tmp_path: Path) -> None:
    warning = Problem(Location(tmp_path / "cards" / "g" / "a.yaml", 3, 7), "PF102", "empty bleed",
                      Severity.WARNING, card="rat", hint="extend the art")
    data = build_manifest.problem_data(warning, tmp_path)
    assert data["path"] == "cards/g/a.yaml"
    assert build_manifest.problem_from(data, tmp_path) == warning


def _child_log_size(path: Path) -> int:
    """In a forked child: read ``path`` through trust; how many files the inherited log holds."""
    trust.read_bytes(path, "yaml")
    return len(read_log._open_logs[-1])


@pytest.mark.linux_fast_path
def test_a_forked_worker_records_and_hashes_nothing(tmp_path: Path) -> None:
    import multiprocessing

    (tmp_path / "a.yaml").write_text("a: 1\n")
    with read_log.recording() as log, multiprocessing.get_context("fork").Pool(1) as pool:
        assert pool.apply(_child_log_size, (tmp_path / "a.yaml",)) == 0
    assert log == {}
