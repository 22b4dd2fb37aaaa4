"""The sandboxed Jinja2 environment card faces are written in, and where its templates live.

Templates are untrusted (a workspace's ``templates/`` arrives in a pull request) and card
data is too: data arrives only as escaped *data*, never as template source. So:

- templates see plain data only: :func:`render` converts every context with
  :func:`cardforge.render.templating.plain_views.plain` (dicts, lists, strings, numbers; no objects with
  methods), helpers such as ``t`` and ``icon`` are globals or filters;
- templates are read only through the trust boundary
  (:class:`~cardforge.render.templating.template_loader.TrustedLoader`): regular files inside the
  workspace or cardforge's own templates;
- they run in :class:`~cardforge.render.templating.sandbox.LimitedSandbox`, Jinja2's immutable sandbox
  with limits on render time, output size and ``range`` items.

Every template autoescapes, and :class:`~jinja2.StrictUndefined` makes a misspelt variable
an error rather than an empty string. Every failure comes back as a
:class:`~cardforge.errors.RenderError` naming the template file and line, never as a
traceback.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import jinja2
from jinja2.sandbox import SecurityError

from cardforge.boundary.trust import Refused
from cardforge.errors import CardforgeError, RenderError
from cardforge.model.language_text import localized
from cardforge.render.templating.plain_views import Views, plain
from cardforge.render.templating.sandbox import LimitedSandbox, render_limited
from cardforge.render.templating.sandbox_checks import TemplateLimit
from cardforge.render.templating.template_loader import TrustedLoader


class _InMemoryBytecode(jinja2.BytecodeCache):
    """Jinja's compiled templates kept in this process only (never on disk, where a pull
    request could plant code), by template name and file and by the filters and tests of
    the environment compiling it (Jinja checks those names when it compiles; everything
    else that shapes the code is the same for every environment :func:`make_environment`
    makes); Jinja uses one only when the checksum of the template's current text matches.
    A preview compiles each template once, not on every save; at most
    :data:`MAX_COMPILED` are kept."""

    def __init__(self) -> None:
        self._codes: dict[str, bytes] = {}

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None,
                   source: str) -> jinja2.bccache.Bucket:
        """The bucket of template ``name`` for ``environment``, filled when code is kept."""
        names = "\0".join([*sorted(environment.filters), "\0", *sorted(environment.tests)])
        key = hashlib.sha256(f"{self.get_cache_key(name, filename)}\0{names}".encode()).hexdigest()
        bucket = jinja2.bccache.Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Fill ``bucket`` with the code kept for its key, if any (Jinja checks its checksum)."""
        code = self._codes.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Keep ``bucket``'s freshly compiled code."""
        if len(self._codes) >= MAX_COMPILED:
            self._codes.clear()
        self._codes[bucket.key] = bucket.bytecode_to_string()


MAX_COMPILED = 256
"""Compiled templates one process keeps (a game has about ten; a preview of several
games, or an edited template's earlier texts, a few more)."""

_COMPILED = _InMemoryBytecode()


def make_environment(search_path: Sequence[Path]) -> LimitedSandbox:
    """A sandboxed, autoescaping, strict environment loading templates from ``search_path``
    through the trust boundary.

    Autoescape is on for every template whatever its name (``*.html.j2``, ``*.svg.j2`` …) and
    for templates made from strings. Undefined variables raise (StrictUndefined); use
    :func:`render` to turn that and every other failure into a RenderError. A template file
    is compiled once per process for each text it has and each set of filters and tests the
    environment has by then (:class:`_InMemoryBytecode`), so one render's code serves the next.
    """
    env = LimitedSandbox(
        loader=TrustedLoader(search_path),
        bytecode_cache=_COMPILED,
        autoescape=jinja2.select_autoescape(default_for_string=True, default=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )
    return env


def first_template(env: jinja2.Environment, names: Iterable[str]) -> str:
    """The first of ``names`` that exists on ``env``'s search path.

    Raises RenderError naming every candidate and the folders searched when none exists.
    """
    candidates = list(names)
    loader = env.loader
    available = set(loader.list_templates()) if loader is not None else set()
    for name in candidates:
        if name in available:
            return name
    raise RenderError(f"no template {' or '.join(candidates)} found",
                      hint=f"looked in: {_searched(env)}")


def render(env: jinja2.Environment, name: str | jinja2.Template, context: Mapping[str, Any],
           views: Views | None = None) -> str:
    """Render template ``name`` (or a loaded template) with ``context`` and return the text.

    ``context`` is converted to plain data first (:func:`cardforge.render.templating.plain_views.plain`;
    ``views`` memoises the views of cards, decks and games across the renders of one game).
    The render runs within the sandbox's limits (:func:`~cardforge.render.templating.sandbox.render_limited`).

    Raises RenderError (with file, line and a hint) when the template is missing, refused by
    the trust boundary, has a syntax error, uses an undefined variable, breaks a sandbox
    rule, is given a context value that is not plain data, goes over a render limit (time,
    output, ``range``, size of a value, nesting), or fails in any other way.
    """
    asked = name if isinstance(name, str) else (name.name or "<template>")
    label = _file_of(env, asked)  # the template's file (as far as known)
    try:
        template = env.get_template(name)
        label = template.filename or asked
        try:
            data = plain(context, views=views)
        except TypeError as exc:
            raise RenderError(f"{label}: template context: {exc}",
                              hint="a game pack's face_context / back_context must return plain "
                                   "data: dicts, lists, strings, numbers, booleans, None") from None
        return render_limited(template, data)
    except CardforgeError:
        raise
    except Refused as exc:
        used = _where(exc.__traceback__, "")
        raise RenderError(f"{exc.location}: template cannot be read: {exc.reason}"
                          + (f" (used at {used})" if used else ""),
                          hint=exc.hint or "keep templates inside the workspace, as regular files") from None
    except jinja2.TemplateSyntaxError as exc:
        where = f"{exc.filename or exc.name or label}:{exc.lineno}"
        raise RenderError(f"{where}: template syntax error: {exc.message}",
                          hint="check the {% %} / {{ }} tags around this line") from None
    except jinja2.TemplateNotFound as exc:
        missing = ", ".join(getattr(exc, "templates", None) or [exc.name or asked])
        needed = "" if missing == asked else f" (needed by {asked})"
        raise RenderError(f"template {missing} not found{needed}",
                          hint=f"looked in: {_searched(env)}") from None
    except jinja2.UndefinedError as exc:
        raise RenderError(f"{_where(exc.__traceback__, label)}: {exc.message}",
                          hint="the template uses a variable or field that is not there; "
                               "guard optional fields with `is defined`") from None
    except SecurityError as exc:
        raise RenderError(f"{_where(exc.__traceback__, label)}: not allowed in a template: {exc}",
                          hint="templates run in a sandbox: no underscore attributes, "
                               "no unsafe calls, no changing the data they are given") from None
    except TemplateLimit as exc:
        raise RenderError(f"{_where(exc.__traceback__, label)}: {exc}",
                          hint="templates draw one face: keep loops, texts and numbers to the "
                               "size of a card (docs/security.md lists the limits)") from None
    except (RecursionError, SyntaxError) as exc:  # SyntaxError: Python's nesting limits
        raise RenderError(f"{_where(exc.__traceback__, label)}: templates nest, include or call "
                          f"themselves too deeply (more than Python's recursion limit of "
                          f"{sys.getrecursionlimit()} levels, or its limit on nested blocks)",
                          hint="a template must not include itself, a macro must stop calling "
                               "itself, and blocks and brackets nest only a few levels") from None
    except MemoryError as exc:
        raise RenderError(f"{_where(exc.__traceback__, label)}: the template ran out of memory",
                          hint="templates draw one face: keep loops, texts and numbers to the "
                               "size of a card") from None
    except Exception as exc:  # any other failure of the template (an assert in a filter…)
        raise RenderError(f"{_where(exc.__traceback__, label)}: {type(exc).__name__}: {exc}",
                          hint="a template expression failed on this card's data") from None


def translator(lang: str, fallback: str | None) -> Callable[[Any], str]:
    """``t(localized)``: the text of a ``{lang: text}`` mapping in ``lang``, else in
    ``fallback``, else ``""`` (also for None or an undefined field): templates print
    ``""`` where :func:`cardforge.model.language_text.localized` answers None."""

    def t(mapping: Any) -> str:
        return localized(mapping, lang, fallback) or ""

    return t


def _where(tb: TracebackType | None, fallback: str) -> str:
    """``file:line`` of the innermost template frame in ``tb`` (Jinja2 rewrites its frames
    to carry the template's file name and line), else ``fallback``."""
    where = fallback
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if (filename.endswith(".j2") or filename == "<template>"
                or "__jinja_exception__" in tb.tb_frame.f_globals):  # a frame Jinja2 rewrote
            where = f"{filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where


def _file_of(env: jinja2.Environment, name: str) -> str:
    """The file template ``name`` would be read from on ``env``'s search path, else ``name``."""
    for folder in getattr(env.loader, "searchpath", None) or []:
        path = Path(folder, *name.split("/"))
        if ".." not in name.split("/") and path.is_file():
            return str(path)
    return name


def _searched(env: jinja2.Environment) -> str:
    loader = env.loader
    paths = getattr(loader, "searchpath", None) or []
    return ", ".join(paths) or "(no template folders)"
