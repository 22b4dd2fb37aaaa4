"""Rule booklets: a game's rules in Markdown filled with game.yaml's facts, translated, as HTML.

Owns the Markdown files and their blocks (:mod:`~cardforge.booklet.rules_markdown`), placeholders
such as ``{vp_goal}`` (:mod:`~cardforge.booklet.placeholders`), links and images
(:mod:`~cardforge.booklet.rule_links`), the generated parts: components, glossary, example cards
(:mod:`~cardforge.booklet.generated_parts`, :mod:`~cardforge.booklet.example_cards`), the words
around the game's text (:mod:`~cardforge.booklet.booklet_words`), the whole booklet as one HTML
document (:mod:`~cardforge.booklet.booklet_html`), the quick-reference sheet's text
(:mod:`~cardforge.booklet.rulesheet_text`) and page problems at the rules' lines
(:mod:`~cardforge.booklet.page_problems`). May import i18n, render and the foundation."""
