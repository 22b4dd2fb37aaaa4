"""Reading the text of a ``lint:`` rule's ``expect`` (a CEL expression) without running it.

What the data rules (:mod:`cardforge.lint.data_rules`) and CF012 need to know about an
expression's text: the names its comprehensions bind (``c`` in ``cards.map(c, c.cost)``),
where a name is first written, which card fields it reads in order (to point a Problem at the
first of them), and where a character of the expression is in game.yaml, whether ``expect``
is written plain, quoted, folded (``>``) or literal (``|``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from cardforge.loading.document import Document, Pointer
from cardforge.problem import Location

_STRING = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
_BINDING = re.compile(r"\.\s*(?:all|exists|exists_one|filter|map|reduce)\s*\(\s*([A-Za-z_]\w*)\s*,")
_FIELD = re.compile(r"(?<![\w.])(card\s*\.\s*)?([A-Za-z_]\w*)")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
RESERVED = frozenset({
    "true", "false", "null", "in", "as", "break", "const", "continue", "else", "for", "function",
    "if", "import", "let", "loop", "package", "namespace", "return", "var", "void", "while"})
"""Words CEL keeps for itself: no variable may be called so."""
TYPE_NAMES = frozenset({"int", "uint", "double", "bool", "string", "bytes", "list", "map",
                        "null_type", "type", "dyn"})
"""CEL's names of types (``type(dice) == int``): every expression may read them."""


def is_identifier(name: object) -> bool:
    """Whether ``name`` can be a CEL variable: a string of letters, digits and ``_`` not
    starting with a digit, and not a reserved word."""
    return isinstance(name, str) and bool(_IDENTIFIER.fullmatch(name)) and name not in RESERVED


def blank_strings(text: str) -> str:
    """``text`` with the inside of every string literal replaced by spaces (same length), so
    that searching it for names never finds words inside quotes."""
    return _STRING.sub(lambda m: m.group(0)[0] + " " * (len(m.group(0)) - 2) + m.group(0)[-1], text)


def bound_names(text: str) -> frozenset[str]:
    """The names comprehension macros bind in ``text`` (``c`` in ``cards.all(c, c.cost > 0)``)."""
    return frozenset(_BINDING.findall(blank_strings(text)))


def first_offset(text: str, name: str) -> int:
    """The 0-based offset in ``text`` of the first ``name`` written as a variable (not a
    member after ``.``, not inside quotes); 0 when there is none."""
    found = re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", blank_strings(text))
    return found.start() if found else 0


def fields_in_order(text: str, fields: frozenset[str]) -> tuple[str, ...]:
    """The names of ``fields`` that ``text`` reads as a variable (``cost``) or as a member of
    ``card`` (``card.cost``), each once, in the order first written."""
    seen: dict[str, None] = {}
    for match in _FIELD.finditer(blank_strings(text)):
        name = match.group(2)
        if (match.group(1) or name in fields) and name not in seen:
            seen[name] = None
    return tuple(seen)


_CARD = re.compile(r"(?<![\w.])card(?!\w)")
_MEMBER = re.compile(r"\s*\.\s*([A-Za-z_]\w*)(?!\w)(\s*\()?")
_HAS_OPEN = re.compile(r"has\s*\(\s*$")
_CLOSE = re.compile(r"\s*\)")


def card_dependencies(text: str, variables: Iterable[str]) -> dict[str, bool] | None:
    """What the value of ``text`` depends on in the current card, when it reads the card
    only through ``variables`` (its fields read by name) and ``card.<field>``: each field →
    whether only its presence matters (every use is ``has(card.<field>)``). None when
    ``card`` is used any other way (``size(card)``, ``card["cost"]``, ``card.name.en``
    counts as reading ``name``)."""
    blank = blank_strings(text)
    depends = dict.fromkeys(variables, False)
    for use in _CARD.finditer(blank):
        member = _MEMBER.match(blank, use.end())
        if member is None or member.group(2):
            return None
        presence = bool(_HAS_OPEN.search(blank, 0, use.start())) and bool(_CLOSE.match(blank, member.end()))
        depends[member.group(1)] = depends.get(member.group(1), True) and presence
    return depends


def offset_at(text: str, line: int | None, column: int | None) -> int:
    """The 0-based offset in ``text`` of 1-based ``line`` and ``column`` (0 when unknown),
    kept within the text."""
    if not line or not column:
        return 0
    lines = text.split("\n")
    before = sum(len(row) + 1 for row in lines[:line - 1])
    return max(0, min(len(text), before + column - 1))


def locate_in_value(doc: Document, pointer: Pointer, text: str, offset: int) -> Location:
    """Where character ``offset`` of the string ``text``, stored at ``pointer`` of ``doc``, is
    written: found by walking the source alongside the value, which works for plain, quoted
    and block (``|``, ``>``) scalars over any number of lines. Falls back to
    :meth:`Document.locate_in_scalar` for a one-line value, else to the value's start, when
    the source cannot be followed (an escape such as ``\\n``)."""
    start = doc.locate(*pointer)
    fallback = start if "\n" in text.rstrip("\n") else doc.locate_in_scalar(offset, *pointer)
    row, col = start.line - 1, start.col - 1
    if row >= len(doc.lines):
        return fallback
    head = doc.lines[row][col:col + 1]
    if head in ("|", ">"):
        row, col = row + 1, 0
    elif head in ("'", '"'):
        col += 1
    source = _characters(doc.lines, row, col)
    here = next(source, None)
    for char in text[:offset]:
        if char.isspace():
            continue
        while here is not None and here[2].isspace():
            here = next(source, None)
        if here is not None and here[2] == "\\" and char != "\\" and head == '"':
            here = next(source, None)
        if here is not None and here[2] == "'" and char == "'" and head == "'":
            here = next(source, None)  # '' is one quote in a single-quoted scalar
        if here is None or here[2] != char:
            return fallback
        here = next(source, None)
    if not text[offset:offset + 1].isspace():
        while here is not None and here[2].isspace():
            here = next(source, None)
    return Location(doc.path, here[0] + 1, here[1] + 1) if here is not None else fallback


def _characters(lines: list[str], row: int, col: int) -> Iterator[tuple[int, int, str]]:
    """(0-based line, 0-based column, character) of the source from ``row``, ``col`` on, a
    newline at the end of each line."""
    for number in range(row, len(lines)):
        line = lines[number]
        for index in range(col if number == row else 0, len(line)):
            yield number, index, line[index]
        yield number, len(line), "\n"
