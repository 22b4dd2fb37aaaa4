"""The messages between a command and its resident process: JSON lines, descriptors attached,
every field checked."""

from __future__ import annotations

import os
import socket
import threading

import pytest

from cardforge.resident import resident_wire as wire

REQUEST = {"argv": ["build", "dg"], "cwd": "/ws", "env": {"LANG": "C.UTF-8"}, "umask": 0o022}


def test_a_request_arrives_whole_with_its_descriptors(tmp_path) -> None:
    left, right = socket.socketpair()
    files = [os.open(tmp_path / name, os.O_CREAT | os.O_RDWR) for name in ("in", "out", "err")]
    big = {**REQUEST, "env": {f"V{i}": "x" * 100 for i in range(2000)}}  # 200 kB: several reads
    sender = threading.Thread(target=lambda: (wire.send(left, big, files), wire.send(left, {"pid": 7})))
    sender.start()
    reader = wire.Reader(right, max_fds=3)
    request = wire.request_from(reader.next())
    assert request.argv == ["build", "dg"] and len(request.env) == 2000 and request.umask == 0o022
    assert reader.next() == {"pid": 7}
    sender.join()
    assert len(reader.fds) == 3
    os.write(reader.fds[1], b"to out")
    assert (tmp_path / "out").read_bytes() == b"to out"
    for fd in [*files, *reader.fds]:
        os.close(fd)


def test_a_closed_connection_is_an_error() -> None:
    left, right = socket.socketpair()
    left.close()
    with pytest.raises(wire.WireError, match="closed"):
        wire.Reader(right).next()


def test_a_message_over_the_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wire, "MAX_MESSAGE", 1000)
    left, right = socket.socketpair()
    left.sendall(b"{" + b" " * 5000)
    with pytest.raises(wire.WireError, match="limit"):
        wire.Reader(right).next()
    with pytest.raises(wire.WireError, match="limit"):
        wire.send(left, {"argv": ["x" * 2000]})


@pytest.mark.parametrize("line", [b"not json\n", b"[1, 2]\n"])
def test_a_line_that_is_not_a_json_object_is_refused(line: bytes) -> None:
    left, right = socket.socketpair()
    left.sendall(line)
    with pytest.raises(wire.WireError):
        wire.Reader(right).next()


@pytest.mark.parametrize("change", [{"argv": "build"}, {"argv": [1]}, {"cwd": "relative"},
                                    {"env": {"A": 1}}, {"umask": -1}, {"umask": 0o1000},
                                    {"argv": ["x"] * (wire.MAX_ARGS + 1)}])
def test_a_request_of_the_wrong_shape_is_refused(change: dict[str, object]) -> None:
    with pytest.raises(wire.WireError):
        wire.request_from({**REQUEST, **change})
