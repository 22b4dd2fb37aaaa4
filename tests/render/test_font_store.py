"""The face cache's font programs (cardforge/render/cache/font_store.py): originals kept under
their SHA-256, checked when read back, hashed once when a layout worker keeps them."""

from __future__ import annotations

import hashlib

import pytest

from cardforge.render.cache import font_store
from cardforge.render.cache.font_store import FontStore

PROGRAM = b"\x00\x01\x00\x00" + bytes(range(256)) * 64
DIGEST = hashlib.sha256(PROGRAM).hexdigest()


def test_an_original_is_kept_under_its_digest_and_read_back(tmp_path):
    store = FontStore(tmp_path)
    store.put_original(DIGEST, PROGRAM)
    assert store.has_original(DIGEST)
    assert (tmp_path / "fonts" / f"{DIGEST}.font").read_bytes() == PROGRAM
    assert store.original(DIGEST) == PROGRAM


def test_a_program_under_another_digest_is_refused_and_nothing_is_written(tmp_path):
    store = FontStore(tmp_path)
    wrong = hashlib.sha256(b"another program").hexdigest()
    with pytest.raises(ValueError, match="digest"):
        store.put_original(wrong, PROGRAM)
    assert not store.has_original(wrong)
    assert not (tmp_path / "fonts").exists() or list((tmp_path / "fonts").iterdir()) == []


def test_a_program_the_caller_digested_is_not_hashed_again(tmp_path, monkeypatch):
    hashed: list[int] = []
    real = hashlib.sha256

    def counting(data: bytes = b"") -> object:
        hashed.append(len(data))
        return real(data)

    monkeypatch.setattr(font_store.hashlib, "sha256", counting)
    store = FontStore(tmp_path)
    store.put_original(DIGEST, PROGRAM, digested=True)
    assert hashed == []
    assert store.original(DIGEST) == PROGRAM  # reading back still checks the bytes
    assert hashed == [len(PROGRAM)]


def test_a_kept_original_changed_on_disk_is_not_read_back(tmp_path):
    store = FontStore(tmp_path)
    store.put_original(DIGEST, PROGRAM)
    kept = tmp_path / "fonts" / f"{DIGEST}.font"
    kept.write_bytes(PROGRAM[:-1] + b"\x00")
    assert store.original(DIGEST) is None
