"""Attacks through card YAML and game.yaml: alias and merge-key bombs, recursive aliases,
deep nesting and oversized files; files that are links out of the workspace, FIFOs,
devices, folders, link loops or not UTF-8; dates, timestamps and binary values where the
schema reports an error; dice with too many faces. Each ends in a located Problem (CF001,
CF003 or CF004) and exit 1, never a traceback, a MemoryError or a hang."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from cardforge.boundary import trust
from cardforge.loading.yaml_source import Document, LoadError, load_yaml, loads
from cardforge.validation.schema_validate import validate
from cardforge.workspace.game_loading import card_files, find_game_dirs, load_game

from .conftest import CANARY, Attack, Run, make_attack, run_contained

P = Path("cards.yaml")

BOMB = "a: &a [" + ", ".join(["x"] * 10) + "]\n" + "".join(
    f"{b}: &{b} [" + ", ".join([f"*{a}"] * 10) + "]\n"
    for a, b in zip("abcdefghi", "bcdefghij", strict=True))
"""Ten levels of ten aliases each (~1 KiB): 10^10 values once expanded."""

MERGE_BOMB = "m0: &m0 {k: v}\n" + "".join(
    f"m{i + 1}: &m{i + 1} {{<<: *m{i}, k{i}: *m{i}}}\n" for i in range(40))
"""Each mapping merges the one before and holds it again: the size doubles per line."""


def _lint(attack: Attack, memory_gib: float | None = None, timeout: float = 120) -> Run:
    return run_contained(attack, "lint", memory_gib=memory_gib, timeout=timeout)


def _problem(run: Run, file: str, code: str) -> re.Match[str]:
    """The first reported Problem ``code`` in ``file``, as a match (line, col, message)."""
    found = re.search(rf"{re.escape(file)}:(\d+):(\d+): {code} (.*)", run.output)
    assert found, run.output[-2000:]
    return found


# --- 1. alias bombs, recursion, depth, size -------------------------------------------------

@pytest.mark.parametrize(("text", "line"), [(BOMB, 7), (MERGE_BOMB, 19)], ids=["aliases", "merge-keys"])
def test_an_alias_bomb_in_a_card_file_is_refused_at_the_alias(tmp_path, text, line):
    attack = make_attack(tmp_path, "dice-girls")
    (attack.root / "bomb.yaml").write_text(text, encoding="utf-8")
    run = _lint(attack, memory_gib=1.5)  # its timeout bounds it: an alias bomb takes hours
    assert run.code == 1
    found = _problem(run, "cards/dice-girls/bomb.yaml", "CF001")
    assert int(found[1]) == line
    assert f"past {trust.MAX_YAML_NODES:,} YAML values" in found[3]
    assert "hint: use fewer or smaller aliases" in run.output


def test_an_alias_bomb_in_game_yaml_is_refused(tmp_path):
    attack = make_attack(tmp_path, "writers-battle")
    manifest = attack.root / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "x-bomb:\n" +
                        "".join(f"  {line}\n" for line in BOMB.splitlines()), encoding="utf-8")
    run = _lint(attack, memory_gib=1.5)
    assert run.code == 1
    assert "alias *f takes the file past" in _problem(run, "cards/writers-battle/game.yaml", "CF001")[3]


@pytest.mark.parametrize(("text", "where"), [
    ("a: &a [1, *a]\n", (1, 11)),
    ("a: &a\n  b: *a\n", (2, 6)),
    ("a: &a {<<: *a, k: 1}\n", (1, 12)),
])
def test_a_recursive_alias_is_a_located_problem(text, where):
    with pytest.raises(LoadError) as err:
        loads(text, P)
    [problem] = err.value.problems
    assert (problem.code, problem.line, problem.col) == ("CF001", *where)
    assert "is used inside its own anchor" in problem.message


def test_a_recursive_alias_in_a_card_file_fails_lint_without_a_traceback(tmp_path):
    attack = make_attack(tmp_path, "dice-girls")
    (attack.root / "loop.yaml").write_text("deck: idol\ncards: &c [*c]\n", encoding="utf-8")
    run = _lint(attack)
    assert run.code == 1
    assert _problem(run, "cards/dice-girls/loop.yaml", "CF001").group(1, 2) == ("2", "12")


@pytest.mark.parametrize("depth", [trust.MAX_YAML_DEPTH + 1, 5000])
def test_nesting_past_the_depth_limit_is_a_located_problem(depth):
    with pytest.raises(LoadError) as err:
        loads("x: " + "[" * depth + "]" * depth + "\n", P)
    [problem] = err.value.problems
    assert (problem.code, problem.line) == ("CF001", 1)
    assert "nest" in problem.message and problem.hint


def test_an_alias_that_nests_past_the_depth_limit_is_refused_at_the_alias():
    deep = "[" * 150 + "]" * 150
    with pytest.raises(LoadError) as err:
        loads(f"a: &a {deep}\nb: {'[' * 60}*a{']' * 60}\n", P)
    [problem] = err.value.problems
    assert (problem.line, problem.col) == (2, 64)
    assert f"alias *a nests more than {trust.MAX_YAML_DEPTH} levels deep" in problem.message


def test_nesting_at_the_depth_limit_loads():
    depth = trust.MAX_YAML_DEPTH - 1
    doc = loads("[" * depth + "]" * depth, P)
    assert doc.data is not None


@pytest.mark.parametrize("text", [
    "[" + ", ".join(["x"] * 1200) + "]",                       # no alias: plain size
    "a: &a [" + ", ".join(["x"] * 40) + "]\nb: [" + ", ".join(["*a"] * 40) + "]",
])
def test_a_file_past_the_node_limit_is_refused_before_its_data_is_built(monkeypatch, text):
    monkeypatch.setattr(trust, "MAX_YAML_NODES", 1000)
    with pytest.raises(LoadError) as err:
        loads(text, P)
    [problem] = err.value.problems
    assert problem.code == "CF001"
    assert "past 1,000 YAML values" in problem.message or "more than 1,000 YAML values" in problem.message


def test_aliases_within_the_limit_load_as_copies():
    doc = loads("a: &a {x: [1, 2]}\nb: *a\nc: {<<: *a, y: 3}\n", P)
    assert doc.data == {"a": {"x": [1, 2]}, "b": {"x": [1, 2]}, "c": {"x": [1, 2], "y": 3}}
    assert doc.locate("c", "y").line == 3


def test_a_repeated_merge_key_is_a_duplicate_key():
    with pytest.raises(LoadError) as err:
        loads("a: {x: 1}\nb: {<<: {x: 1}, <<: {y: 2}}\n", P)
    [problem] = err.value.problems
    assert (problem.code, problem.line, problem.col) == ("CF002", 2, 17)


@pytest.mark.parametrize(("value", "kind"), [
    ("2024-13-45", "timestamp"), ("!!bool maybe", "bool"), ("!!timestamp soon", "timestamp"),
    ("!!int twelve", "int"), ("!!float much", "float"), ("1" * 5000, "int"),
])
def test_a_value_its_tag_cannot_read_is_a_located_problem(value, kind):
    with pytest.raises(LoadError) as err:
        loads(f"deck: idol\nquantity: {value}\n", P)
    [problem] = err.value.problems
    assert (problem.code, problem.line, problem.col) == ("CF001", 2, 11)
    assert f"as YAML {kind}" in problem.message and "quote" in (problem.hint or "")


@pytest.mark.parametrize(("value", "reason"), [
    (":".join(["1"] * 60), "a number of more than 100 characters"),        # hours of big-int work
    ("9223372036854775808", "a whole number beyond 64 bits"),
    ("0x" + "f" * 40, "a whole number beyond 64 bits"),
])
def test_numbers_past_64_bits_or_100_characters_are_refused_before_use(value, reason):
    started = time.monotonic()
    with pytest.raises(LoadError) as err:
        loads(f"deck: idol\nquantity: {value}\n", P)
    assert time.monotonic() - started < 10  # hours of big-int work unguarded; a generous bound
    [problem] = err.value.problems
    assert (problem.code, problem.line, problem.col) == ("CF001", 2, 11)
    assert reason in problem.message


def test_the_largest_64_bit_numbers_load():
    assert loads("a: 9223372036854775807\nb: -9223372036854775808\n", P).data == \
        {"a": 2 ** 63 - 1, "b": -(2 ** 63)}


def test_huge_integers_are_not_trusted_to_the_fast_schema_check():
    from cardforge.validation.fast_schema import plain_json
    assert plain_json({"quantity": 2 ** 63 - 1}) and not plain_json({"quantity": 2 ** 64})
    assert not plain_json([60 ** 3000])  # which jsonschema-rs finds valid under "maximum": 10000
    problems = validate(Document(path=P, data={"deck": "assist", "cards": [
        {"id": "a", "name": {"en": "A"}, "quantity": 10 ** 400,
         "abilities": [{"kind": "roll-yellow", "count": 1}]}]}), "comic-creator.schema.json")
    assert [p.code for p in problems] == ["CF003"]
    assert "a whole number of" in problems[0].message


@pytest.mark.parametrize("before", ["b", "é日😀"])
def test_a_control_character_is_located_in_characters(before):
    with pytest.raises(LoadError) as err:
        loads(f"a: 1\n{before}: x\x07y\n", P)
    [problem] = err.value.problems
    assert (problem.code, problem.line, problem.col) == ("CF001", 2, len(before) + 4)
    assert "U+0007 is not allowed" in problem.message


# --- 2. what a YAML file may be ----------------------------------------------------------------

def _plant(attack: Attack, name: str, kind: str) -> Path:
    path = attack.root / name
    if path.exists():
        path.unlink()
    if kind == "link-out":
        path.symlink_to(attack.canary)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "latin-1":
        path.write_bytes(b"deck: idol\ncards:\n  - id: caf\xe9\n")
    elif kind == "utf-16":
        path.write_bytes("deck: idol\ncards: []\n".encode("utf-16"))
    return path


REFUSED = {
    "link-out": "is outside the workspace",
    "fifo": "is not a regular file",
    "dev-zero": "is outside the workspace",
    "folder": "is a folder",
    "loop": "symlink loop",
    "latin-1": "is not UTF-8 text (byte 0xe9)",
    "utf-16": "is UTF-16 or UTF-32 text",
}


@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_a_card_file_that_cannot_be_read_is_reported_at_the_file(tmp_path, kind):
    attack = make_attack(tmp_path, "dice-girls")
    _plant(attack, "extra.yaml", kind)
    run = _lint(attack, timeout=60)
    assert run.code == 1
    found = _problem(run, "cards/dice-girls/extra.yaml", "CF001")
    assert REFUSED[kind] in found[3]
    assert found.group(1, 2) == (("3", "12") if kind == "latin-1" else ("1", "1"))


@pytest.mark.parametrize("kind", ["link-out", "fifo", "folder", "loop", "utf-16"])
def test_a_game_yaml_that_cannot_be_read_is_reported_not_read(tmp_path, kind):
    attack = make_attack(tmp_path, "writers-battle")
    _plant(attack, "game.yaml", kind)
    run = _lint(attack, timeout=60)
    assert run.code == 1
    assert REFUSED[kind] in _problem(run, "cards/writers-battle/game.yaml", "CF001")[3]


@pytest.mark.parametrize("name", ["game.yaml", "extra.yaml"])
@pytest.mark.parametrize("kind", ["loop", "folder", "link-out"])
def test_discovery_lists_links_loops_and_folders_and_loading_reports_them(tmp_path, name, kind):
    attack = make_attack(tmp_path, "dice-girls")
    path = _plant(attack, name, kind)
    (attack.ws / "cards" / "loop").symlink_to("loop")  # a looping link beside the games
    with trust.confined(attack.ws):
        [(spec, root)] = find_game_dirs(attack.ws / "cards")
        assert root == attack.root
        if name != "game.yaml":
            assert path in card_files(root)
        loaded = load_game(root, spec)
    [problem] = [p for p in loaded.problems if p.path == path]
    assert (problem.code, problem.line, problem.col) == ("CF001", 1, 1)
    assert REFUSED[kind] in problem.message
    assert (loaded.game is None) == (name == "game.yaml")


def test_a_game_yaml_linked_out_is_refused_by_load_yaml_without_its_content(tmp_path):
    attack = make_attack(tmp_path, "writers-battle")
    link = _plant(attack, "game.yaml", "link-out")
    with trust.confined(attack.ws), pytest.raises(LoadError) as err:
        load_yaml(link)
    [problem] = err.value.problems
    assert (problem.code, problem.path, problem.line) == ("CF001", link, 1)
    assert CANARY not in problem.message and CANARY not in (problem.hint or "")


def test_a_byte_order_mark_is_dropped_and_columns_stay_right(tmp_path):
    plain, marked = tmp_path / "plain.yaml", tmp_path / "marked.yaml"
    text = "deck: idol\ncards:\n  - {id: a, dice: x}\n"
    plain.write_text(text, encoding="utf-8")
    marked.write_bytes(b"\xef\xbb\xbf" + text.encode())
    one, two = load_yaml(plain), load_yaml(marked)
    assert one.data == two.data
    assert one.locate("deck").col == two.locate("deck").col == 7
    assert one.locate("cards", 0, "dice").col == two.locate("cards", 0, "dice").col == 19


def test_a_byte_order_mark_in_a_shipped_card_file_lints_the_same(tmp_path):
    attack = make_attack(tmp_path, "dice-girls")
    idols = attack.root / "idols.yaml"
    idols.write_bytes(b"\xef\xbb\xbf" + idols.read_bytes().replace(b"    dice: 1\n", b"    dice: x\n", 1))
    run = _lint(attack)
    assert run.code == 1
    assert _problem(run, "cards/dice-girls/idols.yaml", "DG101").group(1, 2) == ("14", "11")


# --- 3. dates, timestamps and binary values in schema messages ----------------------------------

@pytest.mark.parametrize(("field", "value", "expected"), [
    ("quantity", "2024-01-01", "cards/0/quantity: expected integer, got the date 2024-01-01"),
    ("name", "{en: 2024-01-01 10:00:00, ja: x}",
     "cards/0/name/en: expected string, got the timestamp 2024-01-01 10:00:00"),
    ("id", "2024-01-01", "cards/0/id: expected string, got the date 2024-01-01"),
    ("quantity", "!!binary aGVsbG8=", "cards/0/quantity: expected integer, got binary data (5 bytes)"),
])
def test_dates_and_binary_values_get_a_located_schema_message(tmp_path, field, value, expected):
    attack = make_attack(tmp_path, "comic-creator")
    assist = attack.root / "assist.yaml"
    text = assist.read_text(encoding="utf-8")
    old = {"quantity": "    quantity: 3\n", "name": "    name: {en: Energy Drink, ja: エナジードリンク}\n",
           "id": "  - id: energy-drink\n"}[field]
    new = old.split(":")[0] + f": {value}\n"
    assist.write_text(text.replace(old, new, 1), encoding="utf-8")
    run = _lint(attack)
    assert run.code == 1
    found = _problem(run, "cards/comic-creator/assist.yaml", "CF003")
    assert found[3].startswith(expected), found[0]
    assert found[1] == str(text.splitlines().index(old.rstrip("\n")) + 1)


def test_a_key_that_is_a_date_is_an_unknown_field_at_its_line(tmp_path):
    attack = make_attack(tmp_path, "comic-creator")
    assist = attack.root / "assist.yaml"
    assist.write_text(assist.read_text(encoding="utf-8").replace(
        "    quantity: 3\n", "    quantity: 3\n    2024-01-01: x\n", 1), encoding="utf-8")
    run = _lint(attack)
    assert run.code == 1
    found = _problem(run, "cards/comic-creator/assist.yaml", "CF004")
    assert (found[1], found[2], found[3]) == ("10", "5", "unknown field the date 2024-01-01 [error]")


@pytest.mark.parametrize(("text", "message"), [
    ("deck: 2024-01-01\ncards: []\n", 'deck: the date 2024-01-01 is not one of "experience"'),
    ("deck: skill\ncards: [{id: a, name: {en: A}, cost: X=X, vp: 2024-01-01, abilities: [x]}]\n",
     "cards/0/vp: the date 2024-01-01 is not allowed here"),
    ("deck: skill\ncards: [{id: a, name: {en: A}, cost: X=X, abilities: [{kind: 2024-01-01}]}]\n",
     'cards/0/abilities/0/kind: the date 2024-01-01 is not one of "gain-white"'),
    ("deck: skill\ncards: 2024-01-01 10:00:00\n", "cards: expected array, got the timestamp"),
    ("deck: skill\n2024-01-01: x\ncards: []\n", "unknown field the date 2024-01-01"),
    ("deck: skill\n? !!binary aGk=\n: x\ncards: []\n", "unknown field binary data (2 bytes)"),
])
def test_schema_messages_never_crash_on_values_json_cannot_write(text, message):
    doc = loads(text, P)
    problems = validate(doc, "comic-creator.schema.json")
    assert problems and all(p.line >= 1 for p in problems)
    assert any(message in p.message for p in problems), [p.message for p in problems]


def test_a_long_value_is_cut_short_in_a_schema_message():
    doc = loads("deck: skill\ncards: {" + ", ".join(f"k{i}: {i}" for i in range(5000)) + "}\n", P)
    [problem] = validate(doc, "comic-creator.schema.json")
    assert problem.message.startswith("cards: expected array, got {") and len(problem.message) < 300


# --- 4. dice with too many faces ------------------------------------------------------------------

FACES = {  # game → (file, text to replace, its replacement with n faces)
    "comic-creator": ("game.yaml", "    faces: [1, 2, 3, 4, 5, 6]\n    opposite_sum: 7",
                      "    faces: [{faces}]\n    opposite_sum: {sum}"),
    "dice-girls": ("game.yaml", "die: {faces: [1, 2, 3, 4, 5, 6], opposite_sum: 7}",
                   "die: {{faces: [{faces}], opposite_sum: {sum}}}"),
    "dice-tuners": ("game.yaml", "      die:\n        - [katana]\n", "      die:\n{lines}"),
    "dixe-on-card": ("dice.yaml", "faces: [character, skull, pirate, bomb, eight, skull]",
                     "faces: [character, {symbols}]"),
}


def _die(tmp_path: Path, game: str, n: int) -> tuple[Attack, str, int]:
    """A workspace of ``game`` whose first die has ``n`` faces; (attack, file, line)."""
    attack = make_attack(tmp_path, game)
    name, old, new = FACES[game]
    path = attack.root / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    symbols = ["skull", "pirate", "bomb", "eight", "sun", "aum", "yin-yang", "smiley", "pi"]
    path.write_text(text.replace(old, new.format(
        faces=", ".join(map(str, range(1, n + 1))), sum=n + 1,
        lines="        - [katana]\n" * (n - 5),
        symbols=", ".join(symbols[i % 9] for i in range(n - 1))), 1), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1 + (1 if game == "dice-tuners" else 0)
    return attack, f"cards/{game}/{name}", line


@pytest.mark.parametrize("game", sorted(FACES))
def test_a_die_with_too_many_faces_is_a_located_error_found_fast(tmp_path, game):
    attack, file, line = _die(tmp_path, game, 100)
    run = _lint(attack, timeout=120)  # the bound is the timeout: unguarded, this takes hours
    assert run.code == 1
    found = _problem(run, file, "CF003")
    assert int(found[1]) == line
    assert f"at most {trust.MAX_DIE_FACES} are allowed" in found[3]


def test_every_die_in_the_schemas_is_bounded_by_max_die_faces():
    from cardforge.validation.schema_validate import schema

    def facts(game: str) -> dict:
        return schema(f"{game}.schema.json")["$defs"]["facts"]["properties"]

    faces = [facts("comic-creator")["dice"]["properties"]["faces"],
             facts("dice-girls")["die"]["properties"]["faces"],
             schema("dice-tuners.schema.json")["$defs"]["colour-spec"]["properties"]["die"],
             schema("dixe-on-card.schema.json")["$defs"]["die"]["properties"]["faces"]]
    assert [f["maxItems"] for f in faces] == [trust.MAX_DIE_FACES] * 4
    per_die = schema("dixe-on-card.schema.json")["$defs"]["facts"]["properties"]["faces_per_die"]
    assert per_die["maximum"] == trust.MAX_DIE_FACES


def _die_line(attack: Attack, game: str) -> int:
    """The line of the first die's faces in ``game``'s game.yaml."""
    text = (attack.root / "game.yaml").read_text(encoding="utf-8")
    return text[:text.index("faces: [1, 2")].count("\n") + 1


@pytest.mark.linux_fast_path
@pytest.mark.parametrize("game", ["comic-creator", "dice-girls", "dice-tuners"])
def test_a_die_at_the_face_limit_lints_in_reasonable_time(tmp_path, game):
    attack, _, _ = _die(tmp_path, game, trust.MAX_DIE_FACES)
    # the bound is the timeout: exact odds of a 60-value die, unguarded, take hours
    run = _lint(attack, timeout=120) if game != "comic-creator" else attack.run("lint", timeout=120)
    assert "Traceback" not in run.output and "CF000" not in run.output
    if game == "comic-creator":  # exact odds of a 60-value die would take hours: refused
        assert run.code == 1 and "too costly to compute" in run.output
        assert "MAX_ODDS_PATTERNS" in run.output
        found = _problem(run, f"cards/{game}/game.yaml", "CF003")
        assert int(found[1]) == _die_line(attack, game)  # at facts.dice.faces
    else:
        assert "CF003" not in run.output


def test_a_huge_reference_pool_stops_the_odds_instead_of_running_for_minutes(tmp_path):
    attack = make_attack(tmp_path, "comic-creator")
    manifest = attack.root / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(
        "rolled: {white: 4, green: 3}", "rolled: {white: 1000, green: 3}", 1), encoding="utf-8")
    run = attack.run("lint", timeout=120)  # the bound is the timeout: unguarded, minutes to hours
    assert run.code == 1 and "1003 rolled dice of 6 faces are too costly" in run.output
    found = _problem(run, "cards/comic-creator/game.yaml", "CF003")  # at the pool's rolled dice
    text = manifest.read_text(encoding="utf-8")
    assert int(found[1]) == text[:text.index("rolled: {white: 1000")].count("\n") + 1
