"""Reading a transcript's bytes safely and decoding them to text.

At most `max_bytes + 1` bytes are ever read, so `/dev/zero` or an endless
pipe ends in a clean error; pipes and FIFOs are read without blocking, with a
stall timeout. Decoding is strict UTF-8 (a leading BOM is allowed); a bad
byte is reported at its line and column.
"""

from __future__ import annotations

import os
import select
import stat
import sys
from typing import BinaryIO

from .errors import InputError, Problem
from .frozen import frozen

__all__ = ["Source", "DEFAULT_MAX_BYTES", "DEFAULT_STALL_SECONDS", "read_source", "decode"]

DEFAULT_MAX_BYTES = 8 * 1024 * 1024
DEFAULT_STALL_SECONDS = 30.0
STDIN = "-"
_CHUNK = 1 << 16


@frozen(slots=True)
class Source:
    """A transcript's text and the name it is reported under."""

    name: str
    text: str


def read_source(
    path: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    stall_seconds: float = DEFAULT_STALL_SECONDS,
) -> Source:
    """Read and decode one file (or standard input for `-`)."""
    name = "<stdin>" if path == STDIN else path
    data = _read_bytes(path, name, max_bytes=max_bytes, stall_seconds=stall_seconds)
    return Source(name, decode(data, name=name))


def _too_large(name: str, max_bytes: int) -> InputError:
    return InputError(
        Problem(f"file is larger than the {max_bytes:,}-byte limit (see --max-bytes)", 1, 1),
        file=name,
    )


def _read_bytes(path: str, name: str, *, max_bytes: int, stall_seconds: float) -> bytes:
    if path == STDIN:
        fd = sys.stdin.fileno()
        return _read_stream(fd, name, max_bytes=max_bytes, stall_seconds=stall_seconds)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(Problem("no such file"), file=name) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}"), file=name) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(Problem("a directory holding no transcripts (*.yaml, *.yml)"), file=name)
    if stat.S_ISREG(info.st_mode):
        if info.st_size > max_bytes:
            raise _too_large(name, max_bytes)
        try:
            with open(path, "rb", buffering=0) as handle:
                return _read_file(handle, name, size=info.st_size, max_bytes=max_bytes)
        except OSError as exc:
            raise InputError(Problem(f"cannot read: {exc.strerror}"), file=name) from None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}"), file=name) from None
    try:
        return _read_stream(fd, name, max_bytes=max_bytes, stall_seconds=stall_seconds, nonblocking=True)
    finally:
        os.close(fd)


def _read_file(handle: BinaryIO, name: str, *, size: int, max_bytes: int) -> bytes:
    """A regular file to its end, never more than the cap. The first read asks
    for the size `stat` gave, plus one byte (a buffer of the cap's size would
    cost more than the reading); a file that has grown since is read on."""
    data = handle.read(min(size, max_bytes) + 1)
    chunks = [data]
    total = len(data)
    while data and total <= max_bytes:
        data = handle.read(min(_CHUNK, max_bytes + 1 - total))
        chunks.append(data)
        total += len(data)
    if total > max_bytes:
        raise _too_large(name, max_bytes)
    return chunks[0] if len(chunks) == 2 else b"".join(chunks)


def _read_stream(fd: int, name: str, *, max_bytes: int, stall_seconds: float, nonblocking: bool = False) -> bytes:
    """Read a pipe, FIFO, device or terminal to EOF, never more than the cap,
    giving up when no byte arrives for `stall_seconds`. A non-blocking FIFO
    with no writer reads as empty at once."""
    chunks: list[bytes] = []
    total = 0
    selectable = nonblocking or not os.isatty(fd)
    while True:
        if selectable and not nonblocking and not _wait(fd, stall_seconds):
            raise InputError(Problem(f"no data arrived for {stall_seconds:g} seconds"), file=name)
        try:
            chunk = os.read(fd, min(_CHUNK, max_bytes + 1 - total))
        except BlockingIOError:
            if not _wait(fd, stall_seconds):
                raise InputError(Problem(f"no data arrived for {stall_seconds:g} seconds"), file=name) from None
            continue
        except OSError as exc:
            raise InputError(Problem(f"cannot read: {exc.strerror}"), file=name) from None
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise _too_large(name, max_bytes)


def _wait(fd: int, seconds: float) -> bool:
    """Whether `fd` became readable within `seconds` (True if it cannot be polled)."""
    try:
        ready, _, _ = select.select([fd], [], [], seconds)
    except (OSError, ValueError):
        return True
    return bool(ready)


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


def decode(data: bytes, *, name: str) -> str:
    """Strict UTF-8 with an optional leading BOM; a BOM anywhere else is an error."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _line_col(data, exc.start)
        raise InputError(
            Problem(f"not UTF-8: byte 0x{data[exc.start]:02x} cannot be decoded", line, column),
            file=name,
        ) from None
    bom = text.find("\ufeff")
    if bom >= 0:
        line = text.count("\n", 0, bom) + 1
        column = bom - (text.rfind("\n", 0, bom) + 1) + 1
        raise InputError(Problem("byte-order mark (U+FEFF) inside the file", line, column), file=name)
    return text
