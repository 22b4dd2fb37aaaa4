"""Warming the resident process on cardforge's own sample games (installed data, never a
workspace's): their cards linted as a build lints them, their templates compiled and a few
of their faces laid out.

A command's child then starts with what the first render of a built-in game's templates
costs already paid: Jinja's compiled templates (kept in the process by their file and text,
:class:`cardforge.render.templating.template_env._InMemoryBytecode`, so an edited or different template is
simply compiled again); the lint rules' code paths and the caches of values they fill (odds,
parsed costs; every other ``functools`` cache is cleared in each child:
:func:`cardforge.resident.resident_child.forget_caches`);
and WeasyPrint's fonts, stylesheet code paths and C declarations met
laying out a real face in each language. Everything warmed is keyed by content where it is
kept, so it can only make a command faster, never different.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

FACES_PER_GAME = 2
"""Faces of each sample game laid out while warming (a front and another)."""


def warm_sample_games(skipped: tuple[str, ...] = ()) -> None:
    """Lint every installed game pack's sample cards with the rules a build runs (errors
    only, and not the rules of the modules ``skipped`` names or holds), render them in each
    of their languages and lay out :data:`FACES_PER_GAME` of their faces, in this process,
    into a throw-away face cache. A game that fails to load, lint or render is skipped (the
    commands report such things)."""
    from cardforge.boundary import trust
    from cardforge.boundary.resources import data_dir
    from cardforge.i18n.translations import with_catalog_texts
    from cardforge.lint.data_rules import with_data_rules
    from cardforge.lint.engine import lint_game
    from cardforge.lint.rule import all_rules
    from cardforge.model.game_packs import discover
    from cardforge.render.cache.face_cache import FaceCache
    from cardforge.render.face_sources import face_sources
    from cardforge.render.workers.parallel_layout import lay_out_faces
    from cardforge.workspace.game_loading import load_game
    from cardforge.workspace.workspace_config import Config

    try:
        cards = data_dir("cards")
    except FileNotFoundError:
        return
    workspace = cards.parent
    specs = discover()
    rules = {code: rule for code, rule in all_rules(specs.values()).items()
             if not (rule.check and rule.check.__module__.startswith(skipped))}
    config = Config(root=workspace)
    scratch = Path(tempfile.mkdtemp(prefix="cardforge-warm-"))
    try:
        with trust.confined(workspace):
            for spec in specs.values():
                if not (cards / spec.id).is_dir():
                    continue
                try:
                    loaded = load_game(cards / spec.id, spec)
                    game = loaded.game
                    if game is None:
                        continue
                    lint_game(loaded, with_data_rules(rules, game), config, errors_only=True)
                    for lang in game.languages:
                        sources = face_sources(with_catalog_texts(game, lang), lang, workspace)
                        lay_out_faces(sources.fragments[:FACES_PER_GAME], sources.css, sources.geometries[0],
                                      base_url=sources.base_url, roots=sources.roots,
                                      cache=FaceCache(scratch), jobs=1)
                except Exception:  # noqa: BLE001, S112 - warming is an optimisation, never a failure
                    continue
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
