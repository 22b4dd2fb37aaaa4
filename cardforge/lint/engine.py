"""Running rules over a loaded game: selection, severities and per-card suppression.

Order: the loading Problems (syntax and schema, rules of scope ``file``) come first; card
rules run on the cards that loaded cleanly, and deck and game rules (counts, duplicates,
balance) run only once every file loads cleanly, since a missing card would make them
lie. Configuration selects rules and sets
severities (``cardforge.config.Config``): a rule's Problems are at most as severe as the
rule's default ``SEVERITY`` unless configuration raises it; a card's ``lint-ignore: [CODE…]`` silences those
codes for Problems that belong to it. Rules that read laid-out faces (``NEEDS_LAYOUT``)
run only when ``layout`` options are given (:mod:`cardforge.lint.layout`).
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import nullcontext

from cardforge.config import Config
from cardforge.lint.layout import LayoutOptions, using
from cardforge.lint.rule import Rule
from cardforge.model import Game
from cardforge.problem import Location, Problem, Severity
from cardforge.workspace import Loaded

INTERNAL = "CF000"
_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


def _run(rule: Rule, game: Game) -> Iterable[Problem]:
    assert rule.check is not None
    if rule.scope == "game":
        yield from rule.check(game, game)
    elif rule.scope == "deck":
        for deck in game.decks.values():
            yield from rule.check(deck, game)
    elif rule.scope == "card":
        for card in game.cards():
            yield from rule.check(card, game)


def lint_game(loaded: Loaded, rules: dict[str, Rule], config: Config,
              layout: LayoutOptions | None = None) -> list[Problem]:
    """All Problems for one loaded game, configured and sorted by file, line and column.

    Rules that need laid-out faces run only with ``layout`` (workspace, face cache, jobs).
    A rule that raises is reported as CF000 naming the rule, instead of crashing the run.
    """
    problems = list(loaded.problems)
    game = loaded.game
    complete = not loaded.problems  # deck and game rules need every card to have loaded
    if game is not None:
        for rule in rules.values():
            if rule.scope == "file" or rule.pack not in ("core", game.id):
                continue
            if rule.scope != "card" and not complete:
                continue
            if not config.selects(rule.code) or (rule.needs_layout and layout is None):
                continue
            try:
                with using(layout) if layout is not None else nullcontext():
                    problems.extend(_run(rule, game))
            except Exception as exc:  # a rule bug must not hide the other rules' findings
                problems.append(Problem(Location(game.root / "game.yaml"), INTERNAL,
                                        f"rule {rule.code} failed: {type(exc).__name__}: {exc}",
                                        hint="this is a bug in the rule; please report it"))
    ignored = _ignored_by_card(game)
    result = []
    for problem in problems:
        if problem.code != INTERNAL and not config.selects(problem.code):
            continue
        if problem.card and problem.code in ignored.get(problem.card, set()):
            continue
        default = problem.severity
        if problem.code in rules and _RANK[rules[problem.code].severity] < _RANK[default]:
            default = rules[problem.code].severity  # a warning-level rule never yields errors
        result.append(problem.with_severity(config.severity_for(problem.code, default)))
    return sorted(result, key=Problem.sort_key)


def _ignored_by_card(game: Game | None) -> dict[str, set[str]]:
    if game is None:
        return {}
    return {card.id: card.ignored_codes for card in game.cards() if card.ignored_codes}
