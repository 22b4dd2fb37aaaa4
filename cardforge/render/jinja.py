"""The sandboxed Jinja2 environment card faces are written in, and where its templates live.

Templates are trusted a little (they come from the workspace's ``templates/`` or from
cardforge itself) but card data is not: it arrives only as escaped *data*, never as template
source. The environment is a :class:`~jinja2.sandbox.SandboxedEnvironment` (no ``__class__``
walks, no unsafe calls), autoescapes every template, and uses
:class:`~jinja2.StrictUndefined` so a misspelt variable is an error rather than an empty
string. Every Jinja2 failure comes back as a :class:`~cardforge.errors.RenderError` naming the
template file and line, never as a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import jinja2
from jinja2.sandbox import SandboxedEnvironment, SecurityError

from cardforge.errors import RenderError
from cardforge.resources import templates_dir

BASE = "_base"
"""Folder of the templates every game shares (``print.css``, ``macros.html.j2``)."""


def template_search_path(workspace: Path, game_id: str) -> list[Path]:
    """Folders templates are looked up in, first match wins.

    Order: ``<workspace>/templates/<game_id>``, ``<workspace>/templates/_base``, then the
    built-in ``templates/<game_id>`` and ``templates/_base``. Only folders that exist are
    returned; a folder that is both workspace and built-in (working in the cardforge
    checkout itself) appears once.
    """
    builtin = templates_dir()
    candidates = [workspace / "templates" / game_id, workspace / "templates" / BASE,
                  builtin / game_id, builtin / BASE]
    found: list[Path] = []
    for folder in candidates:
        if folder.is_dir() and all(folder.resolve() != f.resolve() for f in found):
            found.append(folder)
    return found


def make_environment(search_path: Sequence[Path]) -> SandboxedEnvironment:
    """A sandboxed, autoescaping, strict environment loading templates from ``search_path``.

    Autoescape is on for every template whatever its name (``*.html.j2``, ``*.svg.j2`` …) and
    for templates made from strings. Undefined variables raise (StrictUndefined); use
    :func:`render` to turn that and every other Jinja2 error into a RenderError.
    """
    env = SandboxedEnvironment(
        loader=jinja2.FileSystemLoader([str(p) for p in search_path]),
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


def render(env: jinja2.Environment, name: str, context: Mapping[str, Any]) -> str:
    """Render template ``name`` with ``context`` and return the text.

    Raises RenderError (with file, line and a hint) when the template is missing, has a
    syntax error, uses an undefined variable, or breaks a sandbox rule.
    """
    try:
        template = env.get_template(name)
        return template.render(context)
    except jinja2.TemplateSyntaxError as exc:
        where = f"{exc.filename or exc.name or name}:{exc.lineno}"
        raise RenderError(f"{where}: template syntax error: {exc.message}",
                          hint="check the {% %} / {{ }} tags around this line") from None
    except jinja2.TemplateNotFound as exc:
        missing = ", ".join(getattr(exc, "templates", None) or [exc.name or name])
        needed = "" if missing == name else f" (needed by {name})"
        raise RenderError(f"template {missing} not found{needed}",
                          hint=f"looked in: {_searched(env)}") from None
    except jinja2.UndefinedError as exc:
        raise RenderError(f"{_where(exc.__traceback__, name)}: {exc.message}",
                          hint="the template uses a variable or field that is not there; "
                               "guard optional fields with `is defined`") from None
    except SecurityError as exc:
        raise RenderError(f"{_where(exc.__traceback__, name)}: not allowed in a template: {exc}",
                          hint="templates run in a sandbox: no underscore attributes, "
                               "no unsafe calls") from None
    except (TypeError, ValueError, ArithmeticError, LookupError) as exc:
        raise RenderError(f"{_where(exc.__traceback__, name)}: {type(exc).__name__}: {exc}",
                          hint="a template expression failed on this card's data") from None


def _where(tb: TracebackType | None, fallback: str) -> str:
    """``file:line`` of the innermost template frame in ``tb`` (Jinja2 rewrites its frames
    to carry the template's file name and line), else ``fallback``."""
    where = fallback
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".j2") or filename == "<template>":
            where = f"{filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where


def _searched(env: jinja2.Environment) -> str:
    loader = env.loader
    paths = getattr(loader, "searchpath", None) or []
    return ", ".join(paths) or "(no template folders)"
