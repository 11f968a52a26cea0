"""The puzzle type: order, clues, parsing and formatting.

A puzzle of order ``n`` has boxes of ``n x n`` cells and a side of ``n*n``
cells; a classic 9 x 9 Sudoku has order 3. Clues are held as an
``(n*n, n*n)`` int array with 0 for an empty cell.

Line format (``Puzzle.from_string`` / ``Puzzle.to_string``), chosen so that
every order round-trips:

* orders 2 to 5 (4 x 4 up to 25 x 25): one character per cell, row by row.
  Values 1 to 9 are digits, 10 to 25 the letters ``A`` to ``P`` (either case),
  so a 16 x 16 puzzle uses ``1-9A-G``; ``.`` or ``0`` is an empty cell.
  Spaces, tabs and line breaks (CR, LF) and the box separators ``|``,
  ``+`` and ``-`` are ignored, so the output of ``str(puzzle)`` reads back.
* any order (needed from order 6, 36 x 36): integers separated by commas,
  0 for an empty cell, for example ``"1,0,0,4,..."``. A line that holds a
  comma is read this way. Numbers are ASCII decimal digits ``0-9`` only.

Any other format the toolkit reads (JSON, SudokuPad and f-puzzles links,
lz-string payloads, the Interactive Sudoku Solver's constraint string, short
killers) goes through :func:`read_puzzle`, which tells them apart.

Only these ASCII characters are accepted: any other character (a Unicode
digit such as ``'１'`` or ``'٣'``, a letter such as the dotless ``'ı'``, a
control character) is a :class:`PuzzleFormatError` naming it, its row and
column. A text longer than :data:`~sudoku_models.limits.MAX_TEXT_CHARS` characters is rejected at once.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

import numpy as np

from .errors import PuzzleFormatError
from .core.geometry import Layout
from .core.rules import Rules
from .core.value_range import ONE_TO_N, ValueRange
from .limits import MAX_PUZZLE_ORDER, MAX_TEXT_CHARS

MIN_ORDER = 2
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"  # value v is SYMBOLS[v - 1], orders 2..5
EMPTY = ".0"
_IGNORED = re.compile(r"[ \t\r\n|+\-]")  # not \v or \f: control characters are refused
_TOKEN_SPLIT = re.compile(r"[ \t\r\n,]+")
_NOT_A_VALUE = 127
# byte -> cell value (0 = empty), _NOT_A_VALUE for every other byte (non-ASCII included).
_VALUE_OF = np.full(256, _NOT_A_VALUE, dtype=np.uint8)
for _value, _symbol in enumerate(SYMBOLS, start=1):
    _VALUE_OF[ord(_symbol)] = _VALUE_OF[ord(_symbol.lower())] = _value
for _symbol in EMPTY:
    _VALUE_OF[ord(_symbol)] = 0
_SYMBOL_HELP = "use 1-9, A-P for 10-25, '.' or '0' for empty"
def _rectangles() -> dict:
    """``{side: Layout}`` for the sides up to 36 that are no square but
    split into boxes of at least 2 x 2 cells: the most nearly square boxes,
    the shorter side as rows (6: 2x3, 8: 2x4, 10: 2x5, 12: 3x4, ... 35: 5x7)."""
    found = {}
    for side in range(6, MAX_PUZZLE_ORDER * MAX_PUZZLE_ORDER + 1):
        rows = max((d for d in range(2, math.isqrt(side) + 1) if side % d == 0), default=0)
        if rows and rows * rows != side:
            found[side] = Layout.boxes(rows, side // rows)
    return found


_RECTANGLES = _rectangles()
# A grid's side, or a text's cell count, gives its layout: a square order (an int) or
# the rectangular boxes above.
_SIDES = {n * n: n for n in range(MIN_ORDER, MAX_PUZZLE_ORDER + 1)} | _RECTANGLES
_LENGTHS = {n**4: n for n in range(MIN_ORDER, MAX_PUZZLE_ORDER + 1)} | {
    side * side: layout for side, layout in _RECTANGLES.items()}


def cell_values(codes: np.ndarray) -> np.ndarray:
    """Cell values of the bytes of the one-character-per-cell line format.

    ``codes``: a uint8 array of any shape (the bytes of the text). Returns a
    uint8 array of the same shape: 0 for ``.`` or ``0``, 1 to 25 for ``1-9``
    and ``A-P`` (either case), and 127 (above every side) for any other
    byte, the ignored separators and whitespace included, which the caller
    removes first. :meth:`Puzzle.from_string` and the file reader share it.
    """
    return _VALUE_OF[codes]


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
    * ``values``: how the puzzle writes its values
      (:class:`~sudoku_models.core.value_range.ValueRange`): 1..N, or 0..N-1 for
      a puzzle read from the Interactive Sudoku Solver's ``Shape~9x9~0-8``.
      ``grid``, the rules and every solver's grid hold 1..N; ``str(puzzle)``
      and :meth:`to_iss` write the puzzle's own values, and
      ``puzzle.values.own(result.grid)`` gives an answer in them. A layout
      may hold more values than a house has cells (``V > N``,
      :meth:`~sudoku_models.core.geometry.Layout.with_values`): the grid then
      holds 0..V and each house ``N`` different values.

    A puzzle may have contradictory clues (see :meth:`conflicts`): it is then
    well formed but infeasible, and every solver reports status INFEASIBLE.
    """

    __slots__ = ("rules", "grid", "name", "values")

    def __init__(self, grid, layout, name: str = "", constraints=(),
                 values: ValueRange = ONE_TO_N) -> None:
        """``grid``: ``(N, N)`` array-like of integers ``0..N`` (0 = empty);
        ``layout``: a :class:`~sudoku_models.core.geometry.Layout`, an int order
        ``n`` for the classic square boxes (``Puzzle(grid, 3)`` is a 9x9), or
        a :class:`~sudoku_models.core.rules.Rules` (layout and constraints);
        ``constraints``: the variant's constraints
        (:mod:`sudoku_models.core.rules`), added to those of a ``Rules``;
        ``values``: how the puzzle writes its values (1..N inside always).
        Raises :class:`PuzzleFormatError` (:class:`~sudoku_models.core.geometry.LayoutError`
        for a bad order, :class:`~sudoku_models.core.rules.RulesError` for a bad
        constraint) when the grid or a constraint does not fit the layout;
        the ``from_*`` constructors give messages naming the row and column."""
        if isinstance(layout, Rules):
            rules = Rules(layout.layout, layout.constraints + tuple(constraints)) if \
                constraints else layout
        else:
            rules = Rules(layout if isinstance(layout, Layout) else Layout.square(layout),
                          tuple(constraints))
        layout = rules.layout
        array = np.asarray(grid)
        side, top = layout.side, layout.values
        if array.shape != (side, side):
            raise PuzzleFormatError(
                f"a grid of {layout.name} must have shape ({side}, {side}), got {array.shape}")
        if array.dtype.kind not in "iu":
            if array.dtype.kind == "b" or not (array.dtype.kind == "f" and np.all(
                    np.isfinite(array)) and np.all(array == np.round(array))):
                raise PuzzleFormatError(
                    f"grid values must be integers 0..{top}, got an array of {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > top):
            bad = int(np.argmax((array < 0) | (array > top)))
            raise PuzzleFormatError(
                f"row {bad // side + 1}, column {bad % side + 1}: value "
                f"{_plain(array.flat[bad])!r} is not an integer in 0..{top} (0 = empty)")
        array = np.array(array, dtype=np.int64)
        array.setflags(write=False)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "grid", array)
        object.__setattr__(self, "name", name)
        if not isinstance(values, ValueRange):
            raise TypeError(f"values must be a ValueRange, got {type(values).__name__}")
        object.__setattr__(self, "values", values)

    def __setattr__(self, key, value):
        raise AttributeError("Puzzle is immutable")

    def __reduce__(self):
        return (Puzzle, (self.grid, self.rules, self.name, (), self.values))

    # -- constructors -----------------------------------------------------

    @classmethod
    def from_string(cls, text: str, *, where: str | None = None, name: str = "",
                    layout=None) -> Puzzle:
        """Parse the line format described in the module docstring.

        ``text`` must be a ``str``. ``where`` (for example
        ``"puzzles.txt, line 12"``) prefixes error messages. ``layout``: a
        :class:`~sudoku_models.core.geometry.Layout` or
        :class:`~sudoku_models.core.rules.Rules` the clues are read for (a 6x6 with
        2x3 boxes, a jigsaw, a killer's cages); by default the square order
        the text's length gives. Raises
        :class:`PuzzleFormatError` on a wrong length, a character that is not
        a value (named with its row and column; non-ASCII characters also
        with their code point), a value too large for the order, or a text
        longer than :data:`~sudoku_models.limits.MAX_TEXT_CHARS` characters; ``TypeError`` if ``text`` is
        not a ``str`` (``bytes`` included: decode them first).
        """
        if not isinstance(text, str):
            hint = "; decode it first, e.g. data.decode('utf-8')" if isinstance(
                text, (bytes, bytearray, memoryview)) else ""
            raise TypeError(
                f"Puzzle.from_string takes a str, got {type(text).__name__}{hint}"
            )
        if len(text) > MAX_TEXT_CHARS:
            raise PuzzleFormatError(
                f"{_where(where)}the text has {len(text)} characters; a puzzle has at most "
                f"{MAX_TEXT_CHARS}"
            )
        lengths = _LENGTHS if layout is None else _lengths_of(layout)
        if "," in text:
            return cls._from_tokens(text, where=where, name=name, lengths=lengths)
        cells = _IGNORED.sub("", text)
        shape = lengths.get(len(cells))
        if shape is None or _side_of(shape) > len(SYMBOLS):
            stray = _first_stray(cells)
            if stray is not None:
                raise PuzzleFormatError(
                    f"{_where(where)}character {stray + 1}: {_show(cells[stray])} is not a "
                    f"value ({_SYMBOL_HELP})"
                )
            if layout is not None and shape is not None:
                raise PuzzleFormatError(
                    f"{_where(where)}a {_layout_name(layout)} has more values than one "
                    f"character each can write (up to {len(SYMBOLS)}: {SYMBOLS[0]}-{SYMBOLS[-1]}); "
                    f"give its grid as comma-separated numbers or a list of rows")
            if layout is not None:
                raise PuzzleFormatError(
                    f"{_where(where)}a puzzle of {_layout_name(layout)} has "
                    f"{_side_of(layout) ** 2} cells, got {len(cells)}")
            squares = ", ".join(str(n**4) for n in range(MIN_ORDER, 6))
            raise PuzzleFormatError(
                f"{_where(where)}a puzzle has {squares} cells (orders 2 to 5, one character "
                f"each; use comma-separated numbers for order 6), or 36, 64, 100, 144, ... "
                f"(6x6, 8x8, 10x10, 12x12, ... with rectangular boxes), got {len(cells)}"
            )
        side, top = _side_of(shape), _values_of(shape)
        if cells.isascii():
            values = cell_values(np.frombuffer(cells.encode("ascii"), dtype=np.uint8))
            first = int(np.argmax(values > top)) if values.max() > top else None
        else:
            first = _first_stray(cells)
            values = None
        if first is not None:
            char = cells[first]
            row, col = divmod(first, side)
            value = _VALUE_OF[ord(char)] if char.isascii() else _NOT_A_VALUE
            if value == _NOT_A_VALUE:
                raise PuzzleFormatError(
                    f"{_where(where)}row {row + 1}, column {col + 1}: {_show(char)} is not a "
                    f"value ({_SYMBOL_HELP})"
                )
            raise PuzzleFormatError(
                f"{_where(where)}row {row + 1}, column {col + 1}: value {_show(char)} ({value}) "
                f"is out of range 1..{top} for a {side}x{side} puzzle"
            )
        return cls(values.reshape(side, side), shape, name)

    @classmethod
    def _from_tokens(cls, text: str, *, where: str | None, name: str, lengths) -> Puzzle:
        tokens = [t for t in _TOKEN_SPLIT.split(text) if t]
        shape = lengths.get(len(tokens))
        if shape is None:
            for index, token in enumerate(tokens):
                if not (token.isascii() and token.isdigit()):
                    raise PuzzleFormatError(
                        f"{_where(where)}number {index + 1}: {_show(token)} is not a number "
                        f"(use ASCII digits 0-9)"
                    )
            expected = ", ".join(str(n) for n in sorted(lengths))
            raise PuzzleFormatError(
                f"{_where(where)}a comma-separated puzzle has {expected} values, got {len(tokens)}"
            )
        side, top = _side_of(shape), _values_of(shape)
        values = np.zeros(side * side, dtype=np.int64)
        for index, token in enumerate(tokens):
            row, col = divmod(index, side)
            if not (token.isascii() and token.isdigit()):
                raise PuzzleFormatError(
                    f"{_where(where)}row {row + 1}, column {col + 1}: {_show(token)} is not a "
                    f"number (use ASCII digits 0-9)"
                )
            digits = token.lstrip("0")
            value = int(digits or "0") if len(digits) <= 3 else None  # int() of long text is slow
            if value is None or value > top:
                shown = value if value is not None else _show(token)
                raise PuzzleFormatError(
                    f"{_where(where)}row {row + 1}, column {col + 1}: value {shown} is not an "
                    f"integer in 0..{top} (0 = empty)"
                )
            values[index] = value
        return cls(values.reshape(side, side), shape, name)

    @classmethod
    def from_grid(cls, grid, *, where: str | None = None, name: str = "",
                  layout=None) -> Puzzle:
        """Build from a square grid: nested lists or a numpy array, 0 = empty.

        The shape must be ``(n*n, n*n)`` for an order ``n`` from 2 to 6 (or
        ``(N, N)`` for the ``layout`` given: a
        :class:`~sudoku_models.core.geometry.Layout` or
        :class:`~sudoku_models.core.rules.Rules`) and every value an integer in
        ``0..N``. Raises :class:`PuzzleFormatError`
        naming the offending row, column and value; ``TypeError`` if ``grid``
        is not array-like (a scalar, ``None``, a string, a dict or a set).
        """
        _require_array_like(grid, "Puzzle.from_grid", "grid")
        try:
            array = np.asarray(grid)
        except ValueError as exc:  # ragged nested lists
            raise PuzzleFormatError(f"{_where(where)}the grid is not rectangular ({exc})") from None
        sides = _SIDES if layout is None else {
            _side_of(layout): layout for _ in _lengths_of(layout)}
        if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] not in sides:
            shown = ", ".join(f"{s}x{s}" for s in sides)
            raise PuzzleFormatError(
                f"{_where(where)}a grid must be square with side {shown}; got shape {array.shape}"
            )
        side = array.shape[0]
        top = _values_of(sides[side])
        if array.dtype.kind not in "iuf" and array.dtype != object:
            raise PuzzleFormatError(f"{_where(where)}grid values must be numbers, got {array.dtype}")
        values = np.zeros((side, side), dtype=np.int64)
        for (row, col), value in np.ndenumerate(array):
            if isinstance(value, bool) or not _is_integral(value) or not 0 <= value <= top:
                raise PuzzleFormatError(
                    f"{_where(where)}row {row + 1}, column {col + 1}: value {_plain(value)!r} is not an "
                    f"integer in 0..{top} (0 = empty)"
                )
            values[row, col] = int(value)
        return cls(values, sides[side], name)

    @classmethod
    def from_clues(cls, clues, order: int = 3, *, name: str = "") -> Puzzle:
        """Build from the clue matrix B of MATLAB's ``sudokuEngine(B)``.

        ``clues`` is an N x 3 array-like of 1-based ``(row, column, value)``
        rows. As in ``sudokuEngine``, a square ``(n*n, n*n)`` matrix is read as a
        grid instead. An empty B (shape ``(0,)``, ``(0, 0)`` or ``(0, 3)``) is
        the empty puzzle of ``order``. ``order`` is an ``int`` from 2 to 6.

        Raises :class:`PuzzleFormatError` for a B of another shape (ragged
        rows included), naming the row of B that holds a non-integer, an index
        or value outside ``1..n*n``, or a second, different value for a cell,
        and for an ``order`` that is not an ``int`` in ``2..6`` (``3.0``
        included); ``TypeError`` if ``clues`` is not array-like (a scalar,
        ``None``, a string, a dict or a set).
        """
        _require_array_like(clues, "Puzzle.from_clues", "clues")
        try:
            array = np.asarray(clues, dtype=object)
        except ValueError as exc:  # nested sequences numpy cannot stack
            raise PuzzleFormatError(f"the clue matrix B is not rectangular ({exc})") from None
        if array.ndim == 2 and array.shape[0] == array.shape[1] and isinstance(
                _SIDES.get(array.shape[0]), int):  # a square order's grid, as sudokuEngine reads
            return cls.from_grid(array, name=name)
        if array.shape in ((0,), (0, 0)):
            array = array.reshape(0, 3)
        if array.ndim != 2 or array.shape[1] != 3:
            rows = " (its rows have different lengths)" if array.ndim == 1 and any(
                isinstance(entry, (list, tuple, np.ndarray)) for entry in array) else ""
            raise PuzzleFormatError(
                f"the clue matrix B must be N x 3 (row, column, value), got shape "
                f"{array.shape}{rows}"
            )
        if (
            isinstance(order, bool)
            or not isinstance(order, (int, np.integer))
            or not MIN_ORDER <= order <= MAX_PUZZLE_ORDER
        ):
            raise PuzzleFormatError(
                f"order must be an int in {MIN_ORDER}..{MAX_PUZZLE_ORDER}, got {order!r}"
            )
        order = int(order)
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
    def layout(self) -> Layout:
        """The grid's rows, columns and regions (:mod:`sudoku_models.core.geometry`)."""
        return self.rules.layout

    @property
    def constraints(self) -> tuple:
        """The variant's constraints (:mod:`sudoku_models.core.rules`); empty for
        a classic puzzle."""
        return self.rules.constraints

    @property
    def order(self) -> int | None:
        """``n`` for the classic square ``n x n`` boxes (3 for a 9x9), else
        None (rectangular boxes, jigsaw, Latin square): see :attr:`layout`."""
        return self.layout.order

    @property
    def side(self) -> int:
        """Cells per row, column and region: ``N`` (``order**2`` for square boxes)."""
        return self.layout.side

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
        """Clues that repeat a value in a house (row, column, box or region)
        or in an all-different region or cage of the variant.

        Returns one :class:`Conflict` per group and repeated value; an empty
        list means the clues are consistent (not that the puzzle is solvable).
        """
        layout = self.layout
        flat = self.grid.ravel()
        # the houses looked at one by one are those that repeat a clue (a tenth of the time)
        groups = [(layout.house_name(int(h)), layout.houses[h])
                  for h in layout.repeating_houses(flat, empty=0)]
        groups += [(c.label(layout), np.array(c.cells)) for c in self.constraints
                   if c.kind in ("region", "cage")]
        found = []
        for name, cells in groups:
            values = flat[cells]
            counts = np.bincount(values, minlength=self.layout.values + 1)
            for value in np.nonzero(counts[1:] > 1)[0] + 1:
                where = np.sort(cells[values == value])
                found.append(Conflict(
                    name, int(value),
                    tuple((int(c) // self.side + 1, int(c) % self.side + 1) for c in where)))
        return found

    def to_string(self) -> str:
        """The one-line format (see module docstring), in the values 1..N
        (also for a puzzle that writes 0..N-1: ``'0'`` is an empty cell
        there); round-trips through :meth:`from_string`."""
        if self.side <= len(SYMBOLS):
            return "".join("." if v == 0 else SYMBOLS[v - 1] for v in self.grid.ravel())
        return ",".join(str(v) for v in self.grid.ravel())

    def __str__(self) -> str:
        """The grid with its boxes ruled (``|`` and ``+---``); a jigsaw or a
        Latin square is printed without rules. In the puzzle's own values
        (:attr:`values`); for 1..N it reads back with :meth:`from_string`
        (a puzzle in 0..N-1 reads back from :meth:`to_iss`)."""
        side = self.side
        width = 1 if side <= len(SYMBOLS) else 2
        symbol = self.values.symbol if width == 1 else (
            lambda v: f"{v + self.values.shift:>2}" if v else " .")
        tall, wide = self.layout.box_shape or (side, side)
        rule = "+".join(["-" * ((width + 1) * wide + 1)] * (side // wide))
        lines = []
        for row in range(side):
            if row and row % tall == 0:
                lines.append(rule)
            boxes = [
                " ".join(symbol(v) for v in self.grid[row, b * wide: (b + 1) * wide])
                for b in range(side // wide)
            ]
            lines.append(" " + " | ".join(boxes))
        return "\n".join(lines)

    def __repr__(self) -> str:
        label = f", name={self.name!r}" if self.name else ""
        shape = f"order={self.order}" if self.order is not None else f"layout={self.layout!r}"
        extra = f", constraints={len(self.constraints)}" if self.constraints else ""
        if self.values != ONE_TO_N or self.layout.more_values:
            extra += f", values={self.values.name(self.layout.values)!r}"
        return f"Puzzle({shape}, clues={self.num_clues}{extra}{label}, {self.to_string()!r})"

    def _repr_svg_(self) -> str:
        """The grid as SVG for a notebook (Jupyter, VS Code, marimo): clues
        bold, the variant's regions, cages, dots and lines
        (:func:`sudoku_models.board_svg.board_svg`)."""
        from .board_svg import board_svg

        return board_svg(self.layout, self.grid.ravel(), constraints=self.constraints,
                         symbols="".join(self.values.symbol(v) for v in
                                         range(1, min(self.layout.values, len(SYMBOLS)) + 1)))

    def __eq__(self, other) -> bool:
        return (isinstance(other, Puzzle) and self.rules == other.rules
                and np.array_equal(self.grid, other.grid) and self.values == other.values)

    def __hash__(self) -> int:
        return hash((self.rules, self.grid.tobytes()))


def _lengths_of(layout) -> dict:
    """``{cells: layout}`` for a Layout or Rules given to :meth:`Puzzle.from_string`."""
    if not isinstance(layout, (Layout, Rules)):
        raise TypeError(f"layout must be a Layout or Rules, got {type(layout).__name__}")
    return {_side_of(layout) ** 2: layout}


def _side_of(shape) -> int:
    """The side of an order (int), a Layout or a Rules."""
    if isinstance(shape, Rules):
        return shape.layout.side
    return shape.side if isinstance(shape, Layout) else shape * shape


def _values_of(shape) -> int:
    """The number of values ``V`` of an order (int), a Layout or a Rules
    (the side, unless the layout holds more values than cells per house)."""
    if isinstance(shape, Rules):
        return shape.layout.values
    return shape.values if isinstance(shape, Layout) else shape * shape


def _layout_name(layout) -> str:
    return (layout.layout if isinstance(layout, Rules) else layout).name


def _is_integral(value) -> bool:
    if not isinstance(value, (int, float, np.integer, np.floating)):
        return False
    try:
        return float(value) == int(value)
    except (TypeError, ValueError, OverflowError):
        return False


def _require_array_like(value, function: str, argument: str) -> None:
    """Raise ``TypeError`` unless ``value`` is a numpy array or a list/tuple
    (or another sequence numpy reads as an array, e.g. a pandas frame)."""
    if isinstance(value, (np.ndarray, list, tuple)) or (
        hasattr(value, "__array__") and not isinstance(value, np.generic)
    ):
        return
    raise TypeError(
        f"{function} takes {argument} as a list of lists or a numpy array, "
        f"got {type(value).__name__}"
    )


def _first_stray(cells: str) -> int | None:
    """Index of the first character of ``cells`` that is not a symbol of the
    one-character format, or None."""
    for index, char in enumerate(cells):
        if not char.isascii() or _VALUE_OF[ord(char)] == _NOT_A_VALUE:
            return index
    return None


def _show(text: str) -> str:
    """``repr`` of a character or token as typed (cut at 40 characters),
    non-ASCII characters followed by their code points."""
    if len(text) > 40:
        text = text[:40] + "..."
    if text.isascii():
        return repr(text)
    points = ", ".join(f"U+{ord(c):04X}" for c in text if not c.isascii())
    return f"{text!r} ({points})"


def _plain(value):
    """A numpy scalar as the Python value it holds, for readable messages."""
    return value.item() if isinstance(value, np.generic) else value


def _format_row(entry) -> str:
    return "[" + ", ".join(str(_plain(v)) for v in entry) + "]"
