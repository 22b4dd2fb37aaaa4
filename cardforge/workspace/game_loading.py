"""Finding games in a workspace and loading one into the model.

A workspace holds ``cards/<id>/`` folders; each has ``game.yaml`` (the facts) and card files
(every other ``*.yaml`` and every sheet directly inside it; sub-folders such as ``rules/``
and ``locale/`` are not card files), plus the card lists game.yaml's ``sheet: file:`` names
elsewhere in the workspace or as JSON (:mod:`cardforge.spreadsheet.json_deck`), read where
they are, their symbols read as icons (:mod:`cardforge.spreadsheet.list_symbols`).
``<id>`` names an installed game pack, or else the folder is a *workspace game*, defined
by its game.yaml alone (:mod:`cardforge.model.workspace_game`), its card files checked by
the schema made from its decks' ``fields:``.

A file whose top level has ``dice:`` and no ``deck:`` is a *dice file* instead: a game's
custom dice, kept in ``Game.dice_documents`` with its source map and validated by the pack
schema's ``$defs/dice-file`` (a pack without that definition has no dice files, and saying
``dice:`` there is a CF003 Problem). What a dice entry means is the pack's business.
"""

from __future__ import annotations

import os
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path

from cardforge.boundary import trust
from cardforge.errors import DataError
from cardforge.loading.deck_notes import ignored_fields, without_notes
from cardforge.loading.parse_cache import ParseCache
from cardforge.loading.yaml_source import Document, LoadError, gc_paused, load_yaml
from cardforge.model.game_model import Card, Deck, Game
from cardforge.model.game_packs import GameSpec
from cardforge.model.workspace_game import MANIFEST, WorkspaceGameSpec, identity_problems
from cardforge.problem import Problem, Severity
from cardforge.spreadsheet import in_sheet_terms, is_sheet, load_sheet
from cardforge.spreadsheet.deck_sheets import SheetSource, sheet_decks
from cardforge.spreadsheet.json_deck import is_json, json_deck
from cardforge.spreadsheet.list_symbols import with_icons
from cardforge.validation.field_schema import dice_cost_problems
from cardforge.validation.game_schemas import pack_folders, pack_schema, workspace_schema
from cardforge.validation.schema_validate import SCHEMA, has_subschema, validate
from cardforge.workspace.game_dirs import card_files, find_game_dirs  # noqa: F401 - their home before game_dirs
from cardforge.workspace.parse_ahead import Ahead, parse_ahead


@dataclass
class Loaded:
    """A game as far as it could be loaded: ``game`` is None when game.yaml itself is broken.

    ``problems`` are the loading and schema Problems (CF001–CF004); cards whose own entry
    had schema errors are left out of ``game`` (their Problems say why).
    """

    spec: GameSpec
    root: Path
    game: Game | None
    problems: list[Problem] = field(default_factory=list)

    def clean_game(self, what: str) -> Game:
        """The game, for a command that needs all of it: raises DataError with the
        error-level Problems (``what`` names the data in the message, e.g. "dice-girls's
        card data") when there are any or game.yaml itself did not load."""
        errors = [p for p in self.problems if p.severity is Severity.ERROR]
        if errors or self.game is None:
            raise DataError(errors, what=what)
        return self.game


def _load(path: Path, problems: list[Problem], named: SheetSource | None = None,
          parsed: ParseCache | None = None) -> Document | None:
    """``path`` loaded (a sheet or JSON card list as game.yaml's ``sheet:`` entry ``named``
    says, if any; a large YAML file through the parse cache ``parsed``, if any), or None;
    its Problems added to ``problems``."""
    try:
        if is_json(path):
            return json_deck(path, named.deck if named else None, columns=named.columns if named else None,
                             ids=named.ids if named else None)
        if is_sheet(path):
            doc = load_sheet(path, named.deck if named else None, named.sheet if named else None,
                             columns=named.columns if named else None, ids=named.ids if named else None)
            problems.extend(doc.left_out)
            return doc
        return load_yaml(path, parsed)
    except LoadError as exc:
        problems.extend(exc.problems)
        return None


def load_game(root: Path, spec: GameSpec, parsed: ParseCache | None = None,
              ahead: Ahead | None = None) -> Loaded:
    """Load ``root`` (a ``cards/<id>/`` folder) for game ``spec`` into a :class:`Loaded`,
    large card files through the parse cache ``parsed`` when given
    (:mod:`cardforge.loading.parse_cache`: commands pass the configured cache's). ``ahead``: a child
    already parsing card files into that cache (:func:`cardforge.workspace.parse_ahead.early`), whose
    files are waited for; without it, the load starts one
    (:func:`~cardforge.workspace.parse_ahead.parse_ahead`).

    A workspace game's card-file schema is made from game.yaml once that passes its own
    schema. Raises ConfigError (naming the pack, where it comes from and the file) when a
    pack's schema cannot be found or read; every problem of the workspace's files is a
    located Problem in :attr:`Loaded.problems`. The cyclic garbage collector is paused
    meanwhile, and what is built is then kept out of its sight
    (:func:`cardforge.loading.yaml_source.gc_paused` with ``freeze``): a loaded game lives on.
    """
    with gc_paused(freeze=True):
        return _load_game(root, spec, parsed, ahead)


def _load_game(root: Path, spec: GameSpec, parsed: ParseCache | None, ahead: Ahead | None) -> Loaded:
    loaded = Loaded(spec=spec, root=root, game=None)
    schema = pack_schema(spec)
    trust.allow_installed(*pack_folders(spec))
    manifest = _load(root / MANIFEST, loaded.problems)
    if manifest is None:
        return loaded
    manifest_problems = validate(manifest, "game.schema.json")
    if not manifest_problems and isinstance(spec, WorkspaceGameSpec):
        loaded.problems.extend(identity_problems(spec, manifest))
        workspace_schema(spec, manifest.data)
    if not manifest_problems and has_subschema(schema, "/$defs/facts") and "facts" in manifest.data:
        manifest_problems = validate(manifest, schema, subschema="/$defs/facts", at=("facts",))
    loaded.problems.extend(manifest_problems)
    if manifest_problems or not isinstance(manifest.data, dict):
        return loaded
    game = Game(spec=spec, root=root, manifest=manifest)
    for deck_id, deck_spec in manifest.data["decks"].items():
        game.decks[deck_id] = Deck(id=deck_id, spec=deck_spec)
    sheets = sheet_decks(manifest, root)
    loaded.problems.extend(sheets.problems)
    notes = ignored_fields(manifest.data)
    paths = card_files(root)
    by_path = {_named_path(root, source.file): source for source in sheets.named.values()}
    paths += [path for path in by_path if path not in paths]  # a JSON list, a list outside the folder
    if ahead is None:  # a first load's big files: a child parses them too, from the last on
        ahead = parse_ahead(paths, parsed)
    for path in paths:
        ahead.wait(path)
        named = by_path.get(path)
        doc = _load(path, loaded.problems, named, parsed)
        if doc is None:
            continue
        if named is not None and named.symbols:
            with_icons(doc, named.symbols, manifest.data["decks"][named.deck].get("fields") or {})
        if is_dice_file(doc):
            game.dice_documents.append(doc)
            loaded.problems.extend(_validate_dice(doc, spec, schema))
            continue
        without_notes(doc, notes)
        game.documents.append(doc)
        _add_cards(game, doc, schema, loaded.problems)
    loaded.problems = in_sheet_terms(loaded.problems, game.documents)
    loaded.game = game
    return loaded


def _named_path(root: Path, file: str) -> Path:
    """The file game.yaml's ``sheet: file:`` names from game folder ``root``, its ``..``
    steps taken (``cards/g/../../lists/k.csv`` → ``lists/k.csv``) so messages name it
    plainly; whether it may be read is the trust boundary's to say."""
    return Path(os.path.normpath(root / file))


DICE_FILE = "/$defs/dice-file"
"""Where in a pack's card-file schema the dice-file schema lives."""


def is_dice_file(doc: Document) -> bool:
    """Whether ``doc`` is a dice file: a mapping with ``dice:`` and without ``deck:``."""
    return isinstance(doc.data, dict) and "dice" in doc.data and "deck" not in doc.data


def _validate_dice(doc: Document, spec: GameSpec, schema: str) -> list[Problem]:
    """Schema Problems of a dice file: ``<schema>#/$defs/dice-file``, or one CF003 at
    ``dice:`` when the pack defines no dice files."""
    if has_subschema(schema, DICE_FILE):
        return validate(doc, schema, subschema=DICE_FILE)
    needs = "a game pack with dice" if isinstance(spec, WorkspaceGameSpec) else f"{spec.schema}#{DICE_FILE}"
    return [Problem(doc.locate_key("dice"), SCHEMA, f"game {spec.id!r} has no dice files",
                    hint=f"a card file starts with `deck:`; dice files need {needs}")]


def _add_cards(game: Game, doc: Document, schema: str, problems: list[Problem]) -> None:
    """Validate card file ``doc`` against ``schema`` and add its cards that passed (and
    whose ``dice-cost`` fields read) to their deck."""
    file_problems = validate(doc, schema)
    problems.extend(file_problems)
    data = doc.data if isinstance(doc.data, dict) else {}
    deck = game.decks.get(data.get("deck")) if isinstance(data.get("deck"), str) else None
    if deck is None:
        if isinstance(data.get("deck"), str) and not any(  # unless the schema said so already
                p.location == doc.locate("deck") for p in file_problems):
            problems.append(Problem(doc.locate("deck"), SCHEMA,
                                    f"deck {data['deck']!r} is not declared in game.yaml",
                                    hint=f"declared decks: {', '.join(game.decks)}"))
        return
    broken = _card_indexes(file_problems, doc) if file_problems else set()
    for index, entry in enumerate(data.get("cards") or []):
        if index in broken or not isinstance(entry, dict):
            continue
        card = Card(id=entry["id"], deck=deck.id, data=entry, doc=doc, pointer=("cards", index))
        unreadable = list(dice_cost_problems(card, deck.spec))
        problems.extend(unreadable)
        if not unreadable:
            deck.cards.append(card)


def _card_indexes(problems: list[Problem], doc: Document) -> set[int | None]:
    """Which card entry of ``doc`` each Problem's location falls in: the last entry starting
    on or before its line, None for file level. Sorted once, so a file with an error on
    every card costs n log n, not n²."""
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    starts = sorted((doc.locate("cards", index).line, index)
                    for index in range(len(cards) if isinstance(cards, list) else 0))
    lines = [line for line, _ in starts]
    latest: list[int] = []  # latest[i]: the last entry of starts[:i + 1]
    for _, index in starts:
        latest.append(max(index, latest[-1]) if latest else index)
    found: set[int | None] = set()
    for problem in problems:
        before = bisect_right(lines, problem.location.line)
        found.add(latest[before - 1] if before else None)
    return found
