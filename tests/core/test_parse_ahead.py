"""parse_ahead: on a first load, a forked child parses the big card files loaded last into
the parse cache while the load parses the others; the load reads the child's back, and
parses (and reports) whatever the child could not keep."""

import os
import time
from pathlib import Path

import pytest

from cardforge.boundary import trust
from cardforge.loading import yaml_source as source
from cardforge.loading.parse_cache import ParseCache
from cardforge.loading.yaml_source import LoadError, load_yaml, loads
from cardforge.workspace.game_loading import find_game_dirs, load_game
from cardforge.workspace.parse_ahead import parse_ahead
from tests.core.test_parse_cache import big_card_file, user_cache  # noqa: F401 - a fixture
from tests.workspace_games.conftest import make_workspace


@pytest.fixture
def parsed_here(monkeypatch) -> list[str]:
    """The names of the files this process parses (a forked child's parses are its own)."""
    names: list[str] = []
    real, me = source._parse, os.getpid()

    def counted(text, path):
        if os.getpid() == me:
            names.append(Path(path).name)
        return real(text, path)

    monkeypatch.setattr(source, "_parse", counted)
    return names


@pytest.fixture
def three(tmp_path, user_cache):  # noqa: F811 - the fixture imported above
    """A workspace folder with three big card files, read through the trust boundary."""
    root = tmp_path / "ws"
    (root / "cards").mkdir(parents=True)
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        (root / "cards" / name).write_text(big_card_file(f"    note: {name}"), encoding="utf-8")
    with trust.confined(root):
        yield root


def _cache(root: Path) -> ParseCache:
    made = ParseCache.at(root / ".cardforge-cache")
    assert made is not None
    return made


def _child_claimed(ahead) -> None:
    """Wait until the child claimed a file (it is forked moments before; the load, which
    imports modules first, reaches its first file later than this test does). Up to a
    minute: on a loaded machine a forked child may wait seconds for a core (10 s was once
    too short in CI, and the load then parsed the file itself, as it should)."""
    for _ in range(6000):
        if ahead.claims is None or ahead.claims.claimed_from_last():
            return
        time.sleep(0.01)
    raise AssertionError("the child claimed no file in a minute")


def _load_all(root: Path) -> tuple[list[source.Document], object]:
    paths = sorted((root / "cards").glob("*.yaml"))
    cache = _cache(root)
    ahead = parse_ahead(paths, cache)
    _child_claimed(ahead)
    docs = []
    for path in paths:
        ahead.wait(path)
        docs.append(load_yaml(path, cache))
    return docs, ahead


@pytest.mark.linux_fast_path  # a forked child
def test_the_child_parses_from_the_last_file_the_load_from_the_first_each_once(three, parsed_here):
    docs, ahead = _load_all(three)
    assert {p.name for p in ahead.paths} == {"a.yaml", "b.yaml", "c.yaml"}  # all may be claimed
    assert parsed_here in (["a.yaml"], ["a.yaml", "b.yaml"])  # c.yaml came back from the cache
    for doc in docs:
        text = doc.path.read_text(encoding="utf-8")
        assert doc.data == loads(text, doc.path).data
        assert doc.data["cards"][0]["note"] == doc.path.name
    entries = list((three / ".cardforge-cache" / "parsed").glob("*.json"))
    assert len(entries) == 3


@pytest.mark.linux_fast_path  # a forked child
def test_a_slow_load_leaves_the_child_every_file_it_has_not_reached(three, parsed_here):
    """Each file is claimed once: a load that reaches its files late (importing, or on a
    busy core) parses none the child already took, and none twice."""
    paths = sorted((three / "cards").glob("*.yaml"))
    cache = _cache(three)
    ahead = parse_ahead(paths, cache)
    ahead.pending.result()  # the child claimed and parsed all three meanwhile
    for path in paths:
        ahead.wait(path)
        load_yaml(path, cache)
    assert parsed_here == []


@pytest.mark.linux_fast_path  # a forked child
def test_places_in_a_file_the_child_parsed_are_those_of_the_text(three):
    docs, _ = _load_all(three)
    last = docs[-1]
    assert last.path.name == "c.yaml" and last.tree is None  # read back: its tree not decoded yet
    where = last.locate("cards", 1, "cost")
    lines = last.path.read_text(encoding="utf-8").splitlines()
    assert lines[where.line - 1].strip().startswith("cost:")


def test_a_second_load_starts_no_child(three, parsed_here):
    _load_all(three)
    parsed_here.clear()
    docs, ahead = _load_all(three)
    assert ahead.pending is None and parsed_here == []
    assert [d.path.name for d in docs] == ["a.yaml", "b.yaml", "c.yaml"]


def test_a_file_the_child_cannot_parse_is_parsed_and_reported_by_the_load(three, parsed_here):
    broken = three / "cards" / "c.yaml"
    broken.write_text(broken.read_text(encoding="utf-8") + "  - id: [unclosed\n", encoding="utf-8")
    paths = sorted((three / "cards").glob("*.yaml"))
    cache = _cache(three)
    ahead = parse_ahead(paths, cache)
    _child_claimed(ahead)  # c.yaml, the last
    for path in paths[:2]:
        ahead.wait(path)
        load_yaml(path, cache)
    ahead.wait(paths[2])
    with pytest.raises(LoadError) as raised:
        load_yaml(paths[2], cache)
    with pytest.raises(LoadError) as alone:
        load_yaml(paths[2])  # as a load without a cache reports it
    assert raised.value.problems == alone.value.problems
    assert [p.code for p in raised.value.problems] == ["CF001"]
    assert parsed_here[-2:] == ["c.yaml", "c.yaml"]  # parsed again here, where the error is reported
    assert parsed_here.count("c.yaml") == 2


def test_without_a_parse_cache_or_with_one_big_file_nothing_is_started(three):
    paths = sorted((three / "cards").glob("*.yaml"))
    assert parse_ahead(paths, None).pending is None
    assert parse_ahead(paths[:1], _cache(three)).pending is None


@pytest.mark.linux_fast_path  # a forked child
def test_a_game_loads_the_same_with_its_files_parsed_ahead(tmp_path, user_cache, parsed_here):  # noqa: F811
    root = tmp_path / "ws"  # the user's cache (the signing key) is outside the workspace
    folder = make_workspace(root, "ok_monsters.yaml")
    card = (folder / "ok_monsters.yaml").read_text(encoding="utf-8").split("cards:\n", 1)[1]
    for part in ("one", "two"):
        copies = [card.replace("id: bog-hag", f"id: {part}-{n:04d}") for n in range(600)]
        text = "deck: monsters\ncards:\n" + "".join(copies)
        (folder / f"big-{part}.yaml").write_text(text, encoding="utf-8")
    [(spec, found)] = find_game_dirs(root / "cards", {})
    with trust.confined(root):
        plain = load_game(found, spec)  # no parse cache: every file parsed here
        parsed_here.clear()
        ahead = load_game(found, spec, _cache(root))
    assert "big-two.yaml" not in parsed_here and "big-one.yaml" in parsed_here
    assert plain.game is not None and ahead.game is not None
    assert [c.id for c in ahead.game.cards()] == [c.id for c in plain.game.cards()]
    assert [c.data for c in ahead.game.cards()] == [c.data for c in plain.game.cards()]
    assert ahead.problems == plain.problems


@pytest.mark.linux_fast_path  # a forked child
def test_nothing_is_started_from_a_thread_other_than_the_main_one(three):
    """The preview reloads games in its rebuild thread: no fork from there."""
    import threading

    paths = sorted((three / "cards").glob("*.yaml"))
    found: list[object] = []
    thread = threading.Thread(target=lambda: found.append(parse_ahead(paths, _cache(three))))
    thread.start()
    thread.join()
    assert found[0].pending is None
    assert parse_ahead(paths, _cache(three)).pending is not None  # as the main thread, it would


def test_where_a_child_cannot_be_forked_nothing_is_started(three, monkeypatch, parsed_here):
    """Without fork (Windows, macOS's default) the load parses every file itself, once."""
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    docs, ahead = _load_all(three)
    assert ahead.pending is None
    assert parsed_here == ["a.yaml", "b.yaml", "c.yaml"]  # each once, none twice
    assert [d.path.name for d in docs] == ["a.yaml", "b.yaml", "c.yaml"]


@pytest.mark.linux_fast_path  # a forked child
def test_started_early_one_big_file_is_worth_a_child(three, parsed_here):
    """``cardforge lint`` starts the child before it imports its modules (parse_ahead.early):
    then one file is parsed there while this process imports."""
    paths = sorted((three / "cards").glob("*.yaml"))[:1]
    assert parse_ahead(paths, _cache(three)).pending is None
    ahead = parse_ahead(paths, _cache(three), alone=True)
    assert {p.name for p in ahead.paths} == {"a.yaml"} and ahead.pending is not None
    ahead.pending.result()  # this process imports meanwhile: the child claims and parses the file
    entry = _cache(three).entry(paths[0].read_text(encoding="utf-8"))
    assert parsed_here == [] and entry.is_file(), f"the child left no entry ({parsed_here=})"
    ahead.wait(paths[0])
    assert load_yaml(paths[0], _cache(three)).data["cards"][0]["note"] == "a.yaml"
    assert parsed_here == []  # read back from the child's entry


@pytest.mark.linux_fast_path  # a forked child
def test_without_shared_claims_the_child_takes_the_last_half_of_the_bytes(three, parsed_here, monkeypatch):
    """Some sandboxes have no POSIX semaphores: the files are split before the child starts."""
    from cardforge.proc import claims

    def refused() -> None:
        raise OSError("no semaphores here")

    monkeypatch.setattr(claims.multiprocessing, "Lock", refused)
    docs, ahead = _load_all(three)
    assert ahead.claims is None and {p.name for p in ahead.paths} == {"c.yaml"}
    assert parsed_here == ["a.yaml", "b.yaml"]
    assert [d.data["cards"][0]["note"] for d in docs] == ["a.yaml", "b.yaml", "c.yaml"]
