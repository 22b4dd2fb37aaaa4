"""cardforge.render.cache.fragment_memo: card fronts kept between renders, rendered again exactly when
what their template sees changed."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from cardforge.render import face_sources
from cardforge.workspace.game_loading import find_game_dirs, load_game
from tests.workspace_games.conftest import make_workspace

RENDER = face_sources.render
"""The real template render, counted by :func:`sources`."""


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    make_workspace(tmp_path, "ok_monsters.yaml", "ok_wares.yaml")
    return tmp_path


def sources(workspace: Path, memo: Path | None, monkeypatch: pytest.MonkeyPatch, lang: str = "en"):
    """The game's face sources, and the names of the templates rendered to make them."""
    [(spec, folder)] = find_game_dirs(workspace / "cards", {})
    game = load_game(folder, spec).game
    assert game is not None
    rendered: list[str] = []

    def counting(env, name, context, views=None):
        rendered.append(context["card"].id if "card" in context else f"back {context['deck'].id}")
        return RENDER(env, name, context, views)

    monkeypatch.setattr(face_sources, "render", counting)
    return face_sources.face_sources(game, lang, workspace, memo=memo), rendered


def fronts(rendered: list[str]) -> list[str]:
    return [r for r in rendered if not r.startswith("back ")]


def test_a_second_render_renders_no_face_and_gives_the_same_html(workspace, monkeypatch):
    memo = workspace / ".cardforge-cache" / "fragments" / "game.json"
    first, made = sources(workspace, memo, monkeypatch)
    assert fronts(made) and memo.is_file()
    again, remade = sources(workspace, memo, monkeypatch)
    assert remade == []  # no front and no back rendered: every template is spared
    assert again.fragments == first.fragments and again.front_page == first.front_page
    assert again.back_page == first.back_page


def test_one_card_edited_renders_that_card_only(workspace, monkeypatch):
    memo = workspace / "memo.json"
    sources(workspace, memo, monkeypatch)
    file = workspace / "cards" / "goblin-market" / "ok_monsters.yaml"
    file.write_text(file.read_text(encoding="utf-8").replace("{en: Bog Hag}", "{en: Bog Witch}"),
                    encoding="utf-8")
    edited, made = sources(workspace, memo, monkeypatch)
    assert fronts(made) == ["bog-hag"]
    plain, _ = sources(workspace, None, monkeypatch)  # no memo: everything rendered anew
    assert edited.fragments == plain.fragments
    assert "Bog Witch" in edited.fragments[edited.front_page["bog-hag"]]


def test_a_template_edit_renders_every_front(workspace, monkeypatch):
    memo = workspace / "memo.json"
    _, made = sources(workspace, memo, monkeypatch)
    template = workspace / "templates" / "goblin-market" / "front.html.j2"
    template.write_text(template.read_text(encoding="utf-8") + "\n<!-- edited -->\n", encoding="utf-8")
    edited, remade = sources(workspace, memo, monkeypatch)
    assert sorted(fronts(remade)) == sorted(fronts(made))
    plain, _ = sources(workspace, None, monkeypatch)
    assert edited.fragments == plain.fragments
    assert "edited" in edited.fragments[edited.front_page["cursed-crown"]]  # wares use front.html.j2


def test_a_template_that_reads_other_cards_renders_every_front_after_any_edit(workspace, monkeypatch):
    template = workspace / "templates" / "goblin-market" / "front.html.j2"
    template.write_text(template.read_text(encoding="utf-8")
                        + "\n<p>{{ deck.cards | length }} in the deck</p>\n", encoding="utf-8")
    memo = workspace / "memo.json"
    _, made = sources(workspace, memo, monkeypatch)
    file = workspace / "cards" / "goblin-market" / "ok_monsters.yaml"
    file.write_text(file.read_text(encoding="utf-8").replace("{en: Bog Hag}", "{en: Bog Witch}"),
                    encoding="utf-8")
    _, remade = sources(workspace, memo, monkeypatch)
    assert sorted(fronts(remade)) == sorted(fronts(made))


@pytest.mark.parametrize("content", [b"", b"[]", b"{broken", b'{"format": 1, "setup": "x", "entries": {}}',
                                     b'{"format": 1, "setup": 3, "entries": [1, 2]}'])
def test_a_damaged_memo_renders_everything_without_an_error(workspace, monkeypatch, content):
    memo = workspace / "memo.json"
    plain, made = sources(workspace, None, monkeypatch)
    memo.write_bytes(content)
    again, remade = sources(workspace, memo, monkeypatch)
    assert sorted(fronts(remade)) == sorted(fronts(made))
    assert again.fragments == plain.fragments


def test_each_language_has_its_own_setup(workspace, monkeypatch):
    memo = workspace / "memo.json"
    sources(workspace, memo, monkeypatch, lang="en")
    _, made = sources(workspace, memo, monkeypatch, lang="fr")
    assert fronts(made)  # the English fronts are not reused for French


def test_an_unchanged_setup_is_not_parsed_again_and_a_forged_one_is(workspace, monkeypatch):
    import json

    import jinja2

    from cardforge.render.cache import fragment_memo

    parsed: list[str] = []
    parse = jinja2.Environment.parse
    monkeypatch.setattr(jinja2.Environment, "parse",
                        lambda self, source, *a, **k: parsed.append(source) or parse(self, source, *a, **k))
    memo = workspace / "memo.json"
    sources(workspace, memo, monkeypatch)
    assert parsed  # the first render parses the templates to know whether they read other cards
    kept = json.loads(memo.read_text(encoding="utf-8"))
    assert kept["reads_lists"] is False
    parsed.clear()
    sources(workspace, memo, monkeypatch)
    assert parsed == []  # same templates: what the memo kept is used
    memo.write_text(json.dumps({**kept, "setup": "another", "reads_lists": True}), encoding="utf-8")
    sources(workspace, memo, monkeypatch)
    assert parsed  # kept for another setup: parsed again
    assert fragment_memo.read_memo(workspace / "missing.json") is None


def test_rendering_a_booklets_example_cards_keeps_the_whole_games_memo_and_book(workspace, monkeypatch):
    from cardforge.booklet.example_cards import example_fronts
    from cardforge.render.cache.face_cache import FaceCache
    from cardforge.render.card_render import render_card_faces

    [(spec, folder)] = find_game_dirs(workspace / "cards", {})
    game = load_game(folder, spec).game
    cache = FaceCache(workspace / "cache")
    whole = render_card_faces(game, "en", workspace, cache=cache)
    first = next(iter(game.cards())).id
    example_fronts(game, [first], "en", workspace, cache)(first)  # the booklet's example card
    rendered: list[str] = []
    monkeypatch.setattr(face_sources, "render", lambda *a, **k: rendered.append("x") or RENDER(*a, **k))
    again = render_card_faces(game, "en", workspace, cache=cache)
    assert rendered == []  # the whole game's memo was not replaced by the examples' one
    assert again.book == whole.book and again.laid_out == 0


def test_a_changed_card_is_rendered_first_and_the_pages_keep_game_order(workspace, monkeypatch):
    """A one-card edit's face is offered for layout before every unchanged card is keyed."""
    from cardforge.render.cache.fragment_memo import FragmentMemo

    memo = workspace / "memo.json"
    before, _ = sources(workspace, memo, monkeypatch)
    [(spec, folder)] = find_game_dirs(workspace / "cards", {})
    game = load_game(folder, spec).game
    last = list(game.cards())[-1]
    assert last.id == "cursed-crown" and list(game.cards())[0].id == "bog-hag"
    file = folder / "ok_wares.yaml"
    file.write_text(file.read_text(encoding="utf-8").replace("{en: Cursed Crown}", "{en: Crown of Woe}"),
                    encoding="utf-8")
    keyed: list[str] = []
    key_of = FragmentMemo.key_of
    monkeypatch.setattr(FragmentMemo, "key_of", lambda self, part, card, *rest, **kw:
                        keyed.append(card.id if card else "back") or key_of(self, part, card, *rest, **kw))
    edited, made = sources(workspace, memo, monkeypatch)
    assert keyed[0] == "cursed-crown" and fronts(made) == ["cursed-crown"]
    assert "bog-hag" not in keyed  # an unchanged card keeps its key (kept_key)
    assert edited.front_page == before.front_page


def _with_hook(game, per_card: bool, calls: list[str]):
    """``game`` with a pack face hook that counts its calls (a card's id each) and gives the
    card's name in capitals, vouching (``per_card``) that it reads only the card or not."""

    def face_context(card, game, lang):
        calls.append(card.id)
        return {"shout": str(card.data["name"]["en"]).upper()}

    game.spec = dataclasses.replace(game.spec, face_context=face_context, face_context_per_card=per_card)
    return game


def hooked_sources(workspace: Path, memo: Path, per_card: bool, calls: list[str]):
    [(spec, folder)] = find_game_dirs(workspace / "cards", {})
    game = _with_hook(load_game(folder, spec).game, per_card, calls)
    return face_sources.face_sources(game, "en", workspace, memo=memo)


def _edit_bog_hag(workspace: Path) -> None:
    file = workspace / "cards" / "goblin-market" / "ok_monsters.yaml"
    file.write_text(file.read_text(encoding="utf-8").replace("{en: Bog Hag}", "{en: Bog Witch}"),
                    encoding="utf-8")


def _front_template_shouts(workspace: Path) -> None:
    for name in ("front.html.j2", "monster.html.j2"):  # the wares' and the monsters' fronts
        front = workspace / "templates" / "goblin-market" / name
        front.write_text('<div class="card"><h1>{{ shout }}</h1><p>{{ card.id }}</p></div>\n',
                         encoding="utf-8")


@dataclasses.dataclass
class FirstRender:
    """A first render with the counting hook: its ``sources``, the ``memo`` it kept, how many
    ``cards`` the hook was called for, and ``calls`` (emptied, for the next render)."""

    sources: face_sources.FaceSources
    memo: Path
    cards: int
    calls: list[str]


def first_render(workspace: Path, per_card: bool) -> FirstRender:
    """Fronts that print the hook's data, rendered once with the hook vouching ``per_card``."""
    _front_template_shouts(workspace)
    memo, calls = workspace / "memo.json", []
    sources = hooked_sources(workspace, memo, per_card, calls)
    cards = len(calls)
    calls.clear()
    return FirstRender(sources, memo, cards, calls)


def test_a_pack_vouching_for_its_hook_calls_it_for_the_edited_card_only(workspace):
    first = first_render(workspace, per_card=True)
    assert first.cards >= 2 and any("BOG HAG" in html for html in first.sources.fragments)
    _edit_bog_hag(workspace)
    edited = hooked_sources(workspace, first.memo, True, first.calls)
    assert first.calls == ["bog-hag"]  # the others kept their keys and fragments
    assert any("BOG WITCH" in html for html in edited.fragments)
    assert not any("BOG HAG" in html for html in edited.fragments)
    unchanged = [i for i, html in enumerate(first.sources.fragments) if "BOG HAG" not in html]
    assert [first.sources.fragments[i] for i in unchanged] == [edited.fragments[i] for i in unchanged]
    first.calls.clear()
    hooked_sources(workspace, first.memo, True, first.calls)
    assert first.calls == []  # nothing changed: no hook called


def test_a_pack_that_does_not_vouch_has_its_hook_called_for_every_card(workspace):
    first = first_render(workspace, per_card=False)
    _edit_bog_hag(workspace)
    edited = hooked_sources(workspace, first.memo, False, first.calls)
    assert len(first.calls) == first.cards  # its output is part of every key: every card is asked
    assert any("BOG WITCH" in html for html in edited.fragments)


def test_a_game_yaml_edit_keys_every_card_again(workspace):
    first = first_render(workspace, per_card=True)
    manifest = workspace / "cards" / "goblin-market" / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "facts: {rounds: 3}\n", encoding="utf-8")
    hooked_sources(workspace, first.memo, True, first.calls)
    assert len(first.calls) == first.cards  # what the hook may read changed: no key is kept


def test_a_dice_file_edit_keys_every_card_of_a_game_with_dice_again(tmp_path):
    """DiXe on Card's faces print the colour of the die a card names, from the dice file."""
    from cardforge.model.game_packs import discover

    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "cards" / "dixe-on-card", tmp_path / "cards" / "dixe-on-card")
    memo = tmp_path / "memo.json"
    spec = discover()["dixe-on-card"]

    def calls_for_a_render() -> list[str]:
        calls: list[str] = []
        game = load_game(tmp_path / "cards" / "dixe-on-card", spec).game
        hook = game.spec.face_context
        game.spec = dataclasses.replace(game.spec, face_context=lambda c, g, lang: calls.append(c.id)
                                        or hook(c, g, lang))
        face_sources.face_sources(game, "en", tmp_path, memo=memo)
        return calls

    cards = len(calls_for_a_render())
    assert cards > 2 and calls_for_a_render() == []
    dice = tmp_path / "cards" / "dixe-on-card" / "dice.yaml"
    text = dice.read_text(encoding="utf-8")
    colour = next(line for line in text.splitlines() if "colour:" in line)
    edited = text.replace(colour, colour.split("colour:")[0] + 'colour: "#123456"', 1)
    dice.write_text(edited, encoding="utf-8")
    assert len(calls_for_a_render()) == cards

