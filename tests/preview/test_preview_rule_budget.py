"""The preview rebuilds in a thread of its own, where no timer signal can reach (issue 34):
a rule of nested comprehensions used to keep its rebuild running for ever, and every save
after it was ignored. Its steps are counted inside the evaluation, so the rebuild ends with
one CF012 at the rule's line, and the next save is shown. The step limit is lowered so
that running out costs milliseconds; the counting is the same at the real limit."""

from __future__ import annotations

import threading
from pathlib import Path

from cardforge.boundary import trust
from cardforge.cel import cel_expressions as expressions
from cardforge.preview.preview_rebuild import PreviewOptions, Rebuilder
from cardforge.preview.preview_state import PreviewState

from .conftest import GAME

TEN = "[0,1,2,3,4,5,6,7,8,9]"
NESTED = f"{TEN}.all(a, {TEN}.all(b, {TEN}.all(c, {TEN}.all(d, a + b + c + d + cost >= 0))))"


def _rebuild_in_a_thread(rebuilder: Rebuilder, workspace: Path, changed: set[Path] | None) -> None:
    def rebuild() -> None:
        with trust.confined(workspace):
            rebuilder.rebuild(changed)

    thread = threading.Thread(target=rebuild)
    thread.start()
    thread.join(timeout=300)
    assert not thread.is_alive(), "the rebuild did not end"


def test_a_rule_over_its_steps_ends_the_rebuild_and_the_next_save_is_shown(sample_workspace, monkeypatch):
    monkeypatch.setattr(expressions, "MAX_EXPRESSION_STEPS", 20_000)
    manifest = sample_workspace / "cards" / GAME / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "\nlint:\n" in text
    manifest.write_text(text.replace("\nlint:\n", f'\nlint:\n  - code: GM301\n    expect: "{NESTED}"\n'
                                     "    message: never ends\n", 1), encoding="utf-8")
    state = PreviewState()
    rebuilder = Rebuilder(PreviewOptions(sample_workspace, lang="en", products=False), state)
    _rebuild_in_a_thread(rebuilder, sample_workspace, None)
    problems = state.snapshot.games[GAME].problems
    [stopped] = [p for p in problems if p.code == "CF012"]
    expect_line = manifest.read_text(encoding="utf-8").splitlines().index(f'    expect: "{NESTED}"') + 1
    assert (stopped.file, stopped.line) == (f"cards/{GAME}/game.yaml", expect_line)
    assert "rule GM301 stopped at card" in stopped.message and "20,000 evaluation steps" in stopped.message

    manifest.write_text(text, encoding="utf-8")  # the designer fixes it: the next save is shown
    _rebuild_in_a_thread(rebuilder, sample_workspace, {manifest})
    assert not [p for p in state.snapshot.games[GAME].problems if p.code == "CF012"]
