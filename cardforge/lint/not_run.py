"""Which rules a loading error keeps from running, and the one note per game that says so.

A deck rule (counts, a set's make-up) needs every card of its deck, a game rule that is not
cross-file (balance, supply, game enders) every card of the game: :mod:`cardforge.lint.engine`
runs the first on the decks none of whose files had a loading Problem (:func:`broken_decks`),
the second only when the game loaded cleanly, and reports what it left out as one warning
(:func:`not_run_note`, code CF099) at the first file that did not load.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cardforge.lint.rule import Rule
from cardforge.problem import Location, Problem, Severity
from cardforge.workspace.game_loading import Loaded

NOT_RUN = "CF099"
"""The code of the note; not a rule (``--select``/``--ignore`` and lint-ignore do not hide it)."""

_SHOWN = 8  # codes named in the note, at most


def broken_decks(loaded: Loaded) -> set[str]:
    """The ids of the decks a loading Problem of ``loaded`` touches: the deck of the card
    file it is in, or every deck when that file did not load at all (its deck is unknown)
    or is game.yaml. Dice files touch no deck. Empty when the game loaded cleanly."""
    game = loaded.game
    if game is None or not loaded.problems:
        return set()
    owner: dict[Path, str | None] = {doc.path: None for doc in game.dice_documents}
    for doc in game.documents:
        deck = doc.data.get("deck") if isinstance(doc.data, dict) else None
        owner[doc.path] = deck if isinstance(deck, str) and deck in game.decks else ""
    broken: set[str] = set()
    for problem in loaded.problems:
        deck = owner.get(problem.path, "")
        if deck == "":
            return set(game.decks)
        if deck is not None:
            broken.add(deck)
    return broken


def not_run_note(loaded: Loaded, wanted: Sequence[Rule], chosen: Sequence[Rule],
                 broken: set[str]) -> Problem | None:
    """One warning naming the ``wanted`` rules not run (not in ``chosen``) and the deck
    rules run on only some decks (those of ``broken`` left out), at the first file of
    ``loaded.problems``; None when every wanted rule ran everywhere."""
    ran = {rule.code for rule in chosen}
    games = sorted(rule.code for rule in wanted if rule.code not in ran and rule.scope == "game")
    decks = sorted(rule.code for rule in wanted if rule.scope == "deck") if broken else []
    if not games and not decks:
        return None
    files = sorted({p.path for p in loaded.problems}, key=str)
    parts = []
    if decks:
        which = ", ".join(repr(d) for d in sorted(broken))
        parts.append(f"{_count(decks, 'deck rule')} not run on deck{'s' if len(broken) > 1 else ''} {which}")
    if games:
        parts.append(f"{_count(games, 'game rule')} not run")
    names = ", ".join(_name(path, loaded.root) for path in files[:3]) + (
        f" and {len(files) - 3} more" if len(files) > 3 else "")
    verb = "has" if len(files) == 1 else "have"
    return Problem(Location(files[0]), NOT_RUN, f"{'; '.join(parts)}: {names} {verb} load errors",
                   Severity.WARNING,
                   hint="fix the load errors above and lint again; the other rules ran on what loaded")


def _count(codes: list[str], what: str) -> str:
    shown = ", ".join(codes[:_SHOWN]) + (", …" if len(codes) > _SHOWN else "")
    return f"{len(codes)} {what}{'s' if len(codes) > 1 else ''} ({shown})"


def _name(path: Path, root: Path) -> str:
    try:
        return f"{root.name}/{path.relative_to(root).as_posix()}"
    except ValueError:
        return path.name
