"""Essentially different grids: full grids counted up to the Sudoku symmetries (issue 35).

Two grids are *essentially different* when no symmetry of the grid maps one
onto the other. For a square layout of order ``n`` (side ``N = n*n``) the
symmetries are the relabellings of the values (``N!``) times the
permutations of the cells that keep every grid a grid: the **position
group** ``G``, made of band permutations, row permutations within each
band, stack permutations, column permutations within each stack, and
transposition, ``|G| = 2 (n!)^(2n+2)`` (3,359,232 for 9x9; 128 for 4x4).

The count is Burnside's lemma over ``G`` acting on grids *up to
relabelling* (Russell and Jarvis, "Mathematics of Sudoku II",
*Mathematical Spectrum* 39, 2006, who found 5,472,730,538 for 9x9)::

    essentially different = (1 / |G|) sum over classes C of G:  |C| x Fix(C)

where ``Fix(g)`` is the number of relabelling classes of grids that ``g``
maps to themselves: grids ``X`` with ``X(g(c)) = s(X(c))`` for every cell
``c`` and some relabelling ``s`` (which ``X`` then determines). ``Fix`` is
the same on a conjugacy class, so one representative per class is counted.

* **Classes** (:func:`symmetry_classes`). Rows move by ``H = S_n wr S_n``
  (bands, then rows in each band), columns too, so the elements without
  transposition are pairs ``(r, c)`` of ``H x H``, conjugate exactly when
  their classes in ``H`` are equal as an unordered pair (transposition
  swaps the two). An element with transposition, ``(r, c) t``, is conjugate
  to ``(id, rc) t``: its class is that of ``rc`` in ``H``. ``H``'s classes
  are found by conjugating in it (1,296 elements for 9x9, 22 classes), so
  ``G`` has ``22 x 23 / 2 + 22 = 275`` classes (5 and 20 for 4x4).
* **Fixed grids** (:func:`fixed_grids`). Each relabelling class has one grid
  whose first row is ``1..N``; those fixed by ``g`` are counted for every
  relabelling ``s`` with ``s^k = 1`` (``k`` the order of ``g``: ``g^k = 1``
  forces it) by a compiled search over the cycles of ``g`` on the cells: a
  cycle ``c, g(c), g^2(c), ...`` holds ``v, s(v), s^2(v), ...``, so one
  value fills it, and the search picks the cycle with fewest candidate
  values first. The identity's count is every grid over ``N!``
  (:func:`generator.grid_count.count_grids`, by bands for 9x9).

Only orders 2 and 3 are counted (4x4: 2; 9x9: 5,472,730,538); above, the
fixed grids of the identity alone are out of reach of enumeration.

Cost at 9x9 (CPU seconds, measured one class at a time on a loaded 2-core
machine): 274 of the 275 classes take 81 s in all, 60 s of it the
transposition's (2,620 relabellings tried, 30,258,432 fixed grids); where a
move keeps every row in its band, the counts below a filled band come back
and 449,445,888 fixed grids take 2 s. The class of the 180-degree rotation
(155,492,352) pairs the rows of two bands, so few states come back and its
grids are reached nearly one by one: more than 8 minutes, and about 1% of
its count per 8 s in a sampled run (some 20 minutes). :func:`burnside_table`
cuts each class's relabellings into pieces that every worker thread takes
from, so on 2 cores the whole table should take about half its CPU time
(the 180-degree class no longer runs on one thread while the other idles).
Counting the bands of such moves by column signatures, as
:mod:`generator.bands` does for the identity, is the next step: with a
representative that fixes row 0 and column 0 (conjugate in the group to
the 180-degree rotation: rows ``(1 2)(3 6)(4 7)(5 8)``, columns alike) the
relabelling is fixed by the first row, band 1 maps to itself, band 3 is the
image of band 2 and is a valid band whenever band 2 is, so the count is a
sum over band 1 of the bands 2 whose column sets meet one condition per
column orbit.
"""

from __future__ import annotations

import itertools
import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

import numba
import numpy as np
from numba import types
from numba.typed import Dict

from sudoku_models.core.geometry import Layout
from sudoku_models.counter import compile_cache

from .grid_count import count_grids

compile_cache.prepare()  # before numba compiles or loads the kernel below: saves locked between processes

SYMMETRY_ORDERS = (2, 3)  # the orders whose essentially different grids are counted
_KEY = types.UniTuple(types.int64, 5)  # memo key: depth, then 27 house masks in 4 words
MEMO_ENTRIES = 1 << 21  # counts remembered at most (about 200 MB), then forgotten
PROBE = 1 << 14  # counts remembered at a depth before judging whether they come back


@dataclass(frozen=True)
class SymmetryClass:
    """One conjugacy class of the position group of a square layout.

    * ``cells``: a representative as a permutation of the ``N*N`` cells
      (``(N*N,)`` int64, cell ``row*N + column`` goes to ``cells[cell]``).
    * ``size``: the number of elements in the class.
    * ``transposes``: whether its elements transpose the grid.
    * ``order``: the order of its elements (``g^order`` is the identity).
    """

    cells: np.ndarray
    size: int
    transposes: bool
    order: int


def _check_order(order: int) -> None:
    if isinstance(order, bool) or order not in SYMMETRY_ORDERS:
        raise ValueError(f"essentially different grids are counted for orders "
                         f"{', '.join(map(str, SYMMETRY_ORDERS))} (4x4 and 9x9), got {order!r}")


def line_group(order: int) -> np.ndarray:
    """Every permutation of the ``N = order*order`` rows that keeps bands
    together (``S_n wr S_n``: bands permuted, then rows within each band),
    ``(n!^(n+1), N)`` int64, row ``i`` going to ``[k, i]``; the identity first."""
    n = order
    perms = list(itertools.permutations(range(n)))
    elements = []
    for bands in perms:
        for within in itertools.product(perms, repeat=n):
            elements.append([bands[b] * n + within[b][i] for b in range(n) for i in range(n)])
    return np.array(elements, dtype=np.int64)


def _classes_of(elements: np.ndarray) -> list[tuple[int, int]]:
    """Conjugacy classes of a permutation group given by all its
    ``elements``: ``(index of a representative, class size)`` each."""
    index = {row.tobytes(): i for i, row in enumerate(elements)}
    inverses = np.argsort(elements, axis=1)
    seen = np.zeros(len(elements), bool)
    classes = []
    for i, x in enumerate(elements):
        if seen[i]:
            continue
        conjugates = np.take_along_axis(elements, x[inverses], axis=1)  # a x a^-1 for every a
        members = {index[row.tobytes()] for row in conjugates}
        seen[list(members)] = True
        classes.append((i, len(members)))
    return classes


def _order_of(perm: np.ndarray) -> int:
    result, seen = 1, np.zeros(len(perm), bool)
    for start in range(len(perm)):
        length, cell = 0, start
        while not seen[cell]:
            seen[cell] = True
            cell = perm[cell]
            length += 1
        if length:
            result = math.lcm(result, length)
    return result


def symmetry_classes(order: int) -> list[SymmetryClass]:
    """The conjugacy classes of the position group of the ``order``-``order``
    square layout (see the module docstring): 275 for 9x9, 20 for 4x4, the
    identity first; their sizes sum to ``2 (n!)^(2n+2)``. Raises
    ``ValueError`` for an order other than 2 or 3."""
    _check_order(order)
    side = order * order
    lines = line_group(order)
    h_classes = _classes_of(lines)
    rows, columns = np.divmod(np.arange(side * side), side)
    found = []
    for a, (i, size_i) in enumerate(h_classes):
        for j, size_j in h_classes[a:]:
            r, c = lines[i], lines[j]
            cells = r[rows] * side + c[columns]
            size = size_i * size_j * (1 if i == j else 2)
            found.append(SymmetryClass(cells, size, False, _order_of(cells)))
    for i, size_i in h_classes:
        cells = columns * side + lines[i][rows]  # r{i}c{j} -> r{j}c{k(i)}: (id, k) after t
        found.append(SymmetryClass(cells, len(lines) * size_i, True, _order_of(cells)))
    return found


def _cycles(perm: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The cycles of ``perm``: cells in cycle order, concatenated, and the
    offsets where each cycle starts (one more, the total, at the end)."""
    seen = np.zeros(len(perm), bool)
    cells, starts = [], [0]
    for start in range(len(perm)):
        cell = start
        while not seen[cell]:
            seen[cell] = True
            cells.append(cell)
            cell = perm[cell]
        if len(cells) > starts[-1]:
            starts.append(len(cells))
    return np.array(cells, np.int64), np.array(starts, np.int64)


@lru_cache(maxsize=None)
def _permutations(side: int) -> np.ndarray:
    return np.array(list(itertools.permutations(range(side))), np.int64)


@lru_cache(maxsize=None)
def relabellings(side: int, order: int) -> np.ndarray:
    """Every permutation ``s`` of the values ``0..side-1`` with ``s^order``
    the identity, ``(k, side)`` int64 (``s`` maps ``v`` to ``[., v]``)."""
    perms = _permutations(side)
    power = perms.copy()
    for _ in range(order - 1):
        power = np.take_along_axis(perms, power, axis=1)
    return perms[(power == np.arange(side)).all(axis=1)]


@numba.njit(cache=True, nogil=True)
def _put(cells, value, powers, grid, rows, cols, boxes, row_of, col_of, box_of):
    # cells[i] gets s^i(value); False at the first cell that cannot take it
    for i in range(len(cells)):
        cell = cells[i]
        v = powers[i, value]
        if grid[cell] >= 0:
            if grid[cell] != v:
                return False
            continue
        bit = 1 << v
        if (rows[row_of[cell]] | cols[col_of[cell]] | boxes[box_of[cell]]) & bit:
            return False
        grid[cell] = v
        rows[row_of[cell]] |= bit
        cols[col_of[cell]] |= bit
        boxes[box_of[cell]] |= bit
    return True


@numba.njit(cache=True, nogil=True)
def _take(cells, grid, rows, cols, boxes, row_of, col_of, box_of):
    for cell in cells:
        bit = 1 << grid[cell]
        rows[row_of[cell]] ^= bit
        cols[col_of[cell]] ^= bit
        boxes[box_of[cell]] ^= bit
        grid[cell] = -1


@numba.njit(cache=True, nogil=True)
def _completions(order, cycle_cells, starts, allowed, inverse, powers, grid, rows, cols, boxes,
                 row_of, col_of, box_of, alive, memo):  # pragma: no cover - compiled
    # the ways to fill the cycles `order` one after the other; the count below
    # each depth memoised on what it depends on: the depth and the values in
    # every house that a cell of the cycles left meets (a loop, not recursion:
    # numba's cache cannot hold a recursive function)
    side = len(rows)
    full = (1 << side) - 1
    per_word = 63 // side
    last = len(order) - 1
    left = np.zeros(len(order), np.int64)  # values still to try at each depth
    below = np.zeros(len(order), np.int64)  # completions counted so far at each depth
    keys = np.zeros((len(order), 5), np.int64)
    remember = np.ones(len(order), np.bool_)  # whether counts at a depth are remembered
    stored = np.zeros(len(order), np.int64)
    reused = np.zeros(len(order), np.int64)
    depth = 0
    entering = True
    found = 0
    while True:
        if entering:
            k = order[depth]
            mask = allowed[k]
            for p in range(starts[k], starts[k + 1]):
                cell = cycle_cells[p]
                free = ~(rows[row_of[cell]] | cols[col_of[cell]] | boxes[box_of[cell]]) & full
                mask &= inverse[p - starts[k], free]
            known = False
            if depth == last or mask == 0:
                found = 0
                while mask:
                    mask &= mask - 1
                    found += 1
                known = True
            else:
                left[depth] = mask
                below[depth] = 0
                if remember[depth]:
                    keys[depth, 0] = depth
                    keys[depth, 1:] = 0
                    for house in range(3 * side):
                        if (alive[depth] >> house) & 1:
                            if house < side:
                                used = rows[house]
                            elif house < 2 * side:
                                used = cols[house - side]
                            else:
                                used = boxes[house - 2 * side]
                            keys[depth, 1 + house // per_word] |= used << (side * (house % per_word))
                    key = (depth, keys[depth, 1], keys[depth, 2], keys[depth, 3], keys[depth, 4])
                    if key in memo:
                        found = memo[key]
                        reused[depth] += 1
                        known = True
            if not known:  # place the first value and go down
                mask = left[depth]
                v = 0
                while (mask >> v) & 1 == 0:
                    v += 1
                left[depth] = mask & (mask - 1)
                _put(cycle_cells[starts[k]:starts[k + 1]], v, powers, grid, rows, cols, boxes,
                     row_of, col_of, box_of)
                depth += 1
                continue
            entering = False
        # `found` completions below `depth`: add them to the depth above
        if depth == 0:
            return found
        depth -= 1
        below[depth] += found
        k = order[depth]
        cells = cycle_cells[starts[k]:starts[k + 1]]
        _take(cells, grid, rows, cols, boxes, row_of, col_of, box_of)
        mask = left[depth]
        if mask:
            v = 0
            while (mask >> v) & 1 == 0:
                v += 1
            left[depth] = mask & (mask - 1)
            _put(cells, v, powers, grid, rows, cols, boxes, row_of, col_of, box_of)
            depth += 1
            entering = True
            continue
        found = below[depth]
        if remember[depth]:
            stored[depth] += 1
            if stored[depth] >= PROBE and reused[depth] * 8 < stored[depth]:
                remember[depth] = False  # states at this depth seldom come back
            if len(memo) >= MEMO_ENTRIES:  # bounded memory: start afresh
                memo.clear()
            memo[(keys[depth, 0], keys[depth, 1], keys[depth, 2], keys[depth, 3],
                  keys[depth, 4])] = found


@numba.njit(cache=True, nogil=True)
def _fixed_grids(cycle_cells, starts, steps, relabels, n):  # pragma: no cover - compiled
    # steps[k]: bit d set when two cells d apart in cycle k share a house
    side = n * n
    full = (1 << side) - 1
    cycles = len(starts) - 1
    row_of = np.empty(side * side, np.int64)
    col_of = np.empty(side * side, np.int64)
    box_of = np.empty(side * side, np.int64)
    for cell in range(side * side):
        row_of[cell], col_of[cell] = cell // side, cell % side
        box_of[cell] = (row_of[cell] // n) * n + col_of[cell] // n
    where = np.empty(side * side, np.int64)  # the cycle of each cell, and its place there
    place = np.empty(side * side, np.int64)
    longest = 0
    for k in range(cycles):
        longest = max(longest, starts[k + 1] - starts[k])
        for p in range(starts[k], starts[k + 1]):
            where[cycle_cells[p]] = k
            place[cycle_cells[p]] = p - starts[k]
    # the cycles not met by the first row, in the order of their first cell
    first_row = np.zeros(cycles, np.bool_)
    for column in range(side):
        first_row[where[column]] = True
    order = np.array([k for k in range(cycles) if not first_row[k]], np.int64)
    alive = np.zeros(len(order), np.int64)  # the houses the cycles order[d:] meet
    for d in range(len(order) - 1, -1, -1):
        if d + 1 < len(order):
            alive[d] = alive[d + 1]
        k = order[d]
        for p in range(starts[k], starts[k + 1]):
            cell = cycle_cells[p]
            alive[d] |= (1 << row_of[cell]) | (1 << (side + col_of[cell])) \
                | (1 << (2 * side + box_of[cell]))
    powers = np.empty((longest + 1, side), np.int64)
    kept = np.empty(longest + 1, np.int64)  # values v with s^d(v) = v
    inverse = np.empty((longest, full + 1), np.int64)  # values v with s^i(v) in a mask
    allowed = np.empty(cycles, np.int64)  # values a cycle's first cell may take
    grid = np.empty(side * side, np.int64)
    rows = np.empty(side, np.int64)
    cols = np.empty(side, np.int64)
    boxes = np.empty(side, np.int64)
    total = 0
    for s in range(relabels.shape[0]):
        for v in range(side):
            powers[0, v] = v
        for i in range(1, longest + 1):
            for v in range(side):
                powers[i, v] = relabels[s, powers[i - 1, v]]
        for d in range(longest + 1):
            kept[d] = 0
            for v in range(side):
                if powers[d, v] == v:
                    kept[d] |= 1 << v
        for k in range(cycles):
            length = starts[k + 1] - starts[k]
            allowed[k] = kept[length]  # s^length(v) = v closes the cycle
            for d in range(1, length):
                if (steps[k] >> d) & 1:
                    allowed[k] &= ~kept[d]  # two cells of one house would hold v
        # the first row holds 0..N-1: each of its cells fills its cycle
        grid[:] = -1
        rows[:] = 0
        cols[:] = 0
        boxes[:] = 0
        ok = True
        for column in range(side):
            k = where[column]
            first = place[column]
            value = column  # the value of the cycle's first cell: s^-first(column)
            while powers[first, value] != column:
                value = powers[1, value]
            if (allowed[k] >> value) & 1 == 0 or not _put(
                    cycle_cells[starts[k]:starts[k + 1]], value, powers, grid, rows, cols, boxes,
                    row_of, col_of, box_of):
                ok = False
                break
        if not ok:
            continue
        if len(order) == 0:
            total += 1
            continue
        for i in range(longest):
            for mask in range(full + 1):
                pre = 0
                for v in range(side):
                    if (mask >> powers[i, v]) & 1:
                        pre |= 1 << v
                inverse[i, mask] = pre
        memo = Dict.empty(key_type=_KEY, value_type=types.int64)
        total += _completions(order, cycle_cells, starts, allowed, inverse, powers, grid, rows,
                              cols, boxes, row_of, col_of, box_of, alive, memo)
    return total


def _search_arrays(order: int, cells: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The cycles of ``cells`` (:func:`_cycles`) and, per cycle, the steps
    ``d`` at which two of its cells share a house (bit ``d``)."""
    side = order * order
    cycle_cells, starts = _cycles(cells)
    steps = np.zeros(len(starts) - 1, np.int64)
    row, column = np.divmod(cycle_cells, side)
    box = row // order * order + column // order
    for k in range(len(steps)):
        for i in range(starts[k], starts[k + 1]):
            for j in range(i + 1, starts[k + 1]):
                if row[i] == row[j] or column[i] == column[j] or box[i] == box[j]:
                    steps[k] |= 1 << (j - i)
    return cycle_cells, starts, steps


def _tasks(order: int, classes: list[SymmetryClass], chunk: int) -> list[tuple[int, tuple]]:
    """The searches behind :func:`fixed_grids` of each class (its index
    first) but the identity's, the relabellings cut into pieces of at most
    ``chunk`` so that threads share one class's work."""
    side = order * order
    tasks = []
    for index, c in enumerate(classes):
        cells = np.asarray(c.cells, np.int64)
        if (cells == np.arange(side * side)).all():
            continue
        arrays = _search_arrays(order, cells)
        relabels = relabellings(side, c.order)
        for start in range(0, len(relabels), chunk):
            tasks.append((index, (*arrays, relabels[start:start + chunk], order)))
    return tasks


def _identity_fixed(order: int) -> int:
    return count_grids(order) // math.factorial(order * order)


def fixed_grids(order: int, cells: np.ndarray, workers: int = 1) -> int:
    """``Fix(g)``: how many relabelling classes of full grids of the
    ``order``-``order`` square layout the cell permutation ``cells`` (a
    :attr:`SymmetryClass.cells`, ``(N*N,)``) maps to themselves; an exact
    int. Counted by enumeration (module docstring), the relabellings shared
    out between ``workers`` threads, except the identity: every grid over
    ``N!``. Raises ``ValueError`` for an order other than 2 or 3."""
    _check_order(order)
    cells = np.asarray(cells, np.int64)
    one = SymmetryClass(cells, 1, False, _order_of(cells))
    if (cells == np.arange(len(cells))).all():
        return _identity_fixed(order)
    return sum(_run_tasks(_tasks(order, [one], _CHUNK), workers, 1))


_CHUNK = 64  # relabellings per task: 2,620 of order 2 make 41 tasks at 9x9


def _run_tasks(tasks: list[tuple[int, tuple]], workers: int, classes: int) -> list[int]:
    """Each class's fixed grids summed over its tasks, run on ``workers`` threads."""
    totals = [0] * classes
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for (index, _), found in zip(tasks, pool.map(lambda t: int(_fixed_grids(*t[1])),
                                                     tasks)):
            totals[index] += found
    return totals


def burnside_table(order: int, workers: int = 1) -> list[tuple[SymmetryClass, int]]:
    """Every conjugacy class of the position group of the ``order``-``order``
    square layout (:func:`symmetry_classes`) with the grids one of its
    elements fixes up to relabelling (:func:`fixed_grids`), counted on
    ``workers`` threads (each class's relabellings in pieces, so that the
    threads share the long classes). Raises ``ValueError`` for an order
    other than 2 or 3."""
    classes = symmetry_classes(order)
    totals = _run_tasks(_tasks(order, classes, _CHUNK), workers, len(classes))
    totals[0] = _identity_fixed(order)  # symmetry_classes puts the identity first
    return list(zip(classes, totals))


def essentially_different_grids(layout: Layout | int, workers: int = 1) -> int:
    """The number of essentially different full grids of the square layout
    of order 2 or 3 (a :class:`~sudoku_models.core.geometry.Layout` or its
    order) by Burnside's lemma (module docstring): 2 for 4x4, 5,472,730,538
    for 9x9 (Russell and Jarvis 2006); an exact int. The classes are counted
    on ``workers`` threads (:func:`burnside_table`). Raises ``ValueError``
    for any other layout."""
    order = layout if isinstance(layout, int) and not isinstance(layout, bool) else getattr(
        layout, "order", None)
    if order not in (2, 3) or (isinstance(layout, Layout) and layout != Layout.square(order)):
        raise ValueError(f"essentially different grids are counted for the 4x4 and 9x9 "
                         f"square layouts, not {layout!r}")
    table = burnside_table(order, workers)
    return sum(c.size * fixed for c, fixed in table) // sum(c.size for c, _ in table)
