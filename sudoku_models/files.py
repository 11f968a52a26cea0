"""Reading puzzle files: one puzzle per line, or Project Euler 96 grids.

Files are read incrementally, with a bound on the line length and on the
total size, so a huge file, a file with no line break or a device such as
``/dev/zero`` is rejected after reading a few KB instead of filling memory.
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Union

from .errors import PuzzleFormatError
from .puzzle import MAX_ORDER, Puzzle

MAX_LINE_BYTES = 16 * 1024
"""Default bound on one line, in bytes (line break excluded). The longest
valid puzzle line, order 6 in the comma format with a space after every
comma, is about 5 KB."""
MAX_BYTES = 1 << 30
"""Default bound on the bytes read from one source (1 GiB; ``17clue.txt``,
49,158 puzzles, is 4 MB)."""
MAX_PUZZLES = 2_000_000
"""Default bound on the puzzles read from one source (about 2 GB of memory
for 9x9 puzzles; 40 times ``17clue.txt``)."""

_CHUNK = 1 << 16
_BOM = b"\xef\xbb\xbf"
_MAX_SIDE = MAX_ORDER * MAX_ORDER
_EULER_HEADER = re.compile(r"^\s*grid\b\s*(.*)$", re.IGNORECASE)

Source = Union[str, os.PathLike, IO[str], IO[bytes]]


def read_puzzles(
    source: Source,
    *,
    max_line_bytes: int | None = MAX_LINE_BYTES,
    max_bytes: int | None = MAX_BYTES,
    max_puzzles: int | None = MAX_PUZZLES,
) -> list[Puzzle]:
    """Read every puzzle of a file, of standard input or of a stream.

    ``source`` is a path (``str`` or ``os.PathLike``), the string ``"-"`` for
    standard input, or an open stream, text or binary (anything with a
    ``read(size)`` method; a binary stream is decoded as UTF-8). Two layouts
    are recognised:

    * one puzzle per line in :meth:`Puzzle.from_string`'s format (81
      characters for 9 x 9, '.' or '0' empty); blank lines and lines starting
      with '#' are skipped, and so is anything after whitespace-separated
      ``#`` on a puzzle line;
    * Project Euler 96: a ``Grid NN`` line, then ``n*n`` lines of ``n*n``
      digits (detected from the first non-comment line).

    Lines end with ``\\n``, ``\\r\\n`` or ``\\r``. Text is UTF-8; a byte-order
    mark at the start is skipped. The source is read in chunks: a line longer
    than ``max_line_bytes`` (default :data:`MAX_LINE_BYTES`, 16 KiB), more
    than ``max_bytes`` bytes in all (default :data:`MAX_BYTES`, 1 GiB) or
    more than ``max_puzzles`` puzzles (default :data:`MAX_PUZZLES`, two
    million) is rejected as soon as it is seen; ``None`` lifts a bound.

    Each puzzle's ``name`` is ``"<file name>:<line>"`` (the line where it
    starts; ``<stdin>`` for standard input, the stream's ``name`` or
    ``<stream>`` for a stream). Raises :class:`PuzzleFormatError` naming the
    source and line of the first bad puzzle, of a line too long or of bytes
    that are not UTF-8, or the bound that was passed; ``OSError`` (for
    example ``FileNotFoundError``, ``IsADirectoryError``) when the file
    cannot be opened or read, always with ``strerror`` and ``filename`` set;
    ``TypeError`` for a ``source`` of another type.
    """
    if isinstance(source, (str, os.PathLike)) and os.fspath(source) == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        if stream is None:
            raise OSError(errno.EBADF, "standard input is closed", "-")
        return _read(stream, "<stdin>", "<stdin>", max_line_bytes, max_bytes, max_puzzles)
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        if not os.fspath(source):
            raise FileNotFoundError(errno.ENOENT, "empty file name", "''")
        try:
            stream = open(path, "rb")
        except OSError as exc:
            raise _named(exc, str(path)) from None
        with stream:
            return _read(stream, str(path), path.name, max_line_bytes, max_bytes, max_puzzles)
    if hasattr(source, "read"):
        label = getattr(source, "name", None)
        label = label if isinstance(label, str) and label else "<stream>"
        return _read(source, label, Path(label).name or label, max_line_bytes, max_bytes,
                     max_puzzles)
    raise TypeError(
        f"read_puzzles takes a path, '-' or an open stream, got {type(source).__name__}"
    )


def _named(exc: OSError, filename: str) -> OSError:
    """``exc`` with ``strerror`` and ``filename`` set, so it prints in one line."""
    if exc.strerror and exc.filename is not None:
        return exc
    args = (exc.errno or errno.EIO, exc.strerror or str(exc) or type(exc).__name__, filename)
    try:
        return type(exc)(*args)
    except TypeError:  # a subclass with another constructor
        return OSError(*args)


def _read(stream, label: str, short: str, max_line_bytes, max_bytes, max_puzzles):
    numbered = _content_lines(stream, label, max_line_bytes, max_bytes)
    puzzles: list[Puzzle] = []
    first = next(numbered, None)
    if first is None:
        return puzzles
    if _EULER_HEADER.match(first[1]):
        blocks = _read_euler(label, short, first, numbered)
    else:
        blocks = (
            Puzzle.from_string(line, where=f"{label}, line {number}", name=f"{short}:{number}")
            for number, line in _chain(first, numbered)
        )
    for puzzle in blocks:
        if max_puzzles is not None and len(puzzles) >= max_puzzles:
            raise PuzzleFormatError(
                f"{label}: more than {max_puzzles} puzzles (raise max_puzzles to read more)"
            )
        puzzles.append(puzzle)
    return puzzles


def _chain(first, rest):
    yield first
    yield from rest


def _content_lines(stream, label, max_line_bytes, max_bytes) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of the lines that are not blank or comments,
    a trailing ``" #"`` comment cut and whitespace stripped."""
    for number, line in _lines(stream, label, max_line_bytes, max_bytes):
        if line.strip() and not line.lstrip().startswith("#"):
            yield number, line.split(" #")[0].strip()


def _lines(stream, label, max_line_bytes, max_bytes) -> Iterator[tuple[int, str]]:
    """Every line of ``stream`` as ``(number, text)``, 1-based, decoded from
    UTF-8 with a leading byte-order mark dropped, read ``_CHUNK`` at a time."""
    number = 0
    total = 0
    pending = b""
    text_stream = None
    while True:
        try:
            chunk = stream.read(_CHUNK)
        except OSError as exc:
            raise _named(exc, label) from None
        except UnicodeDecodeError as exc:  # a text stream over bad bytes
            raise PuzzleFormatError(
                f"{label}, after line {number}: not a UTF-8 text file ({exc.reason})"
            ) from None
        if isinstance(chunk, str):
            text_stream = True
            chunk = chunk.encode("utf-8", "surrogatepass")
        elif not isinstance(chunk, (bytes, bytearray)):
            raise TypeError(f"{label}: read() returned {type(chunk).__name__}, not str or bytes")
        total += len(chunk)
        if max_bytes is not None and total > max_bytes:
            raise PuzzleFormatError(
                f"{label}: more than {max_bytes} bytes (raise max_bytes to read more)"
            )
        data = pending + chunk
        lines = data.splitlines(keepends=True)
        # the last piece may continue in the next chunk (even after a '\r')
        pending = lines.pop() if chunk and lines else b""
        for raw in lines:
            number += 1
            if number == 1 and raw.startswith(_BOM):
                raw = raw[len(_BOM):]
            yield number, _decode(raw.rstrip(b"\r\n"), label, number, max_line_bytes,
                                  text_stream)
        if not chunk:
            return
        if max_line_bytes is not None and len(pending.rstrip(b"\r\n")) > max_line_bytes:
            _too_long(label, number + 1, max_line_bytes)


def _decode(raw: bytes, label, number, max_line_bytes, text_stream) -> str:
    if max_line_bytes is not None and len(raw) > max_line_bytes:
        _too_long(label, number, max_line_bytes)
    try:
        return raw.decode("utf-8", "surrogatepass" if text_stream else "strict")
    except UnicodeDecodeError as exc:
        raise PuzzleFormatError(
            f"{label}, line {number}: not UTF-8 text ({exc.reason} at byte {exc.start + 1})"
        ) from None


def _too_long(label, number, max_line_bytes):
    raise PuzzleFormatError(
        f"{label}, line {number}: longer than {max_line_bytes} bytes, too long for a puzzle "
        f"(the longest, order 6 with commas, is about 5 KB)"
    )


def _read_euler(label: str, short: str, first, rest) -> Iterator[Puzzle]:
    """Group ``Grid NN`` blocks; every block's rows are joined and parsed."""
    block = [first]
    for entry in rest:
        if _EULER_HEADER.match(entry[1]):
            yield _euler_block(label, short, block)
            block = [entry]
        elif len(block) > _MAX_SIDE:
            raise PuzzleFormatError(
                f"{label}, line {entry[0]}: grid {block[0][1]!r} has more than {_MAX_SIDE} rows"
            )
        else:
            block.append(entry)
    yield _euler_block(label, short, block)


def _euler_block(label: str, short: str, block: list[tuple[int, str]]) -> Puzzle:
    (number, header), rows = block[0], block[1:]
    if not _EULER_HEADER.match(header):
        raise PuzzleFormatError(
            f"{label}, line {number}: expected a 'Grid NN' header, got {header[:40]!r}"
        )
    if not rows:
        raise PuzzleFormatError(f"{label}, line {number}: grid {header!r} has no rows")
    side = len(rows[0][1])
    for row_number, row in rows:
        if len(row) != side or len(rows) != side:
            raise PuzzleFormatError(
                f"{label}, line {row_number}: grid {header!r} must have {side} rows of "
                f"{side} digits; this block has {len(rows)} rows and this row "
                f"{len(row)} characters"
            )
    return Puzzle.from_string(
        "".join(row for _, row in rows),
        where=f"{label}, {header} (line {number})",
        name=f"{short}:{header}",
    )
