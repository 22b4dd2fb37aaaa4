import pytest

from cardforge.games.spec import discover, lazy


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
