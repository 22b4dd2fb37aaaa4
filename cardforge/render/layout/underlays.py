"""Underlays: what every face of a deck shares, laid out once and drawn under each face.

Most of a card face is the same on every card of its deck: the background running into
the bleed, the frame, the picture panel, the deck's name. A face template
``<name>.html.j2`` may put that part in an *underlay* template beside it,
``<name>-underlay.html.j2`` (found on the same search path, so a workspace's templates may
add or replace one). The underlay is rendered once per deck and side, with the context a
deck's back gets and no ``card`` (``game``, ``deck``, ``lang``, ``geometry``,
``colour_mode``, ``mix`` and the pack's ``back_context``), and the face template draws only
what differs from card to card. Both are whole faces, normally each a ``.card`` frame
(``macros.html.j2``); the underlay is painted first, so the face template leaves its
background transparent where the underlay should show.

Each face's fragment is then :func:`layered`: ``UNDER + underlay + OVER + face``. As it
stands it is the whole face, the face's layer above the underlay's in one box, which is how
the baselines of docs/benchmarks.md and any browser print it, and how face keys, linked
files, glyph coverage and CMYK conversion see it. cardforge's own layout
(:func:`~cardforge.render.layout.face_layout.render_faces_measured`) :func:`split`\\ s it: each distinct
underlay of a document is laid out once, on a page of its own, and drawn as a form XObject
under every face page that uses it (:mod:`cardforge.render.layout.underlay_pages`), so the work of
laying out and drawing the shared part is done once per document instead of once per card.
A Comic Creator front's panel, background and deck tag are about a sixth of its layout
time (docs/benchmarks.md). Text boxes measured for overflow (``data-field``) belong in the
face template: an underlay's are not measured.

This module holds the fragments' markup only, so that a layout worker imports no templating;
:class:`~cardforge.render.layout.deck_underlays.DeckUnderlays` renders the underlays.
"""

from __future__ import annotations

UNDER = "<!--cardforge:underlay-->"
"""Starts a layered fragment; the underlay's HTML follows."""
OVER = "<!--cardforge:face-->"
"""Ends the underlay of a layered fragment; the face's own HTML follows."""
SUFFIX = "-underlay.html.j2"


def underlay_name(template: str) -> str:
    """The underlay template of face template ``template`` (``front.html.j2`` →
    ``front-underlay.html.j2``; a name without ``.html.j2`` gets the suffix added)."""
    return template.removesuffix(".html.j2") + SUFFIX


def layered(underlay: str | None, face: str) -> str:
    """The fragment of a face drawn over ``underlay`` (its HTML, or None for none)."""
    return face if underlay is None else f"{UNDER}{underlay}{OVER}{face}"


def split(fragment: str) -> tuple[str | None, str]:
    """(underlay HTML or None, the face's own HTML) of a fragment :func:`layered` made; a
    fragment that does not start with :data:`UNDER` (or has no :data:`OVER`) has none."""
    if not fragment.startswith(UNDER):
        return None, fragment
    underlay, found, face = fragment[len(UNDER):].partition(OVER)
    return (underlay, face) if found else (None, fragment)
