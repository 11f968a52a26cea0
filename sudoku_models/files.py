"""Reading puzzle files: one puzzle per line, or Project Euler 96 grids."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .errors import PuzzleFormatError
from .puzzle import Puzzle

_EULER_HEADER = re.compile(r"^\s*grid\b\s*(.*)$", re.IGNORECASE)


def read_puzzles(path: str | os.PathLike) -> list[Puzzle]:
    """Read every puzzle of a file.

    Two layouts are recognised:

    * one puzzle per line in :meth:`Puzzle.from_string`'s format (81
      characters for 9 x 9, '.' or '0' empty); blank lines and lines starting
      with '#' are skipped, and so is anything after whitespace-separated
      ``#`` on a puzzle line;
    * Project Euler 96: a ``Grid NN`` line, then ``n*n`` lines of ``n*n``
      digits (detected from the first non-comment line).

    Each puzzle's ``name`` is ``"<file name>:<line>"`` (the line where it
    starts). Raises :class:`PuzzleFormatError` naming the file and line of the
    first bad puzzle, ``FileNotFoundError`` for a missing file.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzleFormatError(f"{path}: not a UTF-8 text file ({exc.reason})") from None
    numbered = [
        (number, line.split(" #")[0].strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if numbered and _EULER_HEADER.match(numbered[0][1]):
        return _read_euler(path, numbered)
    return [
        Puzzle.from_string(line, where=f"{path}, line {number}", name=f"{path.name}:{number}")
        for number, line in numbered
    ]


def _read_euler(path: Path, numbered: list[tuple[int, str]]) -> list[Puzzle]:
    """Group ``Grid NN`` blocks; every block's rows are joined and parsed."""
    puzzles = []
    index = 0
    while index < len(numbered):
        number, header = numbered[index]
        match = _EULER_HEADER.match(header)
        if not match:
            raise PuzzleFormatError(
                f"{path}, line {number}: expected a 'Grid NN' header, got {header[:40]!r}"
            )
        rows = []
        index += 1
        while index < len(numbered) and not _EULER_HEADER.match(numbered[index][1]):
            rows.append(numbered[index])
            index += 1
        if not rows:
            raise PuzzleFormatError(f"{path}, line {number}: grid {header!r} has no rows")
        side = len(rows[0][1])
        for row_number, row in rows:
            if len(row) != side or len(rows) != side:
                raise PuzzleFormatError(
                    f"{path}, line {row_number}: grid {header!r} must have {side} rows of "
                    f"{side} digits; this block has {len(rows)} rows and this row "
                    f"{len(row)} characters"
                )
        puzzles.append(
            Puzzle.from_string(
                "".join(row for _, row in rows),
                where=f"{path}, {header} (line {number})",
                name=f"{path.name}:{header}",
            )
        )
    return puzzles
