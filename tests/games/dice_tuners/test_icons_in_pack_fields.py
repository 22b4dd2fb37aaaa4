"""CF009 (core) reaches the pack's own text fields: skill, effect, overdrive.effect."""


def test_unknown_icon_in_overdrive_effect_is_reported_at_its_column(lint_dt):
    problems = lint_dt("CF009", "fail_icon_in_overdrive.yaml")
    assert [(p.line, p.col, p.card) for p in problems] == [(11, 37, "typo")]
    assert "in overdrive.effect (en)" in problems[0].message
    assert problems[0].hint == "did you mean :katana:?"


def test_pack_icons_are_known(lint_dt):
    assert lint_dt("CF009") == []
    assert lint_dt("CF009", "ok_heroes.yaml", "ok_strategy.yaml") == []


def test_schema_keeps_hero_and_strategy_fields_apart(lint_dt):
    problems = lint_dt("CF003", "fail_hero_schema.yaml")
    assert sorted(p.line for p in problems) == [5, 7]
