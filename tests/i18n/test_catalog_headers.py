"""The headers `cardforge i18n update` writes into a game's catalogs: the game's name (and
game.yaml's version) as the project, real dates kept while nothing changes, no Babel
placeholder people or addresses, and a translator's own Last-Translator kept."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cardforge.commands.i18n_command import update_game
from cardforge.i18n.game_catalogs import po_path, pot_path
from tests.conftest import GENERIC, i18n_game

PLACEHOLDERS = ("FULL NAME", "EMAIL@ADDRESS", "LL@li.org", "YEAR-MO-DA", "2000-01-01")


def header(path: Path) -> dict[str, str]:
    """The header entry of the PO file at ``path``, name → value."""
    text = path.read_text(encoding="utf-8")
    block = text[text.index('msgstr ""\n'):text.index("\n\n")]
    return dict(re.findall(r'^"([A-Za-z-]+): (.*)\\n"$', block, re.MULTILINE))


def date(value: str) -> datetime:
    return datetime.strptime(value, "%Y-%m-%d %H:%M%z")


def catalogs(root: Path) -> list[Path]:
    domains = ("rules", "cards")
    return [pot_path(root, d) for d in domains] + [po_path(root, "en", d) for d in domains]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_an_update_writes_the_games_name_real_dates_and_no_placeholders(tmp_path):
    root = i18n_game(tmp_path)
    before = datetime.now(UTC).replace(second=0, microsecond=0)
    update_game(root, GENERIC)
    for path in catalogs(root):
        text = path.read_text(encoding="utf-8")
        assert not any(p in text for p in PLACEHOLDERS), path.name
        fields = header(path)
        assert fields["Project-Id-Version"] == "テストゲーム"  # name in the source language, no version
        assert "Last-Translator" not in fields and "Language-Team" not in fields
        assert "Report-Msgid-Bugs-To" not in fields
        assert before <= date(fields["POT-Creation-Date"]) <= datetime.now(UTC)
    pot = header(pot_path(root, "rules"))
    po = header(po_path(root, "en", "rules"))
    assert "PO-Revision-Date" not in pot
    assert po["POT-Creation-Date"] == pot["POT-Creation-Date"]  # the template's date, copied
    assert before <= date(po["PO-Revision-Date"]) <= datetime.now(UTC)


def test_an_update_with_nothing_new_changes_no_file(tmp_path):
    root = i18n_game(tmp_path)
    update_game(root, GENERIC)
    written = {path: path.read_bytes() for path in catalogs(root)}
    assert update_game(root, GENERIC) == []
    assert {path: path.read_bytes() for path in catalogs(root)} == written


def test_a_change_redates_the_catalogs_and_keeps_the_translators_own_headers(tmp_path):
    root = i18n_game(tmp_path)
    update_game(root, GENERIC)
    po, pot = po_path(root, "en", "rules"), pot_path(root, "rules")
    made = header(pot)["POT-Creation-Date"]
    days_ago = (date(made) - timedelta(days=3)).strftime("%Y-%m-%d %H:%M%z")  # as if made then
    for path in (po, pot):
        edit(path, made, days_ago)
    edit(po, header(po)["PO-Revision-Date"], days_ago)
    edit(po, '"Language: en\\n"', '"Last-Translator: Ann Lee <ann@example.org>\\n"\n'
                                  '"Language-Team: English <en@example.org>\\n"\n"Language: en\\n"')
    assert update_game(root, GENERIC) == []  # the dates and a translator's headers are kept
    assert header(po)["POT-Creation-Date"] == days_ago
    edit(root / "game.yaml", "players:", 'version: "1.2"\nplayers:')
    edit(root / "rules" / "rules.md", "手札は5枚まで", "手札は6枚まで")
    update_game(root, GENERIC)
    new = header(po)
    assert new["Project-Id-Version"] == "テストゲーム 1.2"
    assert new["Last-Translator"] == "Ann Lee <ann@example.org>"
    assert new["Language-Team"] == "English <en@example.org>"
    assert date(new["PO-Revision-Date"]) > date(days_ago)
    assert new["POT-Creation-Date"] == header(pot)["POT-Creation-Date"]
    assert date(new["POT-Creation-Date"]) > date(days_ago)
