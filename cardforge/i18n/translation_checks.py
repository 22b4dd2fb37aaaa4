"""Comparing a translation with its source text: what must carry over unchanged.

A translation may reword anything but these, which a reader (or cardforge) relies on:

- placeholders (``{vp_goal}``): filled from game.yaml, so the booklet states the same fact
  in every language;
- numbers written as digits (after Unicode NFKC, so ``１５`` is ``15``): a rulebook fact
  typed in one language must not change in another. The other side may spell it
  (NUMBER_WORDS: ``2枚`` matches ``two cards``); a number spelled on both sides is not
  compared (``brelan`` is "three of a kind"), nor are 0 and 1, which languages say with
  articles and negations ("a card", "une carte", "no pages left");
- ``:icon:`` tokens: drawn as the same icon;
- Markdown markup: the same number of ``**strong**`` and ``*emphasis*`` markers, code
  spans and links.

Each is compared as a multiset (order may change with grammar).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from cardforge.booklet.placeholders import PLACEHOLDER_RE
from cardforge.render.templating.icons import TOKEN_RE

_DIGITS = re.compile(r"\d+(?:[.,]\d+)?")

NUMBER_WORDS: dict[str, int] = {
    **{w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven "
                                  "twelve".split())},
    "once": 1, "twice": 2, "double": 2, "triple": 3,
    **{w: n for n, w in enumerate("zéro un deux trois quatre cinq six sept huit neuf dix onze "
                                  "douze".split())},
    "une": 1,
    **{w: n for n, w in enumerate("〇一二三四五六七八九", start=0)},
}
"""Spelled numbers of the shipped languages (English, French, Japanese kanji) → value.
Latin words match whole words, case-insensitively; kanji match one character."""

_WORDS = re.compile(r"(?i)\b(" + "|".join(w for w in NUMBER_WORDS if w.isascii() or len(w) > 1)
                    + r")\b|([〇一二三四五六七八九])")
_WORTH_COMPARING = re.compile(r"[\d{}:*`]|\]\(")
r"""A character any compared item needs (``\d`` takes full-width digits too)."""
IGNORED_NUMBERS = frozenset({"0", "1"})
"""Numbers languages express without digits (articles, negation): never compared."""
_MARKUP: dict[str, re.Pattern[str]] = {
    "**": re.compile(r"\*\*"),
    "*": re.compile(r"(?<!\*)\*(?!\*)"),
    "`": re.compile(r"`"),
    "](": re.compile(r"\]\("),
}


def _placeholders(text: str) -> Counter[str]:
    bare = text.replace("{{", "").replace("}}", "")
    return Counter("{" + m.group(1) + "}" for m in PLACEHOLDER_RE.finditer(bare))


def numbers(text: str) -> tuple[Counter[str], Counter[str]]:
    """(numbers written as digits, numbers spelled as words) in ``text``, each as a count
    per number (``"15"``), 0 and 1 left out; placeholders and icon tokens are not text."""
    digits, spelled = _number_counts(text)
    return Counter(digits), Counter(spelled)


def _number_counts(text: str) -> tuple[dict[str, int], dict[str, int]]:
    """:func:`numbers` as plain dicts (a Counter costs more to make than the search)."""
    bare = unicodedata.normalize("NFKC", text)
    if ":" in bare:
        bare = TOKEN_RE.sub(" ", bare)
    if "{" in bare:
        bare = PLACEHOLDER_RE.sub(" ", bare)
    spelled: dict[str, int] = {}
    for match in _WORDS.finditer(bare):
        number = str(NUMBER_WORDS[(match.group(1) or match.group(2)).lower()])
        if number not in IGNORED_NUMBERS:
            spelled[number] = spelled.get(number, 0) + 1
    digits: dict[str, int] = {}
    for number in _DIGITS.findall(bare):
        if number not in IGNORED_NUMBERS:
            digits[number] = digits.get(number, 0) + 1
    return digits, spelled


def _number_differences(source: str, translation: str) -> list[str]:
    """A number written as digits on one side that the other side has fewer times, as
    digits and words together."""
    (src_digits, src_words), (tr_digits, tr_words) = _number_counts(source), _number_counts(translation)
    found = []
    for number in sorted(set(src_digits) | set(tr_digits), key=lambda n: (len(n), n)):
        want, have = src_digits.get(number, 0), tr_digits.get(number, 0)
        if want > have + tr_words.get(number, 0) or have > want + src_words.get(number, 0):
            found.append(f"number {number}: {want} in the source, {have} in the translation")
    return found


def _tokens(text: str) -> Counter[str]:
    return Counter(m.group(0) for m in TOKEN_RE.finditer(text))  # a value too: :coin{2}:


def _markup(text: str) -> Counter[str]:
    bare = PLACEHOLDER_RE.sub(" ", text)
    return Counter({mark: len(pattern.findall(bare)) for mark, pattern in _MARKUP.items()
                    if pattern.search(bare)})


KINDS: dict[str, Callable[[str], Counter[str]]] = {
    "placeholder": _placeholders,
    "icon token": _tokens,
    "markup": _markup,
}
"""What is compared, by the name used in messages."""

_NEEDS: dict[str, tuple[str, ...]] = {
    "placeholder": ("{",),
    "icon token": (":",),
    "markup": ("*", "`", "]("),
}
"""Texts some of which a kind of :data:`KINDS` needs to find anything: a pair of texts with
none of them has nothing of that kind to compare."""


def differences(source: str, translation: str) -> list[str]:
    """What ``translation`` does not carry over from ``source``, one phrase each, e.g.
    ``"number 15: 1 in the source, 0 in the translation"``; empty when all match.
    (A pure function of the two texts: the answer for a pair seen before is remembered,
    since a game repeats the same texts on many cards.)"""
    return list(_differences(source, translation))


@lru_cache(maxsize=65536)
def _differences(source: str, translation: str) -> tuple[str, ...]:
    if not _WORTH_COMPARING.search(source) and not _WORTH_COMPARING.search(translation):
        return []  # no digit, placeholder, icon token or markup on either side
    found = _number_differences(source, translation)
    for kind, count in KINDS.items():
        needs = _NEEDS.get(kind)
        if needs is not None and not any(n in source or n in translation for n in needs):
            continue
        want, have = count(source), count(translation)
        for item in sorted(set(want) | set(have)):
            if want[item] != have[item]:
                found.append(f"{kind} {item}: {want[item]} in the source, {have[item]} in the translation")
    return tuple(found)
