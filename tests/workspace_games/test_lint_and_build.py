"""`cardforge lint` and `cardforge build <id> --product cards` on a workspace game whose
templates use only card.data, t(), the icons filter and macros.html.j2: the sheets are
written and the card's name is on the page."""

import pypdfium2
import pytest
from click.testing import CliRunner

from cardforge.cli import main
from tests.workspace_games.conftest import GAME, make_workspace


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("ws")
    make_workspace(root, "ok_monsters.yaml", "ok_wares.yaml")
    return root


def test_lint_is_clean(workspace):
    result = CliRunner().invoke(main, ["lint", "-w", str(workspace)])
    assert result.exit_code == 0, result.output
    assert "cardforge lint: clean" in result.output


def test_lint_reports_a_bad_card_at_its_line(tmp_path):
    make_workspace(tmp_path, "ok_monsters.yaml", "fail_out_of_range.yaml")
    result = CliRunner().invoke(main, ["lint", "-w", str(tmp_path)])
    assert result.exit_code == 1
    assert f"cards/{GAME}/fail_out_of_range.yaml:5:11: CF003" in result.output


def test_build_writes_sheets_with_the_card_names_on_them(workspace):
    result = CliRunner().invoke(main, ["build", GAME, "--product", "cards", "--paper", "a4",
                                       "--quiet", "-w", str(workspace)])
    assert result.exit_code == 0, result.output
    pdf = workspace / "out" / GAME / f"{GAME}-cards-en-a4.pdf"
    assert result.output.splitlines() == [f"out/{GAME}/{GAME}-cards-en-a4.pdf"]
    document = pypdfium2.PdfDocument(pdf)
    texts = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    assert len(texts) == 2  # one front sheet, its back sheet
    assert "Bog Hag" in texts[0] and "Cursed Crown" in texts[0] and "Pay" in texts[0]
    assert "Goblin Market" in texts[1]
