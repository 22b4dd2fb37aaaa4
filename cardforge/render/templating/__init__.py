"""Templates: what a designer writes a face in, rendered to HTML safely.

Owns the sandboxed Jinja2 environment (:mod:`~cardforge.render.templating.template_env`,
:mod:`~cardforge.render.templating.sandbox`, :mod:`~cardforge.render.templating.sandbox_checks`,
:mod:`~cardforge.render.templating.template_loader`, :mod:`~cardforge.render.templating.game_templates`),
the plain data templates see (:mod:`~cardforge.render.templating.plain_views`), card text markup
and icons (:mod:`~cardforge.render.templating.card_markup`, :mod:`~cardforge.render.templating.icons`),
safe SVG (:mod:`~cardforge.render.templating.safe_svg`), stylesheets and their constants and places
(:mod:`~cardforge.render.templating.stylesheets`, :mod:`~cardforge.render.templating.css_constants`,
:mod:`~cardforge.render.templating.css_places`), the URLs HTML and CSS ask for
(:mod:`~cardforge.render.templating.requested_urls`), ``layout:`` boxes as HTML
(:mod:`~cardforge.render.templating.layout_html`), card art (:mod:`~cardforge.render.templating.card_art`)
and the helpers packs use (:mod:`~cardforge.render.templating.face_kit`). May import the foundation
only; never WeasyPrint."""
