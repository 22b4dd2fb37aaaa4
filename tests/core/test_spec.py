"""The pack contract (cardforge.model.game_packs): discovery through entry points, lazy hooks, the
rules package and diagrams a pack names."""

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

from cardforge.lint.rule import pack_rules
from cardforge.model import game_packs as packs
from cardforge.model.game_packs import discover, lazy


def test_lazy_imports_on_first_call_and_forwards_arguments():
    join = lazy("os.path:join")
    assert join("a", "b") == "a/b"
    assert join.__name__ == "lazy(os.path:join)"


def test_lazy_needs_a_module_and_a_name():
    with pytest.raises(ValueError, match="package.module:function"):
        lazy("os.path.join")


def test_built_in_packs_are_discovered_through_entry_points():
    specs = discover()
    assert {"comic-creator", "dice-girls", "dice-tuners", "dixe-on-card", "writers-battle"} <= set(specs)
    assert list(specs) == sorted(specs)


def test_the_pack_contract_is_a_core_module_that_imports_no_pack_and_no_model():
    tree = ast.parse(Path(packs.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    assert {name for name in imported if name and name.startswith("cardforge")} == {"cardforge.errors"}


def test_diagrams_are_a_typed_field_of_the_pack():
    specs = discover()
    assert set(specs["writers-battle"].diagrams) == {"movement-types"}
    assert set(specs["comic-creator"].diagrams) == {"cost-kinds"}
    assert all(callable(d) for spec in specs.values() for d in spec.diagrams.values())
    assert not hasattr(specs["dice-girls"], "extra")


def test_a_pack_names_its_rules_package_and_every_module_in_it_is_one_of_its_rules():
    for spec in discover().values():
        assert spec.rules == f"cardforge.games.{spec.id.replace('-', '_')}.rules"
        package = importlib.import_module(spec.rules)
        modules = {info.name for info in pkgutil.iter_modules(package.__path__)}
        rules = pack_rules(spec)
        assert len(rules) == len(modules) > 0
        assert {r.code.lower() for r in rules} == {m.split("_")[0] for m in modules}
        assert {r.pack for r in rules} == {spec.id}
