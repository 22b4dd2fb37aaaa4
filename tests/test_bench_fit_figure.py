"""The mechanisms benchmark's ``fit`` figure (benchmarks/bench_mechanisms.py) stays what it
says: the shipped Comic Creator front template with every card name asked to fit, so a
change to the shipped template's name element breaks this test, not a benchmark run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
import bench_mechanisms  # noqa: E402 - from the benchmarks folder, put on the path above


def test_the_override_is_the_shipped_front_with_a_fitted_name(tmp_path):
    bench_mechanisms.fitted_front(tmp_path)
    override = (tmp_path / "templates" / "comic-creator" / "front.html.j2").read_text(encoding="utf-8")
    shipped = (REPO / "templates" / "comic-creator" / "front.html.j2").read_text(encoding="utf-8")
    assert override.count('data-fit="6 0.5"') == 1 and "{{ name_pt }}" not in override
    fitted, name = bench_mechanisms.FITTED_NAME, bench_mechanisms.SHIPPED_NAME
    assert override.replace(fitted, "") == shipped.replace(name, "")
    assert shipped.count(name) == 1


def test_a_changed_shipped_name_element_is_said_not_silently_unfitted(tmp_path, monkeypatch):
    changed = tmp_path / "repo"
    (changed / "templates" / "comic-creator").mkdir(parents=True)
    front = changed / "templates" / "comic-creator" / "front.html.j2"
    front.write_text("<h1>{{ name }}</h1>", encoding="utf-8")
    monkeypatch.setattr(bench_mechanisms, "REPO", changed)
    with pytest.raises(ValueError, match="card name changed"):
        bench_mechanisms.fitted_front(tmp_path / "ws")


def test_font_configs_is_measured_on_the_fit_figure():
    assert "fit" in bench_mechanisms.MECHANISMS["font_configs"].figures
    assert "fit" in bench_mechanisms.FIGURES
