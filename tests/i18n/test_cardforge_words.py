"""cardforge's own words: the gettext catalogs under cardforge/locale/, the word() and
localized() helpers, and the completeness check (every word the code prints is translated,
with no field the English lacks, into every language a shipped game uses)."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from cardforge.booklet.booklet_words import MSGIDS as BOOKLET
from cardforge.booklet.booklet_words import PLURALS
from cardforge.games.comic_creator import cc_faces as comic_creator
from cardforge.games.dice_girls import dg_faces as dice_girls
from cardforge.games.dice_tuners import dt_faces as dice_tuners
from cardforge.games.dixe_on_card import dx_faces as dixe_on_card
from cardforge.games.writers_battle import wb_faces as writers_battle
from cardforge.model import language_text as words

REPO = Path(__file__).resolve().parents[2]

USED: dict[str | None, set[str | tuple[str, str]]] = {
    None: {*BOOKLET.values(), *PLURALS.values()},
    comic_creator.CONTEXT: {*comic_creator.LABELS.values(), comic_creator.RUN_CAPTION},
    dice_girls.CONTEXT: {*dice_girls.SENTENCES.values(), *dice_girls.LABELS.values()},
    dice_tuners.CONTEXT: set(dice_tuners.LABELS.values()),
    dixe_on_card.CONTEXT: {"Skill", "Flipped card"},
    writers_battle.CONTEXT: set(writers_battle.LABELS.values()),
}
"""Every msgid the code looks up, by msgctxt (None: the booklet's words)."""


def _languages(game_id: str) -> set[str]:
    manifest = yaml.safe_load((REPO / "cards" / game_id / "game.yaml").read_text(encoding="utf-8"))
    return set(manifest["languages"])


def _required() -> dict[str | None, set[str]]:
    """Languages each context must be translated into: a pack's shipped game's languages;
    the booklet's words into every language of any shipped game. English is the msgids'."""
    packs = {context: _languages(context) for context in USED if context is not None}
    return {None: set().union(*packs.values()) - {"en"},
            **{context: langs - {"en"} for context, langs in packs.items()}}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _catalog(lang: str):
    path = words.catalog_path(lang)
    return read_po(io.BytesIO(path.read_bytes()), abort_invalid=True)


def test_the_shipped_games_use_english_japanese_and_french():
    assert set().union(*_required().values()) == {"ja", "fr"}


@pytest.mark.parametrize("lang", ["ja", "fr"])
def test_every_word_is_translated_with_no_new_field_and_none_is_left_over(lang):
    catalog = _catalog(lang)
    entries = {(m.context, tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id): m
               for m in catalog if m.id}
    for context, langs in _required().items():
        if lang not in langs:
            continue
        for msgid in USED[context]:
            message = entries.get((context, msgid))
            assert message is not None, f"{lang}: {context or 'booklet'}: {msgid!r} has no entry"
            strings = message.string if isinstance(msgid, tuple) else (message.string,)
            assert isinstance(strings, tuple) and all(strings) and not message.fuzzy, \
                f"{lang}: {msgid!r} is not translated (a plural entry in every form)"
            english = set().union(*map(_fields, msgid)) if isinstance(msgid, tuple) else _fields(msgid)
            # a translation may drop a field (Dice Girls' English "{die}"/"dice"), never add one
            assert all(_fields(text) <= english for text in strings), f"{lang}: {msgid!r} adds a field"
    for context, msgid in entries:
        assert msgid in USED.get(context, set()), f"{lang}: {context}: {msgid!r} is used nowhere"


def test_every_catalog_is_one_of_a_shipped_language():
    found = {path.parts[-3] for path in words.LOCALE_DIR.glob("*/LC_MESSAGES/*.po")}
    assert found == {"ja", "fr"}
    assert {path.name for path in words.LOCALE_DIR.glob("*/LC_MESSAGES/*.po")} == {"cardforge.po"}


def test_word_translates_by_context_and_falls_back_to_the_english_msgid():
    assert words.word("Contents", "ja") == "目次"
    assert words.word("Contents", "fr") == "Sommaire"
    assert words.word("Contents", "en") == "Contents"
    assert words.word("Contents", "de") == "Contents"
    assert words.word("Components", "fr") == "Matériel"
    assert words.word("Ability", "ja", writers_battle.CONTEXT) == "能力"
    assert words.word("Ability", "ja", dice_girls.CONTEXT) == "特技"
    assert words.word("Ability", "ja") == "Ability"          # no such booklet word: English
    assert words.word("Skill", "ja", dixe_on_card.CONTEXT) == "Skill"


def test_a_counted_word_takes_the_form_its_language_gives_the_count():
    cards = PLURALS["cards"]
    assert [words.plural_word(cards, n, "en", name="Start Player") for n in (1, 2)] == [
        "Start Player card", "Start Player cards"]
    assert [words.plural_word(cards, n, "fr", name="Héros") for n in (0, 1, 2)] == [
        "Carte Héros", "Carte Héros", "Cartes Héros"]  # French: 0 and 1 are singular
    assert {words.plural_word(cards, n, "ja", name="経験") for n in (1, 26)} == {"経験カード"}
    assert words.plural_word(cards, 3, "de", name="X") == "X cards"  # no catalog: English


def test_a_fuzzy_or_empty_entry_prints_english(monkeypatch, tmp_path):
    po = tmp_path / "xx" / "LC_MESSAGES" / "cardforge.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  '#, fuzzy\nmsgid "Rules"\nmsgstr "Regeln"\n\nmsgid "Contents"\nmsgstr ""\n\n'
                  'msgid "Components"\nmsgstr "Inhalt"\n', encoding="utf-8")
    monkeypatch.setattr(words, "LOCALE_DIR", tmp_path)
    words.catalog.cache_clear()
    try:
        assert [words.word(m, "xx") for m in ("Rules", "Contents", "Components")] == [
            "Rules", "Contents", "Inhalt"]
    finally:
        words.catalog.cache_clear()


def test_localized_is_the_first_non_empty_text_else_none():
    text = {"ja": "集中線", "en": "", "fr": None}
    assert words.localized(text, "ja", "en") == "集中線"
    assert words.localized(text, "en", "ja") == "集中線"
    assert words.localized(text, "fr", None) is None
    assert words.localized(text, "de", "fr") is None
    assert words.localized("集中線", "ja") is None
    assert words.localized(None, "ja", "en") is None
    assert words.localized({"en": 3}, "en") == "3"


def test_no_word_table_or_language_special_case_is_left_in_python():
    """Words live in the catalogs: no ``{"ja": …}`` / ``{"fr": …}`` literal (bar a pack's
    own name in its GameSpec) and no ``lang == "ja"`` test in cardforge's code."""
    quoted = re.compile(r"""["'](?:ja|fr)["']""")
    offenders = [f"{path.relative_to(REPO)}:{n}" for path in sorted((REPO / "cardforge").rglob("*.py"))
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if quoted.search(line) and not line.strip().startswith("names={")
                 or re.search(r"\bWORDS\s*(?::|=)", line)]
    assert offenders == []
