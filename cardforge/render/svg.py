"""SVG from files made safe to inline: no scripts, handlers or outside references.

Icons (and any other SVG a workspace supplies) are inlined into card faces, so they pass
through :func:`sanitize_svg` first. Serialisation is done here by hand: ElementTree's own
``tostring`` picks namespace prefixes from a process-wide registry that other code may
change (turning ``<svg>`` into ``<ns0:svg>``, which HTML does not understand).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape as xml_escape
from xml.sax.saxutils import quoteattr

from cardforge.errors import RenderError

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

_DROP_ELEMENTS = {"script", "foreignObject", "iframe", "object", "embed", "style", "a",
                  "animate", "set", "animateTransform", "animateMotion", "handler"}
_HREFS = {"href", f"{{{XLINK_NS}}}href"}


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def sanitize_svg(markup: str, source: str = "<svg>") -> str:
    """``markup`` with scripts, event handlers and external references removed.

    Drops ``<script>``, ``<style>``, ``<foreignObject>``, links and animation elements;
    ``on*`` attributes; ``href``s not starting with ``#``; attributes holding ``url(…)``
    other than ``url(#…)``. Raises RenderError naming ``source`` when the markup is not
    well-formed XML or its root is not ``<svg>``.
    """
    try:
        root = ET.fromstring(markup)
    except ET.ParseError as exc:
        raise RenderError(f"{source}: not a valid SVG file: {exc}") from None
    if root.tag not in ("svg", f"{{{SVG_NS}}}svg"):
        raise RenderError(f"{source}: root element is <{root.tag}>, not <svg>")
    _clean(root)
    return serialize(root)


def serialize(root: ET.Element) -> str:
    """A cleaned SVG tree as markup, SVG the default namespace on the root.

    Written by hand rather than with ``ET.tostring``, whose prefixes depend on a registry
    any other code may change (giving ``ns0:svg``). Expects :func:`_clean`'s output: every
    element in the SVG namespace, no namespaced attributes.
    """
    parts: list[str] = []
    _write(root, parts, top=True)
    return "".join(parts)


def _write(element: ET.Element, parts: list[str], top: bool = False) -> None:
    attrs = {"xmlns": SVG_NS} if top else {}
    attrs.update(element.attrib)
    parts.append(f"<{_local(element.tag)}")
    parts.extend(f" {_local(k)}={quoteattr(v)}" for k, v in attrs.items())
    if element.text is None and not len(element):
        parts.append("/>")
    else:
        parts.append(">" + xml_escape(element.text or ""))
        for child in element:
            _write(child, parts)
        parts.append(f"</{_local(element.tag)}>")
    if element.tail and not top:
        parts.append(xml_escape(element.tail))


def _clean(element: ET.Element) -> None:
    """Drop unsafe children and attributes of ``element`` (recursively), put un-namespaced
    elements in the SVG namespace, drop other namespaces' elements and attributes (editor
    metadata), and turn ``xlink:href`` into ``href``."""
    if "}" not in element.tag:
        element.tag = f"{{{SVG_NS}}}{element.tag}"
    if element.text is not None and not element.text.strip():
        element.text = None
    if element.tail is not None and not element.tail.strip():
        element.tail = None
    for child in list(element):
        if (not isinstance(child.tag, str) or _local(child.tag) in _DROP_ELEMENTS
                or ("}" in child.tag and not child.tag.startswith(f"{{{SVG_NS}}}"))):
            element.remove(child)
        else:
            _clean(child)
    for name, value in list(element.attrib.items()):
        local = _local(name).lower()
        if name.startswith("{") and name != f"{{{XLINK_NS}}}href":
            del element.attrib[name]
            continue
        external_url = "url(" in value.replace(" ", "") and not re.fullmatch(
            r"\s*url\(\s*['\"]?#[^)]*\)\s*", value)
        if (local.startswith("on") or (name in _HREFS and not value.startswith("#"))
                or external_url or (local == "style" and ("url(" in value or "@" in value))):
            del element.attrib[name]
        elif name == f"{{{XLINK_NS}}}href":
            del element.attrib[name]
            element.set("href", value)


def parse_clean(markup: str) -> ET.Element:
    """Parse trusted SVG ``markup`` and normalise it like :func:`sanitize_svg` does, for
    :func:`serialize`. Raises ET.ParseError on broken markup."""
    root = ET.fromstring(markup)
    _clean(root)
    return root
