"""The preview server: loopback only, a free port, nothing served but its own pages and the
images it registered (no path from a request reaches the file system); a broken file is a
located error on the page while the server goes on serving; a changed card gets a new image
key, only its face laid out again."""

from __future__ import annotations

import http.client
import io
import json
import multiprocessing
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

from cardforge.boundary import trust
from cardforge.model.card_geometry import CardGeometry
from cardforge.preview.preview_page import render_part, select
from cardforge.preview.preview_rebuild import SHOWN_EARLY, PreviewOptions, Rebuilder, _EarlyFaces
from cardforge.preview.preview_server import PreviewServer, start
from cardforge.preview.preview_state import PreviewState
from cardforge.preview.preview_views import (
    CardView,
    DeckView,
    FaceView,
    GameView,
    OutlineView,
    OverflowView,
    Place,
    Snapshot,
)
from cardforge.render.workers import layout_workers as workers
from cardforge.render.workers.early_layout import CardSide, Landed
from tests.lint.planting import plant

from .conftest import GAME


@contextmanager
def serving(state: PreviewState) -> Iterator[PreviewServer]:
    server, _ = start(0, state)
    try:
        yield server
    finally:
        state.close()
        server.shutdown()
        server.server_close()


def get(server: PreviewServer, path: str, host: str | None = None) -> tuple[int, bytes]:
    """Send ``path`` exactly as written (no normalising) and return (status, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host or f"127.0.0.1:{server.port}")
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def rebuilt(workspace: Path) -> tuple[Rebuilder, PreviewState]:
    state = PreviewState()
    rebuilder = Rebuilder(PreviewOptions(workspace, lang="en", products=False), state)
    with trust.confined(workspace):
        rebuilder.rebuild()
    return rebuilder, state


def front_keys(snapshot: Snapshot) -> dict[str, str]:
    return {card.id: card.front.key for deck in snapshot.games[GAME].decks["en"] for card in deck.cards}


def test_server_binds_loopback_on_a_free_port() -> None:
    first, second = PreviewState(), PreviewState()
    with serving(first) as one, serving(second) as two:
        assert one.server_address[0] == "127.0.0.1" and two.server_address[0] == "127.0.0.1"
        assert one.port != 0 and two.port != 0 and one.port != two.port
        assert one.url == f"http://127.0.0.1:{one.port}/"
        status, body = get(one, "/")
        assert status == 200 and b"cardforge preview" in body
        # a page reaching the preview through another host name (DNS rebinding) is refused
        assert get(one, "/", host=f"evil.example:{one.port}")[0] == 403
        assert get(one, "/?" + "&".join(f"f{i}=1" for i in range(30)))[0] == 400  # over the limit
        assert get(one, "/state.json")[0] == 200  # and the server goes on


def test_paths_outside_the_routes_are_not_found(sample_workspace: Path) -> None:
    _, state = rebuilt(sample_workspace)
    key = next(iter(front_keys(state.snapshot).values()))
    (sample_workspace / "secret.txt").write_text("do not serve", encoding="utf-8")
    with serving(state) as server:
        status, png = get(server, f"/img/{key}.png")  # a registered face: served
        assert status == 200 and png.startswith(b"\x89PNG")
        for path in ["/img/../../../../etc/passwd", "/img/..%2f..%2fsecret.txt", "/static/../server.py",
                     "/static/..%2f..%2fpyproject.toml", "/static/%2e%2e/page.py", "//etc/passwd",
                     "/secret.txt", f"/cards/{GAME}/game.yaml", "/../secret.txt",
                     f"/img/{key}.png/../../secret.txt", "/img/" + "0" * 64 + ".png",
                     f"/img/{key.upper()}.png", f"/img/{key}.pdf", "/static/", "/static/preview.css.map",
                     "/img/" + "a" * 64 + ".png"]:
            status, body = get(server, path)
            assert status == 404, path
            assert b"do not serve" not in body and b"import" not in body
        assert get(server, "/static/preview.css")[0] == 200


def test_broken_yaml_is_a_located_error_and_the_server_keeps_serving(sample_workspace: Path) -> None:
    rebuilder, state = rebuilt(sample_workspace)
    monsters = sample_workspace / "cards" / GAME / "monsters.yaml"
    text = monsters.read_text(encoding="utf-8")
    monsters.write_text(text.replace("    cost: 1\n", "    cost: [1\n", 1), encoding="utf-8")
    with serving(state) as server:
        with trust.confined(sample_workspace):
            rebuilder.rebuild({monsters})
        status, body = get(server, "/state.json")
        assert status == 200
        game = json.loads(body)["games"][GAME]
        errors = [p for p in game["problems"] if p["severity"] == "error"]
        assert errors, game["problems"]
        first = errors[0]
        assert first["file"] == f"cards/{GAME}/monsters.yaml"
        assert first["line"] > 8 and first["col"] >= 1 and first["code"] == "CF001"
        assert game["stale"] and game["decks"]["en"]  # the last good faces stay shown
        status, page = get(server, "/")
        assert status == 200
        assert f"cards/{GAME}/monsters.yaml:{first['line']}:{first['col']}".encode() in page
        # fixed again: the error goes, the server still answers
        monsters.write_text(text, encoding="utf-8")
        with trust.confined(sample_workspace):
            rebuilder.rebuild({monsters})
        status, body = get(server, "/state.json")
        fixed = json.loads(body)["games"][GAME]
        assert status == 200 and not fixed["stale"]
        assert not [p for p in fixed["problems"] if p["severity"] == "error"]


def test_a_changed_card_gets_a_new_key_and_only_its_face_is_laid_out(sample_workspace: Path) -> None:
    rebuilder, state = rebuilt(sample_workspace)
    before = front_keys(state.snapshot)
    assert state.snapshot.games[GAME].laid_out == 0  # the session's build cached every face
    monsters = sample_workspace / "cards" / GAME / "monsters.yaml"
    text = monsters.read_text(encoding="utf-8")
    monsters.write_text(text.replace("{en: Cave Rat,", "{en: Cave Rat King,", 1), encoding="utf-8")
    version = state.snapshot.version
    with trust.confined(sample_workspace):
        rebuilder.rebuild({monsters})
    after = front_keys(state.snapshot)
    assert after["cave-rat"] != before["cave-rat"]
    assert {c: k for c, k in after.items() if c != "cave-rat"} == \
        {c: k for c, k in before.items() if c != "cave-rat"}
    assert state.snapshot.games[GAME].laid_out == 1
    update = state.wait(version, 1)
    assert update is not None and after["cave-rat"] in update.new_faces
    assert before["cave-rat"] not in update.new_faces and len(update.new_faces) == 1
    assert update.places == (Place(GAME, "en", "card", "cave-rat", after["cave-rat"]),)  # where it goes
    png = state.store.png(after["cave-rat"])
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size[0] > 200 and len(image.getcolors(1 << 20) or []) > 50  # a real face, not blank


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="the warm pool forks")
def test_an_edited_cards_face_is_shown_as_soon_as_it_is_laid_out(sample_workspace: Path, monkeypatch) -> None:
    """With warm workers (as `cardforge preview` has), the new face is published from the
    pool's thread when it lands, before the rebuild has keyed every other card."""
    workers.warm_pool(1)
    try:
        rebuilder, state = rebuilt(sample_workspace)
        before = front_keys(state.snapshot)
        published: list[tuple[bool, dict[str, str]]] = []
        publish = state.publish

        def spy(*args, **kwargs):
            snapshot = publish(*args, **kwargs)
            published.append((threading.current_thread() is threading.main_thread(), front_keys(snapshot)))
            return snapshot

        monkeypatch.setattr(state, "publish", spy)
        monsters = sample_workspace / "cards" / GAME / "monsters.yaml"
        plant(monsters, "{en: Cave Rat,", "{en: Cave Rat Queen,")
        with trust.confined(sample_workspace):
            rebuilder.rebuild({monsters})
    finally:
        workers.close_pool()
    final = front_keys(state.snapshot)
    assert final["cave-rat"] != before["cave-rat"]
    first = next(i for i, (_, keys) in enumerate(published) if keys["cave-rat"] == final["cave-rat"])
    from_main, keys = published[first]
    assert not from_main  # the pool's thread showed it
    assert keys == {**before, "cave-rat": final["cave-rat"]}  # the other cards as they were


def test_early_faces_swap_one_card_and_stop_after_a_few(sample_workspace: Path) -> None:
    rebuilder, state = rebuilt(sample_workspace)
    view = state.snapshot.games[GAME]
    card = view.decks["en"][0].cards[0]
    page = rebuilder._cache.get(card.front.key)
    show = _EarlyFaces(rebuilder, GAME, "en")
    geometry = CardGeometry.poker()
    show(Landed(CardSide("no-such-card", "front"), card.front.key, page, geometry))
    assert show.shown == 0
    version = state.snapshot.version
    for _ in range(SHOWN_EARLY + 3):
        show(Landed(CardSide(card.id, "front"), card.front.key, page, geometry))
    assert show.shown == SHOWN_EARLY and state.snapshot.version == version + SHOWN_EARLY
    shown = state.snapshot.games[GAME].decks["en"][0].cards[0]
    assert shown.front.key == card.front.key and shown.id == card.id

    late = _EarlyFaces(rebuilder, GAME, "en")   # closed: the rebuild's faces are made or failed
    late.close()
    late(Landed(CardSide(card.id, "front"), card.front.key, page, geometry))
    assert late.shown == 0 and state.snapshot.version == version + SHOWN_EARLY


@pytest.mark.parametrize("name", ["<script>alert(1)</script>"])
def test_card_text_is_escaped_in_the_page(sample_workspace: Path, name: str) -> None:
    monsters = sample_workspace / "cards" / GAME / "monsters.yaml"
    text = monsters.read_text(encoding="utf-8")
    monsters.write_text(text.replace("{en: Cave Rat,", f"{{en: \"{name}\",", 1), encoding="utf-8")
    _, state = rebuilt(sample_workspace)
    with serving(state) as server:
        status, page = get(server, "/")
    assert status == 200
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in page and b"<script>alert" not in page


# The sample's name box (templates/goblin-market/style.css, .wg-name, border box) on its
# 63 × 88 mm poker trim: inside the safe area (4 mm in) and its 55 mm × 11 % head, it starts
# 6 % of 55 mm from the left and 8 % of the head's 8.8 mm from the top and bottom, and runs
# to the head's right edge.
NAME_BOX_MM = (4 + 0.06 * 55, 4 + 0.08 * 8.8, 0.94 * 55, 0.84 * 8.8)  # left, top, width, height
TRIM_MM = (63, 88)
KEY_A, KEY_B = "a" * 64, "b" * 64  # image keys of faces made up for a template test


class Outlines(HTMLParser):
    """The ``style`` and ``title`` of each ``span.box-outline`` per figure id, and each
    figure's classes."""

    def __init__(self) -> None:
        super().__init__()
        self.figure = ""
        self.classes: dict[str, list[str]] = {}
        self.outlines: dict[str, list[dict[str, str]]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "figure":
            self.figure = found.get("id", "")
            self.classes[self.figure] = found.get("class", "").split()
        elif tag == "span" and "box-outline" in found.get("class", "").split():
            self.outlines.setdefault(self.figure, []).append(found)


def outlines_in(html: str) -> Outlines:
    parser = Outlines()
    parser.feed(html)
    return parser


def percents(style: str) -> dict[str, float]:
    """``left: 1.5%; top: …`` as {"left": 1.5, …}."""
    return {name.strip(): float(value.strip().removesuffix("%"))
            for name, value in (part.split(":") for part in style.split(";") if part.strip())}


def expected_percents() -> dict[str, float]:
    left, top, width, height = NAME_BOX_MM
    return {"left": 100 * left / TRIM_MM[0], "top": 100 * top / TRIM_MM[1],
            "width": 100 * width / TRIM_MM[0], "height": 100 * height / TRIM_MM[1]}


def test_an_overflowing_text_box_is_outlined_where_it_stands_on_its_face(sample_workspace: Path) -> None:
    monsters = sample_workspace / "cards" / GAME / "monsters.yaml"
    text = monsters.read_text(encoding="utf-8")
    monsters.write_text(text.replace("{en: Cave Rat,", "{en: Cave Rat of the Endless Tunnels Beneath the "
                                     "Old Mountain Kingdom,", 1), encoding="utf-8")
    _, state = rebuilt(sample_workspace)
    with serving(state) as server:
        status, page = get(server, f"/?game={GAME}&lang=en&tab=cards")
        json_status, body = get(server, "/state.json")
    assert status == 200 and json_status == 200
    tolerance = {"left": 20 / 63, "top": 20 / 88, "width": 20 / 63, "height": 20 / 88}  # 0.2 mm in %
    want = expected_percents()

    shown = outlines_in(page.decode("utf-8"))
    [box] = shown.outlines["card-cave-rat"]
    got = percents(box["style"])
    assert got.keys() == want.keys()
    assert all(abs(got[k] - want[k]) <= tolerance[k] for k in want), (got, want)
    assert re.fullmatch(r"name: \d+\.\d mm too long", box["title"])
    assert "overflow" in shown.classes["card-cave-rat"] and "whole" not in shown.classes["card-cave-rat"]
    assert "card-bat-swarm" not in shown.outlines and shown.classes["card-bat-swarm"] == ["face"]

    cards = {card["id"]: card for deck in json.loads(body)["games"][GAME]["decks"]["en"]
             for card in deck["cards"]}
    [over] = cards["cave-rat"]["front"]["overflows"]
    assert over["field"] == "name" and over["mm"] >= 1
    assert all(abs(over["outline"][k] - want[k]) <= tolerance[k] for k in want), over
    assert cards["bat-swarm"]["front"]["overflows"] == []


def test_an_overflow_whose_box_is_unknown_outlines_the_whole_face() -> None:
    unknown = OverflowView("text", 2.5)
    placed = OverflowView("name", 1.0, OutlineView(10, 5, 80, 8.4))
    card = CardView("imp", "Imp", 1, "cards/x.yaml", 3, FaceView(KEY_A, 273, 381, (unknown, placed)))
    fits = CardView("elf", "Elf", 1, "cards/x.yaml", 9, FaceView(KEY_B, 273, 381))
    game = GameView(GAME, "Goblins", ["en"], decks={"en": (DeckView("d", "Deck", None, (card, fits), 2),)})
    snapshot = Snapshot(1, {GAME: game})
    shown = outlines_in(render_part(snapshot, select(snapshot, GAME, "en", "cards")))
    assert shown.classes["card-imp"] == ["face", "overflow", "whole"]
    assert [percents(o["style"]) for o in shown.outlines["card-imp"]] == [
        {"left": 10, "top": 5, "width": 80, "height": 8.4}]
    assert shown.classes["card-elf"] == ["face"]



def test_an_update_names_where_each_new_face_is_shown_and_the_page_can_find_it() -> None:
    key_c, key_d = "c" * 64, "d" * 64
    imp = CardView("imp", "Imp", 1, "cards/x.yaml", 3, FaceView(KEY_A, 273, 381), FaceView(key_c, 273, 381))
    elf = CardView("elf", "Elf", 1, "cards/x.yaml", 9, FaceView(KEY_B, 273, 381))
    deck = DeckView("d", "Deck", FaceView(key_d, 273, 381), (imp, elf), 2)
    game = GameView(GAME, "Goblins", ["en", "fr"], decks={"en": (deck,), "fr": (deck,)})
    snapshot = Snapshot(1, {GAME: game})
    assert snapshot.places(frozenset({KEY_B, key_c, key_d}), 10) == [
        Place(GAME, "en", "back", "d", key_d), Place(GAME, "en", "card-back", "imp", key_c),
        Place(GAME, "en", "card", "elf", KEY_B), Place(GAME, "fr", "back", "d", key_d),
        Place(GAME, "fr", "card-back", "imp", key_c), Place(GAME, "fr", "card", "elf", KEY_B)]
    assert len(snapshot.places(frozenset({KEY_B, key_c, key_d}), 2)) == 2
    page = render_part(snapshot, select(snapshot, GAME, "fr", "cards"))
    assert '<section id="cards" data-game="goblin-market" data-lang="fr">' in page
    for attr, owner in (("back", "d"), ("card-back", "imp"), ("card", "elf")):  # what preview.js looks for
        assert f'data-{attr}="{owner}"' in page

def test_a_broken_template_is_a_located_error_and_the_last_faces_stay(sample_workspace: Path) -> None:
    rebuilder, state = rebuilt(sample_workspace)
    before = front_keys(state.snapshot)
    template = sample_workspace / "templates" / GAME / "front.html.j2"
    lines = template.read_text(encoding="utf-8").splitlines(keepends=True)
    broken_line = next(i for i, line in enumerate(lines) if line.startswith("<") and "{{" in line) + 1
    lines[broken_line - 1] = lines[broken_line - 1].replace("{{", "{{ card.name(", 1)
    template.write_text("".join(lines), encoding="utf-8")
    with trust.confined(sample_workspace):
        rebuilder.rebuild({template})
    game = state.snapshot.games[GAME]
    [error] = [p for p in game.problems if p.severity == "error"]
    assert (error.file, error.line, error.code) == (f"templates/{GAME}/front.html.j2", broken_line, "render")
    assert game.stale and front_keys(state.snapshot) == before
