"""Text that fits: a box marked ``data-fit`` has its font shrunk, in steps, until its text
fits, never below a declared minimum.

A face template (or a game.yaml ``layout:`` box with ``fit:``) marks a fixed-size box
``data-fit="<min> [<step>]"`` (pt; the step defaults to :data:`DEFAULT_STEP`). The box's
own font size, as laid out, is where it starts; the sizes tried are that size, one step
less, … down to the minimum (the minimum itself always last). :func:`fit_face` lays the
face out (WeasyPrint, in this process) and, for each marked box whose text reaches past
it, finds the largest size in that list at which it does not, by bisection (a text never
gets taller as its font gets smaller): at most 1 + ⌈log2(sizes)⌉ layouts a face, every
marked box of the face searched in the same layouts. The size found is written into the
face's HTML as the box's inline ``font-size``, so it is part of the face's cache key and
of the fragment memo's entry; a box that fits at its own size is left as it is. A box
whose text does not fit even at the minimum keeps the minimum, and TR105 reports it.

Fits are per face and language, since a face is rendered per language. Overflow is
measured as for TR105 (:func:`cardforge.render.layout.text_overflow.measure_box`), with a tolerance
of :data:`FITS_MM`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from cardforge.model.card_geometry import CardGeometry

FIT_ATTRIBUTE = "data-fit"
"""The attribute asking a box to fit its text: ``"<min pt> [<step pt>]"``."""
DEFAULT_STEP = 0.5
"""pt between two sizes tried, when the box does not say."""
FITS_MM = 0.01
"""Overflow (mm) below which text counts as fitting: the layout's rounding."""
PX_PER_PT = 96 / 72
MAX_SIZES = 400
"""Most sizes one box may try (a 0.1 pt step from 40 pt is 400)."""

_FIT_TAG = re.compile(r'<[a-zA-Z][^<>]*?\sdata-fit="([^"<>]*)"[^<>]*>')
_STYLE = re.compile(r'\sstyle="([^"]*)"')
_PROBE = "data-fit-probe"


def sizes_to_try(start_pt: float, spec: str) -> list[float]:
    """The font sizes (pt, largest first) a box starting at ``start_pt`` tries for its
    ``data-fit`` value ``spec`` (``"<min> [<step>]"``; unreadable parts take the start as
    minimum and :data:`DEFAULT_STEP`)."""
    parts = spec.split()
    try:
        low = float(parts[0]) if parts else start_pt
        step = float(parts[1]) if len(parts) > 1 else DEFAULT_STEP
    except ValueError:
        low, step = start_pt, DEFAULT_STEP
    step = max(step, 0.05)
    sizes = [start_pt]
    while len(sizes) < MAX_SIZES and round(sizes[-1] - step, 3) > low + 1e-9:
        sizes.append(round(sizes[-1] - step, 3))
    if low < start_pt:
        sizes.append(low)
    return sizes


def with_sizes(html: str, sizes: dict[int, float], probe: bool = False) -> str:
    """``html`` with the ``k``-th ``data-fit`` tag given ``font-size: sizes[k]pt`` (appended
    to its inline style); with ``probe``, each such tag also numbered ``data-fit-probe``."""
    count = -1

    def tag(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        text = match.group(0)
        extra = f' {_PROBE}="{count}"' if probe else ""
        if count not in sizes:
            return text[:-1] + extra + ">" if extra else text
        size = f"font-size:{sizes[count]:g}pt"
        found = _STYLE.search(text)
        if found is None:
            return f'{text[:-1]} style="{size}"{extra}>'
        style = found.group(1).rstrip().rstrip(";")
        return f'{text[:found.start()]} style="{style};{size}"{text[found.end():-1]}{extra}>'

    return _FIT_TAG.sub(tag, html)


def measure_fits(html: str, css: str, geometry: CardGeometry, base_url: Path,
             roots: Sequence[Path]) -> dict[int, tuple[bool, float]]:
    """Lay out face ``html`` (its ``data-fit`` tags numbered by :func:`with_sizes` with
    ``probe``) with ``css`` at ``geometry``; per probe number: (whether the box's text
    fits, its font size in pt). Images resolve against ``base_url``, only inside ``roots``."""
    import weasyprint  # only when a face has a box to fit

    from cardforge.render.layout import weasyprint_changes as layout_setup
    from cardforge.render.layout.face_layout import captured_warnings, faces_html, raise_for_messages
    from cardforge.render.layout.font_configs import font_config_for
    from cardforge.render.layout.safe_fetcher import make_url_fetcher
    from cardforge.render.layout.text_overflow import measure_box

    layout_setup.prepare()
    page = faces_html([html], css, geometry.width_mm, geometry.height_mm, geometry.bleed_mm, geometry.safe_mm)
    with captured_warnings() as messages:
        document = weasyprint.HTML(string=page, base_url=base_url.resolve().as_uri() + "/",
                                   url_fetcher=make_url_fetcher(roots)).render(font_config=font_config_for(page))
    if messages:
        raise_for_messages(messages)
    found: dict[int, tuple[bool, float]] = {}
    for laid in document.pages[:1]:
        for box in laid._page_box.descendants(placeholders=True):
            element = getattr(box, "element", None)
            number = element.get(_PROBE) if element is not None and hasattr(element, "get") else None
            if number is None or int(number) in found or not hasattr(box, "position_y"):
                continue
            over = measure_box(box)
            found[int(number)] = (over.height_mm <= FITS_MM and over.width_mm <= FITS_MM,
                                  float(box.style["font_size"]) / PX_PER_PT)
    return found


def fit_face(html: str, css: str, geometry: CardGeometry, base_url: Path, roots: Sequence[Path]) -> str:
    """``html`` (one face) with each ``data-fit`` box's font at the largest size tried at
    which its text fits (see the module); unchanged when every box fits as it is or there
    is none. Raises what laying out a face raises (RenderError, MissingFontError)."""
    if FIT_ATTRIBUTE not in html or not _FIT_TAG.search(html):
        return html
    first = measure_fits(with_sizes(html, {}, probe=True), css, geometry, base_url, roots)
    lists: dict[int, list[float]] = {}
    specs = [m.group(1) for m in _FIT_TAG.finditer(html)]
    for number, (fits, size) in first.items():
        if not fits:
            lists[number] = sizes_to_try(round(size, 3), specs[number])
    if not lists:
        return html
    # bisection per box: low = a size index known to fit (or the last), high = one that does not
    bounds = {n: [1, len(sizes) - 1] for n, sizes in lists.items()}  # search indexes 1..last
    chosen = {n: len(sizes) - 1 for n, sizes in lists.items()}
    while any(lo <= hi for lo, hi in bounds.values()):
        probe = {n: (lo + hi) // 2 for n, (lo, hi) in bounds.items() if lo <= hi}
        measured = measure_fits(with_sizes(html, {n: lists[n][i] for n, i in probe.items()}, probe=True),
                            css, geometry, base_url, roots)
        for n, index in probe.items():
            if measured.get(n, (False, 0.0))[0]:
                chosen[n] = index
                bounds[n][1] = index - 1
            else:
                bounds[n][0] = index + 1
    return with_sizes(html, {n: lists[n][i] for n, i in chosen.items()})
