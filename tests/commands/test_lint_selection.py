"""`cardforge lint --select/--ignore/--severity/-v`: rules chosen by code or prefix over the
configuration, as ruff's options do; info problems counted, printed only when asked for."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardforge.cli import main
from tests.lint.test_one_round import _planted


def _codes(root: Path, *args: str) -> tuple[list[str], str]:
    run = CliRunner().invoke(main, ["lint", "--format", "json", "-w", str(root), *args])
    assert run.exit_code in (0, 1), run.output
    return sorted({p["code"] for p in json.loads(run.stdout)}), run.stderr


def test_select_takes_codes_and_prefixes(tmp_path):
    _planted(tmp_path)
    codes, _ = _codes(tmp_path, "--select", "CF005,cf013", "--select", "GM")
    assert codes == ["CF005", "CF013", "GM101"]  # and no note: no rule selected was kept from running


def test_ignore_adds_codes_and_prefixes(tmp_path):
    _planted(tmp_path)
    all_codes, _ = _codes(tmp_path)
    codes, _ = _codes(tmp_path, "--ignore", "CF0", "--ignore", "GM101")
    assert "CF005" in all_codes and "GM101" in all_codes
    assert codes == ["CF099"]  # every other planted mistake is a CF0 code or GM101


def test_command_line_select_replaces_the_configured_one(tmp_path):
    _planted(tmp_path)
    (tmp_path / "cardforge.toml").write_text('select = ["CF005"]\n', encoding="utf-8")
    assert _codes(tmp_path)[0] == ["CF005"]
    assert _codes(tmp_path, "--select", "CF013")[0] == ["CF013"]
    assert _codes(tmp_path, "--select", "CF006")[0] == ["CF006", "CF099"]  # not run on 'wares': said


def test_info_is_counted_not_printed_unless_asked(tmp_path):
    _planted(tmp_path)
    (tmp_path / "cardforge.toml").write_text('[severity]\nCF013 = "info"\nCF009 = "info"\n', encoding="utf-8")
    codes, stderr = _codes(tmp_path)
    assert "CF013" not in codes and "CF009" not in codes
    assert "2 below warning not shown (-v or --severity info shows them)" in stderr
    text = CliRunner().invoke(main, ["lint", "-w", str(tmp_path)])
    assert "CF013" not in text.stdout and "2 below warning not shown" in text.stderr
    for args in (["-v"], ["--severity", "info"]):
        codes, stderr = _codes(tmp_path, *args)
        assert "CF013" in codes and "CF009" in codes and "not shown" not in stderr


def test_severity_error_prints_errors_only(tmp_path):
    _planted(tmp_path)
    run = CliRunner().invoke(main, ["lint", "--format", "json", "--severity", "error", "-w", str(tmp_path)])
    found = json.loads(run.stdout)
    assert {p["severity"] for p in found if p["code"] != "CF099"} == {"error"}
    assert "CF008" not in {p["code"] for p in found}  # quantity 0 is a warning
    assert "1 below error not shown" in run.stderr


def test_a_bad_code_is_a_usage_error(tmp_path):
    run = CliRunner().invoke(main, ["lint", "--select", "CF-5", "-w", str(tmp_path)])
    assert run.exit_code == 2 and "not a rule code or prefix" in run.output
