"""Preflight: what a print shop would reject, as Problems, before any file is written.

Each check has a code (see :data:`CODES`); each Problem points at the line to edit: the
``card:`` entry of game.yaml for the card's size, the card (or its ``art:`` field) for a
front, the deck in game.yaml for a deck's back. A profile's ``severity`` table may lower
or raise a code.
"""

from __future__ import annotations

import pikepdf
import pypdfium2

from cardforge.model.card_geometry import CardGeometry
from cardforge.model.game_model import Game
from cardforge.model.paper_units import pt_to_mm
from cardforge.preflight.bleed_check import empty_bleed_sides
from cardforge.preflight.pdf_scan import scan_page
from cardforge.preflight.preflight_codes import CODES  # noqa: F401  (re-exported)
from cardforge.problem import Location, Problem, Severity
from cardforge.render.card_render import RenderedFaces
from cardforge.workspace.print_profiles import Profile

_SIZE_TOLERANCE_MM = 0.2


def _owners(game: Game, faces: RenderedFaces) -> dict[int, list[tuple[str, Location, str | None]]]:
    """Face page → who uses it: (label, where to edit, card id or None)."""
    owners: dict[int, list[tuple[str, Location, str | None]]] = {}
    for card in game.cards():
        where = card.locate("art") if isinstance(card.data.get("art"), str) else card.location
        owners.setdefault(faces.front_page[card.id], []).append((f"card {card.id}", where, card.id))
        if card.id in faces.card_back_page:
            owners.setdefault(faces.card_back_page[card.id], []).append(
                (f"back of card {card.id}", card.location, card.id))
    for deck_id, page in faces.back_page.items():
        owners.setdefault(page, []).append(
            (f"back of deck {deck_id}", game.manifest.locate("decks", deck_id), None))
    return owners


def _severity(profile: Profile, code: str) -> Severity:
    return Severity(profile.severity.get(code, "error"))


def check_design(game: Game, profile: Profile) -> list[Problem]:
    """PF101: game.yaml's card size against the shop's trim, within ``size_tolerance_mm``."""
    if profile.trim_mm is None:
        return []
    width, height = game.card_geometry().trim
    shop_w, shop_h = profile.trim_mm
    if max(abs(width - shop_w), abs(height - shop_h)) <= profile.size_tolerance_mm:
        return []
    return [Problem(game.manifest.locate("card"), "PF101",
                    f"the card is designed at {width:g} × {height:g} mm; {profile.name} prints "
                    f"{shop_w:g} × {shop_h:g} mm (tolerance {profile.size_tolerance_mm:g} mm)",
                    _severity(profile, "PF101"),
                    hint="design the card at the shop's size, or choose a profile for this size")]


def check_faces(game: Game, profile: Profile, faces: RenderedFaces,
                geometry: CardGeometry) -> list[Problem]:
    """PF102–PF106 on every laid-out face (laid out at ``geometry``)."""
    problems: list[Problem] = []
    owners = _owners(game, faces)
    pages = faces.pages()
    for index, users in sorted(owners.items()):
        problems += _face(profile, pages[index], users, geometry)
    return problems + _bleed(profile, faces, owners, geometry.bleed_mm)


def _face(profile: Profile, page: pikepdf.Page, users: list[tuple[str, Location, str | None]],
          geometry: CardGeometry) -> list[Problem]:
    """PF103–PF106 for one face page used by ``users`` (laid out at ``geometry``)."""
    _, where, card = users[0]
    who = ", ".join(u[0] for u in users[:3]) + (" …" if len(users) > 3 else "")
    problems: list[Problem] = []

    def report(code: str, message: str, hint: str) -> None:
        problems.append(Problem(where, code, f"{who}: {message}", _severity(profile, code),
                                card=card, hint=hint))

    width, height, bleed = geometry.width_mm, geometry.height_mm, geometry.bleed_mm
    box = [float(v) for v in page.mediabox]
    size = (pt_to_mm(box[2] - box[0]), pt_to_mm(box[3] - box[1]))
    if max(abs(size[0] - width - 2 * bleed), abs(size[1] - height - 2 * bleed)) > _SIZE_TOLERANCE_MM:
        report("PF106", f"the face is {size[0]:.2f} × {size[1]:.2f} mm, not trim + bleed "
               f"{width + 2 * bleed:g} × {height + 2 * bleed:g} mm",
               "remove the @page size from the game's templates: cardforge sets it")
        return problems
    scan = scan_page(page)
    low = [image for image in scan.images if image.dpi < profile.min_image_dpi - 0.5]
    if low:
        worst = min(low, key=lambda image: image.dpi)
        report("PF103", f"an image of {worst.width_px} × {worst.height_px} px is drawn at "
               f"{worst.dpi:.0f} dpi; {profile.name} needs {profile.min_image_dpi} dpi",
               f"use art with at least {profile.min_image_dpi} px per inch it covers")
    rgb = sorted(set().union(*(scan.colours.get(m, set()) for m in ("rgb", "lab"))))
    if profile.colour == "cmyk" and rgb:
        report("PF104", f"uses RGB colour ({', '.join(rgb)}); {profile.name} prints CMYK only",
               "write colours as device-cmyk(c m y k) in the templates' CSS, or declare them in "
               "the templates' palette.yaml; no CSS gradients (WeasyPrint draws them in RGB)")
    if not profile.transparency and scan.transparency:
        report("PF105", f"uses transparency ({', '.join(sorted(scan.transparency))}), which "
               f"{profile.pdf_variant or 'this shop'} forbids",
               "use opaque colours: no opacity, rgba() or images with an alpha channel (style "
               "flat stand-ins under .print-cmyk, see templates/_base/print-flat.html.j2)")
    return problems


def _bleed(profile: Profile, faces: RenderedFaces,
           owners: dict[int, list[tuple[str, Location, str | None]]], bleed_mm: float) -> list[Problem]:
    """PF102 for every face whose art stops at the trim."""
    if not profile.bleed_mm:
        return []
    problems = []
    document = pypdfium2.PdfDocument(faces.pdf)
    try:
        for index, users in sorted(owners.items()):
            sides = empty_bleed_sides(document, index, bleed_mm)
            if sides:
                label, where, card = users[0]
                problems.append(Problem(
                    where, "PF102", f"{label}: the art stops at the trim on the {', '.join(sides)} "
                    f"side(s); {profile.name} needs {bleed_mm:g} mm of bleed", _severity(profile, "PF102"),
                    card=card, hint="paint backgrounds on the whole face (.face-bleed), not only inside "
                    "the trim"))
    finally:
        document.close()
    return problems


def preflight(game: Game, profile: Profile, faces: RenderedFaces,
              geometry: CardGeometry) -> list[Problem]:
    """Every preflight Problem for ``game``'s ``faces`` (laid out at ``geometry``) under
    ``profile``, sorted like lint output."""
    problems = check_design(game, profile) + check_faces(game, profile, faces, geometry)
    return sorted(problems, key=Problem.sort_key)
