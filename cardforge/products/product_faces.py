"""Card faces as products need them: laid out with the build options, and preflighted
under a print-shop profile before anything is written.

With a profile (``options.profile``) faces are laid out at the shop's trim and bleed;
preflight errors raise :class:`PreflightError` (the build of that game stops, nothing
written), warnings go to ``options.report``.
"""

from __future__ import annotations

from pathlib import Path

from cardforge.errors import ConfigError, DataError
from cardforge.i18n.translations import with_catalog_texts
from cardforge.lint import report_formats as report
from cardforge.model.card_geometry import CardGeometry
from cardforge.model.game_model import Game
from cardforge.problem import Problem, Severity
from cardforge.products.product_options import BuildOptions
from cardforge.render.card_render import RenderedFaces, render_card_faces
from cardforge.workspace.print_profiles import Profile


class PreflightError(DataError):
    """Preflight found errors: every Problem listed like lint's text report (paths relative to
    ``root``), then how many; exit code 1. Nothing of that game was written."""

    def __init__(self, problems: list[Problem], root: Path, what: str) -> None:
        super().__init__(problems, what)
        count = sum(p.severity is Severity.ERROR for p in problems)
        self.message = (f"preflight of {what} found {count} error(s); nothing was written:\n"
                        + report.text(problems, root, {}))


def card_faces(game: Game, lang: str, options: BuildOptions, geometry: CardGeometry | None = None, *,
               extra_css: str = "", pdf_variant: str | None = None,
               cmyk_icc: bytes | None = None) -> RenderedFaces:
    """Every card face of ``game`` in ``lang``, laid out (or taken from the face cache) at
    ``geometry`` (default: game.yaml's, deck by deck), with ``extra_css`` after the
    stylesheet and WeasyPrint's ``pdf_variant``, for CMYK print with ``cmyk_icc`` (the
    output intent's ICC profile bytes); see
    :func:`~cardforge.render.card_render.render_card_faces`. ``options.faces_made`` is told the
    faces. Raises RenderError."""
    printed = with_catalog_texts(game, lang)  # texts only the catalogs translate
    faces = render_card_faces(printed, lang, options.root, cache=options.face_cache(), jobs=options.jobs,
                              progress=options.progress, geometry=geometry, extra_css=extra_css,
                              pdf_variant=pdf_variant, cmyk_icc=cmyk_icc)
    if options.faces_made:
        options.faces_made(lang, faces)
    return faces


def check(game: Game, profile: Profile, faces: RenderedFaces, geometry: CardGeometry,
          options: BuildOptions) -> None:
    """Run preflight; raise PreflightError (all its problems) when any is an error, else pass
    the problems to ``options.report``."""
    from cardforge.preflight.preflight_checks import preflight  # only for a print-shop profile

    problems = preflight(game, profile, faces, geometry)
    if any(p.severity is Severity.ERROR for p in problems):
        raise PreflightError(problems, options.root, f"{game.id} for {profile.name}")
    if options.report:
        for problem in problems:
            options.report(problem)


def check_sheets(game: Game, lang: str, options: BuildOptions) -> None:
    """Preflight the faces of the home-printer sheets under ``options.profile`` (if any).
    Raises ConfigError for a profile that does not make sheets, PreflightError."""
    profile = options.profile
    if profile is None:
        return
    if profile.output != "sheets":
        raise ConfigError(f"profile {profile.id} makes {profile.output}, not card sheets")
    geometry = profile.geometry(game.card_geometry())
    check(game, profile, card_faces(game, lang, options, geometry), geometry, options)
