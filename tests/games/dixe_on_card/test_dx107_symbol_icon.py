from tests.games.dixe_on_card.conftest import GAME_YAML, at


def test_every_shipped_symbol_has_an_icon(lint_dx):
    assert lint_dx("DX107") == []


def test_a_symbol_without_an_icon_is_caught_at_its_key(tmp_path, lint_dx):
    lines = GAME_YAML.read_text(encoding="utf-8").splitlines()
    where = lines.index("  symbols:") + 1
    lines.insert(where, "    moon: {name: {fr: Lune, en: Moon}}")
    game_yaml = tmp_path / "fail_symbol_icon_game.yaml"
    game_yaml.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems = lint_dx("DX107", game_yaml=game_yaml)
    assert at(problems) == [("game.yaml", where + 1, 5)]
    assert problems[0].message == "symbol 'moon' has no icon"
    assert "icons/moon.svg" in problems[0].hint
