"""templates/, schemas/, profiles/, the sample cards/, cardforge's catalogs (locale/) and
the scaffold of `cardforge new` ship inside the wheel: an installed cardforge finds them
anywhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_wheel_carries_templates_and_schemas_and_finds_them_from_another_folder(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path),
                    str(REPO)], check=True, capture_output=True)
    [wheel] = tmp_path.glob("cardforge-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "cardforge/_data/schemas/card.schema.json" in names
    assert "cardforge/_data/templates/_base/print.css" in names
    assert "cardforge/_data/profiles/tgc-poker.toml" in names
    assert any(n.startswith("cardforge/_data/templates/comic-creator/") for n in names)
    assert any(n.endswith("entry_points.txt") for n in names)
    assert "cardforge/model/card_sizes.toml" in names  # the card size presets
    assert "cardforge/cel/cel_parser.json" in names  # the shipped CEL parser tables
    assert "cardforge/build/build_manifest.py" in names  # a package a .gitignore pattern once hid
    assert "cardforge/locale/ja/LC_MESSAGES/cardforge.po" in names  # cardforge's own words
    assert "cardforge/locale/fr/LC_MESSAGES/cardforge.po" in names
    assert "cardforge/scaffold/files/cards/game.yaml" in names  # cardforge new's sample game
    assert "cardforge/scaffold/files/templates/icons/coin.svg" in names
    assert "cardforge/scaffold/files/yamllint.yaml" in names  # the new workspace's .yamllint
    assert "cardforge/_data/cards/dice-girls/game.yaml" in names  # cardforge new --from
    assert "cardforge/preview/templates/page.html.j2" in names  # cardforge preview's page
    assert "cardforge/preview/static/preview.js" in names

    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target",
                    str(target), str(wheel)], check=True, capture_output=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = ("import cardforge.boundary.resources as r, cardforge.validation.schema_validate as v, pathlib; "
             "import cardforge.workspace.print_profiles as p; "
             "print(r.templates_dir()); print(r.schemas_dir()); v.schema('game.schema.json'); "
             "print(p.find_profile('tgc-poker', pathlib.Path('.')).path); "
             "import cardforge.model.card_sizes as c; assert c.presets()['tarot'] == (70, 120); "
             "import cardforge.model.language_text as w; assert w.word('Contents', 'ja') == '目次'; "
             "assert (r.cards_dir() / 'dice-girls' / 'game.yaml').is_file(); "
             "import cardforge.scaffold.sample_game as s; assert (s.FILES / 'cards' / 'game.yaml').is_file()")
    result = subprocess.run([sys.executable, "-c", probe], cwd=elsewhere, capture_output=True,
                            text=True, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    templates, schemas, profile = result.stdout.split()
    assert Path(profile) == target / "cardforge" / "_data" / "profiles" / "tgc-poker.toml"
    assert Path(templates) == target / "cardforge" / "_data" / "templates"
    assert Path(schemas) == target / "cardforge" / "_data" / "schemas"
