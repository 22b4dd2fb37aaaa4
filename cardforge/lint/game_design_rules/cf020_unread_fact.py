"""Unread fact: a fact in game.yaml that nothing reads, so it is dead or typed by hand somewhere.

A rulebook number or word belongs in game.yaml's ``facts:`` exactly once, and everything
that follows from it reads it from there: a lint rule, a booklet placeholder, a template,
the game pack's code. A fact that nothing reads is either left over (delete it) or has
been typed by hand in the rules or a catalog instead (write the placeholder there, so a
change of the fact changes every language's text). A fact counts as read when one of
these names it, or names a part of it, or a mapping holding it:

- game.yaml outside ``facts:`` (but not a ``choices:`` note's ``at:``, which points at the
  fact the note is about and neither prints nor checks it): ``facts.<path>`` (or
  ``facts["<name>"]``) in any text:
  the ``lint:``, ``relations:`` and ``balance:`` expressions, ``card_costs:``,
  ``instant_win:`` and ``game_enders:`` paths;
- a placeholder ``{<path>}`` in the rules Markdown (``rules/*.md``), in game.yaml's texts
  or in the card and dice files (translations carry the same placeholders, TR103);
- ``facts.<path>`` (or ``facts["<name>"]``) in a Jinja template (``*.j2``) of the game's
  template folders;
- the name of a top-level fact quoted in the game pack's Python code
  (``game.facts["symbols"]``): the pack reads that fact, whole;
- the dice supply ``facts.dice.supply``, which the booklet's component list prints, and
  a fact mapping a pack icon to its name (``symbols: {katana: {en: Katana}}``), which the
  booklet's icon glossary prints when ``icons:`` and ``marks:`` do not name the icon.

Reported once per unread fact, at its key in game.yaml, at the deepest level where
nothing reads it (``dice.opposite_sum`` when only ``facts.dice.faces`` is read). The work is
per game (game.yaml, the rules and template files, each card file's text scanned once),
not per card.

Passing (the fact is printed by the rules: ``{vp_goal}`` in ``rules/rules.md``)::

    facts:
      vp_goal: 15            # rules.md: "The first player to reach {vp_goal} VP wins."

Failing (nothing reads ``vp_goal_reached``: the rules say "or more" by hand)::

    facts:
      vp_goal: 15            # rules.md: "Reach {vp_goal} VP or more to win."
      vp_goal_reached: at-least
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from cardforge.booklet.placeholders import names
from cardforge.booklet.rules_markdown import rules_files
from cardforge.boundary import trust
from cardforge.boundary.resources import template_search_path
from cardforge.i18n.localized_mappings import in_document
from cardforge.lint.data_shape_rules.cf009_icon_token import icons_for
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "CF020"
NAME = "unread-fact"
SCOPE = "game"
SEVERITY = "warning"

FactPath = tuple[str, ...]
"""A fact's keys below ``facts:`` (``("dice", "supply")``)."""

CORE_READS: tuple[FactPath, ...] = (("dice", "supply"),)
"""Facts cardforge's own code reads by name: the dice supply in the booklet's component
list (:func:`cardforge.booklet.generated_parts.components`)."""

_NAME = r"[A-Za-z_][\w-]*"
_FACT_REF = re.compile(rf"\bfacts(?:\.({_NAME}(?:\.{_NAME})*)|\[\s*[\"']([\w-]+)[\"']\s*\])")
"""``facts.a.b`` (group 1: ``a.b``) or ``facts["a"]`` (group 2: ``a``) in an expression,
a path or a template."""
_QUOTED = re.compile(r"""(["'])([A-Za-z_][\w-]*)\1""")
"""A quoted name in Python source (group 2)."""


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a warning at the key of each fact of ``game`` that nothing reads (see the module)."""
    facts = game.facts
    if not isinstance(facts, Mapping) or not facts:
        return
    reads = set(CORE_READS)
    reads.update(_game_yaml_reads(game.info, facts))
    reads.update(_placeholder_reads(game, facts))
    reads.update(_template_reads(game))
    reads.update(_glossary_reads(game, facts))
    reads.update((name,) for name in _pack_names(_pack_package(game)) if name in facts)
    for path in _unread(facts, (), reads):
        yield Problem(game.manifest.locate_key("facts", *path), CODE,
                      f"nothing reads facts.{'.'.join(path)}: no rule, placeholder, template "
                      "or game pack code names it",
                      hint="print it with a {placeholder} where the rules state it (instead of "
                           "typing its wording), or delete it if the game no longer uses it")


def _unread(node: Mapping[str, Any], prefix: FactPath, reads: set[FactPath]) -> Iterator[FactPath]:
    """The paths under ``prefix`` that no read covers, at the deepest level still unread."""
    for key, value in node.items():
        path = (*prefix, str(key))
        if any(path[:len(read)] == read for read in reads):
            continue  # read whole, or as part of a mapping read whole
        inside = [read for read in reads if read[:len(path)] == path]
        if not inside:
            yield path
        elif isinstance(value, Mapping):
            yield from _unread(value, path, set(inside))


def _refs(text: str) -> Iterator[FactPath]:
    """Each fact path ``text`` names with ``facts.…`` or ``facts["…"]``."""
    for match in _FACT_REF.finditer(text):
        yield tuple((match.group(1) or match.group(2)).split("."))


def _strings(data: Any) -> Iterator[str]:
    """Every string (keys too) inside plain YAML ``data``."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, Mapping):
        for key, value in data.items():
            yield from _strings(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


def _game_yaml_reads(info: Mapping[str, Any], facts: Mapping[str, Any]) -> Iterator[FactPath]:
    """Fact paths game.yaml's texts outside ``facts:`` name (expressions, paths, placeholders)."""
    for key, value in info.items():
        if key == "facts":
            continue
        if key == "choices" and isinstance(value, list):  # a note's at: points at a fact, reads nothing
            value = [{k: v for k, v in note.items() if k != "at"} if isinstance(note, Mapping) else note
                     for note in value]
        for text in _strings(value):
            yield from _refs(text)
            yield from _placeholder_paths(names(text), facts)


def _placeholder_paths(found: Iterable[str], facts: Mapping[str, Any]) -> Iterator[FactPath]:
    """The fact paths of placeholder names (a name whose first part is a fact; a list index
    ends the path, the list being read)."""
    for name in found:
        parts = name.split(".")
        if parts[0] in facts:
            index = next((i for i, part in enumerate(parts) if part.isdigit()), len(parts))
            yield tuple(parts[:index])


def _placeholder_reads(game: Game, facts: Mapping[str, Any]) -> Iterator[FactPath]:
    """Fact paths named by placeholders in the rules Markdown and in the source-language
    texts of the card and dice files (their ``{lang: text}`` mappings)."""
    texts = []
    for path in rules_files(game.root):
        try:
            texts.append(trust.read_text(path, "markdown"))
        except trust.Refused:
            continue  # BK101 reports it
    source = game.source_language
    for doc in (*game.documents, *game.dice_documents):  # each file walked once, shared with CF009
        texts.extend(text for _, mapping in in_document(doc)
                     if "{" in (text := mapping.get(source) or ""))
    for text in texts:
        yield from _placeholder_paths(names(text), facts)


def _template_reads(game: Game) -> Iterator[FactPath]:
    """Fact paths the game's Jinja templates (``*.j2`` in its template folders) name."""
    folders = template_search_path(game.root.parent.parent, game.id, game.spec.templates_dir)
    for folder in folders:
        for path in sorted(folder.rglob("*.j2")):
            try:
                text = trust.read_text(path, "template")
            except trust.Refused:
                continue  # rendering reports it
            yield from _refs(text)


def _glossary_reads(game: Game, facts: Mapping[str, Any]) -> Iterator[FactPath]:
    """``(group, icon)`` for each pack icon the glossary names from ``facts.<group>``
    (:func:`cardforge.booklet.generated_parts.icon_name`: ``icons:`` and ``marks:`` come first)."""
    named = [game.info.get("icons"), game.info.get("marks")]
    for icon in icons_for(game).own_names():
        if any(isinstance(group, Mapping) and isinstance(group.get(icon), Mapping) for group in named):
            continue
        group = next((key for key, value in facts.items()
                      if isinstance(value, Mapping) and isinstance(value.get(icon), Mapping)), None)
        if group is not None:
            yield (str(group), icon)


def _pack_package(game: Game) -> str | None:
    """The Python package of the game's pack (its rules package's parent), if it has one."""
    rules = game.spec.rules
    return rules.rpartition(".")[0] or None if isinstance(rules, str) and "." in rules else None


@cache
def _pack_names(package: str | None) -> frozenset[str]:
    """Every quoted name in the Python source of ``package`` (installed code, read once)."""
    if package is None:
        return frozenset()
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return frozenset()
    found: set[str] = set()
    for folder in (spec.submodule_search_locations or []) if spec else []:
        for path in Path(folder).rglob("*.py"):
            found.update(match.group(2) for match in _QUOTED.finditer(path.read_text(encoding="utf-8")))
    return frozenset(found)
