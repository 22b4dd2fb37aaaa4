"""SVG from files made safe to inline: no scripts, handlers or outside references.

Icons (and any other SVG a workspace supplies) are inlined into card faces, so they pass
through :func:`sanitize_svg` first. Serialisation is done here by hand: ElementTree's own
``tostring`` picks namespace prefixes from a process-wide registry that other code may
change (turning ``<svg>`` into ``<ns0:svg>``, which HTML does not understand).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import escape
from pathlib import Path
from xml.parsers import expat

from cardforge.boundary import trust
from cardforge.errors import RenderError
from cardforge.render.templating.requested_urls import CSS_ATTRIBUTES, URL_ATTRIBUTES, Link, css_links

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

class UnsafeSVG(trust.Refused, RenderError):
    """An SVG file that cannot be used, at its ``path`` (``line``/``col`` when known): a
    :class:`~cardforge.boundary.trust.Refused` (so a lint rule meeting it reports it at the file) and
    a :class:`~cardforge.errors.RenderError` (so a build stops with it, exit 2)."""

    def __init__(self, refused: trust.Refused, message: str | None = None) -> None:
        trust.Refused.__init__(self, refused.path, refused.reason, refused.hint, refused.line, refused.col)
        self.message = message or str(refused)  # what the command prints (Refused set the path)
        self.hint = refused.hint or None

    def __str__(self) -> str:
        return self.message


_DROP_ELEMENTS = {"script", "foreignObject", "iframe", "object", "embed", "style", "a",
                  "animate", "set", "animateTransform", "animateMotion", "handler"}
_HREFS = {"href", f"{{{XLINK_NS}}}href"}


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def check_svg(data: bytes | str, path: Path) -> list[Link]:
    """Check that ``data`` (the SVG file ``path``) is safe to parse and draw, and return the
    URLs it links to (``href``, ``xlink:href``, ``url()`` in CSS attributes and ``<style>``;
    ``#fragment`` references left out), each at the line and column of its element.

    Read with expat, which does not recurse, so depth is counted before any tree is built.
    Raises :class:`~cardforge.boundary.trust.Refused` at the offending line and column for a
    DOCTYPE or entity declaration (entity expansion bombs, external entities), elements
    nested deeper than :data:`~cardforge.boundary.trust.MAX_SVG_DEPTH`, or XML that is not
    well-formed.
    """
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    links: list[Link] = []
    depth = 0
    style: list[str] | None = None

    def refuse(reason: str, hint: str) -> None:
        raise trust.Refused(path, reason, hint, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)

    def doctype(*_: object) -> None:
        refuse("has a DOCTYPE or entity declaration, which SVG files may not have",
               "remove the <!DOCTYPE …> and <!ENTITY …> declarations (SVG needs none)")

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal depth, style
        depth += 1
        if depth > trust.MAX_SVG_DEPTH:
            refuse(f"nests elements more than {trust.MAX_SVG_DEPTH} deep",
                   "flatten the drawing (ungroup nested groups)")
        here = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        for name, value in attrs.items():
            if name in URL_ATTRIBUTES and not value.strip().startswith("#"):
                links.append(Link(value, *here))
            elif name in CSS_ATTRIBUTES and "url(" in value.lower():
                links.extend(Link(link.url, *here) for link in css_links(value)
                             if not link.url.startswith("#"))
        style = [] if tag.rsplit(":", 1)[-1] == "style" else style

    def end(tag: str) -> None:
        nonlocal depth, style
        depth -= 1
        if style is not None and tag.rsplit(":", 1)[-1] == "style":
            here = (parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
            links.extend(Link(link.url, *here) for link in css_links("".join(style))
                         if not link.url.startswith("#"))
            style = None

    def text(data: str) -> None:
        if style is not None:
            style.append(data)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = doctype
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise trust.Refused(path, f"not a valid SVG file: {expat.ErrorString(exc.code)}",
                            "fix the file in an SVG editor, or export it again",
                            exc.lineno, exc.offset + 1) from None
    return links


def sanitize_svg(markup: str, source: str = "<svg>") -> str:
    """``markup`` with scripts, event handlers and external references removed.

    Drops ``<script>``, ``<style>``, ``<foreignObject>``, links and animation elements;
    ``on*`` attributes; ``href``s not starting with ``#``; attributes holding ``url(…)``
    other than ``url(#…)``. Raises :class:`UnsafeSVG` (a RenderError) naming ``source``
    with line and column when the markup is not well-formed XML, has a DOCTYPE or entities
    or nests deeper than :data:`~cardforge.boundary.trust.MAX_SVG_DEPTH`; RenderError when its root
    is not ``<svg>``.
    """
    try:
        check_svg(markup, Path(source))
    except trust.Refused as exc:
        where = (f"{source}: {exc.reason} (line {exc.line}, column {exc.col})"
                 if exc.reason.startswith("not a valid") else None)
        raise UnsafeSVG(exc, where) from None
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
    parts.extend(f" {_local(k)}={_quoted(v)}" for k, v in attrs.items())
    if element.text is None and not len(element):
        parts.append("/>")
    else:
        parts.append(">" + escape(element.text or "", quote=False))
        for child in element:
            _write(child, parts)
        parts.append(f"</{_local(element.tag)}>")
    if element.tail and not top:
        parts.append(escape(element.tail, quote=False))


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


_WHITESPACE = {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def _quoted(value: str) -> str:
    """``value`` as a quoted XML attribute value, byte for byte as
    ``xml.sax.saxutils.quoteattr`` writes it (importing that module imports
    ``urllib.request``, 30 ms of every build)."""
    text = escape(value, quote=False)
    for char, entity in _WHITESPACE.items():
        text = text.replace(char, entity)
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'
