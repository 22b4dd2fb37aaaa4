"""Inline SVG parsed once per document and drawn once per size, as a PDF form XObject.

Face templates draw dice and icons as inline ``<svg>`` elements (the ``die`` macro of
templates/_base/macros.html.j2, the ``icon`` global of :mod:`cardforge.render.templating.icons`): a
Comic Creator front has 5 to 15, mostly the same few pictures. WeasyPrint parses every
``<svg>`` element into an SVG tree of its own and draws it anew each time, shaping a die's
mark with Pango on every use. :func:`install` changes two things, for every document laid
out afterwards in the process:

- an inline ``<svg>`` whose markup (and the document's base URL) was already met in the
  document reuses that element's parsed picture (kept on WeasyPrint's layout context, so
  it never outlives the document);
- drawing such a picture at a size (pt) it was already drawn at, in the same resources
  (the document's, or a group's), paints the form XObject made the first time (``Do``), at
  the same point of the drawing order: what is drawn over a die stays over it.

What it saves, and why it is kept although it pays under 5 % (without it, icon edges
rasterise one shade differently), is in docs/benchmarks.md. The forms carry no
transparency group (PDF/X-1a allows none), and pages rasterise the same as before within
two levels of 255 at the edges (anti-aliasing; tests/render/test_svg_forms.py, and the
reference pages of the five games). Does nothing
if WeasyPrint's internals are not the ones this was written against (then every ``<svg>``
is parsed and drawn as before).
"""

from __future__ import annotations

import threading
from typing import Any
from xml.etree import ElementTree

_SVG_TAG = "{http://www.w3.org/2000/svg}svg"
_MEMO = "_cardforge_inline_svgs"
"""Attribute of WeasyPrint's layout context holding that document's parsed inline SVGs."""
_REACH = 14400
"""pt: the largest page side a PDF reader must handle (ISO 32000-1, annex C), a form's reach."""
_lock = threading.Lock()
_original: dict[str, Any] = {}
"""WeasyPrint's own ``<svg>`` handler and ``SVGImage.draw`` while installed, else empty."""


def install() -> None:
    """Make WeasyPrint reuse parsed inline SVGs and their drawings (see the module); once
    per process (a lock keeps two threads from wrapping twice), later calls do nothing.
    Imports WeasyPrint's ``html`` and ``images``."""
    from weasyprint import html, images

    with _lock:
        if _original:
            return
        handler = html.HTML_HANDLERS.get(_SVG_TAG)
        draw = getattr(images.SVGImage, "draw", None)
        if handler is None or draw is None or not hasattr(html, "make_replaced_box"):
            return
        _original.update(handler=handler, draw=draw)
        html.HTML_HANDLERS[_SVG_TAG] = _parsed_once(handler, html.make_replaced_box, images.SVGImage)
        images.SVGImage.draw = _drawn_once(draw)


def uninstall() -> None:
    """Give WeasyPrint back its own handling of inline SVG (tests compare the two)."""
    from weasyprint import html, images

    with _lock:
        if not _original:
            return
        html.HTML_HANDLERS[_SVG_TAG] = _original["handler"]
        images.SVGImage.draw = _original["draw"]
        _original.clear()


def _parsed_once(handler: Any, make_replaced_box: Any, svg_image: type) -> Any:
    """WeasyPrint's handler of ``<svg>`` elements, with one parsed picture per distinct
    element of a document; the original ``handler`` where the document's layout context is
    not at hand, or when parsing fails (it logs the error and draws nothing, as before)."""

    def handle_svg(element: Any, box: Any, get_image_from_uri: Any, base_url: str | None) -> Any:
        context = getattr(get_image_from_uri, "keywords", {}).get("context")
        kept = getattr(context, "__dict__", None)  # the layout context lives as the document
        if kept is None:
            return handler(element, box, get_image_from_uri, base_url)
        memo = kept.setdefault(_MEMO, {})
        markup = ElementTree.tostring(element)
        if element.tail:  # the text after the element is not the picture's (escaped: no ">")
            markup = markup[:markup.rindex(b">") + 1]
        key = (base_url, markup)
        image = memo.get(key)
        if image is None:
            try:
                image = svg_image(element, base_url, get_image_from_uri.keywords["url_fetcher"], context)
            except Exception:  # noqa: BLE001 - WeasyPrint's own handler logs and drops it
                return handler(element, box, get_image_from_uri, base_url)
            image.cardforge_forms = {}
            memo[key] = image
        return [make_replaced_box(element, box, image)]

    return handle_svg


def _drawn_once(draw: Any) -> Any:
    """``SVGImage.draw`` painting a form XObject for each (resources, width, height) a
    memoised picture is drawn at, made by ``draw`` on first use; other pictures are drawn by
    ``draw`` as before."""

    def draw_as_form(image: Any, stream: Any, width: float, height: float, style: Any) -> None:
        forms = getattr(image, "cardforge_forms", None)
        resources = getattr(stream, "_resources", None)
        if forms is None or resources is None:
            return draw(image, stream, width, height, style)
        # the resources object is kept in the value, so its id is never reused meanwhile
        _held, names = forms.setdefault(id(resources), (resources, {}))
        name = names.get((width, height))
        if name is None:
            name = names[(width, height)] = _form(draw, image, stream, width, height, style)
        stream.draw_x_object(name)
        return None

    return draw_as_form


def _form(draw: Any, image: Any, stream: Any, width: float, height: float, style: Any) -> str:
    """Draw ``image`` (``width`` × ``height`` pt from the current origin) into a new form
    XObject of ``stream``'s resources; returns its resource name. The form's BBox is the
    largest a PDF page can be (:data:`_REACH` pt every way): an inline SVG is clipped only as
    its box's ``overflow`` says (WeasyPrint does that outside the picture), so the form adds
    no clip of its own."""
    import pydyf

    own = pydyf.Dictionary({
        "ExtGState": pydyf.Dictionary(), "XObject": pydyf.Dictionary(),
        "Pattern": pydyf.Dictionary(), "Shading": pydyf.Dictionary(),
        "ColorSpace": stream._resources["ColorSpace"],
        "Font": None,  # WeasyPrint gives every form the document's fonts when writing
    })
    extra = pydyf.Dictionary({"Type": "/XObject", "Subtype": "/Form",
                              "BBox": pydyf.Array((-_REACH, -_REACH, _REACH, _REACH)),
                              "Resources": own})
    form = stream.clone(resources=own, extra=extra)
    xobjects = stream._resources["XObject"]
    name = f"x{len(xobjects)}"  # WeasyPrint's own naming of its groups: never taken twice
    xobjects[name] = form
    draw(image, form, width, height, style)
    return name
