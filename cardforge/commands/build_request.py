"""What ``cardforge build`` was asked for, and how that becomes the configuration and the
options every product builder receives."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardforge.boundary import trust
from cardforge.dice.custom_dice import DEFAULT_EDGE_MM
from cardforge.errors import ConfigError
from cardforge.problem import Problem
from cardforge.products.product_options import PAPERS, BuildOptions
from cardforge.workspace.print_profiles import Profile
from cardforge.workspace.workspace_config import Config, load_config

if TYPE_CHECKING:  # the render layer loads WeasyPrint: not for a build that has nothing to do
    from cardforge.render.workers.parallel_layout import Progress


@dataclass(frozen=True)
class BuildRequest:
    """The command line of ``cardforge build``; None means "the configured default".

    ``games`` (ids; empty: every game of the workspace), ``paper`` (a4 | letter | all),
    ``out_dir``, ``lang`` (only this language), ``product`` (only this product), ``duplex``
    (long | short | none, sheets only), ``layout`` (sheets | fold-over), ``gutter_mm`` (mm
    between cards), ``die_edge_mm`` (edge of printed custom dice, mm), ``imposition``
    (``"saddle"``: also impose rule booklets), ``jobs`` (worker processes laying out faces;
    None: the machine's cores), ``cache_dir`` (the face cache), ``dpi`` (PNG and Tabletop
    Simulator exports), ``profile`` (a print shop's profile id or .toml path), ``quiet``
    (no progress output), ``force`` (build even the games that are up to date) and
    ``strict`` (exit 1 when any warning was printed, the files still written)."""

    games: tuple[str, ...] = ()
    paper: str | None = None
    out_dir: Path | None = None
    lang: str | None = None
    product: str | None = None
    duplex: str | None = None
    layout: str | None = None
    gutter_mm: float | None = None
    die_edge_mm: float = DEFAULT_EDGE_MM
    imposition: str | None = None
    jobs: int | None = None
    cache_dir: Path | None = None
    dpi: int = 300
    profile: str | None = None
    quiet: bool = False
    force: bool = False
    strict: bool = False


def request_fields(request: BuildRequest) -> dict[str, object]:
    """What of ``request`` shapes the files a build writes (all but ``jobs``, ``quiet``,
    ``force`` and ``strict``), as JSON-able values: what names a build manifest
    (:func:`cardforge.build.build_manifest.request_key`)."""
    fields = {name: getattr(request, name) for name in request.__dataclass_fields__
              if name not in ("jobs", "quiet", "force", "strict")}
    return {name: (str(value) if isinstance(value, Path) else value) for name, value in fields.items()}


def build_config(request: BuildRequest, workspace: Path) -> Config:
    """The workspace's configuration with the request's overrides, its output and cache
    folders checked writable. Raises ConfigError for a bad setting, ``jobs`` below 1, a
    negative gutter, or ``duplex`` with the fold-over layout."""
    config = load_config(workspace, out=str(request.out_dir) if request.out_dir else None,
                         cache=str(request.cache_dir) if request.cache_dir else None,
                         layout=request.layout, duplex=request.duplex, gutter=request.gutter_mm)
    if request.jobs is not None and request.jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, got {request.jobs}")
    if request.gutter_mm is not None and request.gutter_mm < 0:
        raise ConfigError(f"--gutter must not be negative, got {request.gutter_mm:g} mm")
    if request.duplex is not None and config.layout == "fold-over":
        raise ConfigError("--duplex is for the sheets layout",
                          hint="fold-over sheets print every back beside its front; "
                               "drop --duplex, or use --layout sheets")
    trust.writable(config.out, "output")
    trust.writable(config.cache, "cache")
    return config


def build_options(request: BuildRequest, config: Config, profile: Profile | None, *,
                  report: Callable[[Problem], None], progress: Progress) -> BuildOptions:
    """The options for every builder: the request's values where given, else the
    configuration's; ``report`` is told preflight warnings, ``progress`` face layout."""
    paper = request.paper or config.paper
    return BuildOptions(root=config.root, out=config.out, duplex=config.duplex,
                        layout=config.layout, gutter_mm=config.gutter_mm,
                        papers=PAPERS if paper in (None, "all") else (paper,),
                        die_edge_mm=request.die_edge_mm, imposition=request.imposition,
                        cache=config.cache, jobs=request.jobs or os.cpu_count() or 1,
                        dpi=request.dpi, profile=profile, report=report, progress=progress)
