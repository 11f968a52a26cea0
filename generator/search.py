"""The generator's own compiled parts, on the counter's search core
(:mod:`sudoku_models.counter.core`): random full grids and the clue-removal
pass.

A removal is checked by the core's "is there a solution other than the
known one" (:func:`sudoku_models.counter.uniqueness.other_solution`: the
puzzle before the removal had exactly one solution, so any other solution
differs from it in an emptied cell; on 9x9 the bitboard kernel answers).
Emptied cells that are naked or hidden singles among the remaining clues
need no search (:func:`_forced`; on 9x9 from the clues' bitboards, which
the pass keeps up to date across removals and its checks start from).
Every kernel polls the core's control array (stop request, stopped flag,
branch nodes; :mod:`sudoku_models.counter.core`) every 1024 branch nodes
and between removals. Compiled with numba
(nopython, ``nogil``, cached on disk).
"""

from __future__ import annotations

import numba
import numpy as np

from sudoku_models.counter import compile_cache, kernel, kernel9
from sudoku_models.counter.core import NO_LIMIT, NONE, STOP, STOPPED_EARLY
from sudoku_models.counter.kernel_tables import (BITBOARD, CELL_HOUSES, FULL, HOUSES, IDENTITY,
                                                 PEERS)
from sudoku_models.counter.uniqueness import other_solution

compile_cache.prepare()  # before numba compiles or loads the kernels below: saves locked between processes


@numba.njit(cache=True, nogil=True)
def fill_random(seed, max_nodes, control, solution, tables, work) -> int:
    """:func:`sudoku_models.counter.kernel.fill` with each cell's values in
    an independent random order drawn from numba's generator seeded with
    ``seed``. Give it singles-only tables (locked candidates cost more than
    they save on an empty grid). Returns 1, or ``BUDGET`` after
    ``max_nodes`` branch nodes. The standard 9x9 grid's singles-only tables
    go to :func:`~sudoku_models.counter.kernel9.fill9` (the same grid and
    branch nodes, about three times faster)."""
    np.random.seed(seed)
    cells = solution.size
    side = tables[HOUSES].shape[1]
    value_order = np.empty((cells, side), np.int64)
    for cell in range(cells):
        for k in range(side):
            value_order[cell, k] = k + 1
        for k in range(side - 1, 0, -1):
            j = np.random.randint(0, k + 1)
            value_order[cell, k], value_order[cell, j] = value_order[cell, j], value_order[cell, k]
    if tables[BITBOARD] and len(tables) == IDENTITY + 1:
        return kernel9.fill9(value_order, max_nodes, control, solution)
    return kernel.fill(value_order, max_nodes, control, solution, tables, work)


@numba.njit(cache=True, nogil=True)
def _sees(clues, peers, cell, value) -> bool:
    for peer in peers[cell]:
        if peer < 0:
            break
        if clues[peer] == value:
            return True
    return False


@numba.njit(cache=True, nogil=True)
def _forced(clues, cells, solution, tables) -> bool:
    """Whether each of ``cells`` (-1 entries ignored) is a naked single
    (the clues among its peers leave it one candidate) or a hidden single
    (every other empty cell of one of its houses sees a clue of its value)
    among the remaining clues: then emptying ``cells`` keeps the solution
    unique, with no search (most removals from a dense puzzle)."""
    peers = tables[PEERS]
    for cell in cells:
        if cell < 0:
            continue
        value = solution[cell]
        seen = 0
        for peer in peers[cell]:
            if peer < 0:
                break
            if clues[peer]:
                seen |= np.int64(1) << (clues[peer] - 1)
        if seen == tables[FULL] & ~(np.int64(1) << (value - 1)):
            continue
        hidden = False
        for house in tables[CELL_HOUSES][cell]:
            if house < 0:
                break
            hidden = True
            for other in tables[HOUSES][house]:
                if other != cell and clues[other] == 0 and not _sees(clues, peers, other, value):
                    hidden = False
                    break
            if hidden:
                break
        if not hidden:
            return False
    return True


@numba.njit(cache=True, nogil=True, inline="always")
def _forced_here(clues, cells, solution, tables, boards, bitboard) -> bool:
    """:func:`_forced` of ``cells``; on the 9x9 grid from the clues' boards
    (:func:`~sudoku_models.counter.kernel9.forced9`, the same answer)."""
    if not bitboard:
        return _forced(clues, cells, solution, tables)
    for cell in cells:
        if cell >= 0 and not kernel9.forced9(boards, cell, solution[cell]):
            return False
    return True


def new_record(orbit_count: int, cells: int) -> tuple[np.ndarray, np.ndarray]:
    """A fresh ``record`` for :func:`reduce`: ``(orbit_count, cells)``
    int32 witnesses (``orbit_count`` 0: none kept) and ``(cells,)`` int64
    removal stamps."""
    return np.zeros((orbit_count, cells), np.int32), np.zeros(cells, np.int64)


@numba.njit(cache=True, nogil=True)
def reduce(solution, clues, orbits, orbit_order, target, max_nodes, control, found, record,
           tables, work, work9):
    """Empty the orbits of ``clues`` (flat ``(N,)`` int32, changed in place)
    in ``orbit_order`` while the puzzle keeps ``solution`` as its only
    solution and has no fewer than ``target`` clues, each removal checked by
    the core's :func:`~sudoku_models.counter.uniqueness.other_solution`
    (``max_nodes`` branch nodes per case, ``found``, ``tables``, ``work``
    and ``work9`` as there); ``orbits`` ``(K, 2)`` flat cells, -1 padded. A
    removal whose check is undecided (node budget) is undone. Stops early
    on a stop request. Returns ``(clues left, undecided checks)``.

    ``record`` = ``(witnesses, removed_at)`` keeps what the final checks of
    a generator use. A removal refused because another solution exists
    records that solution in ``witnesses[k]`` for orbit ``k`` (``(K, N)``
    int32; ``(0, N)`` records nothing): it stays a solution of the puzzle
    without orbit ``k`` however many other clues go later, so
    :func:`removable_orbit` can take it as the proof that the orbit is
    needed. ``removed_at`` ``(N,)`` int64 gets for each cell emptied a
    stamp above every stamp already there, increasing in the order of
    removal: the "other solution" check over the empty cells from the
    latest removed to the first repeats the removal checks' own cases (see
    :meth:`generator.puzzles._Generator.unique`)."""
    witnesses, removed_at = record
    bitboard = tables[BITBOARD] != 0  # the forced test on the clues' boards, kept up to date
    boards = np.empty(kernel9.CLUE_BOARDS, np.int64)
    if bitboard:
        kernel9.clue_boards(clues, boards)
    clock = 0
    for cell in range(removed_at.size):
        clock = max(clock, removed_at[cell])
    count = 0
    undecided = 0
    for cell in range(clues.size):
        if clues[cell]:
            count += 1
    for index in range(orbit_order.size):
        if count <= target or control[STOP]:
            break
        orbit = orbits[orbit_order[index]]
        size = 0
        for cell in orbit:
            if cell >= 0 and clues[cell]:
                size += 1
        if size == 0 or count - size < target:
            continue
        for cell in orbit:
            if cell >= 0:
                clues[cell] = 0
                if bitboard:
                    kernel9.set_clue(boards, cell, solution[cell], False)
        if _forced_here(clues, orbit, solution, tables, boards, bitboard):
            result = NONE
        elif bitboard:
            result = kernel9.other9_boards(boards, orbit, solution, max_nodes, control, found,
                                           work9)
        else:
            result = other_solution(clues, orbit, solution, max_nodes, control, found, tables,
                                    work, work9)
        if result == NONE:
            count -= size
            clock += 1
            for cell in orbit:
                if cell >= 0:
                    removed_at[cell] = clock
        else:
            for cell in orbit:
                if cell >= 0:
                    clues[cell] = solution[cell]
                    if bitboard:
                        kernel9.set_clue(boards, cell, solution[cell], True)
            if result < 0:
                undecided += 1
            elif witnesses.shape[0]:
                witnesses[orbit_order[index]] = found
    return count, undecided


@numba.njit(cache=True, nogil=True)
def _needed(clues, solution, orbit, witness, tables) -> bool:
    """Whether ``witness`` ``(N,)`` proves that the clues of ``orbit`` are
    needed: it is a full grid whose every house holds every value once,
    other than ``solution``, and equal to ``clues`` on every clue outside
    ``orbit`` (so without ``orbit`` the puzzle has two solutions). A check
    of the grid alone, independent of the search that found it."""
    full = tables[FULL]
    side = tables[HOUSES].shape[1]
    for house in tables[HOUSES]:
        seen = 0
        for cell in house:
            value = witness[cell]
            if value < 1 or value > side:
                return False
            seen |= np.int64(1) << (value - 1)
        if seen != full:
            return False
    other = False
    for cell in range(clues.size):
        if witness[cell] != solution[cell]:
            other = True
        if clues[cell] and witness[cell] != clues[cell] and cell != orbit[0] \
                and cell != orbit[1]:
            return False
    return other


@numba.njit(cache=True, nogil=True)
def removable_orbit(clues, solution, orbits, start, control, found, witnesses, tables, work,
                    work9) -> int:
    """The first orbit of ``orbits`` (``(K, 2)``, -1 padded) from ``start`` on whose clues can
    all be emptied from ``clues`` (flat ``(N,)`` int32, unique solution
    ``solution``; restored before returning) with the solution staying
    unique: its index, -1 when there is none (the puzzle is minimal by
    orbits), or ``STOPPED_EARLY`` on a stop request. An orbit whose row of
    ``witnesses`` (``(K, N)``, as :func:`reduce` records them; ``(0, N)``:
    none) is another solution of the puzzle without it is needed
    (:func:`_needed`); every other orbit is checked by the core's
    :func:`~sudoku_models.counter.uniqueness.other_solution` without a node
    budget."""
    for index in range(start, orbits.shape[0]):
        orbit = orbits[index]
        if not clues[orbit[0]] or (orbit[1] >= 0 and not clues[orbit[1]]):
            continue
        if index < witnesses.shape[0] and _needed(clues, solution, orbit, witnesses[index],
                                                  tables):
            continue
        for cell in orbit:
            if cell >= 0:
                clues[cell] = 0
        result = other_solution(clues, orbit, solution, NO_LIMIT, control, found, tables, work,
                                work9)
        for cell in orbit:
            if cell >= 0:
                clues[cell] = solution[cell]
        if result == NONE:
            return index
        if result == STOPPED_EARLY:
            return STOPPED_EARLY
    return -1
