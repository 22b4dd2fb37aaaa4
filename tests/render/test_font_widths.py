"""A CID font's /W array read back (cardforge/render/pdf/font_union.py ``_widths``): both of
its forms, whole and fractional widths, and a malformed array read as far as it is well
formed, never an exception (a face's fonts come from the cache, which is untrusted)."""

from __future__ import annotations

import pikepdf
import pytest

from cardforge.render.pdf.font_union import _widths


@pytest.mark.parametrize(("w", "expected"), [
    ([3, [600, 550]], {3: 600, 4: 550}),
    ([10, 12, 500], {10: 500, 11: 500, 12: 500}),
    ([1, [2, 3], 5, 6, 9, 7, [1]], {1: 2, 2: 3, 5: 9, 6: 9, 7: 1}),
    ([1, [1.5, 2.0]], {1: 1.5, 2: 2}),
    ([4, 5, 7.25], {4: 7.25, 5: 7.25}),
    ([], {}),
])
def test_both_forms_are_read(w, expected):
    found = _widths(pikepdf.Array(w))
    assert found == expected
    assert all(type(width) is type(expected[glyph]) for glyph, width in found.items())  # 2.0 reads as 2


@pytest.mark.parametrize(("w", "expected"), [
    ([1], {}),
    ([1, [2], pikepdf.Name("/X"), [3]], {1: 2}),
    ([1, [pikepdf.Name("/A")]], {}),
    ([[1], 2], {}),
    ([1, [2, [3]]], {}),
    ([1, [600], 2, 3], {1: 600}),
])
def test_a_malformed_array_is_read_as_far_as_it_is_well_formed(w, expected):
    assert _widths(pikepdf.Array(w)) == expected


def test_anything_but_an_array_has_no_widths():
    assert _widths(None) == {} and _widths(pikepdf.Dictionary()) == {}
