"""Rules Markdown: every rules file must be usable as written, or the booklet would lose text.

A game's rules live in ``cards/<game>/rules/*.md``. Each file must be a regular file inside
the workspace (not a link leading out of it, a folder, a pipe or a device), UTF-8 text (a
byte-order mark is fine, UTF-16 is not) of at most 4 MiB, with lists and block quotes nested
at most 30 levels deep. Code blocks (fenced, or indented four spaces) are not printed in
booklets, so they are reported too. Images must be files inside the workspace named by a
path relative to the game folder; links may go to web pages (``https:``), mail addresses
(``mailto:``) or headings (``#…``), in the rules and in their translations (the
``rules.po`` catalogs). Reported at the file, and at the line (and column of the URL)
where there is one, at most 100 per file; ``cardforge build`` stops with the same error.

Passing (``rules/rules.md``)::

    # Setup

    - Each player takes two dice.
      - Put the rest in the middle.

    ![Setup](rules/setup.png) More at [our site](https://example.com/game).

Failing (an image from the network, and a paragraph indented into a code block)::

    # Setup

    ![Setup](https://example.com/setup.png)

        Each player takes two dice.
"""

from collections.abc import Iterator
from itertools import chain

from cardforge.booklet import rule_links as links
from cardforge.booklet.rules_markdown import CODE as MARKDOWN_CODE
from cardforge.booklet.rules_markdown import read_rules_file, rules_files, unprinted
from cardforge.boundary import trust
from cardforge.i18n.catalog_state import capped, state
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = MARKDOWN_CODE
NAME = "rules-markdown"
SCOPE = "game"
SEVERITY = "error"
NEEDS = {"catalogs"}  # the parsed PO files of cardforge.i18n.catalog_state.state, built once
JUDGES_WHAT_LOADED = True  # cross-file: reports only what it sees in the files that loaded


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each rules file that cannot be read, nests too deep or has a code
    block, and for each refused link or image in the rules or their translations; at most
    ``REPORTED_PER_FILE`` per file (see :func:`cardforge.i18n.catalog_state.capped`)."""
    return capped(chain(_sources(game), _translations(game)))


def _sources(game: Game) -> Iterator[Problem]:
    for path in rules_files(game.root):
        try:
            text, blocks = read_rules_file(path)
        except trust.Refused as exc:
            yield exc.problem(CODE)
            continue
        for where in unprinted(text, path):
            yield Problem(where, CODE, "code block: booklets do not print code blocks, so this "
                                       "text would be left out",
                          hint="remove the indentation (four spaces make a code block) or the ``` fence")
        lines = text.splitlines()
        for block in blocks:
            if block.translatable:
                yield from links.check(links.inline_tokens(block.text), block.location, game.root, lines)


def _translations(game: Game) -> Iterator[Problem]:
    catalogs = state(game)
    for planned, message in catalogs.entries():
        if planned.domain == "rules" and message.string and not message.fuzzy:
            yield from links.check(links.inline_tokens(str(message.string)),
                                   catalogs.entry_location(planned.path, message, "msgstr"),
                                   game.root, note=f" (in the {planned.lang} translation)")
