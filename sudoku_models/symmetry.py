"""Isomorphic copies of a puzzle, for measuring performance variability.

A solver's time on one instance depends on the order its model happens to
list rows, columns and values in; MIPLIB 2017 (Gleixner et al., Math. Prog.
Comp. 13:443-490, 2021) and Lodi and Tramontani ("Performance variability
in mixed-integer programming", INFORMS TutORials, 2013) measure that spread
by solving permuted copies of each instance. Here a copy is the puzzle
moved by a *symmetry of the grid*, applied to its clues and to every
constraint's cells and values, so that it has exactly the original's
solutions, moved alike (:meth:`Isomorph.original_grid` moves an answer of
the copy back). :func:`copies` makes ``k`` of them, copy 0 the puzzle
itself.

A move (:class:`Isomorph`) is a permutation of the rows and one of the
columns, then possibly the transposition, and a relabelling of the values:

* **rows** move as the layout lets them: for boxes, the bands in any order
  and the rows within each band (``tall`` rows) in any order; for a Latin
  square, any order; for a jigsaw, only reversed (its regions mirrored with
  them: the copy's layout is the mirror image, its regions still joined);
  **columns** alike (stacks of ``wide`` columns); the **transposition**
  for square boxes, a Latin square or a jigsaw (rectangular boxes would
  become boxes of another shape);
* **values**: any relabelling of ``1..V``, or less (below).

Not every constraint keeps its meaning under every move. Each kind names
here (:data:`KIND_MOVES`, one entry per kind of
:data:`sudoku_models.core.rules.KINDS`) how far each axis may move
(``layout``: as far as the layout lets it; ``reversed``: kept in order or
reversed; ``fixed``), whether it may be transposed, and which value
relabellings it admits: ``any``; ``classes`` (values move within their
class: odd/even for parity, residues for modular lines and global mod,
thirds for entropic lines and global entropy, parity and half for equality
cages), with or without the complement ``v -> V + 1 - v``; the
``complement`` alone (order, differences and sums of a fixed number of
cells: a thermometer then reads backwards, a cage's total ``T`` over ``k``
cells becomes ``k (V + 1) - T``, a maximum a minimum); or ``fixed`` (the
values are read as numbers: a sandwich's 1 and N, an X-sum's count, a
black dot's ratio, indexing's column numbers). A puzzle admits the moves
every one of its constraints admits, and its copies are drawn among those:

Per kind (rows / columns / transposed; values)::

    region, cage without a total, palindrome,       layout / layout / yes; any
      clones, same-values, candidates, pairwise,
      regular
    cage with a total, sum, greater, thermometer,   layout / layout / yes; complement
      whispers, renban, between, lockout
    arrow, pill-arrow, double-arrow, zipper,        layout / layout / yes; complement when
      equal-sum, region-sum-line                      every sum is a difference (as many
                                                      cells on each side), else fixed
    sum-line, lunchbox, rellik-cage,                layout / layout / yes; fixed
      counting-circles, count-distinct
    parity, modular, entropic, equality-cage        layout / layout / yes; classes, complement
    anti-knight, anti-king, quadruple               reversed / reversed / yes; any
    non-consecutive, fortress, little-killer (on    reversed / reversed / yes; complement
      N values), kropki-negative of white dots
    kropki-negative with black dots, xv-negative,   reversed / reversed / yes; fixed
      anti-taxicab
    global-entropy, global-mod                      reversed / reversed / yes; classes, complement
    kropki, xv across a row (down a column: the     layout / reversed / yes; complement for a
      axes swap)                                      white dot and an X of V + 1, else fixed
    sandwich, x-sum, skyscraper, hidden-skyscraper, layout / reversed / yes; fixed
      numbered-room on a row (on a column: swap)
    indexing by column (by row: swap; transposed,   layout / fixed / yes; fixed
      the direction swaps)
    pill-arrow, a pill of 2+ cells in one row (one  layout / fixed / yes; as above
      column: swap; else fixed / fixed / no)
    or                                              what every constraint of its branches admits

The kinds whose rule reads only which cells they hold (cages, lines,
regions: the rules never look at their shape) move with the layout: a copy
of a killer keeps every cage's cells together as a set, which after a band
permutation may no longer be drawn as one connected shape, and is the same
problem to every method. A kind not in :data:`KIND_MOVES` (one registered
after this table) admits no move: its puzzle's only copy is itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Callable

import numpy as np

from .core.geometry import Layout
from .core.constraint import Constraint
from .core.cell_kinds import Indexing
from .core.rules import Either, Rules
from .core.value_range import as_regular
from .errors import InvalidValueError, PuzzleFormatError
from .puzzle import Puzzle

FIXED, REVERSED, LAYOUT = 0, 1, 2
"""How far an axis may move: not at all, kept in order or reversed, or as
far as the layout lets it (the levels are ordered: the least wins)."""
LEVELS = ("fixed", "reversed", "layout")

_CELL_FIELDS = ("cells", "circle", "clones", "pill")  # the fields that hold cells


@dataclass(frozen=True)
class Freedom:
    """The moves a constraint, a layout or a puzzle admits: ``rows`` and
    ``columns`` (:data:`FIXED`, :data:`REVERSED` or :data:`LAYOUT`),
    ``transpose`` (bool), ``classes`` (a tuple of ``V`` class labels, the
    class of each value ``1..V``: a relabelling may move a value within its
    class only; one class: any relabelling) and ``complement`` (whether
    ``v -> V + 1 - v``, composed with a move within the classes, is admitted
    too)."""

    rows: int
    columns: int
    transpose: bool
    classes: tuple[int, ...]
    complement: bool

    def meet(self, other: Freedom) -> Freedom:
        """The moves both admit."""
        pairs = list(zip(self.classes, other.classes))
        labels = {pair: i for i, pair in enumerate(dict.fromkeys(pairs))}
        return Freedom(min(self.rows, other.rows), min(self.columns, other.columns),
                       self.transpose and other.transpose, tuple(labels[p] for p in pairs),
                       self.complement and other.complement)

    def text(self) -> str:
        """``"rows layout, columns reversed, transposed, values within 3 classes
        and complemented"``: what may move."""
        classes = len(set(self.classes))
        values = ("any relabelling" if classes == 1 else "fixed" if classes == len(self.classes)
                  else f"within {classes} classes")
        if self.complement and classes > 1:
            values += (" or complemented" if classes == len(self.classes) else
                       " and complemented")
        return (f"rows {LEVELS[self.rows]}, columns {LEVELS[self.columns]}, "
                f"{'transposable' if self.transpose else 'not transposed'}, values {values}")


# -- what each kind admits -------------------------------------------------------------

Geometry = Callable[[Constraint, Layout], tuple[int, int, bool]]
Values = Callable[[Constraint, Layout], tuple[tuple[int, ...] | None, bool]]


def _free(constraint, layout):
    return LAYOUT, LAYOUT, True


def _dihedral(constraint, layout):
    """Orthogonal and diagonal neighbours, knight's moves, 2x2 squares and
    distances are kept by the grid's mirrors and transposition only."""
    return REVERSED, REVERSED, True


def _pair(constraint, layout):
    """Two orthogonal neighbours stay neighbours when the axis they lie
    along is kept in order or reversed; the other axis moves freely."""
    a, b = constraint.cells
    across = a // layout.side == b // layout.side  # in one row
    return (LAYOUT, REVERSED, True) if across else (REVERSED, LAYOUT, True)


def _line(constraint, layout):
    """An outside clue's whole row (column), in order from the clue."""
    a, b = constraint.cells[:2]
    return (LAYOUT, REVERSED, True) if a // layout.side == b // layout.side else (
        REVERSED, LAYOUT, True)


def _pill(constraint, layout):
    """A pill's digits are read in reading order (its cells sorted): kept
    when the axis along the pill stays put (transposed, a row's order
    becomes a column's, also reading order)."""
    if len(constraint.pill) == 1:
        return LAYOUT, LAYOUT, True
    rows = {c // layout.side for c in constraint.pill}
    columns = {c % layout.side for c in constraint.pill}
    if len(rows) == 1:
        return LAYOUT, FIXED, True
    if len(columns) == 1:
        return FIXED, LAYOUT, True
    return FIXED, FIXED, False


def _indexing(constraint, layout):
    """Column indexing names columns by value: the columns stay put, the
    rows move (row indexing: the other way round)."""
    return (LAYOUT, FIXED, True) if constraint.direction == "column" else (FIXED, LAYOUT, True)


def _any(constraint, layout):
    return (0,) * layout.values, True


def _fixed(constraint, layout):
    return None, False


def _complement(constraint, layout):
    return None, True


def _differences(constraint, layout):
    """Sums that are differences (each equation's coefficients add up to 0
    and its total is 0: as many cells on each side) keep their form under
    the complement."""
    return None, all(sum(s.coefficients) == 0 and s.total == 0 for s in constraint.sums(layout))


def _classes(key) -> Values:
    """Values moving within the classes ``key(v, V)`` labels, and the
    complement (which maps classes onto classes)."""
    def values(constraint, layout):
        labels = [key(constraint, v, layout.values) for v in range(1, layout.values + 1)]
        index = {label: i for i, label in enumerate(dict.fromkeys(labels))}
        return tuple(index[label] for label in labels), True
    return values


def _cage(constraint, layout):
    return ((0,) * layout.values, True) if constraint.total is None else (None, True)


def _kropki(constraint, layout):
    return None, constraint.color == "white"


def _kropki_negative(constraint, layout):
    return None, tuple(constraint.colors) == ("white",)


def _xv(constraint, layout):
    return None, constraint.total == layout.values + 1


def _little_killer(constraint, layout):
    return None, layout.values == layout.side  # its totals are checked against 1..N


def _equality(constraint, v, values):
    half = values // 2
    return v % 2, 0 if v <= half else 1 if values % 2 and v == half + 1 else 2


@dataclass(frozen=True)
class KindMoves:
    """How one constraint kind moves: ``geometry(constraint, layout)`` gives
    ``(rows, columns, transpose)`` it admits; ``values(constraint, layout)``
    gives ``(classes, complement)``: the class labels of ``1..V`` (None: every
    value its own class) and whether the complement is admitted;
    ``relabel(constraint, digits, complemented, V)``: the fields that change
    when the values are relabelled by ``digits`` (``digits[v - 1]``: what
    ``v`` becomes; ``complemented``: the relabelling is the complement
    composed with a move within the classes)."""

    geometry: Geometry
    values: Values
    relabel: Callable | None = None


def _new_total(constraint, digits, complemented, values):
    if not complemented or constraint.total is None:
        return {}
    return {"total": len(constraint.cells) * (values + 1) - constraint.total}


def _reversed_cells(constraint, digits, complemented, values):
    return {"cells": tuple(reversed(constraint.cells))} if complemented else {}


def _flipped_extreme(constraint, digits, complemented, values):
    if not complemented:
        return {}
    return {"extreme": "minimum" if constraint.extreme == "maximum" else "maximum"}


def _flipped_parity(constraint, digits, complemented, values):
    if not complemented or values % 2:  # V odd: the complement keeps parity
        return {}
    return {"parity": "even" if constraint.parity == "odd" else "odd"}


def _value_list(constraint, digits, complemented, values):
    return {"values": tuple(sorted(digits[v - 1] for v in constraint.values))}


def _allowed_pairs(constraint, digits, complemented, values):
    return {"allowed": tuple(sorted((digits[u - 1], digits[v - 1])
                                    for u, v in constraint.allowed))}


def _regular(constraint, digits, complemented, values):
    """Its automaton's symbols relabelled: given by transitions."""
    if digits == tuple(range(1, values + 1)):
        return {}
    relabelled = as_regular(constraint.cells, constraint.automaton(values))
    return {"pattern": "", "start": relabelled.start, "accepting": relabelled.accepting,
            "transitions": tuple(sorted((q, digits[v - 1], t)
                                        for q, v, t in relabelled.transitions))}


_FREE_ANY = KindMoves(_free, _any)
_FREE_COMPLEMENT = KindMoves(_free, _complement)
_FREE_FIXED = KindMoves(_free, _fixed)
_FREE_DIFFERENCES = KindMoves(_free, _differences)

KIND_MOVES: dict[str, KindMoves] = {
    "region": _FREE_ANY,
    "cage": KindMoves(_free, _cage, _new_total),
    "anti-knight": KindMoves(_dihedral, _any),
    "anti-king": KindMoves(_dihedral, _any),
    "non-consecutive": KindMoves(_dihedral, _complement),
    "kropki": KindMoves(_pair, _kropki),
    "kropki-negative": KindMoves(_dihedral, _kropki_negative),
    "xv": KindMoves(_pair, _xv),
    "xv-negative": KindMoves(_dihedral, _fixed),
    "greater": KindMoves(_free, _complement, _reversed_cells),
    "thermometer": KindMoves(_free, _complement, _reversed_cells),
    "arrow": _FREE_DIFFERENCES,
    "parity": KindMoves(_free, _classes(lambda c, v, values: v % 2), _flipped_parity),
    "candidates": KindMoves(_free, _any, _value_list),
    "whispers": _FREE_COMPLEMENT,
    "renban": _FREE_COMPLEMENT,
    "palindrome": _FREE_ANY,
    "fortress": KindMoves(_dihedral, _complement, _flipped_extreme),
    "clones": _FREE_ANY,
    "regular": KindMoves(_free, _any, _regular),
    "little-killer": KindMoves(_dihedral, _little_killer, _new_total),
    "sandwich": KindMoves(_line, _fixed),
    "x-sum": KindMoves(_line, _fixed),
    "skyscraper": KindMoves(_line, _fixed),
    "hidden-skyscraper": KindMoves(_line, _fixed),
    "numbered-room": KindMoves(_line, _fixed),
    "sum": KindMoves(_free, _complement, _new_total),
    "pill-arrow": KindMoves(_pill, _differences),
    "double-arrow": _FREE_DIFFERENCES,
    "zipper": _FREE_DIFFERENCES,
    "sum-line": _FREE_FIXED,
    "modular": KindMoves(_free, _classes(lambda c, v, values: v % c.modulus)),
    "entropic": KindMoves(_free, _classes(lambda c, v, values: (v - 1) // (values // 3))),
    "quadruple": KindMoves(_dihedral, _any, _value_list),
    "lunchbox": _FREE_FIXED,
    "between": _FREE_COMPLEMENT,
    "lockout": _FREE_COMPLEMENT,
    "rellik-cage": _FREE_FIXED,
    "region-sum-line": _FREE_DIFFERENCES,
    "pairwise": KindMoves(_free, _any, _allowed_pairs),
    "indexing": KindMoves(_indexing, _fixed),
    "anti-taxicab": KindMoves(_dihedral, _fixed),
    "global-entropy": KindMoves(_dihedral, _classes(
        lambda c, v, values: (v - 1) // (values // 3))),
    "or": KindMoves(_free, _any),  # its branches decide (constraint_freedom)
    "global-mod": KindMoves(_dihedral, _classes(lambda c, v, values: v % 3)),
    "counting-circles": _FREE_FIXED,
    "equality-cage": KindMoves(_free, _classes(_equality)),
    "count-distinct": _FREE_FIXED,
    "same-values": _FREE_ANY,
    "equal-sum": _FREE_DIFFERENCES,
}
"""Per constraint kind, the moves it admits and how its fields follow them
(see the module docstring's table)."""


def layout_freedom(layout: Layout) -> Freedom:
    """The moves ``layout`` admits (see the module docstring): every value
    relabelling; rows and columns as its boxes (any order for a Latin
    square, reversed for a jigsaw); transposed unless its boxes are not
    square."""
    rectangular = layout.box_shape is not None and layout.order is None
    level = REVERSED if layout.kind == "jigsaw" else LAYOUT
    return Freedom(level, level, not rectangular, (0,) * layout.values, True)


def constraint_freedom(constraint: Constraint, layout: Layout) -> Freedom:
    """The moves ``constraint`` admits on ``layout`` (:data:`KIND_MOVES`;
    an ``or`` admits what every constraint of its branches admits; a kind
    not in the table admits none)."""
    if isinstance(constraint, Either):
        found = layout_freedom(layout)
        for branch in constraint.branches:
            for inner in branch:
                found = found.meet(constraint_freedom(inner, layout))
        return found
    entry = KIND_MOVES.get(constraint.kind)
    if entry is None:
        return Freedom(FIXED, FIXED, False, tuple(range(layout.values)), False)
    rows, columns, transpose = entry.geometry(constraint, layout)
    classes, complement = entry.values(constraint, layout)
    return Freedom(rows, columns, transpose,
                   tuple(range(layout.values)) if classes is None else classes, complement)


def puzzle_freedom(puzzle: Puzzle) -> Freedom:
    """The moves ``puzzle`` admits: those its layout and every one of its
    constraints admit (:meth:`Freedom.meet`)."""
    found = layout_freedom(puzzle.layout)
    for constraint in puzzle.constraints:
        found = found.meet(constraint_freedom(constraint, puzzle.layout))
    return found


# -- the moves -------------------------------------------------------------------------


def _axis_count(level: int, layout: Layout, size: int) -> int:
    """How many orders an axis of ``level`` can take (``size``: the rows of
    a band, or the columns of a stack)."""
    side = layout.side
    if level == FIXED:
        return 1
    if level == REVERSED:
        return 2
    if layout.kind == "latin":
        return math.factorial(side)
    return math.factorial(side // size) * math.factorial(size) ** (side // size)


def _class_members(classes) -> list[np.ndarray]:
    labels = np.asarray(classes)
    return [np.flatnonzero(labels == label) + 1 for label in dict.fromkeys(classes)]


def _complement_in_classes(freedom: Freedom) -> bool:
    """Whether the complement only moves values within their classes."""
    values = len(freedom.classes)
    return all(freedom.classes[v - 1] == freedom.classes[values - v] for v in range(1, values + 1))


def move_count(puzzle: Puzzle) -> int:
    """How many different moves ``puzzle`` admits (the identity included):
    the orders of the rows times those of the columns, times 2 when it may
    be transposed, times the value relabellings (for a classic 9x9,
    ``3!^8 * 2 * 9!``, the Sudoku symmetry group of Russell and Jarvis,
    "Mathematics of Sudoku II", Mathematical Spectrum 39:54-58, 2006). At
    most this many copies are different (:func:`copies`)."""
    freedom = puzzle_freedom(puzzle)
    layout = puzzle.layout
    tall, wide = layout.box_shape or (1, 1)
    values = math.prod(math.factorial(len(m)) for m in _class_members(freedom.classes))
    if freedom.complement and not _complement_in_classes(freedom):
        values *= 2
    return (_axis_count(freedom.rows, layout, tall) * _axis_count(freedom.columns, layout, wide)
            * (2 if freedom.transpose else 1) * values)


def _draw_axis(level: int, layout: Layout, size: int, rng) -> tuple[int, ...]:
    """Where each row (column) goes: ``order[r]`` is the new place of ``r``."""
    side = layout.side
    if level == FIXED:
        return tuple(range(side))
    if level == REVERSED:
        return tuple(range(side))[:: 1 if rng.random() < 0.5 else -1]
    if layout.kind == "latin":
        return tuple(int(i) for i in rng.permutation(side))
    groups = rng.permutation(side // size)
    within = [rng.permutation(size) for _ in range(side // size)]
    return tuple(int(groups[r // size] * size + within[r // size][r % size]) for r in range(side))


def _draw_digits(freedom: Freedom, rng) -> tuple[tuple[int, ...], bool]:
    """A relabelling (``digits[v - 1]``: what ``v`` becomes) and whether it
    is complemented."""
    values = len(freedom.classes)
    digits = np.arange(values + 1)
    for members in _class_members(freedom.classes):
        digits[members] = rng.permutation(members)
    complemented = bool(freedom.complement and not _complement_in_classes(freedom)
                        and rng.random() < 0.5)
    if complemented:
        digits[1:] = values + 1 - digits[1:]
    return tuple(int(d) for d in digits[1:]), complemented


@dataclass(frozen=True, eq=False)
class Isomorph:
    """One copy of a puzzle (:func:`copies`): ``puzzle``, the copy;
    ``original``, the puzzle it was made from; ``index`` (0: the identity);
    the move: ``rows[r]`` (``columns[c]``) is the row (column) that row
    ``r`` (column ``c``) of the original moves to, then the grid is
    ``transposed`` or not, and ``digits[v - 1]`` is the value ``v`` becomes
    (``complemented``: the relabelling includes the complement, under which
    the kinds that read order change their fields, a thermometer reversed
    or a total ``T`` of ``k`` cells made ``k (V + 1) - T``)."""

    puzzle: Puzzle
    original: Puzzle
    index: int
    rows: tuple[int, ...]
    columns: tuple[int, ...]
    transposed: bool
    digits: tuple[int, ...]
    complemented: bool

    @cached_property
    def cells(self) -> np.ndarray:
        """Read-only ``(N*N,)`` int64 array: the copy's cell of each cell of
        the original (flat indices)."""
        return _frozen(_cell_map(self.rows, self.columns, self.transposed))

    @property
    def moves(self) -> str:
        """What moved, in words: ``"identity"``, or e.g. ``"rows
        2,1,3,...; transposed; digits 9,8,7,..."`` (1-based: where each row,
        column and value goes)."""
        parts = []
        for name, order in (("rows", self.rows), ("columns", self.columns)):
            if order != tuple(range(len(order))):
                parts.append(f"{name} {','.join(str(i + 1) for i in order)}")
        if self.transposed:
            parts.append("transposed")
        if self.digits != tuple(range(1, len(self.digits) + 1)):
            parts.append(f"digits {','.join(map(str, self.digits))}"
                         + (" (complemented)" if self.complemented else ""))
        return "; ".join(parts) or "identity"

    def copy_grid(self, grid) -> np.ndarray:
        """``grid``, an ``(N, N)`` grid of the original (values ``0..V``, 0
        empty), moved onto the copy: an ``(N, N)`` int64 array. Raises
        :class:`~sudoku_models.errors.PuzzleFormatError` for another shape or
        a value outside ``0..V``."""
        flat = self._checked(grid, "grid of the original")
        moved = np.zeros_like(flat)
        moved[self.cells] = np.concatenate(([0], self.digits))[flat]
        return moved.reshape(self.puzzle.side, -1)

    def original_grid(self, grid) -> np.ndarray:
        """``grid``, an ``(N, N)`` grid of the copy (a solver's answer to
        :attr:`puzzle`; 0 empty), moved back onto the original: an ``(N, N)``
        int64 array, which solves :attr:`original` exactly when ``grid``
        solves the copy. Raises
        :class:`~sudoku_models.errors.PuzzleFormatError` for another shape or
        a value outside ``0..V``."""
        flat = self._checked(grid, "grid of the copy")
        back = np.zeros(len(self.digits) + 1, dtype=np.int64)
        back[list(self.digits)] = np.arange(1, len(self.digits) + 1)
        return back[flat[self.cells]].reshape(self.original.side, -1)

    def _checked(self, grid, what: str) -> np.ndarray:
        side, values = self.original.side, len(self.digits)
        array = np.asarray(grid)
        if array.shape != (side, side):
            raise PuzzleFormatError(f"a {what} must have shape ({side}, {side}), got "
                                    f"{array.shape}")
        if array.dtype.kind not in "iu" or (array.size and (array.min() < 0
                                                             or array.max() > values)):
            raise PuzzleFormatError(f"a {what} holds integers 0..{values} (0 empty), got "
                                    f"{array.dtype} values from {array.min()} to {array.max()}")
        return array.astype(np.int64).ravel()


def _frozen(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


def _cell_map(rows, columns, transposed) -> np.ndarray:
    side = len(rows)
    r, c = np.divmod(np.arange(side * side), side)
    new_r, new_c = np.asarray(rows)[r], np.asarray(columns)[c]
    if transposed:
        new_r, new_c = new_c, new_r
    return (new_r * side + new_c).astype(np.int64)


def _moved_layout(layout: Layout, cells: np.ndarray) -> Layout:
    """The layout of the copy: the same for boxes and a Latin square (their
    moves keep them), the mirrored or transposed regions of a jigsaw."""
    if layout.kind != "jigsaw":
        return layout
    regions = np.empty(layout.cells, dtype=np.int64)
    regions[cells] = layout.regions.ravel()
    moved = Layout.jigsaw(regions.reshape(layout.side, -1))
    return moved.with_values(layout.values) if layout.more_values else moved


def _moved(constraint: Constraint, cells: np.ndarray, transposed: bool, digits, complemented,
           layout: Layout) -> Constraint:
    """``constraint`` on the copy: its cells moved, its fields following
    the transposition and the relabelling (:data:`KIND_MOVES`)."""
    if isinstance(constraint, Either):
        return replace(constraint, branches=tuple(
            tuple(_moved(inner, cells, transposed, digits, complemented, layout)
                  for inner in branch) for branch in constraint.branches))
    changes = {}
    for field in fields(constraint):
        if field.name in _CELL_FIELDS:
            value = getattr(constraint, field.name)
            changes[field.name] = int(cells[value]) if isinstance(value, int) else tuple(
                int(cells[c]) for c in value)
    if transposed and isinstance(constraint, Indexing):
        changes["direction"] = "row" if constraint.direction == "column" else "column"
    entry = KIND_MOVES.get(constraint.kind)  # a kind not in the table moves by the identity
    relabel = entry.relabel if entry is not None else None
    if relabel is not None:
        moved = replace(constraint, **changes)
        changes.update(relabel(moved, digits, complemented, layout.values))
    return replace(constraint, **changes)


def _isomorph(puzzle: Puzzle, index: int, rows, columns, transposed, digits,
              complemented) -> Isomorph:
    layout = puzzle.layout
    cells = _cell_map(rows, columns, transposed)
    constraints = tuple(_moved(c, cells, transposed, digits, complemented, layout)
                        for c in puzzle.constraints)
    grid = np.zeros(layout.cells, dtype=np.int64)
    grid[cells] = np.concatenate(([0], digits))[puzzle.grid.ravel()]
    name = f"{puzzle.name} (copy {index})" if puzzle.name and index else puzzle.name
    copy = Puzzle(grid.reshape(layout.side, -1), Rules(_moved_layout(layout, cells), constraints),
                  name=name, values=puzzle.values)
    return Isomorph(copy, puzzle, index, tuple(rows), tuple(columns), transposed, tuple(digits),
                    complemented)


def copies(puzzle: Puzzle, k: int, seed: int = 0) -> list[Isomorph]:
    """``k`` isomorphic copies of ``puzzle``, each with exactly its
    solutions moved alike: copy 0 is ``puzzle`` itself (the identity move),
    copies 1.. different moves drawn uniformly among those every constraint
    of the puzzle admits (:func:`puzzle_freedom`, the module docstring's
    table), the same for the same ``seed``. Fewer than ``k`` when the
    puzzle admits fewer moves (:func:`move_count`; a puzzle with a kind that
    admits none: the identity alone).

    ``k``: a whole number of at least 1; ``seed``: a whole number of at
    least 0. Raises ``TypeError`` for a ``puzzle`` that is not a
    :class:`~sudoku_models.puzzle.Puzzle` or a ``k`` or ``seed`` that is not
    an ``int``, :class:`~sudoku_models.errors.InvalidValueError` for a ``k``
    below 1 or a negative ``seed``."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(f"copies takes a Puzzle, got {type(puzzle).__name__}")
    for name, value, low in (("k", k, 1), ("seed", seed, 0)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{name} must be an int, got {type(value).__name__}")
        if value < low:
            raise InvalidValueError(f"{name} must be at least {low}, got {value}")
    freedom = puzzle_freedom(puzzle)
    layout = puzzle.layout
    tall, wide = layout.box_shape or (1, 1)
    identity = (tuple(range(layout.side)), tuple(range(layout.side)), False,
                tuple(range(1, layout.values + 1)), False)
    wanted = min(int(k), move_count(puzzle))
    rng = np.random.default_rng([int(seed), 0x5EED])
    drawn = [identity]
    seen = {identity[:4]}
    while len(drawn) < wanted:
        move = (_draw_axis(freedom.rows, layout, tall, rng),
                _draw_axis(freedom.columns, layout, wide, rng),
                bool(freedom.transpose and rng.random() < 0.5), *_draw_digits(freedom, rng))
        if move[:4] not in seen:
            seen.add(move[:4])
            drawn.append(move)
    return [_isomorph(puzzle, index, *move) for index, move in enumerate(drawn)]
