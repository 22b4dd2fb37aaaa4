"""Card exports beyond the home-printer sheets: per-card PNGs, Tabletop Simulator decks and
print-shop files, each checked by preflight when a profile is chosen.

Builders follow :mod:`cardforge.products` (``build(game, lang, options) -> list[Path]``).
With a profile (``options.profile``) faces are laid out at the shop's trim and bleed, and
preflight runs on them before anything is written: errors raise DataError (the build of
that game stops, nothing written), warnings go to ``options.report``.
"""

from __future__ import annotations

from pathlib import Path

from cardforge.atomic import write_atomically
from cardforge.errors import ConfigError, DataError
from cardforge.lint import report
from cardforge.model import Game
from cardforge.preflight.checks import preflight
from cardforge.problem import Problem, Severity
from cardforge.products import BuildOptions
from cardforge.profiles import Profile
from cardforge.render.card_png import write_card_pngs
from cardforge.render.cards import RenderedFaces, render_card_faces

Geometry = tuple[float, float, float, float]


class PreflightError(DataError):
    """Preflight found errors: every Problem listed like lint's text report (paths relative to
    ``root``), then how many; exit code 1. Nothing of that game was written."""

    def __init__(self, problems: list[Problem], root: Path, what: str) -> None:
        super().__init__(problems, what)
        count = sum(p.severity is Severity.ERROR for p in problems)
        self.message = (f"preflight of {what} found {count} error(s); nothing was written:\n"
                        + report.text(problems, root, {}))


def folder(options: BuildOptions, game: Game, product: str, lang: str) -> Path:
    """``<out>/<game>/<game>-<product>[-<lang>]``; the game's first language has no tag."""
    tag = "" if lang == game.languages[0] else f"-{lang}"
    return options.out / game.id / f"{game.id}-{product}{tag}"


def _faces(game: Game, lang: str, options: BuildOptions, geometry: Geometry, **extra) -> RenderedFaces:
    return render_card_faces(game, lang, options.root, cache=options.face_cache(), jobs=options.jobs,
                             progress=options.progress, geometry=geometry, **extra)


def check(game: Game, profile: Profile, faces: RenderedFaces, geometry: Geometry,
          options: BuildOptions) -> None:
    """Run preflight; raise PreflightError (all its problems) when any is an error, else pass
    the problems to ``options.report``."""
    problems = preflight(game, profile, faces, geometry)
    if any(p.severity is Severity.ERROR for p in problems):
        raise PreflightError(problems, options.root, f"{game.id} for {profile.name}")
    if options.report:
        for problem in problems:
            options.report(problem)


def build_png(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """One PNG per physical card plus the backs (see :mod:`cardforge.render.card_png`), trim +
    bleed. Without a profile: at the game's size, ``options.dpi``, into ``<game>-png[-<lang>]/``.
    With a ``png`` profile: at its trim, bleed and exact pixel size, after preflight, into
    ``<game>-<profile>[-<lang>]/``. Raises DataError for preflight errors, RenderError."""
    profile = options.profile
    if profile is not None and profile.output != "png":
        raise ConfigError(f"profile {profile.id} makes {profile.output}, not png")
    geometry = profile.geometry(game.card_geometry()) if profile else game.card_geometry()
    faces = _faces(game, lang, options, geometry)
    if profile is not None:
        check(game, profile, faces, geometry, options)
    return write_card_pngs(game, faces, folder(options, game, profile.id if profile else "png", lang),
                           dpi=(profile.dpi if profile else None) or options.dpi, bleed_mm=geometry[2],
                           size_px=profile.pixels if profile else None)


def build_tts(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """Tabletop Simulator deck sheets, backs and ``<game>.json`` into ``<game>-tts[-<lang>]/``
    (see :mod:`cardforge.render.tts`); cards at ``options.dpi`` or smaller, so that a sheet
    stays within 4096 px. Raises RenderError."""
    from cardforge.render.tts import plan_decks
    from cardforge.render.tts_files import write_tts

    geometry = game.card_geometry()
    faces = _faces(game, lang, options, geometry)
    plans = plan_decks(game, faces, geometry[:2], options.dpi, lang)
    fallback = game.source_language
    names = {deck.id: (deck.spec.get("name") or {}).get(lang) or (deck.spec.get("name") or {}).get(fallback)
             or deck.id for deck in game.decks.values()}
    return write_tts(plans, faces.pdf, geometry[2], folder(options, game, "tts", lang), game.id, names)


def build_pdfx(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """The print shop's PDF/X file ``<game>-<profile>[-<lang>].pdf``: one card per page at the
    profile's trim + bleed, backs and fronts alternating, CMYK output intent (see
    :mod:`cardforge.render.pdfx`), after preflight. Raises ConfigError without a ``pdfx``
    profile or without its ICC profile (naming the package), DataError for preflight errors."""
    from cardforge.render.pdfx import PDF_VERSIONS, cmyk_css, pdfx_document

    profile = options.profile
    if profile is None or profile.output != "pdfx" or not profile.pdf_variant:
        raise ConfigError("the pdfx product needs a PDF/X print-shop profile",
                          hint="e.g. --profile drivethrucards-poker (see `cardforge profiles`)")
    css = cmyk_css(profile.icc_bytes())
    geometry = profile.geometry(game.card_geometry())
    faces = _faces(game, lang, options, geometry, extra_css=css, pdf_variant=profile.pdf_variant)
    check(game, profile, faces, geometry, options)
    title = f"{game.spec.names.get(lang) or game.id} — {profile.name}"
    pdf = pdfx_document(game, faces, profile.pdf_variant, css, title)
    path = folder(options, game, profile.id, lang).with_suffix(".pdf")
    version = PDF_VERSIONS.get(profile.pdf_variant)
    return [write_atomically(path, lambda handle: pdf.save(handle, force_version=version))]


def check_sheets(game: Game, lang: str, options: BuildOptions) -> None:
    """Preflight the faces of the home-printer sheets under ``options.profile`` (if any)."""
    profile = options.profile
    if profile is None:
        return
    if profile.output != "sheets":
        raise ConfigError(f"profile {profile.id} makes {profile.output}, not card sheets")
    geometry = profile.geometry(game.card_geometry())
    check(game, profile, _faces(game, lang, options, geometry), geometry, options)
