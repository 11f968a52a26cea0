"""The puzzle type: order, clues, parsing and formatting.

A puzzle of order ``n`` has boxes of ``n x n`` cells and a side of ``n*n``
cells; a classic 9 x 9 Sudoku has order 3. Clues are held as an
``(n*n, n*n)`` int array with 0 for an empty cell.

Line format (``Puzzle.from_string`` / ``Puzzle.to_string``), chosen so that
every order round-trips:

* orders 2 to 5 (4 x 4 up to 25 x 25): one character per cell, row by row.
  Values 1 to 9 are digits, 10 to 25 the letters ``A`` to ``P`` (either case),
  so a 16 x 16 puzzle uses ``1-9A-G``; ``.`` or ``0`` is an empty cell.
  Spaces, line breaks and the box separators ``|``, ``+`` and ``-`` are
  ignored, so the output of ``str(puzzle)`` reads back.
* any order (needed from order 6, 36 x 36): integers separated by commas,
  0 for an empty cell, for example ``"1,0,0,4,..."``. A line that holds a
  comma is read this way.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import numpy as np

from .errors import PuzzleFormatError
from .houses import house_cells, house_name

MIN_ORDER = 2
MAX_ORDER = 6
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"  # value v is SYMBOLS[v - 1], orders 2..5
EMPTY = ".0"
_IGNORED = re.compile(r"[\s|+\-]")
_SIDES = {n * n: n for n in range(MIN_ORDER, MAX_ORDER + 1)}
_LENGTHS = {n**4: n for n in range(MIN_ORDER, MAX_ORDER + 1)}


class Conflict(NamedTuple):
    """Two or more clues that repeat ``value`` in one house.

    ``house`` is a readable name such as ``"row 1"`` or ``"box 5"``;
    ``cells`` are 1-based ``(row, column)`` pairs.
    """

    house: str
    value: int
    cells: tuple[tuple[int, int], ...]


def _where(where: str | None) -> str:
    return f"{where}: " if where else ""


class Puzzle:
    """An immutable Sudoku puzzle of order ``n`` (2 to 6: 4 x 4 up to 36 x 36).

    Build one with :meth:`from_string`, :meth:`from_grid` or :meth:`from_clues`
    rather than directly. Attributes:

    * ``order``: ``n``; the side is ``n*n``.
    * ``grid``: read-only ``(n*n, n*n)`` int array, 0 = empty.
    * ``name``: where the puzzle came from (``"top95.txt:3"``), or ``""``;
      not part of equality.

    A puzzle may have contradictory clues (see :meth:`conflicts`): it is then
    well formed but infeasible, and every solver reports status INFEASIBLE.
    """

    __slots__ = ("order", "grid", "name")

    def __init__(self, grid: np.ndarray, order: int, name: str = "") -> None:
        grid = np.array(grid, dtype=np.int64)
        grid.setflags(write=False)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "name", name)

    def __setattr__(self, key, value):
        raise AttributeError("Puzzle is immutable")

    # -- constructors -----------------------------------------------------

    @classmethod
    def from_string(cls, text: str, *, where: str | None = None, name: str = "") -> Puzzle:
        """Parse the line format described in the module docstring.

        ``where`` (for example ``"puzzles.txt, line 12"``) prefixes error
        messages. Raises :class:`PuzzleFormatError` on a wrong length, a
        character that is not a value or on a value too large for the order.
        """
        if "," in text:
            return cls._from_tokens(text, where=where, name=name)
        cells = _IGNORED.sub("", text)
        order = _LENGTHS.get(len(cells))
        if order is None or order > 5:
            expected = ", ".join(str(n) for n in sorted(_LENGTHS) if _LENGTHS[n] <= 5)
            raise PuzzleFormatError(
                f"{_where(where)}a puzzle has {expected} cells (orders 2 to 5, one character "
                f"each; use comma-separated numbers for order 6), got {len(cells)}"
            )
        side = order * order
        values = np.zeros(side * side, dtype=np.int64)
        for index, char in enumerate(cells.upper()):
            if char in EMPTY:
                continue
            value = SYMBOLS.find(char) + 1
            row, col = divmod(index, side)
            if value == 0:
                raise PuzzleFormatError(
                    f"{_where(where)}row {row + 1}, column {col + 1}: {char!r} is not a value "
                    f"(use 1-9, A-P for 10-25, '.' or '0' for empty)"
                )
            if value > side:
                raise PuzzleFormatError(
                    f"{_where(where)}row {row + 1}, column {col + 1}: value {char!r} ({value}) "
                    f"is out of range 1..{side} for a {side}x{side} puzzle"
                )
            values[index] = value
        return cls(values.reshape(side, side), order, name)

    @classmethod
    def _from_tokens(cls, text: str, *, where: str | None, name: str) -> Puzzle:
        tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
        order = _LENGTHS.get(len(tokens))
        if order is None:
            raise PuzzleFormatError(
                f"{_where(where)}a comma-separated puzzle has "
                f"{', '.join(str(n) for n in sorted(_LENGTHS))} values, got {len(tokens)}"
            )
        side = order * order
        values = []
        for index, token in enumerate(tokens):
            row, col = divmod(index, side)
            if not token.isdigit():
                raise PuzzleFormatError(
                    f"{_where(where)}row {row + 1}, column {col + 1}: {token!r} is not a number"
                )
            values.append(int(token))
        return cls.from_grid(np.array(values).reshape(side, side), where=where, name=name)

    @classmethod
    def from_grid(cls, grid, *, where: str | None = None, name: str = "") -> Puzzle:
        """Build from a square grid: nested lists or a numpy array, 0 = empty.

        The shape must be ``(n*n, n*n)`` for an order ``n`` from 2 to 6 and
        every value an integer in ``0..n*n``. Raises :class:`PuzzleFormatError`
        naming the offending row, column and value.
        """
        try:
            array = np.asarray(grid)
        except ValueError as exc:  # ragged nested lists
            raise PuzzleFormatError(f"{_where(where)}the grid is not rectangular ({exc})") from None
        if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] not in _SIDES:
            sides = ", ".join(f"{s}x{s}" for s in _SIDES)
            raise PuzzleFormatError(
                f"{_where(where)}a grid must be square with side {sides}; got shape {array.shape}"
            )
        side = array.shape[0]
        if array.dtype.kind not in "iuf" and array.dtype != object:
            raise PuzzleFormatError(f"{_where(where)}grid values must be numbers, got {array.dtype}")
        values = np.zeros((side, side), dtype=np.int64)
        for (row, col), value in np.ndenumerate(array):
            if isinstance(value, bool) or not _is_integral(value) or not 0 <= value <= side:
                raise PuzzleFormatError(
                    f"{_where(where)}row {row + 1}, column {col + 1}: value {_plain(value)!r} is not an "
                    f"integer in 0..{side} (0 = empty)"
                )
            values[row, col] = int(value)
        return cls(values, _SIDES[side], name)

    @classmethod
    def from_clues(cls, clues, order: int = 3, *, name: str = "") -> Puzzle:
        """Build from the clue matrix B of MATLAB's ``sudokuEngine(B)``.

        ``clues`` is an N x 3 array-like of 1-based ``(row, column, value)``
        rows. As in ``sudokuEngine``, a square ``(n*n, n*n)`` matrix is read as a
        grid instead. Raises :class:`PuzzleFormatError` naming the row of B
        that holds a non-integer, an index or value outside ``1..n*n``, or a
        second, different value for a cell.
        """
        array = np.asarray(clues, dtype=object)
        if array.ndim == 2 and array.shape[0] == array.shape[1] and array.shape[0] in _SIDES:
            return cls.from_grid(array, name=name)
        if array.size == 0:
            array = array.reshape(0, 3)
        if array.ndim != 2 or array.shape[1] != 3:
            raise PuzzleFormatError(
                f"the clue matrix B must be N x 3 (row, column, value), got shape {array.shape}"
            )
        if order not in range(MIN_ORDER, MAX_ORDER + 1):
            raise PuzzleFormatError(f"order must be {MIN_ORDER}..{MAX_ORDER}, got {order!r}")
        side = order * order
        grid = np.zeros((side, side), dtype=np.int64)
        for number, entry in enumerate(array, start=1):
            for label, value in zip(("row index", "column index", "value"), entry):
                if isinstance(value, bool) or not _is_integral(value) or not 1 <= value <= side:
                    raise PuzzleFormatError(
                        f"row {number} of B {_format_row(entry)}: {label} {_plain(value)!r} is not an "
                        f"integer in 1..{side}"
                    )
            row, col, value = (int(v) for v in entry)
            if grid[row - 1, col - 1] not in (0, value):
                raise PuzzleFormatError(
                    f"row {number} of B {_format_row(entry)}: cell ({row}, {col}) already has "
                    f"the clue {grid[row - 1, col - 1]}"
                )
            grid[row - 1, col - 1] = value
        return cls(grid, order, name)

    # -- views ------------------------------------------------------------

    @property
    def side(self) -> int:
        """Cells per row, column and box: ``order**2``."""
        return self.order * self.order

    @property
    def num_clues(self) -> int:
        """Number of filled cells."""
        return int(np.count_nonzero(self.grid))

    def clue_list(self) -> np.ndarray:
        """The clues as MATLAB's B: ``(num_clues, 3)`` int array of 1-based
        (row, column, value), in row-major order."""
        rows, cols = np.nonzero(self.grid)
        return np.column_stack([rows + 1, cols + 1, self.grid[rows, cols]])

    def conflicts(self) -> list[Conflict]:
        """Clues that repeat a value in a house (row, column or box).

        Returns one :class:`Conflict` per house and repeated value; an empty
        list means the clues are consistent (not that the puzzle is solvable).
        """
        found = []
        flat = self.grid.ravel()
        for house, cells in enumerate(house_cells(self.order)):
            values = flat[cells]
            counts = np.bincount(values, minlength=self.side + 1)
            for value in np.nonzero(counts[1:] > 1)[0] + 1:
                where = cells[values == value]
                found.append(
                    Conflict(
                        house_name(self.order, house),
                        int(value),
                        tuple((int(c) // self.side + 1, int(c) % self.side + 1) for c in where),
                    )
                )
        return found

    def to_string(self) -> str:
        """The one-line format (see module docstring); round-trips through
        :meth:`from_string`."""
        if self.order <= 5:
            return "".join("." if v == 0 else SYMBOLS[v - 1] for v in self.grid.ravel())
        return ",".join(str(v) for v in self.grid.ravel())

    def __str__(self) -> str:
        n, side = self.order, self.side
        width = 1 if side <= 25 else 2
        symbol = (lambda v: "." if v == 0 else SYMBOLS[v - 1]) if width == 1 else (
            lambda v: f"{v:>2}" if v else " .")
        rule = "+".join(["-" * ((width + 1) * n + 1)] * n)
        lines = []
        for row in range(side):
            if row and row % n == 0:
                lines.append(rule)
            boxes = [
                " ".join(symbol(v) for v in self.grid[row, b * n : (b + 1) * n]) for b in range(n)
            ]
            lines.append(" " + " | ".join(boxes))
        return "\n".join(lines)

    def __repr__(self) -> str:
        label = f", name={self.name!r}" if self.name else ""
        return f"Puzzle(order={self.order}, clues={self.num_clues}{label}, {self.to_string()!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Puzzle) and np.array_equal(self.grid, other.grid)

    def __hash__(self) -> int:
        return hash(self.grid.tobytes())


def _is_integral(value) -> bool:
    if not isinstance(value, (int, float, np.integer, np.floating)):
        return False
    try:
        return float(value) == int(value)
    except (TypeError, ValueError, OverflowError):
        return False


def _plain(value):
    """A numpy scalar as the Python value it holds, for readable messages."""
    return value.item() if isinstance(value, np.generic) else value


def _format_row(entry) -> str:
    return "[" + ", ".join(str(_plain(v)) for v in entry) + "]"
