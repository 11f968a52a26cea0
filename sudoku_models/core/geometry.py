"""The geometry of a grid: its side, its houses, the houses of each cell,
each cell's peers, and the names of cells and houses.

Every part of the toolkit that needs to know what a row, a column or a box
is reads it here: the formulations, the counter, the rater, the generator,
the checker. A :class:`Layout` is one of

* **boxes** ``r x c`` (``r`` rows tall, ``c`` columns wide, side
  ``N = r*c``): the classic grids are the square boxes ``n x n`` of order
  ``n`` (:meth:`Layout.square`; 9x9 is order 3), the children's 6x6 grid has
  2x3 boxes (:meth:`Layout.boxes`);
* **jigsaw**: ``N`` irregular regions of ``N`` cells each
  (:meth:`Layout.jigsaw`);
* **latin**: rows and columns only, a Latin square (:meth:`Layout.latin`),
  the quasigroup completion problem of Gomes and Selman (1997).

Its **houses** are every group of ``N`` cells that holds each value exactly
once: the rows (house numbers ``0..N-1``), the columns (``N..2N-1``), then
the regions (``2N..3N-1``; the boxes, row-major), always in that order, each
a sorted list of flat cell indices ``row * N + column``. Two cells are
**peers** when they share a house.

**More values than cells** (the Interactive Sudoku Solver's
``Shape~6x6~9``): a layout may hold ``V > N`` values (:meth:`Layout.with_values`;
:attr:`Layout.values`, ``N`` by default); its houses then hold ``N``
*different* values of ``1..V`` (all-different, no longer permutations).

Extra all-different regions (diagonals, windoku, user-given sets) and the
constraints of variants (cages, relations) are not the layout's business:
they belong to the puzzle's rules and add their own peers there.
"""

from __future__ import annotations

import math
from functools import cached_property, lru_cache

import numpy as np

from ..errors import LayoutError
from ..limits import MAX_LAYOUT_ORDER, MAX_LAYOUT_SIDE, MAX_VALUES

MIN_SIDE = 2


class Layout:
    """The rows, columns and regions of an ``N x N`` grid (immutable, hashable).

    Build one with :meth:`square`, :meth:`boxes`, :meth:`jigsaw`,
    :meth:`latin` or :meth:`for_side` rather than directly. Attributes:

    * ``side``: ``N``, cells per row.
    * ``values``: ``V``, the values are ``1..V``: ``N`` (a house holds each
      value once) unless built by :meth:`with_values` (``V > N``: a house
      holds ``N`` different values).
    * ``kind``: ``"boxes"``, ``"jigsaw"`` or ``"latin"``.
    * ``box_shape``: ``(r, c)`` for boxes ``r`` rows tall and ``c`` wide, else None.
    * ``order``: ``n`` for square ``n x n`` boxes (the classic orders 2 to 6),
      else None.
    * ``regions``: read-only ``(N, N)`` int array, the region number
      ``0..N-1`` of every cell, or None for a Latin square.

    Derived tables (built on first use, read-only numpy arrays):
    :attr:`houses`, :attr:`cell_houses`, :attr:`peers`, :attr:`peer_counts`,
    :attr:`peer_pairs`, :attr:`peer_matrix`.
    """

    __slots__ = ("side", "kind", "box_shape", "regions", "values", "__dict__")

    def __init__(self, side: int, kind: str, box_shape: tuple[int, int] | None,
                 regions: np.ndarray | None, values: int | None = None) -> None:
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "values", side if values is None else values)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "box_shape", box_shape)
        if regions is not None:
            regions = np.array(regions, dtype=np.int64)
            regions.setflags(write=False)
        object.__setattr__(self, "regions", regions)

    def __setattr__(self, key, value):
        raise AttributeError("Layout is immutable")

    # -- constructors -----------------------------------------------------

    @staticmethod
    def square(order: int) -> Layout:
        """The classic grid of order ``n``: side ``n*n``, boxes ``n x n``
        (order 3 is the 9x9 Sudoku). Raises :class:`LayoutError` for an
        order outside ``2..7`` (the solving methods take ``2..6``; the
        generator fills grids of order 7)."""
        if isinstance(order, bool) or not isinstance(order, (int, np.integer)) or \
                not 2 <= order <= MAX_LAYOUT_ORDER:
            raise LayoutError(
                f"order must be an int in 2..{MAX_LAYOUT_ORDER} (4x4 to 49x49), got {order!r}")
        return _boxes(int(order), int(order))

    @staticmethod
    def boxes(rows: int, cols: int) -> Layout:
        """Boxes ``rows`` cells tall and ``cols`` wide, side ``rows * cols``:
        ``boxes(2, 3)`` is the 6x6 grid, ``boxes(3, 4)`` a 12x12. Both at
        least 2 (a box one cell wide would repeat a column); the side at most 49.
        Raises :class:`LayoutError` otherwise."""
        for name, value in (("box rows", rows), ("box columns", cols)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 2:
                raise LayoutError(f"{name} must be an int of at least 2, got {value!r}")
        if rows * cols > MAX_LAYOUT_SIDE:
            raise LayoutError(
                f"boxes {rows}x{cols} make a side of {rows * cols}; the largest side is {MAX_LAYOUT_SIDE}")
        return _boxes(int(rows), int(cols))

    @staticmethod
    def latin(side: int) -> Layout:
        """A Latin square of side ``side`` (rows and columns, no regions).
        Raises :class:`LayoutError` for a side outside ``2..49``."""
        _check_side(side)
        return _latin(int(side))

    @staticmethod
    def jigsaw(regions) -> Layout:
        """Irregular regions: ``regions`` is an ``(N, N)`` array-like of region
        labels (any ``N`` distinct integers), each label on exactly ``N``
        cells. Regions need not be connected (a jigsaw puzzle's are; the
        generator makes them so). Raises :class:`LayoutError` naming the
        label and its size, or the shape, when that is not so."""
        try:
            labels = np.asarray(regions)
        except ValueError as exc:
            raise LayoutError(f"jigsaw regions are not a rectangular array ({exc})") from None
        if labels.ndim != 2 or labels.shape[0] != labels.shape[1]:
            raise LayoutError(f"jigsaw regions must be a square array, got shape {labels.shape}")
        side = labels.shape[0]
        _check_side(side)
        if labels.dtype.kind not in "iu":
            raise LayoutError(f"jigsaw region labels must be integers, got {labels.dtype}")
        values, inverse, counts = np.unique(labels, return_inverse=True, return_counts=True)
        if len(values) != side:
            raise LayoutError(
                f"a {side}x{side} jigsaw has {side} regions, got {len(values)} labels")
        wrong = np.nonzero(counts != side)[0]
        if len(wrong):
            label = values[wrong[0]]
            first = int(np.argmax(labels.ravel() == label))
            raise LayoutError(
                f"region {label} (first cell {cell_name(first, side)}) has "
                f"{counts[wrong[0]]} cells; every region of a {side}x{side} jigsaw has {side}")
        # number the regions by their first cell, row-major, as boxes are
        order = np.argsort([int(np.argmax(inverse.ravel() == v)) for v in range(side)])
        renumber = np.empty(side, np.int64)
        renumber[order] = np.arange(side)
        numbered = renumber[inverse.reshape(side, side)]
        if _is_boxes(numbered):
            shape = _box_shape_of(numbered)
            return _boxes(*shape)
        return _jigsaw(numbered.tobytes(), side)

    @staticmethod
    def for_side(side: int) -> Layout:
        """The usual layout of a side: square boxes for a square side (9 ->
        3x3), else the most nearly square boxes ``r x c`` with ``r <= c``
        (6 -> 2x3, 8 -> 2x4, 10 -> 2x5, 12 -> 3x4), else (a prime side) a
        Latin square. Raises :class:`LayoutError` for a side outside
        ``2..49``."""
        _check_side(side)
        side = int(side)
        rows = max((r for r in range(2, math.isqrt(side) + 1) if side % r == 0), default=None)
        if rows is None:
            return _latin(side)
        return _boxes(rows, side // rows)

    def with_values(self, values: int) -> Layout:
        """This layout with the values ``1..values`` (``V``, from ``N`` to
        :data:`~sudoku_models.limits.MAX_VALUES`): with ``V > N`` each house holds ``N`` different
        values (the Interactive Sudoku Solver's ``Shape~6x6~9``,
        ``js/cell_geometry.js``). Raises :class:`LayoutError` for another
        count."""
        if isinstance(values, bool) or not isinstance(values, (int, np.integer)) or \
                not self.side <= values <= max(MAX_VALUES, self.side):
            raise LayoutError(f"a {self.side}x{self.side} grid holds {self.side} to "
                              f"{max(MAX_VALUES, self.side)} values, got {values!r}")
        if values == self.values:
            return self
        return Layout(self.side, self.kind, self.box_shape, self.regions, int(values))

    @property
    def more_values(self) -> bool:
        """Whether the values outnumber the cells of a house (``V > N``)."""
        return self.values > self.side

    # -- identity ---------------------------------------------------------

    @property
    def order(self) -> int | None:
        """``n`` for square ``n x n`` boxes (side ``n*n``), else None."""
        if self.box_shape is not None and self.box_shape[0] == self.box_shape[1]:
            return self.box_shape[0]
        return None

    @property
    def cells(self) -> int:
        """``N*N``."""
        return self.side * self.side

    @property
    def name(self) -> str:
        """``"9x9 (3x3 boxes)"``, ``"6x6 (2x3 boxes)"``, ``"9x9 jigsaw"``, ``"7x7 Latin square"``."""
        size = f"{self.side}x{self.side}"
        more = f", values 1..{self.values}" if self.more_values else ""
        if self.kind == "boxes":
            return f"{size} ({self.box_shape[0]}x{self.box_shape[1]} boxes{more})"
        return (f"{size} jigsaw" if self.kind == "jigsaw" else f"{size} Latin square") + (
            f" (values 1..{self.values})" if more else "")

    def __repr__(self) -> str:
        if self.more_values:
            return f"{self.with_values(self.side)!r}.with_values({self.values})"
        if self.kind == "boxes":
            if self.order is not None:
                return f"Layout.square({self.order})"
            return f"Layout.boxes({self.box_shape[0]}, {self.box_shape[1]})"
        if self.kind == "latin":
            return f"Layout.latin({self.side})"
        return f"Layout.jigsaw({self.regions.tolist()!r})"

    def _key(self):
        return (self.side, self.kind, self.box_shape,
                None if self.regions is None else self.regions.tobytes(), self.values)

    def __eq__(self, other) -> bool:
        return isinstance(other, Layout) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self):
        if self.more_values:
            return (Layout, (self.side, self.kind, self.box_shape, self.regions, self.values))
        if self.kind == "boxes":
            return (_boxes, self.box_shape)
        if self.kind == "latin":
            return (_latin, (self.side,))
        return (_jigsaw, (self.regions.tobytes(), self.side))

    # -- houses -----------------------------------------------------------

    @property
    def num_houses(self) -> int:
        """``3*N`` (``2*N`` for a Latin square)."""
        return (2 if self.regions is None else 3) * self.side

    def repeating_houses(self, values, empty: int | None = None) -> np.ndarray:
        """The indices (into :attr:`houses`) of the houses in which the flat
        ``(N*N,)`` ``values`` hold one value twice, ``empty`` (a clue grid's
        0) not counted when given; found for every house at once, as equal
        neighbours in each house's sorted values."""
        held = np.sort(np.asarray(values)[self.houses], axis=1)
        same = held[:, 1:] == held[:, :-1]
        if empty is not None:
            same &= held[:, 1:] != empty
        return np.flatnonzero(same.any(axis=1))

    @cached_property
    def houses(self) -> np.ndarray:
        """Read-only ``(H, N)`` int64 array of flat cell indices: the rows
        (``0..N-1``), the columns (``N..2N-1``), then the regions
        (``2N..3N-1``, each sorted), ``H = 3N`` (``2N`` for a Latin square)."""
        side = self.side
        cells = np.arange(side * side, dtype=np.int64).reshape(side, side)
        parts = [cells, cells.T]
        if self.regions is not None:
            flat = self.regions.ravel()
            order = np.argsort(flat, kind="stable")
            parts.append(order.reshape(side, side).astype(np.int64))
        return _frozen(np.ascontiguousarray(np.concatenate(parts)))

    @cached_property
    def cell_houses(self) -> np.ndarray:
        """Read-only ``(N*N, K)`` int64 array: the row, column and region
        house numbers of every cell (``K = 3``; 2 for a Latin square)."""
        side = self.side
        rows, cols = np.divmod(np.arange(side * side, dtype=np.int64), side)
        parts = [rows, side + cols]
        if self.regions is not None:
            parts.append(2 * side + self.regions.ravel())
        return _frozen(np.stack(parts, axis=1))

    def house_kind(self, house: int) -> str:
        """``"row"``, ``"column"``, ``"box"`` or ``"region"`` (jigsaw) for a
        house number of :attr:`houses`."""
        kind = house // self.side
        return ("row", "column", "box" if self.kind == "boxes" else "region")[kind]

    def house_name(self, house: int) -> str:
        """Readable 1-based name of a house number: ``"row 3"``, ``"column 1"``,
        ``"box 9"``, ``"region 4"``."""
        return f"{self.house_kind(house)} {house % self.side + 1}"

    def house_label(self, house: int) -> str:
        """The short 1-based label HoDoKu prints: ``r3``, ``c1``, ``b9``
        (regions of a jigsaw are ``b`` too)."""
        return house_label(house, self.side)

    def cell_name(self, cell: int) -> str:
        """``r4c7`` for a flat cell index (1-based row and column)."""
        return cell_name(cell, self.side)

    # -- peers ------------------------------------------------------------

    @cached_property
    def peer_matrix(self) -> np.ndarray:
        """Read-only ``(N*N, N*N)`` bool array: ``[a, b]`` when cells ``a``
        and ``b`` (``a != b``) share a house."""
        n = self.cells
        member = np.zeros((self.num_houses, n), dtype=bool)
        member[np.repeat(np.arange(self.num_houses), self.side), self.houses.ravel()] = True
        matrix = (member.T.astype(np.int32) @ member.astype(np.int32)) > 0
        np.fill_diagonal(matrix, False)
        return _frozen(matrix)

    @cached_property
    def peer_counts(self) -> np.ndarray:
        """Read-only ``(N*N,)`` int64 array: how many peers each cell has
        (``3N - 2 - r - c`` with boxes ``r x c``: 20 for 9x9; it varies from
        cell to cell in a jigsaw)."""
        return _frozen(self.peer_matrix.sum(axis=1).astype(np.int64))

    @cached_property
    def peers(self) -> np.ndarray:
        """Read-only ``(N*N, P)`` int64 array: each cell's peers, ascending,
        padded with -1 to ``P = max(peer_counts)`` (no padding unless the
        layout is a jigsaw)."""
        width = int(self.peer_counts.max())
        table = np.full((self.cells, width), -1, dtype=np.int64)
        for cell, row in enumerate(self.peer_matrix):
            found = np.flatnonzero(row)
            table[cell, : len(found)] = found
        return _frozen(table)

    @cached_property
    def peer_pairs(self) -> np.ndarray:
        """Read-only ``(P, 2)`` int64 array: every unordered pair of peers once,
        ``first < second`` (810 pairs for 9x9)."""
        return _frozen(np.argwhere(np.triu(self.peer_matrix, k=1)).astype(np.int64))


def cell_name(cell: int, side: int) -> str:
    """``r4c7`` for flat cell ``cell`` of a grid of side ``side``."""
    row, col = divmod(int(cell), side)
    return f"r{row + 1}c{col + 1}"


def house_label(house: int, side: int) -> str:
    """``r3``, ``c1`` or ``b9`` for house number ``house`` of a grid of side
    ``side`` (rows, then columns, then regions, as :attr:`Layout.houses`)."""
    return f"{'rcb'[house // side]}{house % side + 1}"


def boxes_of_size(side: int, size: int) -> list[tuple[int, ...]]:
    """The boxes of ``size`` cells that tile a ``side x side`` grid, each
    a tuple of flat cell indices (row-major inside the box; the boxes
    row-major), the most nearly square shape first, or ``[]`` when no box
    shape of at least 2x2 tiles the grid: the Interactive Sudoku Solver's
    default boxes of a ``RegionSize`` (``js/cell_geometry.js``,
    ``boxDimsForSize``), which on a grid with more values than cells per
    house may hold more cells than a row (``Shape~6x6~9`` with
    ``RegionSize~9``: four 3x3 boxes)."""
    for small in range(math.isqrt(size), 1, -1):
        large = size // small
        if size % small or side % small or side % large:
            continue
        tall, wide = small, large
        return [tuple((top + r) * side + left + c for r in range(tall) for c in range(wide))
                for top in range(0, side, tall) for left in range(0, side, wide)]
    return []


def _frozen(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


def _check_side(side) -> None:
    if isinstance(side, bool) or not isinstance(side, (int, np.integer)) or \
            not MIN_SIDE <= side <= MAX_LAYOUT_SIDE:
        raise LayoutError(f"side must be an int in {MIN_SIDE}..{MAX_LAYOUT_SIDE}, got {side!r}")


@lru_cache(maxsize=None)
def _boxes(rows: int, cols: int) -> Layout:
    side = rows * cols
    r, c = np.divmod(np.arange(side * side), side)
    regions = (r // rows) * (side // cols) + c // cols
    return Layout(side, "boxes", (rows, cols), regions.reshape(side, side))


@lru_cache(maxsize=None)
def _latin(side: int) -> Layout:
    return Layout(side, "latin", None, None)


@lru_cache(maxsize=256)  # generators make many jigsaws: keep the recent ones only
def _jigsaw(region_bytes: bytes, side: int) -> Layout:
    regions = np.frombuffer(region_bytes, dtype=np.int64).reshape(side, side)
    return Layout(side, "jigsaw", None, regions)


def _box_shape_of(regions: np.ndarray) -> tuple[int, int]:
    """``(r, c)`` of a region map numbered as boxes are; the caller checked
    :func:`_is_boxes`."""
    side = regions.shape[0]
    rows = int(np.count_nonzero(regions[:, 0] == 0))
    return rows, side // rows


def _is_boxes(regions: np.ndarray) -> bool:
    """Whether a region map (numbered by first cell) is exactly some ``r x c``
    box layout, so that a jigsaw given as boxes is recognised as boxes."""
    side = regions.shape[0]
    rows = int(np.count_nonzero(regions[:, 0] == 0))
    if rows < 2 or side % rows or side // rows < 2:
        return False
    return np.array_equal(regions, _boxes(rows, side // rows).regions)
