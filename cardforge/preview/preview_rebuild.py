"""Re-loading, re-rendering and re-linting what changed, publishing as each part is ready.

A rebuild takes the games a change touched (a file under ``cards/<id>/`` or
``templates/<id>/`` touches game ``<id>``; anything else, every game) and for each: loads it,
renders its faces in each language (the face cache is content-keyed, so only faces whose
HTML, stylesheet or linked files changed are laid out again) and publishes them, then lints
it and publishes the problems, then builds its booklet and dice pages. While the data has
errors (a YAML syntax error, a schema error) the last good faces stay on the page, marked
stale, beside the located errors. Nothing raises but OSError (the cache cannot be written).
"""

from __future__ import annotations

import gc
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from cardforge.errors import CardforgeError, DataError
from cardforge.lint.data_rules import with_data_rules
from cardforge.lint.engine import lint_game
from cardforge.lint.rule import all_rules
from cardforge.loading.parse_cache import ParseCache
from cardforge.model.game_model import Game
from cardforge.model.game_packs import GameSpec, discover
from cardforge.preview.preview_faces import Faces, game_faces, landed_face, swapped
from cardforge.preview.preview_images import ImageStore
from cardforge.preview.preview_products import Plots, game_charts, game_products
from cardforge.preview.preview_state import PreviewState
from cardforge.preview.preview_views import GameView, ProblemView, shown_path
from cardforge.problem import Severity
from cardforge.render.cache.face_cache import FaceCache
from cardforge.render.workers.early_layout import Landed
from cardforge.workspace.game_loading import Loaded, find_game_dirs, load_game
from cardforge.workspace.workspace_config import Config, load_config


@dataclass(frozen=True)
class PreviewOptions:
    """What to preview: the ``workspace``, the face ``cache`` folder named on the command line
    (None: the configured one), the ``games`` (ids; empty: every game), one ``lang`` (None:
    every language of each game, its source language first), ``jobs`` (worker processes
    laying out faces), whether to build the ``products`` (booklets, dice) and ``plots``
    (draws a game's charts; None: no charts tab)."""

    workspace: Path
    cache: Path | None = None
    games: tuple[str, ...] = ()
    lang: str | None = None
    jobs: int = 1
    products: bool = True
    plots: Plots | None = None


_WHERE = re.compile(r"(?P<path>[^:\n]+):(?P<line>\d+)(?::(?P<col>\d+))?: ")
"""The ``file:line[:col]: `` a render error's message starts with (a template, a stylesheet)."""


class Rebuilder:
    """Keeps the games' views up to date in ``state``; one rebuild at a time (the watcher's
    thread calls :meth:`rebuild`)."""

    def __init__(self, options: PreviewOptions, state: PreviewState) -> None:
        self.options = options
        self.state = state
        self.workspace = options.workspace.resolve()
        self.views: dict[str, GameView] = {}
        self.problems: tuple[ProblemView, ...] = ()
        self.specs = discover()
        self._rules: dict | None = None
        self._cache: FaceCache | None = None
        self.store: ImageStore | None = None
        self.lock = threading.Lock()  # views changed by a face laid out early (another thread)

    def config(self) -> Config:
        """The workspace's configuration, the command line's cache folder winning. Raises
        ConfigError."""
        cache = self.options.cache
        return load_config(self.workspace, cache=str(cache) if cache else None)

    def rebuild(self, changed: Iterable[Path] | None = None) -> None:
        """Bring the views of the games ``changed`` files touch (None: every game) up to date,
        publishing as each part is ready."""
        gc.unfreeze()  # loading freezes what it builds: let the previous game's objects go
        try:
            config = self.config()
            targets = self.targets(config)
        except CardforgeError as exc:
            self.problems = (_error_view(exc, self.workspace, self.workspace / "cardforge.toml"),)
            self._publish()
            return
        self.problems = ()
        if self._cache is None or self._cache.folder != config.cache:
            self._cache = FaceCache(config.cache)
            self.store = self.state.store = ImageStore(config.cache / "preview" / "images", config.cache)
        touched = _touched(changed, config, self.workspace)
        self.views = {spec.id: self.views[spec.id] for spec, _ in targets if spec.id in self.views}
        for spec, folder in targets:
            if touched is None or spec.id in touched or spec.id not in self.views:
                self._game(spec, folder, config)
        self._publish()

    def targets(self, config: Config) -> list[tuple[GameSpec, Path]]:
        """The (spec, folder) of each game to preview. Raises ConfigError when the cards
        folder holds no game, CardforgeError for a game asked for that is not there."""
        found = find_game_dirs(config.cards, self.specs)
        wanted = self.options.games
        missing = [gid for gid in wanted if gid not in {spec.id for spec, _ in found}]
        if missing:
            raise CardforgeError(f"no game {missing[0]!r} in {config.cards}",
                                 hint=f"games there: {', '.join(spec.id for spec, _ in found)}")
        return [(spec, folder) for spec, folder in found if not wanted or spec.id in wanted]

    def _publish(self, busy: bool = False) -> None:
        self.state.publish(dict(self.views), self.problems, busy)

    def _game(self, spec: GameSpec, folder: Path, config: Config) -> None:
        """Load, render, lint and build one game, publishing after each step."""
        loaded = load_game(folder, spec, ParseCache.at(config.cache))
        game = loaded.game
        old = self.views.get(spec.id)
        problems = [ProblemView.of(p, self.workspace) for p in loaded.problems]
        broken = game is None or any(p.severity is Severity.ERROR for p in loaded.problems)
        view = GameView(spec.id, spec.name(), game.languages if game else old.languages if old else [],
                        decks=dict(old.decks) if old else {}, products=dict(old.products) if old else {},
                        problems=problems, stale=bool(broken and old and old.decks))
        self.views[spec.id] = view
        if game is None or view.stale:
            self._publish(busy=True)
            return
        laid_out = 0
        languages = self._languages(game, view)
        for lang in languages:
            early = _EarlyFaces(self, spec.id, lang) if old is not None and lang in old.decks else None
            try:
                faces = self._faces(game, lang, early)
            except CardforgeError as exc:  # the last faces that rendered stay, marked stale
                view.problems.extend(_error_views(exc, self.workspace, game.root / "game.yaml"))
                view = self.views[spec.id] = replace(view, stale=view.stale or bool(view.decks.get(lang)))
                continue
            laid_out += faces.laid_out
            view = self.views[spec.id] = replace(view, decks={**view.decks, lang: faces.decks},
                                                 laid_out=laid_out)
            self._publish(busy=True)
            if old is not None:  # an update: have its new faces ready before the page asks
                self.store.warm(sorted(view.face_keys() - old.face_keys()))
        self._lint(view, loaded, config)
        view = self.views[spec.id]
        charts = (game_charts(game, config.cache, self.store, self.options.plots),) \
            if self.options.plots else ()
        for lang in languages if self.options.products or charts else ():
            products = game_products(game, lang, self.workspace, config.cache, self.store) \
                if self.options.products else ()
            view = self.views[spec.id] = replace(view, products={**view.products, lang: (*products, *charts)})
            self._publish(busy=True)

    def _faces(self, game: Game, lang: str, early: _EarlyFaces | None) -> Faces:
        """:func:`game_faces`, showing ``early`` each card face laid out anew until it
        returns or raises (a face landing later is left to the views this rebuild makes)."""
        try:
            return game_faces(game, lang, self.workspace, self._cache, self.store, self.options.jobs,
                              landed=early)
        finally:
            if early is not None:
                early.close()

    def _languages(self, game: Game, view: GameView) -> list[str]:
        """The languages to show: ``--lang`` (a problem when the game lacks it), else every
        language of the game, its source language first."""
        if self.options.lang is None:
            return sorted(game.languages, key=lambda lang: lang != game.source_language)
        if self.options.lang not in game.languages:
            view.problems.append(ProblemView(shown_path(game.root / "game.yaml", self.workspace), 1, 1,
                                             "preview", "error", f"{game.id} has no language "
                                             f"{self.options.lang!r}",
                                             f"its languages: {', '.join(game.languages)}"))
            return []
        return [self.options.lang]

    def _lint(self, view: GameView, loaded: Loaded, config: Config) -> None:
        """Lint the game (every rule but those laying faces out) and publish its problems."""
        if self._rules is None:
            self._rules = all_rules(self.specs.values())
        rules = with_data_rules(self._rules, loaded.game)
        own = [p for p in view.problems if p.code == "preview" or p.code == "render"]
        linted = [ProblemView.of(p, self.workspace) for p in lint_game(loaded, rules, config)]
        self.views[view.id] = replace(view, problems=[*own, *linted], linted=True)
        self._publish(busy=True)


class _EarlyFaces:
    """Shows the card faces a rebuild lays out anew (a one-card edit's) as each lands, before
    every other card of game ``game_id`` in ``lang`` is keyed: its image is made, the face
    swaps into the current view and a snapshot is published. Called from the layout pool's
    result thread (or the rebuild's own, for a face already stored) until :meth:`close`,
    which the rebuild calls as soon as the faces are made or failed: a face landing after
    that (the render failed, a chunk still running) changes nothing. At most
    :data:`SHOWN_EARLY` faces a rebuild (a template edit lays out every face: those are
    shown when all are ready)."""

    def __init__(self, rebuilder: Rebuilder, game_id: str, lang: str) -> None:
        self.rebuilder = rebuilder
        self.game_id = game_id
        self.lang = lang
        self.shown = 0
        self.closed = False

    def close(self) -> None:
        """Show no more faces."""
        with self.rebuilder.lock:
            self.closed = True

    def __call__(self, face: Landed) -> None:
        builder = self.rebuilder
        store = builder.store
        if self.closed or self.shown >= SHOWN_EARLY or store is None:
            return
        shown = landed_face(face, store)
        store.png(face.key)  # rasterised now, outside the lock: the page asks for it at once
        with builder.lock:
            view = builder.views.get(self.game_id)
            decks = view.decks.get(self.lang) if view is not None else None
            changed = swapped(decks, face.owner.card, face.owner.side, shown) if decks is not None else None
            if self.closed or view is None or changed is None:
                return
            self.shown += 1
            builder.views[self.game_id] = replace(view, decks={**view.decks, self.lang: changed})
            builder.state.publish(dict(builder.views), builder.problems, True)


SHOWN_EARLY = 4
"""Faces a rebuild shows one by one as they land (:class:`_EarlyFaces`): a card edit changes
its front and maybe its own back. Each shown face is rasterised in the layout pool's result
thread and makes the page fetch its view again, so a template edit (every face new) shows
its faces together once all are ready instead."""


def _touched(changed: Iterable[Path] | None, config: Config, workspace: Path) -> set[str] | None:
    """The game ids ``changed`` files belong to (``cards/<id>/…``, ``templates/<id>/…``), or
    None when any of them belongs to no one game (or nothing says what changed)."""
    if changed is None:
        return None
    ids: set[str] = set()
    for path in changed:
        for base in (config.cards, workspace / "templates"):
            try:
                parts = path.resolve().relative_to(base.resolve()).parts
            except (OSError, ValueError):
                continue
            if len(parts) >= 2:
                ids.add(parts[0])
                break
        else:
            return None
    return ids


def _error_views(exc: CardforgeError, workspace: Path, fallback: Path) -> list[ProblemView]:
    """A render or catalog error as problem views: a DataError's own Problems, else one
    view at the file:line its message starts with (else at ``fallback``)."""
    if isinstance(exc, DataError) and exc.problems:
        return [ProblemView.of(p, workspace) for p in exc.problems]
    return [_error_view(exc, workspace, fallback)]


def _error_view(exc: CardforgeError, workspace: Path, fallback: Path) -> ProblemView:
    found = _WHERE.match(exc.message)
    if found:
        return ProblemView(shown_path(Path(found["path"]), workspace), int(found["line"]),
                           int(found["col"] or 1), "render", "error", exc.message[found.end():],
                           exc.hint or "")
    return ProblemView(shown_path(fallback, workspace), 1, 1, "render", "error", exc.message,
                       exc.hint or "")
