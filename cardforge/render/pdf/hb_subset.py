"""A font program subset to a set of glyph ids with HarfBuzz, as WeasyPrint subsets one.

WeasyPrint 70 embeds each font of a document subset once, to the glyphs the document drew
(``weasyprint.pdf.fonts.Font._harfbuzz_subset``): glyph ids retained, the layout and
bitmap tables dropped, CFF desubroutinized, then the empty glyphs after the last one used
dropped and the hinting removed. :func:`subset_program` makes the same subset of a font
program in the build's own process, through HarfBuzz's subsetter opened here with cffi
(importing WeasyPrint would cost the build's process about two seconds): the same
program and glyph ids give the same bytes (HarfBuzz's subsetter is deterministic).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

_CDEF = """
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_set_t hb_set_t;
typedef struct hb_subset_input_t hb_subset_input_t;
hb_blob_t * hb_blob_create (const char *data, unsigned int length, int mode,
                            void *user_data, void *destroy);
void hb_blob_destroy (hb_blob_t *blob);
const char * hb_blob_get_data (hb_blob_t *blob, unsigned int *length);
hb_face_t * hb_face_create (hb_blob_t *blob, unsigned int index);
hb_blob_t * hb_face_reference_blob (hb_face_t *face);
void hb_face_destroy (hb_face_t *face);
uint32_t hb_tag_from_string (const char *str, int len);
void hb_set_add (hb_set_t *set, uint32_t codepoint);
hb_subset_input_t * hb_subset_input_create_or_fail (void);
void hb_subset_input_destroy (hb_subset_input_t *input);
hb_set_t * hb_subset_input_glyph_set (hb_subset_input_t *input);
hb_set_t * hb_subset_input_set (hb_subset_input_t *input, int set_type);
void hb_subset_input_set_flags (hb_subset_input_t *input, unsigned value);
hb_face_t * hb_subset_or_fail (hb_face_t *source, const hb_subset_input_t *input);
"""

NO_HINTING, RETAIN_GIDS, DESUBROUTINIZE, PASSTHROUGH_UNRECOGNIZED = 0x1, 0x2, 0x4, 0x20
"""hb_subset_flags_t values (hb-subset.h)."""
_DROP_TABLE_TAG = 3
"""HB_SUBSET_SETS_DROP_TABLE_TAG (hb-subset.h)."""
_READONLY = 1
"""HB_MEMORY_MODE_READONLY (hb-blob.h): HarfBuzz reads the caller's bytes in place."""
DROPPED_TABLES = (b"BASE", b"DSIG", b"EBDT", b"EBLC", b"EBSC", b"GPOS", b"GSUB", b"JSTF",
                  b"LTSH", b"PCLT", b"SVG ")
"""The tables WeasyPrint 70 drops from an embedded font."""
_NAMES = {"harfbuzz": ("libharfbuzz.so.0", "libharfbuzz.0.dylib", "libharfbuzz-0.dll", "harfbuzz"),
          "subset": ("libharfbuzz-subset.so.0", "libharfbuzz-subset.0.dylib", "libharfbuzz-subset-0.dll",
                     "harfbuzz-subset")}


@functools.cache
def _libraries() -> tuple[Any, Any, Any] | None:
    """(ffi, harfbuzz, harfbuzz-subset), opened once a process; None when either is missing."""
    try:
        import cffi
    except ImportError:  # pragma: no cover - cffi comes with WeasyPrint
        return None
    ffi = cffi.FFI()
    ffi.cdef(_CDEF)
    opened = []
    for names in _NAMES.values():
        for name in names:
            try:
                opened.append(ffi.dlopen(name))
                break
            except OSError:
                continue
        else:
            return None
    return ffi, opened[0], opened[1]


def available() -> bool:
    """Whether HarfBuzz and its subsetter could be opened."""
    return _libraries() is not None


def subset_program(program: bytes, index: int, glyphs: Iterable[int], *,
                   hinting: bool = False) -> bytes | None:
    """``program`` (a TrueType or OpenType file, ``index`` its face in a collection) subset
    to the glyph ids ``glyphs`` (ids retained, glyph 0 kept), as WeasyPrint 70 subsets an
    embedded font; without ``hinting`` its hinting is removed. Returns the subset font
    file's bytes, or None when HarfBuzz is missing or cannot subset it."""
    libraries = _libraries()
    wanted = sorted({int(g) for g in glyphs} | {0})
    if libraries is None or not program:
        return None
    ffi, harfbuzz, subset = libraries
    data = ffi.from_buffer(program)
    blob = harfbuzz.hb_blob_create(data, len(program), _READONLY, ffi.NULL, ffi.NULL)
    face = harfbuzz.hb_face_create(blob, index)
    faces = [face]
    try:
        first = _subset_once(ffi, harfbuzz, subset, face, wanted, RETAIN_GIDS | PASSTHROUGH_UNRECOGNIZED
                             | DESUBROUTINIZE, drop=True)
        if first == ffi.NULL:
            return None
        faces.append(first)
        flags = PASSTHROUGH_UNRECOGNIZED | DESUBROUTINIZE | (0 if hinting else NO_HINTING)
        second = _subset_once(ffi, harfbuzz, subset, first, range(wanted[-1] + 1), flags, drop=True)
        if second == ffi.NULL:
            return None
        faces.append(second)
        out = harfbuzz.hb_face_reference_blob(second)
        try:
            length = ffi.new("unsigned int *")
            pointer = harfbuzz.hb_blob_get_data(out, length)
            return bytes(ffi.buffer(pointer, length[0])) if length[0] else None
        finally:
            harfbuzz.hb_blob_destroy(out)
    finally:
        for made in faces:
            harfbuzz.hb_face_destroy(made)
        harfbuzz.hb_blob_destroy(blob)
        del data


def _subset_once(ffi: Any, harfbuzz: Any, subset: Any, face: Any, glyphs: Iterable[int], flags: int,
                 *, drop: bool) -> Any:
    """One hb_subset_or_fail of ``face`` to ``glyphs`` with ``flags`` and, when ``drop``,
    WeasyPrint's dropped tables (its second pass reuses the first's input, so both drop
    them): the new face, or NULL."""
    plan = subset.hb_subset_input_create_or_fail()
    if plan == ffi.NULL:
        return ffi.NULL
    try:
        kept = subset.hb_subset_input_glyph_set(plan)
        for glyph in glyphs:
            harfbuzz.hb_set_add(kept, glyph)
        subset.hb_subset_input_set_flags(plan, flags)
        if drop:
            dropped = subset.hb_subset_input_set(plan, _DROP_TABLE_TAG)
            for tag in DROPPED_TABLES:
                harfbuzz.hb_set_add(dropped, harfbuzz.hb_tag_from_string(tag, -1))
        return subset.hb_subset_or_fail(face, plan)
    finally:
        subset.hb_subset_input_destroy(plan)
