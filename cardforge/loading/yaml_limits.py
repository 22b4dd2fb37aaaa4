"""Bounds on what one YAML file may grow into, checked while it is composed.

An alias (``*name``) stands for the whole node its anchor (``&name``) names, and a merge
key (``<<: *name``) copies that node's entries, so a 1 KiB file of aliases of aliases
expands to billions of values; a large flat file composes millions of nodes. Both are
counted *before* any data is built, against :data:`cardforge.boundary.trust.MAX_YAML_NODES` (every
use of an alias counts its anchor's whole size, remembered per anchor, so counting is
linear in the file) and :data:`cardforge.boundary.trust.MAX_YAML_DEPTH`.

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

from cardforge.boundary import trust

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
    than :data:`~cardforge.boundary.trust.MAX_YAML_NODES` nodes (three per separator, indicator or
    line break, plus one). Cheap: a few passes of ``str.count``."""
    if "&" in text and "*" in text:
        return False
    return 3 * (1 + sum(map(text.count, _NODE_CHARS))) <= trust.MAX_YAML_NODES


def compose(loader: Any) -> Node | None:
    """The single document of ``loader`` (a PyYAML loader, C or Python) as a node tree,
    None for an empty stream, counted as it is composed.

    Raises :class:`Exceeded` past :data:`~cardforge.boundary.trust.MAX_YAML_NODES` values (aliases
    counted at their anchor's size at every use), past
    :data:`~cardforge.boundary.trust.MAX_YAML_DEPTH` levels, or for an alias used inside its own
    anchor; ``yaml.MarkedYAMLError`` for bad YAML, as PyYAML's composer would.
    """
    return _Composer(loader).document()


class _Composer:
    """Nodes from parser events, with the expanded size and height of every anchor."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader
        self.get_event = loader.get_event
        self.check_event = loader.check_event
        self.total = 0
        self.max_nodes = trust.MAX_YAML_NODES
        self.max_depth = trust.MAX_YAML_DEPTH
        self.anchors: dict[str, tuple[Node, int, int]] = {}  # name → node, size, height
        self.open: dict[str, Any] = {}  # anchors still being composed → their start mark
        # With no path resolvers a node's tag depends only on its kind, value and
        # implicitness: worked out once per distinct scalar, not once per node.
        self.tags: dict[tuple[Any, ...], str] | None = \
            None if getattr(loader, "yaml_path_resolvers", None) else {}

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
        if self.total > self.max_nodes or depth > self.max_depth:
            self.exceeded(depth, mark, alias)

    def exceeded(self, depth: int, mark: Any, alias: str | None) -> None:
        """Raise Exceeded for the limit the count or ``depth`` is past, if any."""
        if self.total > self.max_nodes:
            if alias is None:
                raise Exceeded(f"the file holds more than {self.max_nodes:,} YAML values",
                               mark, "split it into several files")
            raise Exceeded(f"alias *{alias} takes the file past {self.max_nodes:,} YAML "
                           "values (an alias counts everything its anchor holds, at every use)",
                           mark, "use fewer or smaller aliases, or write the values out")
        if depth > self.max_depth:
            where = f"alias *{alias} nests" if alias else "values nest"
            raise Exceeded(f"{where} more than {self.max_depth} levels deep", mark,
                           "flatten the structure; card data nests a few levels")

    def node(self, depth: int) -> tuple[Node, int]:
        """The next node, composed at ``depth`` (the root is 1), and its height."""
        event = self.get_event()
        if isinstance(event, AliasEvent):
            return self.alias(event, depth)
        anchor = event.anchor
        if anchor is not None and (anchor in self.anchors or anchor in self.open):
            first = self.anchors[anchor][0].start_mark if anchor in self.anchors else self.open[anchor]
            raise ComposerError(None, None, f"found duplicate anchor &{anchor} (first defined at "
                                f"line {first.line + 1})", event.start_mark)
        before = self.total
        self.total = before + 1
        if self.total > self.max_nodes or depth > self.max_depth:
            self.exceeded(depth, event.start_mark, None)
        if isinstance(event, ScalarEvent):
            node: Node = ScalarNode(self.tag(event, ScalarNode, event.value), event.value,
                                    event.start_mark, event.end_mark, style=event.style)
            if anchor is None:
                return node, 1
            height = 1
        else:
            if anchor is not None:
                self.open[anchor] = event.start_mark
            node, height = self.collection(event, depth)
            if anchor is None:
                return node, height
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
        items = node.value
        check_event, compose = self.check_event, self.node
        inner = depth + 1
        while not check_event(end):
            child, child_height = compose(inner)
            if mapping:
                value, value_height = compose(inner)
                items.append((child, value))
                if value_height > child_height:
                    child_height = value_height
            else:
                items.append(child)
            if child_height > height:
                height = child_height
        node.end_mark = self.get_event().end_mark
        return node, height + 1

    def tag(self, event: Any, kind: type, value: str | None) -> str:
        """The event's explicit tag, or the one the loader's resolver gives the node."""
        if event.tag is not None and event.tag != "!":
            return str(event.tag)
        if self.tags is None:
            return str(self.loader.resolve(kind, value, event.implicit))
        key = (kind, value, event.implicit)
        found = self.tags.get(key)
        if found is None:
            found = self.tags[key] = str(self.loader.resolve(kind, value, event.implicit))
        return found
