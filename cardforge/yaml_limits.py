"""Bounds on what one YAML file may grow into, checked while it is composed.

An alias (``*name``) stands for the whole node its anchor (``&name``) names, and a merge
key (``<<: *name``) copies that node's entries, so a 1 KiB file of aliases of aliases
expands to billions of values; a large flat file composes millions of nodes. Both are
counted *before* any data is built, against :data:`cardforge.trust.MAX_YAML_NODES` (every
use of an alias counts its anchor's whole size, remembered per anchor, so counting is
linear in the file) and :data:`cardforge.trust.MAX_YAML_DEPTH`.

libyaml's own composer is about twice as fast as one written in Python, so it is used
when :func:`surely_small` shows from the text alone that the file can neither hold aliases
nor compose more nodes than the limit; :func:`compose` (this module's counting composer,
fed by the same parser's events) handles every other file and stops at the first value
past a limit with :class:`Exceeded`, located at that value (an alias: at the alias).
"""

from __future__ import annotations

from typing import Any

from yaml.composer import ComposerError
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    StreamEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from cardforge import trust

_NODE_CHARS = ",:-?[{*\n"
"""Characters at least one of which every node but the first needs near it (a separator,
an indicator or a line break); one such character brings at most three nodes (``[?]``
is a sequence, a mapping, an empty key and an empty value)."""

MERGE = "tag:yaml.org,2002:merge"
"""The tag of a merge key (``<<``)."""


class Exceeded(Exception):
    """A file past a YAML limit: ``message`` and ``hint`` in words, ``mark`` (a yaml Mark:
    0-based ``line`` and ``column``) where the value that went past it starts."""

    def __init__(self, message: str, mark: Any, hint: str) -> None:
        super().__init__(message)
        self.message, self.mark, self.hint = message, mark, hint


def surely_small(text: str) -> bool:
    """Whether ``text`` can neither use an alias (it lacks ``&`` or ``*``) nor compose more
    than :data:`~cardforge.trust.MAX_YAML_NODES` nodes (three per separator, indicator or
    line break, plus one). Cheap: a few passes of ``str.count``."""
    if "&" in text and "*" in text:
        return False
    return 3 * (1 + sum(map(text.count, _NODE_CHARS))) <= trust.MAX_YAML_NODES


def compose(loader: Any) -> Node | None:
    """The single document of ``loader`` (a PyYAML loader, C or Python) as a node tree,
    None for an empty stream, counted as it is composed.

    Raises :class:`Exceeded` past :data:`~cardforge.trust.MAX_YAML_NODES` values (aliases
    counted at their anchor's size at every use), past
    :data:`~cardforge.trust.MAX_YAML_DEPTH` levels, or for an alias used inside its own
    anchor; ``yaml.MarkedYAMLError`` for bad YAML, as PyYAML's composer would.
    """
    return _Composer(loader).document()


class _Composer:
    """Nodes from parser events, with the expanded size and height of every anchor."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader
        self.total = 0
        self.anchors: dict[str, tuple[Node, int, int]] = {}  # name → node, size, height
        self.open: dict[str, Any] = {}  # anchors still being composed → their start mark

    def document(self) -> Node | None:
        loader = self.loader
        loader.get_event()  # stream start
        if loader.check_event(StreamEndEvent):
            loader.get_event()
            return None
        loader.get_event()  # document start
        node, _ = self.node(1)
        loader.get_event()  # document end
        if not loader.check_event(StreamEndEvent):
            raise ComposerError("expected a single document in the stream", node.start_mark,
                                "but found another document", loader.get_event().start_mark)
        loader.get_event()
        return node

    def grow(self, size: int, depth: int, mark: Any, alias: str | None) -> None:
        """Count ``size`` more values reaching ``depth`` levels, raising Exceeded past a limit."""
        self.total += size
        if self.total > trust.MAX_YAML_NODES:
            if alias is None:
                raise Exceeded(f"the file holds more than {trust.MAX_YAML_NODES:,} YAML values",
                               mark, "split it into several files")
            raise Exceeded(f"alias *{alias} takes the file past {trust.MAX_YAML_NODES:,} YAML "
                           "values (an alias counts everything its anchor holds, at every use)",
                           mark, "use fewer or smaller aliases, or write the values out")
        if depth > trust.MAX_YAML_DEPTH:
            where = f"alias *{alias} nests" if alias else "values nest"
            raise Exceeded(f"{where} more than {trust.MAX_YAML_DEPTH} levels deep", mark,
                           "flatten the structure; card data nests a few levels")

    def node(self, depth: int) -> tuple[Node, int]:
        """The next node, composed at ``depth`` (the root is 1), and its height."""
        event = self.loader.get_event()
        if isinstance(event, AliasEvent):
            return self.alias(event, depth)
        anchor = event.anchor
        if anchor is not None and (anchor in self.anchors or anchor in self.open):
            first = self.anchors[anchor][0].start_mark if anchor in self.anchors else self.open[anchor]
            raise ComposerError(None, None, f"found duplicate anchor &{anchor} (first defined at "
                                f"line {first.line + 1})", event.start_mark)
        before = self.total
        self.grow(1, depth, event.start_mark, None)
        if anchor is not None:
            self.open[anchor] = event.start_mark
        if isinstance(event, ScalarEvent):
            tag = self.tag(event, ScalarNode, event.value)
            node: Node = ScalarNode(tag, event.value, event.start_mark, event.end_mark,
                                    style=event.style)
            height = 1
        else:
            node, height = self.collection(event, depth)
        if anchor is not None:
            del self.open[anchor]
            self.anchors[anchor] = (node, self.total - before, height)
        return node, height

    def alias(self, event: Any, depth: int) -> tuple[Node, int]:
        name = event.anchor
        if name in self.open:
            raise Exceeded(f"alias *{name} is used inside its own anchor &{name} (a value "
                           "that contains itself)", event.start_mark,
                           "point the alias at another anchor, or write the value out")
        if name not in self.anchors:
            raise ComposerError(None, None, f"found undefined alias *{name}", event.start_mark)
        node, size, height = self.anchors[name]
        self.grow(size, depth + height - 1, event.start_mark, name)
        return node, height

    def collection(self, event: Any, depth: int) -> tuple[Node, int]:
        """A sequence or mapping from its start ``event`` to its end event."""
        mapping = isinstance(event, MappingStartEvent)
        kind, end = (MappingNode, MappingEndEvent) if mapping else (SequenceNode, SequenceEndEvent)
        node = kind(self.tag(event, kind, None), [], event.start_mark, None,
                    flow_style=event.flow_style)
        height = 0
        while not self.loader.check_event(end):
            child, child_height = self.node(depth + 1)
            if mapping:
                value, value_height = self.node(depth + 1)
                node.value.append((child, value))
                child_height = max(child_height, value_height)
            else:
                node.value.append(child)
            height = max(height, child_height)
        node.end_mark = self.loader.get_event().end_mark
        return node, height + 1

    def tag(self, event: Any, kind: type, value: str | None) -> str:
        """The event's explicit tag, or the one the loader's resolver gives the node."""
        if event.tag is None or event.tag == "!":
            return str(self.loader.resolve(kind, value, event.implicit))
        return str(event.tag)
