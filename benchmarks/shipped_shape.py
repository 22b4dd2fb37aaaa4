"""Generated Comic Creator workspaces shaped like the shipped game, for whole-process benchmarks.

``shipped_shape_workspace(root, cards)`` writes ``root/cards/comic-creator/`` with:

- the shipped game.yaml, its deck ``count:`` and ``marks:`` facts rewritten to what was
  generated, so ``cardforge lint`` is clean and ``cardforge build`` builds it;
- the shipped game's other decks (Start Player, Dice and Summary cards) as they ship;
- ``cards`` cards in the shipped deck proportions (26 : 38 : 20 Experience, Skill, Assist),
  each shipped card copied over and over, every copy its own entry (quantity 1) with its own
  id and English and Japanese name; the first copy of each shipped card keeps its shipped id
  (the rules name cards by id), and the game-ending card is copied once only;
- the shipped ``rules/`` and ``locale/``, then ``cardforge i18n update`` so the catalogs
  (cards.pot, rules.pot and every language's .po) hold every generated text: the lint and
  build read catalogs the size of the game, as a real project's would.

``outliers`` plants VPs far off CC103's curve in that many Experience cards (0: none, so the
workspace lints clean). Used by bench_lint_scaling.py and bench_whole_process.py.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "cards" / "comic-creator"
PROPORTIONS = {"experience": 26, "skill": 38, "assist": 20}
"""The shipped decks' card counts, copies included (Comic Creator rulebook, Game Contents)."""


def cardforge_command() -> list[str]:
    """The ``cardforge`` command of the Python running the benchmark, as a user runs it."""
    script = Path(sys.executable).with_name("cardforge")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cardforge"]


def byte_compile_cardforge() -> Path:
    """Byte-compile the cardforge package the benchmark runs (``compileall``, as installing a
    wheel does) and return its folder. An editable install of a checkout is compiled only by
    scripts/setup.sh, and a module added or moved since (or any module, where
    ``PYTHONDONTWRITEBYTECODE`` is set) is compiled again by every process that imports it:
    0.2-0.3 s a command, which a designer's installed cardforge never pays."""
    where = "import cardforge, os; print(os.path.dirname(cardforge.__file__))"
    found = subprocess.run([sys.executable, "-c", where], capture_output=True, text=True, check=True)
    package = Path(found.stdout.strip())
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", str(package)],
                   stdout=subprocess.DEVNULL, check=True)
    return package


def _shipped_cards(deck: str) -> list[dict]:
    """The entries of the shipped ``deck`` file."""
    return yaml.safe_load((SHIPPED / f"{deck}.yaml").read_text(encoding="utf-8"))["cards"]


def deck_sizes(cards: int) -> dict[str, int]:
    """``cards`` split over the decks in the shipped proportions (the rest to Skill)."""
    total = sum(PROPORTIONS.values())
    sizes = {deck: cards * share // total for deck, share in PROPORTIONS.items()}
    sizes["skill"] += cards - sum(sizes.values())
    return sizes


def _deck_entries(deck: str, size: int, outliers: int) -> list[dict]:
    """``size`` generated entries of ``deck`` (see the module documentation)."""
    shipped = _shipped_cards(deck)
    enders = [c for c in shipped if c.get("ends_game")]
    pattern = [c for c in shipped if not c.get("ends_game")]
    entries = [dict(c, quantity=1) for c in enders[:size]]
    every = max(1, size // outliers) if outliers and deck == "experience" else 0
    for i in range(size - len(entries)):
        card = dict(pattern[i % len(pattern)], quantity=1)
        if i >= len(pattern):
            card["id"] = f"{card['id']}-{i:05d}"
        card["name"] = {"en": f"{card['name']['en']} {i}", "ja": f"{card['name']['ja']}{i}"}
        if every and i % every == every // 2:
            card["vp"] = 30 if card["vp"] <= 3 else 0
        entries.append(card)
    return entries


class _Written(yaml.SafeDumper):
    """Writes every value out, as the shipped files and a designer's do: the copies of a
    shipped card share their lists in memory, which PyYAML would otherwise write once with
    an anchor (``&id001``) and then as aliases (``*id001``)."""

    def ignore_aliases(self, data: object) -> bool:
        return True


def _game_yaml(decks: dict[str, list[dict]]) -> str:
    """The shipped game.yaml with each deck's count and marks set to the generated ones."""
    text = (SHIPPED / "game.yaml").read_text(encoding="utf-8")
    info = yaml.safe_load(text)
    for deck, entries in decks.items():
        shipped = info["decks"][deck]
        old = f"count: {shipped['count']}\n"
        assert old in text, f"game.yaml: no {old!r} to rewrite"
        text = text.replace(old, f"count: {len(entries)}\n", 1)
        marks = Counter(m for card in entries for m in card.get("marks", []))
        if shipped.get("marks"):
            old_marks = "marks: {" + ", ".join(f"{k}: {v}" for k, v in shipped["marks"].items()) + "}"
            new_marks = "marks: {" + ", ".join(f"{k}: {marks[k]}" for k in shipped["marks"]) + "}"
            assert old_marks in text, f"game.yaml: no {old_marks!r} to rewrite"
            text = text.replace(old_marks, new_marks, 1)
    return text


def shipped_shape_workspace(root: Path, cards: int, outliers: int = 0, catalogs: bool = True) -> Path:
    """Write the workspace described in the module documentation under ``root``; returns the
    game folder. ``catalogs=False`` leaves out rules/ and locale/ (the cards alone).
    Raises RuntimeError when ``cardforge i18n update`` fails."""
    game = root / "cards" / "comic-creator"
    game.mkdir(parents=True)
    decks = {deck: _deck_entries(deck, size, outliers) for deck, size in deck_sizes(cards).items()}
    for deck, entries in decks.items():
        text = yaml.dump({"deck": deck, "cards": entries}, Dumper=_Written, allow_unicode=True,
                         sort_keys=False, width=200)
        (game / f"{deck}.yaml").write_text(text, encoding="utf-8")
    for other in sorted(SHIPPED.glob("*.yaml")):  # every other deck, as it ships
        if other.stem not in PROPORTIONS and other.name != "game.yaml":
            shutil.copyfile(other, game / other.name)
    (game / "game.yaml").write_text(_game_yaml(decks), encoding="utf-8")
    if catalogs:
        shutil.copytree(SHIPPED / "rules", game / "rules")
        shutil.copytree(SHIPPED / "locale", game / "locale")
        done = subprocess.run([*cardforge_command(), "i18n", "update", "-w", str(root)],
                              capture_output=True, text=True, check=False)
        if done.returncode:
            raise RuntimeError(f"cardforge i18n update failed:\n{done.stderr}")
    return game


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Generate a workspace shaped like Comic Creator as shipped.")
    parser.add_argument("target", type=Path, help="folder to generate the workspace in")
    parser.add_argument("cards", type=int, nargs="?", default=1000, help="cards in the game (default 1000)")
    arguments = parser.parse_args()
    shipped_shape_workspace(arguments.target, arguments.cards)
    print(arguments.target)
