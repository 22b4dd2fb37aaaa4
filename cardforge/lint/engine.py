"""Running rules over a loaded game: selection, severities and per-card suppression.

Order: the loading Problems (syntax and schema, rules of scope ``file``) come first; then,
in the same run, card rules run on every card that loaded; a deck rule (counts) runs on
each deck none of whose files has a loading error; a game rule runs when every file
loaded cleanly, or whatever did not load when it is cross-file and only ever reports
what it sees (``JUDGES_WHAT_LOADED``: duplicate ids and names, translations, game.yaml's
own numbers; :func:`cardforge.lint.rule_schedule.schedule` derives what each waits for).
A missing card would make the others lie, so they are skipped for that game only, and one
Problem per game (:mod:`cardforge.lint.not_run`, a warning at the first file that did not
load) says how many rules were not run and which files to fix. Configuration selects
rules and sets severities (``cardforge.workspace.workspace_config.Config``): a rule's
Problems are at most as severe as the rule's default ``SEVERITY`` unless configuration
raises it; a card's ``lint-ignore: [CODE…]`` silences those codes for Problems that belong
to it. Rules that read laid-out faces (``NEEDS = {"layout"}``) run only when ``layout``
options are given (:mod:`cardforge.lint.layout_measures`), and get them as a third
argument, ``check(target, game, layout)``: nothing reaches a rule but its arguments.

A rule that meets a file it cannot use (a rules file or catalog that is a folder, a link
out of the workspace, not UTF-8…) reports that file, not itself: a
:class:`~cardforge.errors.DataError` it raises adds its Problems, a
:class:`~cardforge.boundary.trust.Refused` becomes an error at the refused file under the rule's
code. One bad file read by several rules is reported once. Any other exception is a bug in
the rule, reported as CF000.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from cardforge.boundary import trust
from cardforge.errors import DataError
from cardforge.lint.lanes import in_lanes
from cardforge.lint.layout_measures import LayoutOptions
from cardforge.lint.not_run import broken_decks, not_run_note
from cardforge.lint.rule import Rule
from cardforge.lint.rule_schedule import Schedule, schedule
from cardforge.loading.yaml_source import gc_paused
from cardforge.model.game_model import Game
from cardforge.problem import Location, Problem, Severity
from cardforge.spreadsheet import in_sheet_terms
from cardforge.workspace.game_loading import Loaded
from cardforge.workspace.workspace_config import Config

INTERNAL = "CF000"
_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


def _run(rule: Rule, game: Game, layout: LayoutOptions | None,
         broken: frozenset[str] = frozenset()) -> Iterable[Problem]:
    """The rule's Problems: ``check`` called on each target of its scope, with ``layout``
    as third argument for a rule that needs layout; a deck rule passes over the decks
    ``broken`` names (a file of theirs did not load cleanly)."""
    assert rule.check is not None
    planned = schedule(rule)
    extra = (layout,) if planned.layout else ()
    if rule.scope == "game":
        yield from rule.check(game, game, *extra)
    elif rule.scope == "deck":
        for deck in game.decks.values():
            if deck.id not in broken or planned.waits_for != "deck":
                yield from rule.check(deck, game, *extra)
    elif rule.scope == "card":
        for card in game.cards():
            yield from rule.check(card, game, *extra)


def lint_game(loaded: Loaded, rules: dict[str, Rule], config: Config,
              layout: LayoutOptions | None = None, lanes: int = 1,
              errors_only: bool = False) -> list[Problem]:
    """All Problems for one loaded game, configured and sorted by file, line and column.

    Rules that need laid-out faces run only with ``layout`` (workspace, face cache, jobs),
    which is passed to their ``check``.
    A rule that meets an unusable file reports it at the file (an error, whatever the
    rule's default severity), once however many rules met it; a rule that raises anything
    else is reported as CF000 naming the rule, instead of crashing the run. With ``lanes``
    2 the rules that share a costly state run in a forked child meanwhile
    (:mod:`cardforge.lint.lanes`); the Problems are the same. With ``errors_only`` (a
    build's gate, which keeps only errors) an ``advisory`` rule (warnings of its own code,
    from data alone) is not run unless the configuration raises its code to an error;
    every other rule runs, since it may report errors under other codes (a data rule's
    CF012, a file it cannot read, its own crash).

    The cyclic garbage collector is paused meanwhile, and what the rules made (the merged
    catalogs and what else they keep per game) is then kept out of its sight
    (:func:`cardforge.loading.yaml_source.gc_paused` with ``freeze``): its passes over a large
    game's objects would otherwise be much of a lint's time (docs/benchmarks.md).
    """
    with gc_paused(freeze=True):
        return _lint_game(loaded, rules, config, layout, lanes, errors_only)


def _lint_game(loaded: Loaded, rules: dict[str, Rule], config: Config,
               layout: LayoutOptions | None, lanes: int, errors_only: bool) -> list[Problem]:
    problems = list(loaded.problems)
    refused: list[Problem] = []  # files rules could not read, at the file
    game = loaded.game
    note: Problem | None = None
    if game is not None:
        broken = broken_decks(loaded)
        complete = not loaded.problems  # game rules need every card to have loaded
        wanted = [rule for rule in rules.values() if _wanted(rule, game, config, layout)
                  and not (errors_only and _only_advises(rule, config))]
        chosen = [rule for rule in wanted if complete or _runs_on(schedule(rule), set(game.decks) - broken)]
        for found in in_lanes(chosen, partial(_checked, game=game, layout=layout,
                                              broken=frozenset(broken)), lanes):
            problems.extend(found.problems)
            refused.extend(found.refused)
        note = not_run_note(loaded, wanted, chosen, broken)
    if game is not None:  # rules' Problems in a sheet name its cell (loading's already do)
        problems[len(loaded.problems):] = in_sheet_terms(problems[len(loaded.problems):], game.documents)
    result = _configured(_unique(problems, refused), _ignored_by_card(game), rules, config)
    return [*result, note] if note else result  # the note last: it sums the game's run up


def _only_advises(rule: Rule, config: Config) -> bool:
    """Whether ``rule`` can only warn: it is ``advisory`` and its code is not configured as
    an error (so it cannot stop a build)."""
    return (schedule(rule).gate == "when-error"
            and config.severity_for(rule.code, rule.severity) != Severity.ERROR)


def _runs_on(planned: Schedule, whole_decks: set[str]) -> bool:
    """Whether a rule so ``planned`` runs on a game some file of which did not load, the
    decks ``whole_decks`` loading cleanly: it waits for nothing, or for its deck and some
    deck is whole."""
    return planned.waits_for == "nothing" or (planned.waits_for == "deck" and bool(whole_decks))


def _wanted(rule: Rule, game: Game, config: Config, layout: LayoutOptions | None) -> bool:
    """Whether ``rule`` would run on ``game`` were every file loaded: its pack's or core,
    not a loading rule, selected, and given layout if it needs it."""
    if rule.scope == "file" or rule.pack not in ("core", game.id):
        return False
    return config.selects(rule.code) and not (schedule(rule).layout and layout is None)


@dataclass(frozen=True)
class _Found:
    """What one rule found: its ``problems``, and the files it could not read (``refused``,
    each a Problem at the file under the rule's code)."""

    problems: list[Problem]
    refused: list[Problem]


def _checked(rule: Rule, game: Game, layout: LayoutOptions | None,
             broken: frozenset[str] = frozenset()) -> _Found:
    """``rule`` run on ``game``: what it yielded, then a DataError's Problems or a refused
    file; any other exception is a CF000 Problem naming the rule."""
    found: list[Problem] = []
    try:
        found.extend(_run(rule, game, layout, broken))
    except DataError as exc:  # a file the rule read is bad: report the file
        found.extend(exc.problems)
    except trust.Refused as exc:
        return _Found(found, [exc.problem(rule.code)])
    except Exception as exc:  # a rule bug must not hide the other rules' findings
        found.append(Problem(Location(game.root / "game.yaml"), INTERNAL,
                             f"rule {rule.code} failed: {type(exc).__name__}: {exc}",
                             hint="this is a bug in the rule; please report it"))
    return _Found(found, [])


def configured(problems: Iterable[Problem], game: Game, rules: dict[str, Rule],
               config: Config) -> list[Problem]:
    """``problems`` a rule's code found outside a lint run (``cardforge build`` measures
    TR105 on the faces it made) as a lint run reports them: in a sheet's terms, each once,
    those ``config`` does not select or their card's ``lint-ignore`` names left out, at most
    as severe as their rule in ``rules`` (code → Rule) unless configured; sorted by place."""
    found = in_sheet_terms(list(problems), game.documents)
    return _configured(_unique(found, []), _ignored_by_card(game), rules, config)


def _configured(problems: Iterable[tuple[Problem, bool]], ignored: dict[str, set[str]],
                rules: dict[str, Rule], config: Config) -> list[Problem]:
    """Each (Problem, whether it is a refused file) selected, not ignored by its card, at its
    configured severity; sorted by place."""
    result = []
    for problem, forced in problems:
        if problem.code != INTERNAL and not config.selects(problem.code):
            continue
        if problem.card and problem.code in ignored.get(problem.card, set()):
            continue
        default = problem.severity
        if not forced and problem.code in rules and _RANK[rules[problem.code].severity] < _RANK[default]:
            default = rules[problem.code].severity  # a warning-level rule never yields errors
        result.append(problem.with_severity(config.severity_for(problem.code, default)))
    return sorted(result, key=Problem.sort_key)


def _unique(problems: list[Problem], refused: list[Problem]) -> Iterator[tuple[Problem, bool]]:
    """(Problem, whether it is a refused file) for each Problem once: a Problem reported
    again (one bad file read by several rules) is left out, and so is a refusal any rule
    already reported at the same place with the same words."""
    seen: set[tuple[Location, str, str]] = set()
    for problem in problems:
        key = (problem.location, problem.code, problem.message)
        if key not in seen:
            seen.add(key)
            yield problem, False
    said = {(location, message) for location, _, message in seen}
    for problem in refused:
        if (problem.location, problem.message) not in said:
            said.add((problem.location, problem.message))
            yield problem, True


def _ignored_by_card(game: Game | None) -> dict[str, set[str]]:
    if game is None:
        return {}
    return {card.id: card.ignored_codes for card in game.cards() if card.ignored_codes}
