"""The one-turn odds DP against hand-computed fractions, an independent brute force over
every face of every die, and a seeded Monte Carlo that plays the best placement it finds by
trying every subset of the dice it rolled."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from cardforge.games.dixe_on_card.dx_odds import (
    JOKER,
    ComboSolver,
    JokerLimits,
    card_probabilities,
    combination_probability,
)

J = JOKER
SMALL = [J, "a", "a", "b", "b", "c"]  # one joker, two a, two b, one c


def test_one_die_one_symbol_is_one_throw():
    # 1 joker + 1 "a" of 6 faces, and no second throw if it misses: 2/6.
    assert combination_probability(["a"], [[J, "a", "b", "c", "d", "e"]]) == Fraction(1, 3)


def test_two_dice_pair_of_symbols_by_hand():
    # First throw of two SMALL dice (36 outcomes):
    #   17 fill both slots at once: (a,b)x2=8, (J,a)x2=4, (J,b)x2=4, (J,J)=1;
    #   (a,a), (b,b), (a,c)x2, (b,c)x2 = 16 place one symbol; the last die then needs
    #   the other symbol or a joker: 3/6;
    #   (J,c)x2 = 2 place the joker; the last die needs a, b or a joker: 5/6;  (c,c) fails.
    # 17/36 + 16/36 * 1/2 + 2/36 * 5/6 = 160/216 = 20/27.
    assert combination_probability(["a", "b"], [SMALL, SMALL]) == Fraction(20, 27)


def test_joker_limits_by_hand():
    # Expert (one joker per throw): (J,J) places one joker, then 5/6: 20/27 - 1/36 + 5/216.
    assert combination_probability(["a", "b"], [SMALL, SMALL], JokerLimits(per_throw=1)) \
        == Fraction(53, 72)
    # Super expert (one joker per combination): after a joker the last die needs a or b
    # (4/6), for (J,J) and (J,c): 160/216 - 2/216 - 2/216.
    assert combination_probability(["a", "b"], [SMALL, SMALL], JokerLimits(per_combination=1)) \
        == Fraction(13, 18)


def brute_force(needs: tuple[str, ...], jokers: int, dice: tuple[tuple[str, ...], ...],
                limits: JokerLimits) -> Fraction:
    """Exact best chance with no grouping: every face of every die, every subset placed."""
    if len(needs) <= jokers:
        return Fraction(1)
    best_total = Fraction(0)
    for roll in itertools.product(*dice):
        best = Fraction(0)
        for size in range(1, len(dice) + 1):
            for chosen in itertools.combinations(range(len(dice)), size):
                left, wild, ok = list(needs), 0, True
                for i in chosen:
                    if roll[i] == J:
                        wild += 1
                    elif roll[i] in left:
                        left.remove(roll[i])
                    else:
                        ok = False
                if not ok or wild + (len(needs) - len(left)) > len(needs) - jokers:
                    continue
                if limits.per_throw is not None and wild > limits.per_throw:
                    continue
                if limits.per_combination is not None and jokers + wild > limits.per_combination:
                    continue
                rest = tuple(d for i, d in enumerate(dice) if i not in chosen)
                best = max(best, brute_force(tuple(left), jokers + wild, rest, limits))
        best_total += best
    return best_total / math.prod(len(d) for d in dice)


@pytest.mark.parametrize("limits", [JokerLimits(), JokerLimits(per_throw=1),
                                    JokerLimits(per_combination=1)])
@pytest.mark.parametrize("combination", [("a", "b"), ("a", "a", "b"), ("a", "b", "c")])
def test_dp_equals_brute_force_on_three_different_dice(combination, limits):
    dice = ((J, "a", "b", "c", "x", "x"), (J, "a", "a", "x", "x", "x"), (J, "b", "c", "c", "a", "x"))
    assert combination_probability(combination, dice, limits) == \
        brute_force(combination, 0, dice, limits)


def simulate(solver: ComboSolver, combination: list[str], dice: list[list[str]],
             rng: random.Random) -> bool:
    """Play one attempt: roll the free dice, try every subset of them as a placement, keep
    the one whose situation the solver rates best; True if the combination is finished."""
    needs = {s: combination.count(s) for s in set(combination)}
    jokers, free = 0, list(range(len(dice)))
    limits = solver.limits
    while sum(needs.values()) > jokers:
        roll = {i: rng.choice(dice[i]) for i in free}
        best, best_value = None, -1.0
        for size in range(1, len(free) + 1):
            for chosen in itertools.combinations(free, size):
                left, wild = dict(needs), 0
                for i in chosen:
                    if roll[i] == J:
                        wild += 1
                    elif left.get(roll[i], 0) > 0:
                        left[roll[i]] -= 1
                    else:
                        break
                else:
                    if size > sum(needs.values()) - jokers or (
                            limits.per_throw is not None and wild > limits.per_throw) or (
                            limits.per_combination is not None
                            and jokers + wild > limits.per_combination):
                        continue
                    rest = [i for i in free if i not in chosen]
                    value = float(solver.probability(solver.state_for(
                        left, jokers + wild, [dice[i] for i in rest])))
                    if value > best_value:
                        best, best_value = (left, jokers + wild, rest), value
        if best is None:
            return False
        needs, jokers, free = best
    return True


CRYPT = [["character", "skull", "pirate", "bomb", "eight", "skull"],
         ["character", "skull", "yin-yang", "smiley", "eight", "bomb"],
         ["character", "bomb", "sun", "aum", "yin-yang", "skull"],
         ["character", "sun", "pi", "smiley", "eight", "yin-yang"],
         ["character", "smiley", "sun", "pi", "aum", "bomb"],
         ["character", "pirate", "pi", "eight", "aum", "pirate"]]


@pytest.mark.parametrize("combination,limits", [
    (["skull", "skull", "pirate", "eight"], JokerLimits()),
    (["sun", "sun", "pi", "smiley", "bomb"], JokerLimits(per_throw=1)),
])
def test_dp_matches_a_seeded_monte_carlo(combination, limits):
    solver = ComboSolver(combination, CRYPT, limits)
    exact = float(solver.probability())
    rng = random.Random(20240611)
    trials = 10000
    wins = sum(simulate(solver, combination, CRYPT, rng) for _ in range(trials))
    error = math.sqrt(exact * (1 - exact) / trials)
    assert abs(wins / trials - exact) < 4 * error, (wins / trials, exact, error)


def test_card_chance_is_the_product_and_too_long_is_impossible():
    each, card = card_probabilities([["a"], ["a", "b"]], [SMALL, SMALL])
    assert each == [1 - Fraction(1, 2) ** 2, Fraction(20, 27)]  # one throw: a or a joker
    assert card == each[0] * each[1]
    assert combination_probability(["a", "a", "a"], [SMALL, SMALL]) == 0
    with pytest.raises(ValueError):
        ComboSolver(["a"], [])


def test_solve_all_shares_the_work_with_a_child_and_remembers_the_exact_chances(monkeypatch):
    from cardforge.games.dixe_on_card import dx_odds as odds

    dice = [SMALL, SMALL, [J, "a", "b", "c", "c", "d"]]
    queries = [odds.Query.of(c, dice) for c in (["a"], ["a", "b"], ["a", "b", "c"], ["c", "d"], ["a", "a"])]
    expected = [q.solve() for q in queries]
    odds._KNOWN.clear()
    handed = []
    real_start = odds.forked.start

    def start(call):
        handed.append(len(call.args[0]))
        return real_start(call)

    monkeypatch.setattr(odds.forked, "start", start)
    odds.solve_all(queries)
    assert handed == [3]  # the child took three of the five, this process two
    monkeypatch.setattr(odds.Query, "solve", lambda self: pytest.fail(f"{self} computed again"))
    assert [combination_probability(q.combination, q.dice) for q in queries] == expected
    assert expected[1] == combination_probability(["b", "a"], [dice[2], SMALL, SMALL])  # any order


def test_solve_all_does_not_fork_while_other_threads_run(monkeypatch):
    """`cardforge preview` lints in a thread: a fork would copy the other threads' locks."""
    import threading

    from cardforge.games.dixe_on_card import dx_odds as odds

    odds._KNOWN.clear()
    monkeypatch.setattr(odds.forked, "start", lambda call: pytest.fail("forked beside a thread"))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        odds.solve_all([odds.Query.of(["a"], [SMALL]), odds.Query.of(["b"], [SMALL])])
        assert combination_probability(["a"], [SMALL]) == Fraction(1, 2)  # 3 of 6 faces: a, a, J
    finally:
        stop.set()
        other.join()


def test_a_batch_larger_than_the_memo_is_kept_whole(monkeypatch):
    from cardforge.games.dixe_on_card import dx_odds as odds

    monkeypatch.setattr(odds, "MAX_KNOWN", 4)
    odds._KNOWN.clear()
    queries = [odds.Query.of([s], [SMALL, [J, s, "x", "y", "z", "w"]]) for s in "abcdefghij"]
    odds.solve_all(queries)
    assert all(q in odds._KNOWN for q in queries)


def test_when_this_processs_part_fails_the_child_is_stopped():
    import multiprocessing

    from cardforge.games.dixe_on_card import dx_odds as odds

    odds._KNOWN.clear()
    broken = odds.Query(("a", "b", "c", "e"), ((),) * 4)  # dice with no faces: ValueError
    first = odds.Query.of(["a", "b", "c", "d"], [SMALL] * 6)
    third = odds.Query.of(["a", "a", "b", "c"], [SMALL] * 6)
    started = []
    real_start = odds.forked.start
    odds.forked.start = lambda call: started.append(real_start(call)) or started[-1]
    try:
        with pytest.raises(ValueError, match="faces on every die"):
            odds.solve_all([first, broken, third])  # the child takes the first and third
    finally:
        odds.forked.start = real_start
    assert started[0]._process is None  # abandoned: stopped and reaped, not left running
    assert multiprocessing.active_children() == []
