def test_unknown_token_in_a_block_scalar_is_reported_at_its_column(lint_core):
    problems = [p for p in lint_core("fail_icon_token.yaml") if p.code == "CF009"]
    assert [(p.line, p.col, p.card) for p in problems] == [(13, 24, "screen-tone")]
    assert problems[0].hint.startswith("did you mean :die-")


def test_known_tokens_pass(lint_core):
    assert [p for p in lint_core("ok_basic.yaml") if p.code == "CF009"] == []


def test_every_localized_text_is_searched_however_nested_but_not_the_name():
    from cardforge.lint.data_shape_rules.cf009_icon_token import localized_texts

    card = {"id": "x", "name": {"en": ":title:"}, "text": {"en": "a", "ja": "b"},
            "overdrive": {"dice": ["red"], "effect": {"en": ":katana:"}},
            "abilities": [{"kind": "flip", "say": {"pt-BR": "c"}}], "value": 3,
            "mixed": {"en": "d", "colour": "red"}}
    assert list(localized_texts(card)) == [
        (("text",), "en", "a"), (("text",), "ja", "b"),
        (("overdrive", "effect"), "en", ":katana:"),
        (("abilities", 0, "say"), "pt-BR", "c"),
    ]
