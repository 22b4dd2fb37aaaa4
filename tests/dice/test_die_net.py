"""The cross net folds into a die whose opposite sides are the data's (1–6, 2–5, 3–4).

The fold is computed here from cell positions alone, by rolling: folding the net printed
side out, a cell's neighbour across its right edge has as outward normal the cell's own
"right" direction, and so on (see :func:`fold`); nothing is read from OPPOSITE or the
tab table except to compare with."""

from __future__ import annotations

import pytest

from cardforge.dice.custom_dice import CROSS_NET, GLUE_TABS, OPPOSITE, CustomDie, Face

Vector = tuple[int, int, int]
STEP = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}


def _neg(v: Vector) -> Vector:
    return (-v[0], -v[1], -v[2])


def fold(cells: dict[tuple[int, int], int]) -> dict[int, tuple[Vector, Vector, Vector]]:
    """Fold a net given as (col, row) → label, printed side out; return label → (outward
    normal, the face's "up" (towards row - 1), the face's "right" (towards col + 1))."""
    start = next(iter(cells))
    frames = {start: ((0, -1, 0), (0, 0, 1), (1, 0, 0))}  # facing the viewer, upright
    todo = [start]
    while todo:
        col, row = todo.pop()
        normal, up, right = frames[(col, row)]
        for (dc, dr), way in STEP.items():
            other = (col + dc, row + dr)
            if other not in cells or other in frames:
                continue
            if way == "right":
                frame = (right, up, _neg(normal))
            elif way == "left":
                frame = (_neg(right), up, normal)
            elif way == "up":
                frame = (up, _neg(normal), right)
            else:
                frame = (_neg(up), normal, right)
            frames[other] = frame
            todo.append(other)
    assert len(frames) == len(cells), "the net is not connected"
    return {cells[pos]: frame for pos, frame in frames.items()}


def opposite_pairs(folded: dict[int, tuple[Vector, Vector, Vector]]) -> set[frozenset[int]]:
    """Pairs of labels whose folded normals point in opposite directions."""
    return {frozenset((a, b)) for a, fa in folded.items() for b, fb in folded.items()
            if a < b and fa[0] == _neg(fb[0])}


def test_cross_net_folds_into_a_cube_with_the_data_opposites():
    folded = fold({(c.col, c.row): c.side for c in CROSS_NET})
    assert len({frame[0] for frame in folded.values()}) == 6  # six different faces: a cube
    assert opposite_pairs(folded) == {frozenset((0, 5)), frozenset((1, 4)), frozenset((2, 3))}
    assert all(OPPOSITE[a] == b for pair in opposite_pairs(folded) for a, b in [tuple(pair)])


def test_side_faces_stand_upright_around_side_one():
    folded = fold({(c.col, c.row): c.side for c in CROSS_NET})
    top = folded[0][0]
    around = [side for side, frame in folded.items() if frame[0] not in (top, _neg(top))]
    assert sorted(around) == [1, 2, 3, 4]
    assert all(folded[side][1] == top for side in around)  # each reads with side 1 above


def test_one_glue_tab_on_each_open_seam():
    cells = {(c.col, c.row): c.side for c in CROSS_NET}
    folded = fold(cells)
    ways = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}
    outer = [(side, edge) for (col, row), side in cells.items() for edge, (dc, dr) in ways.items()
             if (col + dc, row + dr) not in cells]
    assert len(outer) == 14

    def direction(side: int, edge: str) -> Vector:
        normal, up, right = folded[side]
        return {"top": up, "bottom": _neg(up), "right": right, "left": _neg(right)}[edge]

    # a folded edge is where the face meets the face its edge points to: a seam pairs
    # (a, towards b) with (b, towards a)
    seams = {frozenset(((a, ea), (b, eb))) for a, ea in outer for b, eb in outer
             if (a, ea) != (b, eb) and direction(a, ea) == folded[b][0]
             and direction(b, eb) == folded[a][0]}
    assert len(seams) == 7
    assert all(len(seam & set(GLUE_TABS)) == 1 for seam in seams)


def test_a_die_knows_its_opposite_sides_and_refuses_other_shapes():
    die = CustomDie("d", {"en": "D"}, tuple(Face(icon=f"i{n}") for n in range(6)))
    assert [die.opposite(side) for side in range(6)] == [5, 4, 3, 2, 1, 0]
    with pytest.raises(ValueError):
        CustomDie("d8", {}, tuple(Face() for _ in range(8))).opposite(0)
    with pytest.raises(ValueError):
        CustomDie("none", {}, ())
