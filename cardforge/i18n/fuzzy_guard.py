"""Which fuzzy matches ``cardforge i18n update`` keeps: only those between related texts.

Babel offers the translation of the closest old text (difflib, ratio ≥ 0.6) for a new
text, marked fuzzy. For short texts that closeness means nothing (``Coin`` and ``Cost``,
``Bat`` and ``Rat``), and two cards' names are two things, however alike (``Fire Imp``
renamed is not ``Fire Bat``): a translator shown the other's translation as a starting
point would likely keep a wrong one. So a match is kept only when both texts are at least
:data:`MIN_FUZZY_LENGTH` wide (a CJK character counting two) and they are not the names of two different
cards (told by the extracted comment ``<file>: cards[<id>].name``).
"""

from __future__ import annotations

import re
import unicodedata

from babel.messages.catalog import Catalog, Message

MIN_FUZZY_LENGTH = 16
"""Width both texts need for a fuzzy match to be offered, in Latin letters: a wide (CJK)
character counts as two (:func:`width`), as it carries about as much as two Latin letters
(``手札は5枚までです。`` is 19 wide, ``剣士`` 4)."""

_CARD_NAME = re.compile(r"cards\[([^\]]+)\]\.name$")


def related(new: Message, old: Message) -> bool:
    """Whether ``old``'s translation is a fair start for ``new``: both texts long enough,
    and not two different cards' names."""
    return min(width(_text(new.id)), width(_text(old.id))) >= MIN_FUZZY_LENGTH and not other_cards(new, old)


def width(text: str) -> int:
    """``text``'s width in Latin letters: 2 for each East Asian wide or fullwidth character
    (Unicode's East Asian Width W and F), 1 for any other."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def other_cards(new: Message, old: Message) -> bool:
    """Whether ``new`` and ``old`` are the names of two different cards (their translations
    never pass from one to the other, even at the same place)."""
    new_cards, old_cards = named_cards(new), named_cards(old)
    return bool(new_cards and old_cards and not new_cards & old_cards)


def drop_unrelated(merged: Catalog, old: Catalog | None) -> None:
    """Undo each fuzzy match Babel made in ``merged`` from an unrelated text of ``old``:
    the message is untranslated again, with no previous msgid."""
    if old is None:
        return
    for message in merged:
        if not message.id or "fuzzy" not in message.flags or not message.previous_id:
            continue
        before = old.get(message.previous_id[0])
        if before is not None and not related(message, before):
            message.string = ("",) * len(message.string) if isinstance(message.string, tuple) else ""
            message.flags.discard("fuzzy")
            message.previous_id = []


def _text(msgid: object) -> str:
    return msgid if isinstance(msgid, str) else str(msgid[0]) if isinstance(msgid, (list, tuple)) else ""


def named_cards(message: Message) -> set[str]:
    """The ids of the cards whose name ``message`` is (from its extracted comments)."""
    found = set()
    for comment in message.auto_comments:
        match = _CARD_NAME.search(comment.strip())
        if match:
            found.add(match[1])
    return found
