"""The sample workspace game ``cardforge new <id>`` writes, from ``scaffold/files/``.

The files are cardforge's own text with three markers replaced: ``%%ID%%`` (the game's id),
``%%NAME%%`` (its name, as a quoted YAML string) and ``%%PREFIX%%`` (the capitals its
``lint:`` codes start with). Where each goes:

- ``files/cards/*`` → ``<cards>/<id>/`` (game.yaml, card files, rules/rules.md);
- ``files/templates/*`` → ``<workspace>/templates/<id>/`` (faces, style.css, icons);
- ``files/cardforge.toml`` → the workspace, when it has no configuration yet, and with it
  ``files/yamllint.yaml`` → ``<workspace>/.yamllint`` (yamllint's settings the card files
  pass; the same as cardforge's own ``.yamllint``) unless the workspace has one;
- ``files/translations/rules.<lang>.md`` is not written: it is the sample rules in
  ``<lang>``, block for block, the translations :mod:`cardforge.scaffold.new_catalogs` puts in
  the new game's rules catalog (:func:`rules_translations`).
"""

from __future__ import annotations

import json
import os
import re
import string
from collections.abc import Iterable
from pathlib import Path

from cardforge.booklet.rules_markdown import Block, parse_rules
from cardforge.boundary import trust
from cardforge.lint.rule import all_rules
from cardforge.model.game_packs import GameSpec
from cardforge.scaffold import Places, Plan

FILES = Path(__file__).resolve().parent / "files"
"""The scaffold's files, shipped inside the package (so inside the wheel)."""

CONFIG = "cardforge.toml"
YAMLLINT = "yamllint.yaml"
"""The scaffold's yamllint settings, written as the new workspace's ``.yamllint``."""

RESERVED_PREFIXES = frozenset({"CF", "TR", "BK", "PF", "WB", "CC", "DG", "DT", "DX"})
"""Code prefixes of cardforge's own checks (lint, translations, booklets, preflight) and the
built-in packs; the installed packs' rules are added by :func:`taken_prefixes`."""

FALLBACK_PREFIX = "WG"
"""A workspace game's code prefix when its id gives none that is free."""

_MARKER = re.compile(r"%%[A-Z]+%%")
_LINT_CODE = re.compile(r"^\s*-?\s*code:\s*['\"]?([A-Z]{2,3})[0-9]{3}", re.MULTILINE)


def display_name(game_id: str) -> str:
    """The name a new game gets from its id: ``goblin-market`` → ``Goblin Market``."""
    return " ".join(word.capitalize() for word in game_id.split("-"))


def taken_prefixes(specs: Iterable[GameSpec], cards: Path) -> set[str]:
    """Code prefixes in use: cardforge's own, the installed packs' rules, and the ``code:``s
    of the ``lint:`` rules in the other games' game.yaml under ``cards``."""
    taken = set(RESERVED_PREFIXES)
    taken.update(re.sub(r"[0-9]+$", "", code) for code in all_rules(specs))
    for manifest in sorted(cards.glob("*/game.yaml")) if cards.is_dir() else ():
        try:
            taken.update(_LINT_CODE.findall(trust.read_text(manifest, "yaml")))
        except trust.Refused:
            continue  # that game's own lint reports it; a prefix guess needs no more
    return taken


def code_prefix(game_id: str, taken: set[str]) -> str:
    """The capitals a new game's lint codes start with: its words' initials (``goblin-market``
    → ``GM``, up to three), else its first letters (``dungeon`` → ``DU``), else ``WG``,
    ``WGA``, ``WGB``…; the first free one. A prefix is free when it neither starts with a
    prefix in ``taken`` nor starts one (``ignore = ["DG"]`` in the configuration would
    silence a ``DGT101`` too)."""
    words = [w for w in game_id.split("-") if w[:1].isalpha()]
    letters = re.sub(r"[^a-z]", "", game_id).upper()
    initials = "".join(w[0] for w in words).upper()
    candidates = [initials[:3], initials[:2], letters[:2], letters[:3], FALLBACK_PREFIX,
                  *(FALLBACK_PREFIX + c for c in string.ascii_uppercase)]
    return next(c for c in candidates if len(c) in (2, 3)
                and not any(c.startswith(t) or t.startswith(c) for t in taken))


def _substitute(text: str, values: dict[str, str], source: Path) -> str:
    for marker, value in values.items():
        text = text.replace(f"%%{marker}%%", value)
    left = _MARKER.search(text)
    if left:  # a scaffold file with a marker nobody fills: a bug in cardforge, found by tests
        raise ValueError(f"{source}: unknown marker {left.group(0)}")
    return text


def scaffold_files(places: Places, name: str, prefix: str, *, with_config: bool,
                   one_language: bool = False) -> Plan:
    """The files of a new workspace game called ``name`` whose lint codes start with
    ``prefix``, at ``places``; with ``with_config`` also ``cardforge.toml`` and, unless the
    workspace has one, ``.yamllint``. With ``one_language`` the YAML files are in English
    alone (:func:`english_only`), so no French catalog is made."""
    values = {"ID": places.game_id, "NAME": json.dumps(name, ensure_ascii=False), "PREFIX": prefix}
    targets = {"cards": places.game, "templates": places.faces}
    plan: Plan = {}
    for part, destination in targets.items():
        for source in sorted(p for p in (FILES / part).rglob("*") if p.is_file()):
            relative = source.relative_to(FILES / part)
            plan[destination / relative] = _contents(source, values)
            if one_language and source.suffix == ".yaml":
                plan[destination / relative] = english_only(plan[destination / relative].decode()).encode()
    if with_config:
        plan[places.workspace / CONFIG] = _contents(FILES / CONFIG, values)
        if not os.path.lexists(places.workspace / ".yamllint"):
            plan[places.workspace / ".yamllint"] = _contents(FILES / YAMLLINT, values)
    return plan


_FRENCH = re.compile(r',\s*fr: (?:"(?:[^"\\]|\\.)*"|[^{}"\n]*?)\s*\}')
_LANGUAGES = re.compile(r"^languages: \[en, fr\]", re.MULTILINE)
_FRENCH_NOTE = re.compile(r"^# Every language a build prints; fr texts.*\n", re.MULTILINE)


def english_only(text: str) -> str:
    """Scaffold YAML ``text`` in English alone: each inline ``fr:`` text of a ``{en: …, fr:
    …}`` mapping and the French language left out. Raises ValueError when French is left
    (a scaffold file this does not understand: a bug in cardforge, found by tests)."""
    note = "# Every language a build prints (add one here, then run cardforge i18n update).\n"
    text = _FRENCH_NOTE.sub(note, text)
    text = _LANGUAGES.sub("languages: [en]", _FRENCH.sub("}", text))
    if re.search(r"\bfr: ", text):
        raise ValueError("a French text the one-language scaffold does not remove")
    return text


def _contents(source: Path, values: dict[str, str]) -> bytes:
    if source.suffix == ".svg":
        return source.read_bytes()
    return _substitute(source.read_text(encoding="utf-8"), values, source).encode("utf-8")


def rules_translations(lang: str) -> dict[str, str]:
    """The sample rules' texts in ``lang``: each translatable block of rules.md (its text,
    the catalog's msgid) → the same block of ``translations/rules.<lang>.md``. Empty for a
    language the scaffold has no translation in. Raises ValueError when the two files'
    blocks do not pair up (a bug in cardforge's scaffold, found by tests)."""
    translated = FILES / "translations" / f"rules.{lang}.md"
    if not translated.is_file():
        return {}
    source = FILES / "cards" / "rules" / "rules.md"
    originals, translations = _blocks(source), _blocks(translated)
    if [b.kind for b in originals] != [b.kind for b in translations]:
        raise ValueError(f"{translated}: its blocks do not match {source} block for block")
    return {a.text: b.text for a, b in zip(originals, translations, strict=True)}


def _blocks(path: Path) -> list[Block]:
    return [b for b in parse_rules(path.read_text(encoding="utf-8"), path) if b.translatable]
