"""The caches a served command's child keeps from the warm-up (``resident_child.KEPT_CACHES``):
each names a real ``functools`` cache, none is keyed by a path, and every other cache the
warm-up filled is emptied."""

from __future__ import annotations

import functools
import importlib
import inspect
import json
import subprocess
import sys

import pytest

from cardforge.resident import resident_child as child

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the resident process runs on Linux only")


def _cache(name: str) -> functools._lru_cache_wrapper:  # noqa: SLF001
    module, attribute = name.rsplit(".", 1)
    return getattr(importlib.import_module(module), attribute)


@pytest.mark.parametrize("name", sorted(child.KEPT_CACHES))
def test_a_kept_cache_is_a_cache_of_values_not_of_paths(name: str) -> None:
    """A listed cache exists (a rename would silently clear it) and takes no path: a file
    found by path may have changed since the warm-up, which the identity does not see."""
    cached = _cache(name)
    assert isinstance(cached, functools._lru_cache_wrapper)  # noqa: SLF001
    for parameter in inspect.signature(cached.__wrapped__).parameters.values():
        hint = str(parameter.annotation)  # the annotation's text (postponed evaluation)
        assert parameter.annotation is not inspect.Parameter.empty, f"{name}({parameter.name}) has no type"
        assert "Path" not in hint, f"{name}({parameter.name}: {hint}) is keyed by a path"


_WARM_THEN_FORGET = """
import functools, json, sys
from cardforge.resident import resident_child, resident_warmup

def filled():
    return sorted(f"{name}.{attribute}" for name, module in list(sys.modules.items())
                  if name.startswith("cardforge") for attribute, value in vars(module).items()
                  if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == name
                  and value.cache_info().currsize)

resident_warmup.warm_sample_games()
before = filled()
resident_child.forget_caches()
print(json.dumps({"before": before, "after": filled()}))
"""


def test_a_child_keeps_only_the_listed_caches_of_the_warm_up() -> None:
    """Warm up as the resident process does (the sample games linted, rendered and laid
    out), then forget as its child does: what the warm-up cached by path (the schemas)
    is gone, and only listed caches still hold entries, the fonts fontconfig found among
    them (the identity covers the installed fonts)."""
    done = subprocess.run([sys.executable, "-c", _WARM_THEN_FORGET], capture_output=True, text=True,
                          timeout=300, check=True)
    filled = json.loads(done.stdout.splitlines()[-1])
    assert "cardforge.validation.schema_registry.store" in filled["before"]
    assert "cardforge.validation.schema_registry.store" not in filled["after"]
    assert set(filled["after"]) <= child.KEPT_CACHES
    assert {"cardforge.render.layout.installed_fonts.font_installed",
            "cardforge.build.build_fingerprint.code_digest"} <= set(filled["after"])
