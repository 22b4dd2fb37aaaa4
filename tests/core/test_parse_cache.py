"""The parse cache: large YAML files are parsed once, entries are signed with a key kept
outside the workspace, and anything forged, foreign or damaged is parsed again."""

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

from cardforge.boundary import trust
from cardforge.build import build_fingerprint
from cardforge.loading import parse_cache
from cardforge.loading import yaml_source as source
from cardforge.loading.parse_cache import ParseCache, key_file
from cardforge.loading.yaml_source import load_yaml, loads

CARDS = 700  # about 70 KiB of YAML: over parse_cache.MIN_BYTES


def big_card_file(extra: str = "") -> str:
    """A card file of :data:`CARDS` cards over the size the cache keeps, with quoted,
    block and nested values (``extra`` appended to the first card's entry)."""
    lines = ["deck: skill", "cards:"]
    for n in range(CARDS):
        lines += [f"  - id: card-{n:04d}", f"    name: {{en: 'Card {n}', ja: カード{n}}}",
                  f"    cost: [{n % 6 + 1}, {n % 3}]", "    text: |", f"      Deal {n % 7} damage.",
                  "      Then draw a card.", f"    vp: {n % 5}"]
        if n == 0 and extra:
            lines.append(extra)
    text = "\n".join(lines) + "\n"
    assert len(text) >= parse_cache.MIN_BYTES
    return text


@pytest.fixture
def user_cache(tmp_path, monkeypatch):
    """The user's cache folder (where the signing key lives), in the test's own folder."""
    home = tmp_path / "user-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home


@pytest.fixture
def ws(tmp_path, user_cache):
    """A workspace with one big card file, read through the trust boundary."""
    root = tmp_path / "ws"
    (root / "cards").mkdir(parents=True)
    (root / "cards" / "big.yaml").write_text(big_card_file(), encoding="utf-8")
    with trust.confined(root):
        yield root


def entries(root: Path) -> list[Path]:
    return sorted((root / ".cardforge-cache" / "parsed").glob("*.json"))


def cached(root: Path) -> ParseCache:
    made = ParseCache.at(root / ".cardforge-cache")
    assert made is not None
    return made


def not_parsed(monkeypatch):
    """Make parsing fail: a load that still works came from the cache."""
    def refuse(text, path):
        raise AssertionError(f"{path} was parsed")
    monkeypatch.setattr(source, "_parse", refuse)


POINTERS = [(), ("deck",), ("cards",), ("cards", 0), ("cards", 0, "name", "en"), ("cards", 699, "text"),
            ("cards", 350, "cost", 1), ("cards", 12, "missing", "deeper"), ("cards", 9999), ("nope",)]


def typed(data):
    """``data`` with every scalar paired with its type's name."""
    if isinstance(data, dict):
        return {key: typed(value) for key, value in data.items()}
    if isinstance(data, list):
        return [typed(value) for value in data]
    return (type(data).__name__, data)


def places(doc) -> list:
    """Every way a Document tells places, for the pointers above."""
    found = []
    for pointer in POINTERS:
        found += [doc.locate(*pointer), doc.locate_key(*pointer), doc.locate_in_scalar(3, *pointer)]
    text = doc.data["cards"][699]["text"]
    found.append(doc.locate_text(text, text.index("draw"), "draw", "cards", 699, "text"))
    return found


def test_a_big_file_is_parsed_once_then_read_back_with_the_same_data_and_places(ws, monkeypatch):
    path = ws / "cards" / "big.yaml"
    first = load_yaml(path, cached(ws))
    assert len(entries(ws)) == 1
    not_parsed(monkeypatch)
    again = load_yaml(path, cached(ws))
    assert again.tree is None and again.tree_json is not None  # decoded when a place is asked for
    assert again.data == first.data and again.source_tree() == first.tree and again.lines == first.lines
    assert typed(again.data) == typed(first.data)  # 1, 1.0 and True are equal, not the same
    assert again.plain_json and first.plain_json
    assert places(again) == places(first)
    quoted_at = first.locate("cards", 0, "name", "en").col
    assert again.locate_in_scalar(1, "cards", 0, "name", "en").col == quoted_at + 2


def test_places_are_where_the_values_and_keys_are_written(ws):
    fresh = loads(big_card_file(), Path("big.yaml"))
    top_and_deck = [(loc.line, loc.col) for loc in places(fresh)][:6]
    assert top_and_deck == [(1, 1), (1, 1), (1, 4), (1, 7), (1, 1), (1, 10)]
    first = fresh.data["cards"][0]
    assert (fresh.locate("cards", 0, "id").line, fresh.locate("cards", 0, "id").col) == (3, 9)
    assert (fresh.locate_key("cards", 0, "vp").line, fresh.locate_key("cards", 0, "vp").col) == (9, 5)
    assert fresh.locate_in_scalar(0, "cards", 0, "name", "en").col == 17  # inside 'Card 0'
    assert first["name"]["en"] == "Card 0"


def test_moving_the_workspace_keeps_its_entries(ws, tmp_path, monkeypatch):
    load_yaml(ws / "cards" / "big.yaml", cached(ws))
    moved = tmp_path / "elsewhere" / "ws"
    moved.parent.mkdir()
    shutil.move(ws, moved)
    not_parsed(monkeypatch)
    with trust.confined(moved):
        doc = load_yaml(moved / "cards" / "big.yaml", cached(moved))
    assert doc.path == moved / "cards" / "big.yaml" and doc.data["cards"][3]["id"] == "card-0003"


def test_an_edit_makes_a_new_entry(ws):
    path = ws / "cards" / "big.yaml"
    load_yaml(path, cached(ws))
    path.write_text(big_card_file("    flavor: new"), encoding="utf-8")
    doc = load_yaml(path, cached(ws))
    assert doc.data["cards"][0]["flavor"] == "new" and len(entries(ws)) == 2


def test_a_forged_entry_is_not_believed(ws):
    """A pull request can commit a cache entry giving a bad file clean data: unsigned by
    this user's key, it is ignored and the file is parsed."""
    path = ws / "cards" / "big.yaml"
    text = path.read_text(encoding="utf-8")
    entry = cached(ws).entry(text)
    entry.parent.mkdir(parents=True)
    forged = b"plain\n" + json.dumps({"deck": "skill", "cards": []}).encode() + b"\n[1,1]"
    entry.write_bytes(b"0" * 64 + b"\n" + forged)
    assert len(load_yaml(path, cached(ws)).data["cards"]) == CARDS


def test_an_entry_changed_after_signing_is_not_believed(ws):
    path = ws / "cards" / "big.yaml"
    load_yaml(path, cached(ws))
    [entry] = entries(ws)
    entry.write_bytes(entry.read_bytes().replace(b"card-0001", b"card-9999", 1))
    assert load_yaml(path, cached(ws)).data["cards"][1]["id"] == "card-0001"


def test_an_entry_signed_on_another_machine_is_not_believed(ws, tmp_path, monkeypatch):
    """Restored from another machine's cache (another key): parsed again, and replaced."""
    path = ws / "cards" / "big.yaml"
    load_yaml(path, cached(ws))
    [entry] = entries(ws)
    signed_there = entry.read_bytes()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-machine"))
    parsed = []
    real = source._parse
    monkeypatch.setattr(source, "_parse", lambda text, p: parsed.append(p) or real(text, p))
    assert load_yaml(path, cached(ws)).data["cards"][5]["id"] == "card-0005"
    assert parsed == [path] and entry.read_bytes() != signed_there


def test_no_key_no_cache(ws, user_cache):
    """A key that is a symlink, or that others may read or write, is not used (nor replaced)."""
    key = key_file()
    key.parent.mkdir(parents=True)
    outside = user_cache / "planted"
    outside.write_bytes(b"k" * parse_cache.KEY_BYTES)
    key.symlink_to(outside)
    assert ParseCache.at(ws / ".cardforge-cache") is None
    key.unlink()
    key.write_bytes(b"k" * parse_cache.KEY_BYTES)
    for mode in (0o666, 0o644, 0o640):  # git checks files out 0644
        os.chmod(key, mode)
        assert ParseCache.at(ws / ".cardforge-cache") is None
    os.chmod(key, 0o600)
    assert cached(ws).key == b"k" * parse_cache.KEY_BYTES


def test_the_key_is_made_once_private(ws):
    first = cached(ws).key
    assert len(first) == parse_cache.KEY_BYTES and cached(ws).key == first
    assert os.stat(key_file()).st_mode & 0o777 == 0o600


def test_on_windows_the_key_lives_in_local_app_data_and_is_used_whatever_its_mode(ws, tmp_path, monkeypatch):
    """Windows reports every writable file as mode 0666 and no owner: the key is kept in
    %LOCALAPPDATA% (the user's own by its access list) and used, so the cache stays on."""
    monkeypatch.setattr(parse_cache, "MODE_PROTECTS_KEY", False)
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "AppData" / "Local"))
    assert key_file() == tmp_path / "AppData" / "Local" / "cardforge" / "parse-key"
    first = cached(ws).key
    os.chmod(key_file(), 0o666)  # what os.stat says of any writable file on Windows
    assert cached(ws).key == first
    path = ws / "cards" / "big.yaml"
    load_yaml(path, cached(ws))
    assert len(entries(ws)) == 1


@pytest.mark.parametrize("extra", ["    released: 2024-05-01", "    7: seven", "    art: !!binary aGk="],
                         ids=["date", "number-key", "binary"])
def test_data_json_cannot_hold_exactly_is_not_kept(ws, extra):
    path = ws / "cards" / "big.yaml"
    path.write_text(big_card_file(extra), encoding="utf-8")
    first = load_yaml(path, cached(ws))
    assert entries(ws) == [] and not first.plain_json
    assert load_yaml(path, cached(ws)).data == first.data


def test_infinity_is_kept_but_not_plain_json(ws):
    path = ws / "cards" / "big.yaml"
    path.write_text(big_card_file("    weight: .inf"), encoding="utf-8")
    load_yaml(path, cached(ws))
    again = load_yaml(path, cached(ws))
    assert again.data["cards"][0]["weight"] == float("inf") and not again.plain_json


def test_small_and_broken_files_are_not_kept(ws):
    small = ws / "cards" / "small.yaml"
    small.write_text("deck: skill\ncards: []\n", encoding="utf-8")
    load_yaml(small, cached(ws))
    broken = ws / "cards" / "big.yaml"
    broken.write_text(big_card_file("    id: twice"), encoding="utf-8")
    with pytest.raises(source.LoadError) as err:
        load_yaml(broken, cached(ws))
    assert [p.code for p in err.value.problems] == ["CF002"]
    assert entries(ws) == []


def test_a_cache_that_cannot_be_written_is_left_alone(ws, monkeypatch):
    def read_only(path, write, **_options):
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(parse_cache.atomic, "write_atomically", read_only)
    assert load_yaml(ws / "cards" / "big.yaml", cached(ws)).data["cards"][2]["vp"] == 2
    assert entries(ws) == []


def test_a_symlinked_entry_folder_is_replaced_not_written_through(ws, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (ws / ".cardforge-cache").mkdir()
    (ws / ".cardforge-cache" / "parsed").symlink_to(outside)
    load_yaml(ws / "cards" / "big.yaml", cached(ws))
    assert list(outside.iterdir()) == []
    assert not (ws / ".cardforge-cache" / "parsed").is_symlink() and len(entries(ws)) == 1


def test_old_entries_are_pruned(ws, monkeypatch):
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 3)
    monkeypatch.setattr(parse_cache, "KEPT_AFTER_PRUNING", 2)
    path = ws / "cards" / "big.yaml"
    for n in range(4):
        path.write_text(big_card_file(f"    flavor: edit {n}"), encoding="utf-8")
        load_yaml(path, cached(ws))
    assert len(entries(ws)) == 2


def test_a_file_of_comments_alone_is_not_kept(ws):
    path = ws / "cards" / "big.yaml"
    path.write_text("# a long comment\n" * 5000, encoding="utf-8")
    assert load_yaml(path, cached(ws)).data is None
    assert entries(ws) == []


def test_an_entry_over_the_cache_size_limit_is_not_written(ws, monkeypatch):
    """It would be refused when read back, so writing it would only cost time."""
    monkeypatch.setitem(trust.MAX_BYTES, "cache", 100 * trust.KiB)
    load_yaml(ws / "cards" / "big.yaml", cached(ws))
    assert entries(ws) == []


def test_another_parser_reads_nothing_an_older_one_kept(ws, monkeypatch):
    """An upgrade or an edit of the parsing modules changes every entry's name."""
    text = (ws / "cards" / "big.yaml").read_text(encoding="utf-8")
    before = cached(ws).entry(text)
    parse_cache._parser_digest.cache_clear()
    build_fingerprint.code_digest.cache_clear()
    real_read = build_fingerprint._file_bytes  # noqa: SLF001 - the one reader of cardforge's files
    monkeypatch.setattr(build_fingerprint, "_file_bytes",
                        lambda path: real_read(path) + (b"#" if path.endswith("yaml_walk.py") else b""))
    try:
        assert cached(ws).entry(text) != before
    finally:
        parse_cache._parser_digest.cache_clear()
        build_fingerprint.code_digest.cache_clear()


def test_a_key_in_the_workspace_or_a_relative_cache_home_is_not_used(ws, monkeypatch, tmp_path):
    """A workspace could commit a key and entries signed with it: a key path inside the
    workspace is refused, and a relative $XDG_CACHE_HOME (which would resolve from the
    folder cardforge runs in) is ignored, as the XDG specification says."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(ws / "xdg"))
    assert ParseCache.at(ws / ".cardforge-cache") is None
    monkeypatch.setenv("XDG_CACHE_HOME", "xdg")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert key_file() == tmp_path / "home" / ".cache" / "cardforge" / "parse-key"
    monkeypatch.setenv("HOME", "relative")
    assert key_file() is None


def test_a_signature_holds_for_its_own_entry_only(ws):
    """An entry copied under another file's name is refused: the name is signed too."""
    path = ws / "cards" / "big.yaml"
    load_yaml(path, cached(ws))
    [entry] = entries(ws)
    edited = big_card_file("    flavor: other")
    path.write_text(edited, encoding="utf-8")
    other = cached(ws).entry(edited)
    other.write_bytes(entry.read_bytes())
    assert load_yaml(path, cached(ws)).data["cards"][0]["flavor"] == "other"


def test_a_tightened_yaml_limit_applies_to_files_kept_before(ws, monkeypatch):
    text = (ws / "cards" / "big.yaml").read_text(encoding="utf-8")
    before = cached(ws).entry(text)
    parse_cache._parser_digest.cache_clear()
    monkeypatch.setattr(trust, "MAX_YAML_DEPTH", 3)
    try:
        assert cached(ws).entry(text) != before
    finally:
        parse_cache._parser_digest.cache_clear()
