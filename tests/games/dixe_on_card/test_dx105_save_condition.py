from tests.games.dixe_on_card.conftest import at


def test_known_conditions_and_slots_pass(lint_dx):
    assert lint_dx("DX105") == []


def test_disallowed_timing_too_many_slots_and_unknown_words(lint_dx):
    problems = lint_dx("DX105", "fail_save_condition.yaml")
    assert at(problems) == [("crypte.yaml", 31, 18), ("crypte.yaml", 31, 63),
                            ("crypte.yaml", 51, 18), ("crypte.yaml", 51, 35)]
    assert "'missed-combination' cannot be checked at 'each-throw'" in problems[0].message
    assert "end-of-turn" in problems[0].hint
    assert problems[1].message == "3 backup slots; a card has 0 to 2"
    assert "'each-turn' is not a known save timing" in problems[2].message
    assert problems[3].hint == "did you mean 'pair'?"
    assert [p.card for p in problems] == ["cob", "cob", "elm", "elm"]
