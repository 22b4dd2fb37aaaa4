"""The command line of the card exports: `cardforge profiles`, `build --product tts`,
`build --profile …` with its preflight report and exit status."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardforge.cli import main
from cardforge.loading.yaml_source import load_yaml
from tests.exports.game import REPO


def _build(tmp_path, *args: str):
    return CliRunner().invoke(main, ["build", "comic-creator", "--lang", "en", "--quiet",
                                     "--out", str(tmp_path), "-w", str(REPO), *args])


def test_profiles_lists_the_built_in_shops():
    result = CliRunner().invoke(main, ["profiles", "-w", str(REPO)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == ["drivethrucards-poker", "home", "mpc-poker", "tgc-poker"]
    assert "825 × 1125 px at 300 dpi" in lines[3] and "PDF/X-1A, CMYK" in lines[0]


def test_build_tts_writes_sheets_and_a_saved_object(tmp_path):
    result = _build(tmp_path, "--product", "tts")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "comic-creator" / "comic-creator-tts-en"
    declared = load_yaml(REPO / "cards" / "comic-creator" / "game.yaml").data["decks"]
    assert all(deck["count"] < 70 for deck in declared.values())  # one sheet a deck (10 × 7 - 1)
    # each deck: one sheet of faces and one of backs (a shared back or each card's own)
    assert f"{folder}/ ({2 * len(declared)} PNG files)" in result.output
    assert len(list(folder.glob("*.png"))) == 2 * len(declared)
    saved = json.loads((folder / "comic-creator.json").read_text(encoding="utf-8"))
    decks = saved["ObjectStates"]
    # game.yaml's decks in order; a one-card deck (Start Player) is a lone Card, not a deck
    assert [d["Name"] for d in decks] == ["DeckCustom" if deck["count"] > 1 else "Card"
                                          for deck in declared.values()]
    assert [len(d.get("DeckIDs", [d.get("CardID")])) for d in decks] == \
        [deck["count"] for deck in declared.values()]
    assert [d["Nickname"] for d in decks if d["Name"] == "DeckCustom"] == \
        [deck["name"]["en"] for deck in declared.values() if deck["count"] > 1]


def test_a_profile_picks_its_product_and_refuses_another(tmp_path):
    result = _build(tmp_path, "--profile", "tgc-poker", "--product", "tts")
    assert result.exit_code == 2
    assert "profile tgc-poker makes the png product, not tts" in result.output


def test_cmyk_shop_preflight_errors_are_listed_like_lint_and_nothing_is_written(tmp_path):
    # Writers' Battle has no print palette (templates/<game>/palette.yaml): its RGB colours
    # stay RGB, which a CMYK-only shop refuses (Comic Creator's passes: test_cmyk_games.py)
    result = CliRunner().invoke(main, ["build", "writers-battle", "--lang", "en", "--quiet", "--out",
                                       str(tmp_path), "-w", str(REPO), "--profile", "drivethrucards-poker",
                                       "--jobs", "2"])
    assert result.exit_code == 1, result.output
    assert "cards/writers-battle/" in result.output
    assert ": PF104 card " in result.output and "hint: write colours as device-cmyk" in result.output
    assert not (tmp_path / "writers-battle").exists()


def test_explain_knows_the_preflight_codes():
    result = CliRunner().invoke(main, ["explain", "PF103"])
    assert result.exit_code == 0 and "PF103 low-resolution" in result.output
