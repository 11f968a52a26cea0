"""Reading puzzle files: one puzzle per line, or Project Euler 96 grids; a
gzip-compressed file as its text; a bundled collection by its name
(:func:`sudoku_models.formats.collection_names`) where no file has it.

Files are read incrementally, with a bound on the line length and on the
total size, so a huge file, a file with no line break or a device such as
``/dev/zero`` is rejected after reading a few KB instead of filling memory.
Blocks of plain lines (one character per cell, comments on lines of their
own) are read with numpy at once; anything else line by line.
"""

from __future__ import annotations

import errno
import gzip
import itertools
import json
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Union

import numpy as np

from .. import validation
from ..errors import PuzzleFormatError
from ..puzzle import Puzzle, cell_values
from . import collection_file, collection_names
from .json_text import JSON_HOOKS, loads
from .puzzle_text import read_puzzle
from ..limits import (MAX_FILE_BYTES, MAX_FILE_PUZZLES, MAX_JSON_BYTES, MAX_LINE_BYTES,
                      MAX_PUZZLE_SIDE)

_CHUNK = 1 << 16
_BOM = b"\xef\xbb\xbf"
_GZIP_MAGIC = b"\x1f\x8b"
_EULER_HEADER = re.compile(r"^\s*grid\b\s*(.*)$", re.IGNORECASE)
_NEWLINE = ord("\n")
_RETURN = ord("\r")
_COMMENT = ord("#")
_PLAIN_ORDERS = {n**4: n for n in range(2, 6)}  # one character per cell: orders 2 to 5

Source = Union[str, os.PathLike, IO[str], IO[bytes]]


@dataclass(frozen=True)
class PuzzleGrids:
    """The puzzles of one source as arrays (:func:`read_grids`).

    * ``names``: ``P`` names, ``"<file name>:<line>"`` as :attr:`Puzzle.name`;
    * ``order``: the order of every puzzle; None when the source mixes
      orders or holds no puzzle;
    * ``grids``: ``(P, order**4)`` uint8 cell values row by row, 0 = empty
      (reshape to ``(P, order**2, order**2)`` for grids); None when
      ``order`` is.
    """

    names: list[str]
    order: int | None
    grids: np.ndarray | None
    _puzzles: list[Puzzle] | None = field(default=None, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.names)

    def puzzles(self) -> list[Puzzle]:
        """The same puzzles as a new list of :class:`Puzzle` (named)."""
        if self._puzzles is not None:
            return list(self._puzzles)
        if self.grids is None:
            return []
        side = self.order * self.order
        return [Puzzle(grid.reshape(side, side), self.order, name)
                for grid, name in zip(self.grids, self.names)]


def read_puzzles(
    source: Source,
    *,
    max_line_bytes: int | None = MAX_LINE_BYTES,
    max_bytes: int | None = MAX_FILE_BYTES,
    max_puzzles: int | None = MAX_FILE_PUZZLES,
) -> list[Puzzle]:
    """Every puzzle of a file, of standard input or of a stream, as a list of
    :class:`Puzzle`, of any sizes and rules; see :func:`read_grids` for the
    formats, the bounds and the errors."""
    return read_any(source, max_line_bytes, max_bytes, max_puzzles).puzzles()


def read_grids(
    source: Source,
    *,
    max_line_bytes: int | None = MAX_LINE_BYTES,
    max_bytes: int | None = MAX_FILE_BYTES,
    max_puzzles: int | None = MAX_FILE_PUZZLES,
) -> PuzzleGrids:
    """Read every puzzle of a file, of standard input or of a stream into a
    :class:`PuzzleGrids`: one ``(P, n**4)`` array for puzzles of one order
    ``n``, with their names (no :class:`Puzzle` object per line).

    ``source`` is a path (``str`` or ``os.PathLike``), the string ``"-"`` for
    standard input, or an open stream, text or binary (anything with a
    ``read(size)`` method; a binary stream is decoded as UTF-8). Three layouts
    are recognised:

    * one puzzle per line in :meth:`Puzzle.from_string`'s format (81
      characters for 9 x 9, '.' or '0' empty), or in any one-line format
      :func:`~sudoku_models.puzzle.read_puzzle` reads (a SudokuPad or
      f-puzzles link, an lz-string payload, an Interactive Sudoku Solver
      constraint string, a short-format killer); blank lines and lines
      starting with '#' are skipped, and so is anything after
      whitespace-separated ``#`` on a puzzle line;
    * JSON (a file whose first character is ``{`` or ``[``): one object, a
      list of objects or one object per line, bounded by
      :data:`~sudoku_models.limits.MAX_JSON_BYTES` as a whole instead of by lines;
    * Project Euler 96: a ``Grid NN`` line, then ``n*n`` lines of ``n*n``
      digits (detected from the first non-comment line).

    Lines end with ``\\n``, ``\\r\\n`` or ``\\r``. Text is UTF-8; a byte-order
    mark at the start is skipped. The source is read in chunks: a line longer
    than ``max_line_bytes`` (default :data:`~sudoku_models.limits.MAX_LINE_BYTES`, 16 KiB), more
    than ``max_bytes`` bytes in all (default :data:`~sudoku_models.limits.MAX_FILE_BYTES`, 1 GiB) or
    more than ``max_puzzles`` puzzles (default :data:`~sudoku_models.limits.MAX_FILE_PUZZLES`, two
    million) is rejected as soon as it is seen; ``None`` lifts a bound.
    Blocks of plain lines (one value character per cell, nothing else on
    the line, comments on lines of their own) are read with numpy at once,
    17clue.txt's 49,158 puzzles in a few hundredths of a second; other
    lines one by one with :meth:`Puzzle.from_string`.

    Each puzzle's name is ``"<file name>:<line>"`` (the line where it
    starts; ``<stdin>`` for standard input, the stream's ``name`` or
    ``<stream>`` for a stream; ``"<file name>:Grid NN"`` in the Project Euler
    layout). Raises :class:`PuzzleFormatError` naming the source and line of
    the first bad puzzle, of a line too long or of bytes that are not UTF-8,
    or the bound that was passed; ``OSError`` (for example
    ``FileNotFoundError``, ``IsADirectoryError``) when the file cannot be
    opened or read, always with ``strerror`` and ``filename`` set;
    ``TypeError`` for a ``source`` of another type.

    The arrays hold classic puzzles of one order: a source that mixes orders,
    or holds variants (layouts other than square boxes, constraints), is a
    :class:`PuzzleFormatError` naming the first puzzle that differs
    (:func:`read_puzzles` reads those).
    """
    grids = read_any(source, max_line_bytes, max_bytes, max_puzzles)
    if grids.grids is None and len(grids):
        puzzles = grids.puzzles()
        odd = next(p for p in puzzles
                   if p.order is None or p.constraints or p.order != puzzles[0].order)
        what = (f"{odd.layout.name}{' with constraints' if odd.constraints else ''}"
                if odd.order is None or odd.constraints else
                f"of order {odd.order}, {puzzles[0].name} of order {puzzles[0].order}")
        raise PuzzleFormatError(
            f"{odd.name}: read_grids holds classic puzzles of one order in one array, and this "
            f"puzzle is {what}; read_puzzles reads any mix")
    return grids


def read_any(source: Source, max_line_bytes: int | None = MAX_LINE_BYTES,
             max_bytes: int | None = MAX_FILE_BYTES,
             max_puzzles: int | None = MAX_FILE_PUZZLES) -> PuzzleGrids:
    """:func:`read_grids` for any mix of puzzles: the arrays when the puzzles
    are classic and of one order, else ``grids`` and ``order`` None and the
    puzzles kept (:meth:`PuzzleGrids.puzzles`). For commands that take the
    fast path when they can."""
    validation.optional_whole_number(max_line_bytes, "max_line_bytes", 1)
    validation.optional_whole_number(max_bytes, "max_bytes", 1)
    validation.optional_whole_number(max_puzzles, "max_puzzles", 1)
    if isinstance(source, (str, os.PathLike)) and os.fspath(source) == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        if stream is None:
            raise OSError(errno.EBADF, "standard input is closed", "-")
        return _read(stream, "<stdin>", "<stdin>", max_line_bytes, max_bytes, max_puzzles)
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        if not os.fspath(source):
            raise FileNotFoundError(errno.ENOENT, "empty file name", "''")
        label, short = str(path), path.name
        name = os.fspath(source)
        bundled = None if os.path.lexists(name) or os.sep in name else collection_file(name)
        if bundled is not None:  # puzzles named as in the file, "top95.txt:3"
            path, label, short = bundled, name, bundled.name.removesuffix(".gz")
        try:
            stream = path.open("rb")
        except OSError as exc:
            if isinstance(exc, FileNotFoundError) and bundled is None and os.sep not in name:
                raise FileNotFoundError(
                    errno.ENOENT, f"no such file, nor a bundled collection (the collections: "
                    f"{', '.join(collection_names())})", str(path)) from None
            raise _named(exc, str(path)) from None
        with stream:
            if stream.peek(2)[:2] == _GZIP_MAGIC:  # a compressed collection (or file)
                with gzip.open(stream) as unpacked:
                    return _read(unpacked, label, short, max_line_bytes, max_bytes, max_puzzles)
            return _read(stream, label, short, max_line_bytes, max_bytes, max_puzzles)
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


def _read(stream, label: str, short: str, max_line_bytes, max_bytes, max_puzzles) -> PuzzleGrids:
    """Read ``stream`` block by block: blocks in the plain layout go through
    :func:`_plain_block` (vectorised); from the first block that is not, the
    rest is read line by line (:func:`_read_lines`), which also reports bad
    lines, so errors are the same on both paths."""
    blocks = _blocks(stream, label, max_line_bytes, max_bytes)
    parts: list[np.ndarray] = []  # (k, length) uint8 cell values per block
    numbers: list[np.ndarray] = []  # (k,) their line numbers
    count = 0
    length = None  # characters of a puzzle line, once one is seen
    first = 1  # number of the first line of the next block
    rest: list[Puzzle] = []
    for block, text_stream in blocks:
        if first == 1 and block.lstrip()[:1] in (b"{", b"["):
            return _read_json(itertools.chain([(block, text_stream)], blocks), label, short,
                              max_puzzles)
        plain = _plain_block(block, length, max_line_bytes, text_stream)
        if plain is None:
            lines = _content_lines(itertools.chain([(block, text_stream)], blocks), first, label,
                                   max_line_bytes)
            rest = _read_lines(lines, label, short, count, max_puzzles, euler=length is None)
            break
        values, rows, length, lines_in_block = plain
        if rows.size:
            count += len(rows)
            if max_puzzles is not None and count > max_puzzles:
                _too_many(label, max_puzzles)
            parts.append(values)
            numbers.append(rows + first)
        first += lines_in_block
    names = [f"{short}:{number}" for number in itertools.chain.from_iterable(
        part.tolist() for part in numbers)]
    grids = np.concatenate(parts) if count else None
    if not rest:
        return PuzzleGrids(names, _PLAIN_ORDERS[length] if count else None, grids)
    puzzles = (PuzzleGrids(names, _PLAIN_ORDERS[length], grids).puzzles() if count else []) + rest
    orders = {p.order for p in puzzles}
    if len(orders) > 1:
        return PuzzleGrids([p.name for p in puzzles], None, None, puzzles)
    stacked = np.stack([p.grid.ravel() for p in puzzles]).astype(np.uint8)
    return PuzzleGrids([p.name for p in puzzles], orders.pop(), stacked, puzzles)


def _read_json(blocks, label: str, short: str, max_puzzles) -> PuzzleGrids:
    """Puzzles in JSON (:mod:`~sudoku_models.formats.toolkit_json`): one object, a list
    of objects, or one object per line (JSON lines); named
    ``"<file name>:<line>"`` for JSON lines and ``"<file name>#<index>"``
    (1-based) for a list. Each may be of the toolkit's format or f-puzzles."""
    from .toolkit_json import from_json  # with the kinds: a file of lines needs neither

    raw = b"".join(block for block, _ in blocks)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzleFormatError(f"{label}: not a UTF-8 text file ({exc.reason})") from None
    try:
        documents = json.loads(text, **JSON_HOOKS)
    except json.JSONDecodeError as exc:
        if not exc.msg.startswith("Extra data"):
            raise PuzzleFormatError(f"{label}: not valid JSON: {exc.msg} at line {exc.lineno}, "
                                    f"column {exc.colno}") from None
        documents = None
    except PuzzleFormatError as exc:
        raise PuzzleFormatError(f"{label}: {exc}") from None
    except RecursionError:
        raise PuzzleFormatError(f"{label}: the JSON is nested too deeply for a puzzle") from None
    if documents is None:  # JSON lines: one document per non-blank line
        items = [(f"{short}:{number}", f"{label}, line {number}",
                  loads(line, f"{label}, line {number}"))
                 for number, line in enumerate(text.splitlines(), start=1)
                 if line.strip() and not line.lstrip().startswith("#")]
    elif isinstance(documents, list):
        items = [(f"{short}#{index}", f"{label}, puzzle {index}", item)
                 for index, item in enumerate(documents, start=1)]
    else:
        items = [(short, label, documents)]
    if max_puzzles is not None and len(items) > max_puzzles:
        _too_many(label, max_puzzles)
    puzzles = []
    for name, where, item in items:
        puzzle = from_json(item, where=where)
        puzzles.append(puzzle if puzzle.name else Puzzle(puzzle.grid, puzzle.rules, name))
    orders = {p.order for p in puzzles}
    classic = len(orders) == 1 and None not in orders and all(not p.constraints for p in puzzles)
    grids = np.stack([p.grid.ravel() for p in puzzles]).astype(np.uint8) if classic else None
    return PuzzleGrids([p.name for p in puzzles], orders.pop() if classic else None, grids,
                       puzzles)


def _too_many(label: str, max_puzzles: int):
    raise PuzzleFormatError(
        f"{label}: more than {max_puzzles} puzzles (raise max_puzzles to read more)"
    )


def _plain_block(block: bytes, length: int | None, max_line_bytes, text_stream):
    """Read a block of whole lines at once when every line is blank (empty),
    a comment (starting with ``#``) or a puzzle of ``length`` characters
    (the first puzzle line's length when None: 16, 81, 256 or 625), one
    value character per cell; line ends ``\\n`` or ``\\r\\n``.

    Returns ``(values, rows, length, lines)``: ``(k, length)`` uint8 cell
    values of the ``k`` puzzle lines (None when ``k`` is 0), their ``(k,)``
    0-based line indexes in the (non-empty) block, the puzzle length and
    the number of lines in the block; or None when any line is something
    else (another length, a separator, whitespace, a trailing comment, a bad
    character, bytes that are not UTF-8, a lone ``\\r``, a line over
    ``max_line_bytes``): the caller reads the block line by line then.
    """
    if not block.isascii():  # allowed in comments only; never in a puzzle line
        try:
            block.decode("utf-8", "surrogatepass" if text_stream else "strict")
        except UnicodeDecodeError:
            return None
    codes = np.frombuffer(block, dtype=np.uint8)
    ends = np.flatnonzero(codes == _NEWLINE)
    if not block.endswith(b"\n"):
        ends = np.append(ends, len(codes))
    starts = np.concatenate(([0], ends[:-1] + 1))
    sizes = ends - starts
    if b"\r" in block:  # only as part of "\r\n": drop it from the line
        returns = np.flatnonzero(codes == _RETURN)
        if returns[-1] + 1 == len(codes) or (codes[returns + 1] != _NEWLINE).any():
            return None
        sizes -= (sizes > 0) & (codes[ends - 1] == _RETURN)
    if max_line_bytes is not None and sizes.max() > max_line_bytes:
        return None
    heads = codes[np.minimum(starts, len(codes) - 1)]  # first bytes (of an empty line: any)
    rows = np.flatnonzero((sizes > 0) & (heads != _COMMENT))
    if not rows.size:
        return None, rows, length, len(starts)
    length = int(sizes[rows[0]]) if length is None else length
    order = _PLAIN_ORDERS.get(length)
    if order is None or (sizes[rows] != length).any():
        return None
    values = cell_values(codes[starts[rows][:, None] + np.arange(length)])
    if values.max() > order * order:
        return None
    return values, rows, length, len(starts)


def _blocks(stream, label: str, max_line_bytes, max_bytes) -> Iterator[tuple[bytes, bool]]:
    """The bytes of ``stream``, read ``_CHUNK`` at a time, as blocks of whole
    lines (each ends with a line break but the file's last; never empty), a
    leading byte-order mark dropped, each with whether ``stream`` gave text (then
    encoded to UTF-8 with surrogates passed). Raises
    :class:`PuzzleFormatError` beyond ``max_bytes`` or as soon as an
    unfinished line is longer than ``max_line_bytes``."""
    number = 0  # lines in the blocks so far
    total = 0
    pending = b""
    text_stream = False
    is_json = None  # known from the first byte that is not white space
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
        if is_json is None and chunk.lstrip(_BOM + b" \t\r\n"):
            is_json = chunk.lstrip(_BOM + b" \t\r\n")[:1] in (b"{", b"[")
            if is_json:  # one document: bounded as a whole, not by lines
                max_line_bytes = None
                max_bytes = MAX_JSON_BYTES if max_bytes is None else min(max_bytes,
                                                                          MAX_JSON_BYTES)
        if max_bytes is not None and total > max_bytes:
            raise PuzzleFormatError(
                f"{label}: more than {max_bytes} bytes (raise max_bytes to read more)"
            )
        data = pending + chunk
        lines = data.splitlines(keepends=True)
        # the last piece may continue in the next chunk (even after a '\r')
        pending = lines.pop() if chunk and lines else b""
        block = bytes(data[:len(data) - len(pending)])
        if number == 0 and block.startswith(_BOM):
            block = block[len(_BOM):]
        number += len(lines)
        if block:
            yield block, text_stream
        if not chunk:
            return
        if max_line_bytes is not None and len(pending.rstrip(b"\r\n")) > max_line_bytes:
            _too_long(label, number + 1, max_line_bytes)


def _read_lines(numbered, label: str, short: str, count: int, max_puzzles, euler: bool):
    """The puzzles of ``(line number, text)`` content lines, after ``count``
    read already: one per line, or Project Euler 96 blocks when ``euler``
    and the first line is a ``Grid NN`` header."""
    puzzles: list[Puzzle] = []
    first = next(numbered, None)
    if first is None:
        return puzzles
    if euler and _EULER_HEADER.match(first[1]):
        found = _read_euler(label, short, first, numbered)
    else:
        found = (
            read_puzzle(line, where=f"{label}, line {number}", name=f"{short}:{number}")
            for number, line in itertools.chain([first], numbered)
        )
    for puzzle in found:
        if max_puzzles is not None and count + len(puzzles) >= max_puzzles:
            _too_many(label, max_puzzles)
        puzzles.append(puzzle)
    return puzzles


def _content_lines(blocks, first: int, label, max_line_bytes) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of the lines of ``blocks`` (numbered from
    ``first``) that are not blank or comments, a trailing ``" #"`` comment
    cut and whitespace stripped."""
    number = first - 1
    for block, text_stream in blocks:
        for raw in block.splitlines():
            number += 1
            line = _decode(raw, label, number, max_line_bytes, text_stream)
            if line.strip() and not line.lstrip().startswith("#"):
                yield number, line.split(" #")[0].strip()


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
        f"line (the longest, order 6 with commas, is about 5 KB; JSON files are bounded as a "
        f"whole)"
    )


def _read_euler(label: str, short: str, first, rest) -> Iterator[Puzzle]:
    """Group ``Grid NN`` blocks; every block's rows are joined and parsed."""
    block = [first]
    for entry in rest:
        if _EULER_HEADER.match(entry[1]):
            yield _euler_block(label, short, block)
            block = [entry]
        elif len(block) > MAX_PUZZLE_SIDE:
            raise PuzzleFormatError(
                f"{label}, line {entry[0]}: grid {block[0][1]!r} has more than {MAX_PUZZLE_SIDE} rows"
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
