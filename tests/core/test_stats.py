"""The stats table: number columns print rounded, stay exact in JSON, and sort by value."""

import json
from fractions import Fraction

from cardforge.commands.stats_command import as_csv, as_json, as_text
from cardforge.model.stats_table import Column, Table, number_text


def _table() -> Table:
    return Table("t", [Column("card", "card"), Column("mean", "mean", "number"),
                       Column("p", "p", "probability")],
                 rows=[{"card": "a", "mean": Fraction(49, 4), "p": Fraction(1, 3)},
                       {"card": "b", "mean": Fraction(7, 3), "p": Fraction(1, 2)},
                       {"card": "c", "mean": 10.0, "p": None}])


def test_number_text_rounds_fractions_and_floats_but_not_ints():
    assert number_text(Fraction(49, 4)) == "12.25"
    assert number_text(Fraction(7, 3)) == "2.33"
    assert number_text(-0.5) == "-0.50"
    assert number_text(6) == "6"


def test_number_column_in_text_csv_and_json():
    table = _table()
    text = as_text(table)
    assert "12.25" in text and "2.33" in text and "49/4" not in text
    assert "33.3%" in text
    assert as_csv(table).splitlines()[1] == "a,12.250000,0.333333"
    rows = json.loads(as_json(table))["rows"]
    assert rows[0]["mean"] == {"exact": "49/4", "value": 12.25}
    assert rows[2]["mean"] == 10.0


def test_number_column_sorts_by_value():
    ordered = _table().sorted_by("mean", descending=True)
    assert [r["card"] for r in ordered.rows] == ["a", "c", "b"]
