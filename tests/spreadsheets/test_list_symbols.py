"""Symbols written in a card list's text read as icon tokens (``$2`` → ``:coin{2}:``) in
one pass, only in text fields; ``new --cards`` offers those two designs use, with shipped
icons that pass the SVG sanitiser."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardforge.loading.document import Document
from cardforge.render.templating.icons import VALUE_RE, find_tokens
from cardforge.render.templating.safe_svg import sanitize_svg
from cardforge.scaffold.card_list_symbols import CANDIDATES, ICONS, find_symbols, icon_svg
from cardforge.spreadsheet.list_symbols import Symbols, with_icons

READ = Symbols({"$#": "coin", "# VP": "vp", "#VP": "vp", "{#}": "mana", "⚔": "swords"})


@pytest.mark.parametrize(("written", "read"), [
    ("Gain $2. Worth 3 VP.", "Gain :coin{2}:. Worth :vp{3}:."),
    ("Pay {R}{10} then ⚔\ufe0f ⚔", "Pay :mana{R}::mana{10}: then :swords: :swords:"),
    ("12 VPs, 4VP and 10 VP", "12 VPs, :vp{4}: and :vp{10}:"),  # next to a letter: not a symbol
    ("a$2b and $X", "a$2b and :coin{X}:"),
    ("already :coin{2}: and :vp:", "already :coin{2}: and :vp:"),  # a token is not read again
])
def test_symbols_become_tokens_in_one_pass(written, read):
    assert READ.replace(written) == read
    for token in find_tokens(read):
        assert token.value is None or VALUE_RE.fullmatch(token.value)


def test_only_text_fields_are_read():
    doc = Document(path=Path("k.csv"), data={"deck": "k", "cards": [
        {"id": "a", "kind": "$2", "text": "Gain $2.", "name": {"en": "A", "fr": "A"},
         "rules": {"en": "3 VP", "fr": "3 VP"}}]})
    shared = doc.data["cards"][0]
    with_icons(doc, {"$#": "coin", "# VP": "vp"}, {"kind": {"type": "enum"}, "text": {"type": "text"},
                                                   "rules": {"type": "localized"}})
    assert doc.data["cards"][0] == {"id": "a", "kind": "$2", "text": "Gain :coin{2}:.",
                                    "name": {"en": "A", "fr": "A"},
                                    "rules": {"en": ":vp{3}:", "fr": ":vp{3}:"}}
    assert shared["text"] == "Gain $2."  # the data as loaded is not changed in place


def test_new_offers_the_symbols_two_designs_use():
    cards = [{"text": "Gain $2 and 1 VP. 🦄"}, {"text": {"en": "Gain $3. 🦄", "fr": "Gagnez $3."}},
             {"text": "Pay {R}.", "kind": "{R}"}, {"kind": "{G}"}]
    found = find_symbols(cards, {"text": "localized", "kind": "enum"})
    assert [(f.written, f.icon, f.cards, f.example) for f in found] == [("$#", "coin", 2, "$2 → :coin{2}:")]


@pytest.mark.parametrize("icon", sorted({icon for _, icon in CANDIDATES}))
def test_every_offered_icon_is_shipped_and_safe(icon):
    text = icon_svg(icon).decode("utf-8")
    cleaned = ET.fromstring(sanitize_svg(text, f"{icon}.svg"))
    assert len(list(cleaned.iter())) == len(list(ET.fromstring(text).iter()))  # nothing taken out
    assert cleaned.get("viewBox") == "0 0 24 24"


def test_no_shipped_icon_is_offered_by_nothing():
    assert {p.stem for p in ICONS.glob("*.svg")} == {icon for _, icon in CANDIDATES}
