"""The game-pack contract: what a pack tells cardforge (:class:`GameSpec`), and how packs are found.

Packs register in the ``cardforge.games`` entry-point group, built-in ones included, so a
third party adds a game by shipping a package with an entry point such as
``[project.entry-points."cardforge.games"] my-game = "my_pack:GAME"``.

This is a core module: it imports nothing of cardforge but :mod:`cardforge.errors`, so the
model, the lint engine and the commands can all depend on it, and no core module needs to
import a pack (packs are reached through entry points, their hooks through :func:`lazy`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from cardforge.errors import ConfigError

ENTRY_POINT_GROUP = "cardforge.games"

MANIFEST = "game.yaml"
"""The file that makes a folder ``cards/<id>/`` a game: its facts, decks and rules."""


@dataclass(frozen=True)
class GameSpec:
    """A game pack.

    - ``id``: the pack id, also the folder name ``cards/<id>/`` and ``templates/<id>/``.
    - ``names``: the game's name per language code.
    - ``schema``: file name of the card-file schema: in ``schemas_dir`` when the pack has
      one, else in the built-in ``schemas/`` (its ``$defs/facts``, if present, validates
      game.yaml's ``facts:``).
    - ``rules``: the dotted name of the pack's rules package (``"my_pack.rules"``): every
      module in it is one lint rule (contract in :mod:`cardforge.lint.rule`), found by
      walking the package as the core rules are; None for a pack without rules.
    - ``products``: what ``cardforge build`` can make for it (``cards``, ``dice``, ``rules``…).
    - ``face_context(card, game, lang) -> dict``: extra template variables for a card face
      (a :class:`cardforge.model.game_model.Card` and :class:`~cardforge.model.game_model.Game`, a language
      code).
    - ``back_context(deck, game, lang) -> dict``: extra template variables for a deck's back.
    - ``face_context_per_card``: the pack vouches that ``face_context`` and ``back_context``
      read only the card (or deck) given and the game's own files (game.yaml, dice files,
      what the catalogs put there), never another card: then a card whose data did not
      change since the last build keeps its face without the hooks being called again
      (:mod:`cardforge.render.cache.fragment_memo`). False (the default) calls them for every card.
    - ``stats(game) -> Stats``: the table ``cardforge stats <id>`` prints, or None.
    - ``dice(game) -> list[CustomDie]``: the game's custom dice for the ``dice`` product
      (:class:`cardforge.dice.custom_dice.CustomDie`), or None.
    - ``icons_dir``: folder of the pack's own icon SVGs (``<name>.svg`` → token ``:name:``),
      or None to use ``templates/<id>/icons`` if present.
    - ``diagrams``: the diagrams a rules booklet can insert with ``[[diagram: <name>]]``, by
      name: each is called with (game, translations, icon set) and returns the diagram's
      HTML (:class:`markupsafe.Markup`; see :func:`cardforge.booklet.generated_parts.diagram`).
    - ``schemas_dir``: a third-party pack's own folder of ``*.schema.json`` files (installed
      with its package), or None for the built-in ``schemas/``. Its files may refer to
      each other and to the built-in ones (``card.schema.json#/$defs/card``) by file name.
    - ``templates_dir``: a third-party pack's own template folder (``front.html.j2``,
      ``style.css``, ``icons/``…), searched after the workspace's ``templates/<id>/`` and
      ``templates/_base/`` and before the built-in templates; None for none.
    """

    id: str
    names: Mapping[str, str]
    schema: str
    rules: str | None = None
    products: tuple[str, ...] = ("cards",)
    face_context: Callable[[Any, Any, str], dict[str, Any]] | None = None
    back_context: Callable[[Any, Any, str], dict[str, Any]] | None = None
    face_context_per_card: bool = False
    stats: Callable[[Any], Any] | None = None
    dice: Callable[[Any], Any] | None = None
    icons_dir: Path | None = None
    diagrams: Mapping[str, Callable[[Any, Any, Any], str]] = field(default_factory=dict)
    schemas_dir: Path | None = None
    templates_dir: Path | None = None

    def name(self, lang: str = "en") -> str:
        """The game's name in ``lang``, else the first name given, else the id."""
        return self.names.get(lang) or next(iter(self.names.values()), self.id)


def lazy(target: str) -> Callable[..., Any]:
    """A callable that imports ``"package.module:function"`` on its first call and forwards to it.

    Lets a pack name its face, stats, dice and diagram hooks without importing rendering
    code when it is only discovered (``cardforge lint``). Raises ValueError for a target
    without ``:``; the import itself happens, and may raise ImportError, on the first call.
    """
    module_name, sep, attribute = target.partition(":")
    if not sep:
        raise ValueError(f"lazy target {target!r} must look like 'package.module:function'")
    function: Callable[..., Any] | None = None

    def call(*args: Any, **kwargs: Any) -> Any:
        nonlocal function
        if function is None:
            function = getattr(importlib.import_module(module_name), attribute)
        return function(*args, **kwargs)

    call.__qualname__ = call.__name__ = f"lazy({target})"
    return call


def discover() -> dict[str, GameSpec]:
    """All installed game packs by id, in id order.

    Raises ConfigError naming the distribution and entry point whose pack failed to load or
    is not a GameSpec, or when two packs claim one id.
    """
    found: dict[str, GameSpec] = {}
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = ep.dist.name if ep.dist else "?"
        try:
            spec = ep.load()
        except Exception as exc:  # a broken third-party pack must not look like our bug
            raise ConfigError(f"game pack {ep.name!r} from package {dist!r} failed to load: {exc}",
                              hint=f"fix or uninstall {dist}") from None
        if not isinstance(spec, GameSpec):
            raise ConfigError(f"entry point {ep.name!r} of package {dist!r} is not a GameSpec",
                              hint=f"{ep.value} must name a cardforge.model.game_packs.GameSpec")
        if spec.id in found:
            raise ConfigError(f"two game packs claim the id {spec.id!r}", hint=f"see package {dist}")
        found[spec.id] = spec
    return found


def origin(spec: GameSpec) -> str:
    """Where pack ``spec`` comes from, for messages: ``entry point 'my-game' of package
    'my-pack' (my_pack:GAME)`` when an installed entry point of the ``cardforge.games`` group
    names it by its id, else ``game pack 'my-game'``."""
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == spec.id:
            dist = ep.dist.name if ep.dist else "?"
            return f"entry point {ep.name!r} of package {dist!r} ({ep.value})"
    return f"game pack {spec.id!r}"
