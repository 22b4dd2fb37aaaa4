"""A copy of a built-in game for a workspace: ``cardforge new --from <game>``.

A built-in game is a Python pack (its faces' data come from its ``face_context``, its rules
are modules), so it cannot become a workspace game: the copy keeps the pack's id and is
that pack's cards in this workspace, which then win over the installed ones, as its
templates do. Its sources are cardforge's installed data: the sample cards (``cards/``:
``cardforge/_data/cards`` in a wheel, the repository's ``cards/`` in a source checkout)
and the built-in templates.
"""

from __future__ import annotations

from pathlib import Path

from cardforge.boundary import trust
from cardforge.boundary.resources import cards_dir, templates_dir
from cardforge.errors import ConfigError
from cardforge.model.game_packs import GameSpec
from cardforge.scaffold import Places, Plan

SKIPPED = ("__pycache__", ".DS_Store")
"""Names never copied (with every name starting with a dot)."""

SCHEMA_LINE = (b"# yaml-language-server: $schema=../../schemas/",
               b"# yaml-language-server: $schema=../../out/schemas/")
"""A YAML file's first line as the repository has it → as a workspace has it: the schemas
are where `cardforge schema <id>` writes them (a workspace has no schemas/ folder)."""


def source_folders(game_id: str, specs: dict[str, GameSpec]) -> tuple[Path, Path | None]:
    """(the built-in game's cards folder, its templates folder or None when it has none).

    Raises ConfigError when ``game_id`` is no installed pack, or when cardforge's sample
    cards for it are not installed (a third-party pack, or an install without them)."""
    if game_id not in specs:
        raise ConfigError(f"no built-in game {game_id!r} to copy",
                          hint=f"installed games: {', '.join(sorted(specs)) or 'none'} "
                               "(see `cardforge games`)")
    try:
        cards = cards_dir() / game_id
    except FileNotFoundError:
        cards = None
    if cards is None or not (cards / "game.yaml").is_file():
        raise ConfigError(f"cardforge's sample cards for {game_id!r} are not installed here",
                          hint="only the built-in games' cards ship with cardforge; for another "
                               "pack, copy its cards/<id>/ folder from where the pack is published")
    faces = templates_dir() / game_id
    return cards, faces if faces.is_dir() else None


def builtin_files(places: Places, cards: Path, faces: Path | None) -> Plan:
    """Every file of the built-in game's ``cards`` folder (card files, rules, locale) for
    ``places.game`` and of its ``faces`` folder for ``places.faces``, read through the trust
    boundary inside each folder, as they are but for YAML files' schema line
    (:data:`SCHEMA_LINE`). Raises ConfigError naming a file that cannot be read."""
    plan: Plan = {}
    for source, destination in ((cards, places.game), (faces, places.faces)):
        if source is None:
            continue
        root = source.resolve()
        for path in sorted(source.rglob("*")):
            relative = path.relative_to(source)
            if any(part.startswith(".") or part in SKIPPED for part in relative.parts) or path.is_dir():
                continue
            try:
                data = trust.read_bytes(path, "other", roots=(root,))
            except trust.Refused as exc:
                raise ConfigError(f"cannot copy {exc.location}: {exc.reason}",
                                  hint=exc.hint or "reinstall cardforge") from None
            if path.suffix == ".yaml" and data.startswith(SCHEMA_LINE[0]):
                data = SCHEMA_LINE[1] + data[len(SCHEMA_LINE[0]):]
            plan[destination / relative] = data
    return plan
