"""The ``pdfx`` product: PDF/X card files for shops such as DriveThruCards: backs and fronts
alternating, one card per page at trim + bleed, with a CMYK output intent.

The faces are laid out by WeasyPrint with its PDF/X variant (``pdf_variant``, e.g.
``"pdf/x-1a"``) and a ``@color-profile device-cmyk`` rule naming the ICC profile
(:func:`cmyk_css`), so their transparency groups and default colour space are CMYK. The
cached single-page faces are then put in order with pikepdf, and the document-level part of
PDF/X that WeasyPrint writes — ``/OutputIntents`` (``/S /GTS_PDFX`` with the ICC profile as
``/DestOutputProfile``), ``/GTS_PDFXVersion`` and ``/Trapped`` in the Info dictionary, and
the XMP metadata — is taken from a one-page document WeasyPrint makes with the same variant
and profile (:func:`declaration`).
"""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pikepdf
import weasyprint
from pikepdf import Name

from cardforge.boundary import source_date
from cardforge.boundary.atomic import write_atomically
from cardforge.errors import ConfigError
from cardforge.model.game_model import Game
from cardforge.products.product_builder import folder
from cardforge.products.product_faces import card_faces, check
from cardforge.products.product_options import BuildOptions
from cardforge.render.cache.content_cache import DocumentSource, Made, cached_document
from cardforge.render.cache.font_store import unify_output_fonts
from cardforge.render.card_render import RenderedFaces
from cardforge.render.impose.duplex_sheets import save_reproducibly
from cardforge.render.layout import weasyprint_changes as layout_setup
from cardforge.render.layout.face_layout import captured_warnings, raise_for_messages
from cardforge.render.layout.safe_fetcher import SafeFetcher, make_url_fetcher
from cardforge.render.pdf.shared_resources import share_equal_resources

PDF_VERSIONS = {"pdf/x-1a": "1.4", "pdf/x-3": "1.4", "pdf/x-4": "1.6", "pdf/x-5g": "1.6"}
"""PDF version each WeasyPrint PDF/X variant writes (and the assembled file keeps)."""

_INFO_KEYS = ("/GTS_PDFXVersion", "/GTS_PDFXConformance", "/Trapped", "/CreationDate",
              "/ModDate", "/Producer")


def build_pdfx(game: Game, lang: str, options: BuildOptions) -> list[Path]:
    """The print shop's PDF/X file ``<game>-<profile>-<lang>.pdf``: one card per page at the
    profile's trim + bleed, backs and fronts alternating, CMYK output intent (see
    :func:`pdfx_document`), after preflight. Raises ConfigError without a ``pdfx`` profile or
    without its ICC profile (naming the package), DataError for preflight errors."""
    profile = options.profile
    if profile is None or profile.output != "pdfx" or not profile.pdf_variant:
        raise ConfigError("the pdfx product needs a PDF/X print-shop profile",
                          hint="e.g. --profile drivethrucards-poker (see `cardforge profiles`)")
    icc = profile.icc_bytes()
    css = cmyk_css(icc)
    geometry = profile.geometry(game.card_geometry())
    faces = card_faces(game, lang, options, geometry, extra_css=css, pdf_variant=profile.pdf_variant,
                       cmyk_icc=icc if profile.colour == "cmyk" else None)
    check(game, profile, faces, geometry, options)
    title = f"{game.spec.names.get(lang) or game.id} — {profile.name}"
    pdf = pdfx_document(game, faces, profile.pdf_variant, css, title, options.face_cache().folder)
    path = folder(options, game, profile.id, lang).with_suffix(".pdf")
    version = PDF_VERSIONS.get(profile.pdf_variant)
    return [write_atomically(path, lambda handle: save_reproducibly(pdf, handle, force_version=version))]


def cmyk_css(icc: bytes) -> str:
    """A ``@color-profile device-cmyk`` rule embedding the CMYK ICC profile ``icc`` (its
    bytes, as :meth:`cardforge.workspace.print_profiles.Profile.icc_bytes` reads them) as a data URL."""
    data = base64.b64encode(icc).decode("ascii")
    return ("@color-profile device-cmyk { src: url(data:application/vnd.iccprofile;base64,"
            f"{data}); components: cyan, magenta, yellow, black; }}")


def declaration(variant: str, css: str, cache_root: Path | None = None) -> bytes:
    """A one-page PDF WeasyPrint writes with PDF ``variant`` and ``css`` (the colour profile
    rule of :func:`cmyk_css`) and dated :func:`cardforge.boundary.source_date.pdf_date`
    (``SOURCE_DATE_EPOCH``, never the clock): the source of the output intent and metadata, laid out once
    and kept under ``cache_root`` (None: not kept;
    :func:`~cardforge.render.cache.content_cache.cached_document`). Raises RenderError when
    WeasyPrint logs a warning (e.g. an unreadable profile)."""
    date = source_date.pdf_date().strftime("%Y-%m-%dT%H:%M:%SZ")  # not WeasyPrint's clock
    html = (f'<html><head><meta name="dcterms.created" content="{date}">'
            f'<meta name="dcterms.modified" content="{date}">'
            f"<style>{css} @page {{ size: 10mm 10mm; margin: 0 }}</style></head><body></body></html>")

    def lay_out(fetcher: SafeFetcher) -> Made:
        layout_setup.prepare()
        with captured_warnings() as messages:
            pdf = weasyprint.HTML(string=html, url_fetcher=fetcher).write_pdf(pdf_variant=variant)
        raise_for_messages(messages)
        return Made(pdf)

    if cache_root is None:
        return lay_out(make_url_fetcher([])).data
    source = DocumentSource("pdfx declaration", html, None, (), options=f"pdf_variant {variant}")
    return cached_document(source, cache_root, lay_out).data


def alternating_pages(game: Game, faces: RenderedFaces) -> list[int]:
    """Face page indexes in print order: for every physical card (deck order, then file
    order, copies repeated) its back, then its front."""
    order: list[int] = []
    for deck in game.decks.values():
        for card in deck.cards:
            back = faces.card_back_page.get(card.id, faces.back_page.get(deck.id))
            if back is None:
                raise ValueError(f"card {card.id} has no back to print behind it")
            order += [back, faces.front_page[card.id]] * card.quantity
    return order


def pdfx_document(game: Game, faces: RenderedFaces, variant: str, css: str, title: str,
                  cache_root: Path | None = None) -> pikepdf.Pdf:
    """The card file: pages of :func:`alternating_pages` (each keeps its MediaBox = trim +
    bleed, TrimBox and BleedBox), with the PDF/X output intent, Info keys and XMP metadata of
    :func:`declaration` (kept under ``cache_root``), and ``title`` in both Info and XMP.
    Save it with ``force_version=PDF_VERSIONS[variant]``."""
    out = pikepdf.new()
    pages = faces.pages()
    copied: dict[int, pikepdf.Page] = {}
    for index in alternating_pages(game, faces):
        if index not in copied:
            out.pages.append(pages[index])
            copied[index] = out.pages[-1]
        else:  # a repeated face: a new page object sharing the first copy's content and resources
            first = copied[index].obj
            clone = pikepdf.Dictionary({key: first[key] for key in first.keys() if key != "/Parent"})
            out.pages.append(pikepdf.Page(out.make_indirect(clone)))
    share_equal_resources(out)
    unify_output_fonts(out, pages)
    with pikepdf.open(io.BytesIO(declaration(variant, css, cache_root))) as source:
        out.Root.OutputIntents = out.copy_foreign(source.make_indirect(source.Root.OutputIntents))
        if Name.Metadata in source.Root:
            out.Root.Metadata = out.copy_foreign(source.Root.Metadata)
        for key in _INFO_KEYS:
            if key in source.docinfo:
                # a copy of its own: pikepdf before 10.13 refuses another Pdf's direct object
                out.docinfo[key] = pikepdf.Object.parse(source.docinfo[key].unparse())
    # PDF/X wants a title, the same in Info and XMP; WeasyPrint's dates are kept as written
    with out.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
        xmp["dc:title"] = title
    out.docinfo[Name.Title] = title
    return out
