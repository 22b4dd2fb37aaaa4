"""DiXe faces: one the character, the others known symbols.

Checked for every DiXe of the dice file against game.yaml: ``facts.character_faces_per_die``
character faces (written ``character``; it is the
joker), every other face a symbol of ``facts.symbols``, a unique ``id``, and a ``set``
that is a deck of game.yaml. Each Problem points at the DiXe's field to fix (an unknown
symbol at the face itself). How many faces a DiXe has (``facts.faces_per_die``) is the core
rule CF025's, declared in game.yaml's ``sizes:``.

Passing::

    dice:
      - id: oni
        name: {fr: Oni, en: Oni}
        set: crypte
        faces: [character, bomb, sun, aum, yin-yang, skull]

Failing (two characters, and ``sunn`` is no symbol)::

    dice:
      - id: oni
        name: {fr: Oni, en: Oni}
        set: crypte
        faces: [character, character, sunn, aum, skull, pi]
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from cardforge.games.dixe_on_card.dx_data import CHARACTER, dixes, symbols
from cardforge.model.game_model import Game
from cardforge.problem import Problem

CODE = "DX104"
NAME = "die-faces"
SCOPE = "game"
SEVERITY = "error"


def check(game: Game, _: Game) -> Iterator[Problem]:
    """Yield a Problem for each DiXe character count, symbol, id or set that does not match
    game.yaml."""
    characters = int(game.facts["character_faces_per_die"])
    known = symbols(game)
    seen: set[str] = set()
    for die in dixes(game):
        if die.id in seen:
            yield Problem(die.locate("id"), CODE, f"two DiXes have the id {die.id!r}",
                          hint="rename one; cards name DiXes by id")
        seen.add(die.id)
        if die.set not in game.decks:
            yield Problem(die.locate("set"), CODE, f"DiXe {die.id!r}: set {die.set!r} is not a "
                          "deck of game.yaml", hint=f"sets: {', '.join(game.decks)}")
        count = die.faces.count(CHARACTER)
        if count != characters:
            yield Problem(die.locate("faces"), CODE,
                          f"DiXe {die.id!r} has {count} {CHARACTER} faces; it needs {characters}",
                          hint=f"write `{CHARACTER}` for the face showing the character (the joker)")
        for index, face in enumerate(die.faces):
            if face != CHARACTER and face not in known:
                close = difflib.get_close_matches(face, list(known), n=1)
                yield Problem(die.locate("faces", index), CODE,
                              f"DiXe {die.id!r}: face {index + 1} {face!r} is not a symbol",
                              hint=f"did you mean {close[0]!r}?" if close
                              else f"symbols: {', '.join(known)}")
