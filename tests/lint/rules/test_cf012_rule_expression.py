"""CF012: lint rules written as data that cannot work, reported where game.yaml says so."""

from __future__ import annotations

from cardforge.problem import Severity
from tests.lint.data_game import dice_girls, game_file, line_of, lint


def _cf012(tmp_path, rules: str):
    workspace = dice_girls(tmp_path, rules)
    return [p for p in lint(workspace) if p.code == "CF012"], game_file(workspace)


def test_an_expression_that_does_not_compile_is_reported_at_its_bad_character(tmp_path):
    [problem], manifest = _cf012(tmp_path, """
        - code: GM101
          expect: "dice <= 3 &&& attribute == 'vocal'"
          message: broken
        """)
    line = line_of(manifest, "&&&")
    column = manifest.read_text(encoding="utf-8").splitlines()[line - 1].index("&&&") + 3
    assert (problem.path, problem.line, problem.col) == (manifest, line, column)  # the third &
    assert problem.message.startswith("rule GM101: not a CEL expression")
    assert problem.severity is Severity.ERROR and "&&" in problem.hint


def test_a_compile_error_in_a_block_scalar_is_found_on_its_own_line(tmp_path):
    [problem], manifest = _cf012(tmp_path, """
        - code: GM101
          expect: |
            dice <= 3 &&
              attribute $ 'vocal'
          message: broken
        """)
    line = line_of(manifest, "attribute $")
    assert (problem.line, problem.col) == (line, manifest.read_text().splitlines()[line - 1].index("$") + 1)


def test_a_code_taken_by_a_core_rule_or_an_earlier_entry_is_reported_at_the_code(tmp_path):
    problems, manifest = _cf012(tmp_path, """
        - code: CF005
          expect: "true"
          message: taken
        - code: GM102
          expect: "true"
          message: first
        - code: GM102
          expect: "false"
          message: second
        """)
    taken, twice = problems
    assert (taken.line, taken.col) == (line_of(manifest, "code: CF005"), 11)
    assert "core rule duplicate-id" in taken.message
    first = line_of(manifest, "code: GM102")
    assert twice.line == line_of(manifest, "code: GM102", after="message: first")
    assert f"already used by the rule at line {first}" in twice.message


def test_an_undeclared_deck_gets_a_did_you_mean(tmp_path):
    [problem], manifest = _cf012(tmp_path, """
        - code: GM103
          deck: idols
          expect: "dice != 0"
          message: no deck
        """)
    assert problem.line == line_of(manifest, "deck: idols")
    assert "deck 'idols' is not declared" in problem.message and problem.hint == "did you mean 'idol'?"


def test_a_name_the_expression_will_not_get_is_a_warning_with_a_did_you_mean(tmp_path):
    problems, manifest = _cf012(tmp_path, """
        - code: GM104
          expect: "!has(card.atribute) || atribute != 'none'"
          message: typo
        - code: GM105
          each: deck
          expect: >-
            size(distinct(cards.map(c, c.id))) == size(cards) && type(deck.size) == int
            || size(card) > 0
          message: deck
        """)
    typo, deck = problems
    line = line_of(manifest, "atribute != 'none'")
    column = manifest.read_text().splitlines()[line - 1].index("atribute !=") + 1
    assert (typo.line, typo.col) == (line, column)
    assert typo.severity is Severity.WARNING
    assert typo.message == "rule GM104 reads 'atribute', which it will not get"
    assert typo.hint == "did you mean 'attribute'?"
    assert deck.message == "rule GM105 reads 'card', which it will not get"  # c, int: fine
    assert deck.hint == "did you mean 'cards'?"
    line = line_of(manifest, "|| size(card)")
    assert (deck.line, deck.col) == (line, manifest.read_text().splitlines()[line - 1].index("card)") + 1)


def test_a_correct_rule_has_no_cf012(tmp_path):
    problems, _ = _cf012(tmp_path, """
        - code: GM106
          deck: idol
          expect: "facts.die.faces.all(f, f <= 6) && (!has(card.text) || size(name.en) > 0)"
          message: fine
          example: {pass: "dice: 1", fail: "text: {en: Sing.}, name: {en: ''}"}
        """)
    assert problems == []


def test_examples_that_do_not_do_what_they_say_are_reported_at_the_example(tmp_path):
    problems, manifest = _cf012(tmp_path, """
        - code: GM107
          deck: idol
          expect: "attribute != 'dance'"
          message: no dancers
          example: {pass: "attribute: dance", fail: "attribute: vocal"}
        - code: GM108
          deck: idol
          expect: "attribute != 'dance'"
          message: no dancers
          example: {pass: "attribute: vocal", fail: "attribute: dance"}
        - code: GM109
          deck: idol
          expect: "attribute != 'dance'"
          message: no dancers
          example: {pass: "dice: 1", fail: "[1, 2"}
        """)
    pass_line = line_of(manifest, 'pass: "attribute: dance"')
    broken_line = line_of(manifest, 'pass: "dice: 1"')
    assert [(p.line, p.message.split(": ")[0]) for p in problems] == [
        (pass_line, "rule GM107's pass example is false for `attribute != 'dance'`"),
        (pass_line, "rule GM107's fail example is true for `attribute != 'dance'`"),
        (broken_line, "rule GM109's pass example cannot be evaluated"),
        (broken_line, "rule GM109's fail example is not YAML (a card's fields)"),
    ]
    assert "attribute" in problems[2].message
    text = manifest.read_text(encoding="utf-8").splitlines()[pass_line - 1]
    assert (problems[0].col, problems[1].col) == (text.index('"attribute: dance"') + 1,
                                                  text.index('"attribute: vocal"') + 1)


def test_a_deck_rule_example_is_a_list_of_cards(tmp_path):
    problems, _ = _cf012(tmp_path, """
        - code: GM110
          each: deck
          expect: "deck.size <= 3"
          message: too big
          example: {pass: "[{dice: 1}, {dice: 2, quantity: 2}]", fail: "[{dice: 1, quantity: 4}]"}
        - code: GM111
          each: deck
          expect: "deck.size <= 3"
          message: too big
          example: {pass: "[{dice: 1}]", fail: "[{dice: 1, quantity: 3}]"}
        """)
    assert [p.message for p in problems] == [
        "rule GM111's fail example is true for `deck.size <= 3`: it would pass"]  # 3 copies fit


def test_a_broken_expression_is_reported_even_while_a_card_has_a_schema_error(tmp_path):
    workspace = dice_girls(tmp_path, """
        - code: GM101
          expect: "dice <= 3 &&& true"
          message: broken
        """)
    idols = game_file(workspace, "idols.yaml")
    text = idols.read_text(encoding="utf-8")
    first_card = text.index("  - id:")
    rest = text[first_card + len("  - id:"):].split("\n", 1)[1]
    idols.write_text(text[:first_card] + "  - id: Not An Id\n" + rest, encoding="utf-8")
    codes = {p.code for p in lint(workspace)}
    assert "CF003" in codes  # the card's schema error
    assert "CF012" in codes  # and the expression, not held back until every card loads
