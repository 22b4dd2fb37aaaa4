import pytest

from cardforge.errors import ConfigError
from cardforge.problem import Severity
from cardforge.workspace.workspace_config import Config, load_config


def test_defaults_without_a_file(tmp_path):
    config = load_config(tmp_path)
    assert config.source is None and config.paper is None
    assert config.cards == (tmp_path / "cards").resolve()


def test_pyproject_table_is_read(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.cardforge]\nselect = ["CF", "CC1"]\nignore = ["CC103"]\nseverity = {CF008 = "warning"}\n')
    config = load_config(tmp_path)
    assert config.selects("CF005") and config.selects("CC101")
    assert not config.selects("CC103") and not config.selects("DX101")
    assert config.severity_for("CF008", Severity.ERROR) is Severity.WARNING


def test_cardforge_toml_wins_and_bad_keys_are_named(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.cardforge]\npaper = "letter"\n')
    (tmp_path / "cardforge.toml").write_text('papr = "a4"\n')
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path)
    assert "cardforge.toml" in err.value.message and "papr" in err.value.message


def test_more_specific_select_beats_ignore():
    config = Config(root=".", select=("CC103",), ignore=("CC",))
    assert config.selects("CC103") and not config.selects("CC101")


def test_layout_duplex_and_gutter_keys(tmp_path):
    assert (Config(root=tmp_path).layout, Config(root=tmp_path).duplex) == ("sheets", "long")
    (tmp_path / "cardforge.toml").write_text('layout = "fold-over"\nduplex = "short"\ngutter = 2.5\n')
    config = load_config(tmp_path)
    assert (config.layout, config.duplex, config.gutter_mm) == ("fold-over", "short", 2.5)
    assert load_config(tmp_path, layout="sheets", gutter=0).gutter_mm == 0  # command line wins


@pytest.mark.parametrize("line, named", [('layout = "zigzag"', "layout"), ("gutter = -1", "gutter"),
                                         ('duplex = "both"', "duplex")])
def test_bad_layout_settings_are_named(tmp_path, line, named):
    (tmp_path / "cardforge.toml").write_text(line + "\n")
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path)
    assert f"cardforge.toml:1:1: {named}:" in err.value.message  # file, line and column
