"""Card faces rendered before: each face's HTML fragment, kept by a digest of all its template sees.

Rendering 1,000 card templates in the sandbox takes about half a second, every build. A face's
HTML depends only on the templates (and the icons and stylesheets they inline), the language,
the card's size, and the plain data the template is given: the game (game.yaml), its deck,
the card and the pack's face data for it. So after a build the fragments are kept in the
face cache (``<cache>/fragments/<name>.json``), each under the digest of that context, and
the next build renders only the cards whose context changed: after a one-card edit, one.

What goes into the digests (:func:`setup_digest` once per render, :meth:`FragmentMemo.card_key`
per card): the content of every template, stylesheet and SVG on the template search path;
the code that renders (:func:`cardforge.build.build_fingerprint.code_digest`); the installed
fonts (the face checks that run on new fragments depend on them); the
language; the game view with its decks' card lists left out, each deck's view likewise, the
card's view and its face data. Backs are kept the same way (a deck's back by its deck's
view and back data, a card's own back by the card's too), so that an unchanged build
renders no template at all. A template that mentions ``cards`` or ``decks`` (as an
attribute, a key or a string, in its parsed form; comments do not count) may read other
cards, so then the whole game's data is in every card's digest: an edit to any card renders
every face again, and the memo only spares unchanged builds. A template that reaches other
cards by a name it builds at run time (``deck[name]``) is not detected: it may then see an
earlier version of another card until that card's own data or a template changes.

A card whose data did not change keeps its key without its views being made or digested
again (:meth:`FragmentMemo.kept_key`): the memo keeps each card's key beside the digest of
everything else its face could depend on (the deck's part of the game, the game's dice
files), and a key is kept only when the card's data digest, that digest and the setup are
all as before. This assumes the pack's face hooks read nothing but the card and those
files; a pack says so with ``face_context_per_card`` (:class:`~cardforge.model.game_packs.GameSpec`),
and for other packs every card's key is computed. After a one-card edit of a 1,000-card
game, the pack's hook and two JSON digests a card were about 0.2 s of the build's own
process.

The file is in the (untrusted) cache: it is read through :mod:`cardforge.boundary.trust`, and one
that is not a JSON object of the expected shape, or was made for other templates, counts as
empty. Only the entries a render used are written back, so it never grows past one game's
faces.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes

from cardforge.boundary import trust
from cardforge.boundary.atomic import write_atomically
from cardforge.build.build_fingerprint import code_digest
from cardforge.model.game_model import Card
from cardforge.render.cache.face_cache import fonts_fingerprint
from cardforge.render.templating.plain_views import Views, plain

FORMAT = 1
"""Version of the memo file; another version counts as empty."""

TEXT_SUFFIXES = (".j2", ".html", ".css", ".svg")
"""Files on the search path whose text can end up in a face's HTML."""

MAX_TEMPLATE_FILES = 5_000
"""Files of those kinds the search path may hold for the memo to be used (shipped games
have fewer than 20); past it every face is rendered, as without a memo."""

LIST_NAMES = frozenset({"cards", "decks"})
"""Names through which a template reaches other cards than its own."""


@dataclass(frozen=True)
class Setup:
    """What every face of one render shares: ``digest`` (templates, fonts, language and the
    other render-wide inputs) and ``reads_lists`` (a template mentions :data:`LIST_NAMES`)."""

    digest: str
    reads_lists: bool


def _digest(*parts: str) -> str:
    return hashlib.blake2b("\0".join(parts).encode("utf-8", "surrogatepass"), digest_size=32).hexdigest()


def data_digest(value: Any) -> str:
    """Digest of plain template data (dicts, lists, strings, numbers; sets in sorted order)."""
    return _digest(json.dumps(value, sort_keys=True, ensure_ascii=False, default=_sorted_set))


def _sorted_set(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return repr(value)


def setup_digest(env: jinja2.Environment, search_path: Sequence[Path], *parts: str,
                 known: Callable[[str], bool | None] = lambda digest: None) -> Setup | None:
    """The :class:`Setup` of a render with templates from ``search_path`` (parsed by ``env``)
    and the render-wide ``parts`` (language, fonts, size overrides …); None when the search
    path holds more than :data:`MAX_TEMPLATE_FILES` text files or one cannot be read or
    parsed (then no memo is used, and the render reports the problem as usual).
    ``known(digest)`` gives :attr:`Setup.reads_lists` as found before for the same digest
    (the memo file keeps it), or None: then the templates are parsed to find it."""
    texts: list[str] = []
    templates: list[str] = []
    files = sorted(p for folder in search_path for p in folder.rglob("*") if p.suffix in TEXT_SUFFIXES)
    if len(files) > MAX_TEMPLATE_FILES:
        return None
    for path in files:
        try:
            text = trust.read_text(path, "svg" if path.suffix == ".svg" else "template")
        except trust.Refused:
            return None
        texts += [str(path.relative_to(path.anchor)), text]
        if path.suffix in (".j2", ".html"):
            templates.append(text)
    digest = _digest(code_digest(), *parts, *texts)
    reads_lists = known(digest)
    if reads_lists is None:
        try:
            reads_lists = any(_mentions_lists(env.parse(text)) for text in templates)
        except jinja2.TemplateSyntaxError:
            return None
    return Setup(digest, reads_lists)


def _mentions_lists(tree: nodes.Node) -> bool:
    """Whether the parsed template names :data:`LIST_NAMES` as an attribute, key or string."""
    for node in tree.find_all((nodes.Getattr, nodes.Const, nodes.Name)):
        name = node.attr if isinstance(node, nodes.Getattr) else \
            node.value if isinstance(node, nodes.Const) else node.name
        if name in LIST_NAMES:
            return True
    return False


@dataclass
class FragmentMemo:
    """The fragments of one game's faces in one language and variant, kept at ``path``.

    ``known``: card key → HTML as read from the file (for :attr:`setup` only); ``used``:
    what this render used or made, written back by :meth:`save`; ``data_seen`` and
    ``data_now``: card id → digest of the card's data at the last render and at this one
    (:meth:`changed_first`); ``keys_seen`` and ``keys_now``: ``"<side> <card id>"`` →
    [digest of the rest of the face's inputs, the face's key] (:meth:`kept_key`; read for
    :attr:`setup` only)."""

    path: Path
    setup: Setup
    known: dict[str, str] = field(default_factory=dict)
    used: dict[str, str] = field(default_factory=dict)
    data_seen: dict[str, str] = field(default_factory=dict)
    data_now: dict[str, str] = field(default_factory=dict)
    keys_seen: dict[str, list[str]] = field(default_factory=dict)
    keys_now: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def open(cls, path: Path, setup: Setup, data: dict[str, Any] | None = None) -> FragmentMemo:
        """The memo at ``path`` for ``setup``: empty when missing, unreadable, malformed or
        made for another setup. ``data``: the file as :func:`read_memo` read it, if it was."""
        memo = cls(path, setup)
        data = read_memo(path) if data is None else data
        if data is None:
            return memo
        entries = data.get("entries")
        if data.get("format") == FORMAT and data.get("setup") == setup.digest and isinstance(entries, dict):
            memo.known = {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, str)}
            keys = data.get("keys")
            memo.keys_seen = {k: v for k, v in keys.items() if isinstance(k, str) and isinstance(v, list)
                              and len(v) == 2 and all(isinstance(x, str) for x in v)
                              } if isinstance(keys, dict) else {}
        seen = data.get("cards")
        if data.get("format") == FORMAT and isinstance(seen, dict):
            memo.data_seen = {k: v for k, v in seen.items() if isinstance(k, str) and isinstance(v, str)}
        return memo

    def changed_first(self, cards: list[Card]) -> list[Card]:
        """``cards`` with those whose data (``card.data``, catalog texts merged in) differ from
        the last render's, or are new, first; each group in the given order. A one-card edit
        thus renders, and offers for layout, its card's face first instead of after every
        card before it. The digests are written back by :meth:`save`; :meth:`kept_key`
        reads them (call this first)."""
        ahead, rest = [], []
        for card in cards:
            digest = _data_digest(card.data)
            self.data_now[card.id] = digest
            (rest if digest and self.data_seen.get(card.id) == digest else ahead).append(card)
        return ahead + rest

    def game_parts(self, game_view: dict[str, Any], deck_shapes: dict[str, Any]) -> dict[str, str]:
        """Deck id → the digest of what every face of that deck sees of the game: the game
        view (``plain(game)``) and the deck's view with its ``shape`` (size context) from
        ``deck_shapes``; card lists left out unless :attr:`Setup.reads_lists`."""
        if self.setup.reads_lists:
            whole = data_digest(game_view)
            return {deck: _digest(whole, data_digest(shape)) for deck, shape in deck_shapes.items()}
        decks = {deck: {k: v for k, v in view.items() if k != "cards"}
                 for deck, view in game_view["decks"].items()}
        game = data_digest({**{k: v for k, v in game_view.items() if k != "decks"}, "decks": decks})
        return {deck: _digest(game, data_digest(decks.get(deck)), data_digest(shape))
                for deck, shape in deck_shapes.items()}

    def key_of(self, deck_part: str, card: Card | None, face_data: dict[str, Any], views: Views, *,
               side: str = "front") -> str | None:
        """The key of ``card``'s front (or, with ``side="back"``, of its own back, or of its
        deck's back when ``card`` is None): its deck's part of :meth:`game_parts`, the
        card's view and the pack's ``face_data`` for it; None when they are not plain data
        (the render then reports it)."""
        try:
            seen = (None if card is None else plain(card, views=views), plain(face_data))
        except TypeError:
            return None
        sides = () if side == "front" else (side,)  # a front's key is as before backs were kept
        return _digest(self.setup.digest, deck_part, *sides, data_digest(seen[0]), data_digest(seen[1]))

    def kept_key(self, card: Card, side: str, rest: str) -> str | None:
        """The key ``card``'s ``side`` (``front``, or ``back`` for its own back) had at the
        last render, when its data digest (:meth:`changed_first`) and ``rest`` (the digest
        of every other input of its face, as the caller computes it) are the same as then
        and its fragment is kept; else None (then compute it with :meth:`key_of` and
        :meth:`remember` it). Only valid when the pack's face hooks read nothing else
        (``face_context_per_card``)."""
        data = self.data_now.get(card.id)
        seen = self.keys_seen.get(f"{side} {card.id}")
        if not data or data != self.data_seen.get(card.id) or seen is None or seen[0] != rest:
            return None
        key = seen[1]
        if key not in self.known:
            return None
        self.keys_now[f"{side} {card.id}"] = seen
        return key

    def remember(self, card: Card, side: str, rest: str, key: str) -> None:
        """Keep ``key`` as ``card``'s ``side`` key for ``rest`` (see :meth:`kept_key`)."""
        self.keys_now[f"{side} {card.id}"] = [rest, key]

    def get(self, key: str) -> str | None:
        """The HTML kept under ``key``, or None (then render it and :meth:`put` it)."""
        html = self.known.get(key)
        if html is not None:
            self.used[key] = html
        return html

    def put(self, key: str, html: str) -> None:
        """Keep ``html`` under ``key`` for the next render."""
        self.used[key] = html

    def save(self) -> None:
        """Write the entries this render used, atomically, when they differ from the file's;
        a cache that cannot be written only costs the next build time."""
        if self.used == self.known and self.data_now == self.data_seen and self.keys_now == self.keys_seen:
            return
        text = json.dumps({"format": FORMAT, "setup": self.setup.digest,
                           "reads_lists": self.setup.reads_lists, "entries": self.used,
                           "cards": self.data_now, "keys": self.keys_now},
                          ensure_ascii=False, separators=(",", ":"))
        if len(text) > trust.MAX_BYTES["cache"] // 2:
            return
        try:
            write_atomically(self.path, lambda handle: handle.write(text.encode("utf-8")),
                             sync=False)  # a torn memo after a crash is refused when read
        except OSError:
            pass


def _data_digest(data: Any) -> str:
    """A digest of a card's plain data ("" when it does not serialise: then it counts as changed)."""
    try:
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return ""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def open_memo(path: Path | None, env: jinja2.Environment, search_path: Sequence[Path], lang: str,
              fallback: str, size_override: str) -> FragmentMemo | None:
    """The memo at ``path`` for a render with ``env``'s templates from ``search_path`` in
    ``lang`` (``fallback`` the game's source language), with ``size_override`` (a print
    shop's card size, "" for none) and the installed fonts; None when no ``path`` is given
    or the templates cannot be fingerprinted."""
    if path is None:
        return None
    data = read_memo(path)

    def known(digest: str) -> bool | None:
        kept = data.get("reads_lists") if data is not None and data.get("setup") == digest else None
        return kept if isinstance(kept, bool) else None

    setup = setup_digest(env, search_path, lang, fallback, size_override, fonts_fingerprint(), known=known)
    return FragmentMemo.open(path, setup, data) if setup else None


def read_memo(path: Path) -> dict[str, Any] | None:
    """The memo file at ``path`` as a JSON object, or None when it is missing, refused
    (:mod:`cardforge.boundary.trust`) or not a JSON object."""
    try:
        data = json.loads(trust.read_bytes(path, "cache"))
    except (trust.Refused, ValueError):
        return None
    return data if isinstance(data, dict) else None
