"""Compiled searches of the generator: random full grids, "is there a
solution other than the known one", and the clue-removal pass.

The uniqueness check of a removal does not count solutions. The puzzle
before the removal had exactly one solution ``S``; after emptying the cells
``R``, any other solution must differ from ``S`` in a cell of ``R``. So the
check asks, for the cells ``r1, r2, ...`` of ``R`` in turn, whether a solution
exists with ``r_k != S[r_k]`` and ``r_j = S[r_j]`` for ``j < k`` (the cases are
disjoint and cover every other solution), each case a search whose root has
one candidate struck out (the classic minimiser's check; tdoku's
``TdokuMinimize`` does the same). The state shared by the cases is loaded and
propagated once and then grows by one placement per case.

State and propagation as in :mod:`sudoku_models.counter.kernel` (candidate
bitmasks, naked and hidden singles, most-constrained cell first), written
again here because these kernels must also start from a given state, stop
when asked and share one workspace across calls: every kernel that may run
long takes the ``control`` int64 array of shape (2,) of the project's
convention (``control[0]`` nonzero asks it to stop; it is polled every 1024
branch nodes and between removals; ``control[1]`` accumulates the branch
nodes used). Compiled with numba (nopython, ``nogil``, cached on disk).
"""

from __future__ import annotations

import numba
import numpy as np

FOUND = 1  # another solution exists
NONE = 0  # no other solution
BUDGET = -1  # the node budget ran out: undecided
STOPPED = -2  # control[0] asked to stop: undecided
POLL = 1023  # poll control[0] when (nodes & POLL) == 0
NO_BUDGET = np.int64(1) << 62  # "no node budget"


@numba.njit(cache=True, nogil=True, inline="always")
def _popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@numba.njit(cache=True, nogil=True)
def _place(cand, grid, peers, cell, bit) -> bool:
    """Put the value of ``bit`` in ``cell``, strike it from the peers;
    False on a contradiction."""
    grid[cell] = _popcount(bit - 1) + 1
    cand[cell] = bit
    for peer in peers[cell]:
        if cand[peer] & bit:
            if grid[peer] != 0:
                return False
            cand[peer] &= ~bit
            if cand[peer] == 0:
                return False
    return True


@numba.njit(cache=True, nogil=True)
def _propagate(cand, grid, peers, houses, full) -> bool:
    """Naked and hidden singles to a fixed point; False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for cell in range(cand.size):
            mask = cand[cell]
            if grid[cell] == 0 and mask & (mask - 1) == 0:
                if mask == 0 or not _place(cand, grid, peers, cell, mask):
                    return False
                changed = True
        for house in houses:
            once = 0
            twice = 0
            for cell in house:
                twice |= once & cand[cell]
                once |= cand[cell]
            if once != full:
                return False
            single = once & ~twice
            if single:
                for cell in house:
                    mask = cand[cell] & single
                    if grid[cell] == 0 and mask:
                        if mask & (mask - 1) or not _place(cand, grid, peers, cell, mask):
                            return False
                        changed = True
    return True


@numba.njit(cache=True, nogil=True)
def _most_constrained(cand, grid) -> int:
    best = -1
    fewest = 65
    for cell in range(cand.size):
        if grid[cell] == 0:
            count = _popcount(cand[cell])
            if count < fewest:
                best = cell
                fewest = count
                if count == 2:
                    break
    return best


@numba.njit(cache=True, nogil=True)
def _load(clues, cand, grid, peers, full) -> bool:
    """The state of ``clues`` (flat, 0 = empty) before propagation."""
    for cell in range(clues.size):
        grid[cell] = 0
        cand[cell] = full
    for cell in range(clues.size):
        if clues[cell] and not _place(cand, grid, peers, cell, np.int64(1) << (clues[cell] - 1)):
            return False
    return True


@numba.njit(cache=True, nogil=True)
def search(work_cand, work_grid, work_cell, work_next, peers, houses, value_order, full, limit,
           max_nodes, control, solution) -> int:
    """Depth-first search from the propagated state in row 0 of
    ``work_cand`` ``(N + 2, N)`` int64 / ``work_grid`` ``(N + 2, N)`` int32
    (rows 1..N are the levels; row N + 1 is left alone for the caller).
    Values are tried in the order of ``value_order`` ``(N, s)``. Returns the
    number of solutions up to ``limit`` (the first is written to
    ``solution``), ``BUDGET`` after ``max_nodes`` branch nodes or ``STOPPED``
    when ``control[0]`` is set."""
    side = value_order.shape[1]
    cell = _most_constrained(work_cand[0], work_grid[0])
    if cell < 0:
        solution[:] = work_grid[0]
        return 1
    count = 0
    nodes = 0
    depth = 0
    work_cell[0] = cell
    work_next[0] = 0
    while depth >= 0:
        cell = work_cell[depth]
        k = work_next[depth]
        mask = work_cand[depth, cell]
        while k < side and not (mask >> (value_order[cell, k] - 1)) & 1:
            k += 1
        if k == side:
            depth -= 1
            continue
        work_next[depth] = k + 1
        nodes += 1
        if (nodes & POLL) == 0 and control[0]:
            control[1] += nodes
            return STOPPED
        if nodes > max_nodes:
            control[1] += nodes
            return BUDGET
        child = depth + 1
        cand = work_cand[child]
        grid = work_grid[child]
        cand[:] = work_cand[depth]
        grid[:] = work_grid[depth]
        if not _place(cand, grid, peers, cell, np.int64(1) << (value_order[cell, k] - 1)):
            continue
        if not _propagate(cand, grid, peers, houses, full):
            continue
        branch = _most_constrained(cand, grid)
        if branch < 0:
            if count == 0:
                solution[:] = grid
            count += 1
            if count >= limit:
                control[1] += nodes
                return count
            continue
        depth = child
        work_cell[depth] = branch
        work_next[depth] = 0
    control[1] += nodes
    return count


@numba.njit(cache=True, nogil=True)
def fill_grid(value_order, peers, houses, full, max_nodes, control, work_cand, work_grid,
              work_cell, work_next, solution) -> int:
    """A full grid into ``solution`` ``(N,)`` int32: the first solution of
    the empty grid with each cell's values tried in ``value_order`` (random
    per cell for a random grid). Returns 1, ``BUDGET`` or ``STOPPED``."""
    n = solution.size
    for cell in range(n):
        work_cand[0, cell] = full
        work_grid[0, cell] = 0
    return search(work_cand, work_grid, work_cell, work_next, peers, houses, value_order, full, 1,
                  max_nodes, control, solution)


@numba.njit(cache=True, nogil=True)
def other_solution(clues, removed, solution, peers, houses, value_order, full, max_nodes, control,
                   work_cand, work_grid, work_cell, work_next, found) -> int:
    """Whether ``clues`` has a solution other than ``solution``, given that
    ``clues`` with the cells ``removed`` (``(m,)``, -1 entries ignored) filled
    from ``solution`` has only that one. Returns ``FOUND`` (written to
    ``found``), ``NONE``, ``BUDGET`` (more than ``max_nodes`` branch nodes in
    one case) or ``STOPPED``. Method: the module docstring."""
    n = clues.size
    base = n + 1
    if not _load(clues, work_cand[base], work_grid[base], peers, full):
        return NONE
    if not _propagate(work_cand[base], work_grid[base], peers, houses, full):
        return NONE
    for k in range(removed.size):
        cell = removed[k]
        if cell < 0:
            continue
        bit = np.int64(1) << (solution[cell] - 1)
        if work_grid[base, cell] == 0:
            rest = work_cand[base, cell] & ~bit
            if rest:
                work_cand[0, :] = work_cand[base]
                work_grid[0, :] = work_grid[base]
                work_cand[0, cell] = rest
                if _propagate(work_cand[0], work_grid[0], peers, houses, full):
                    result = search(work_cand, work_grid, work_cell, work_next, peers, houses,
                                    value_order, full, 1, max_nodes, control, found)
                    if result != NONE:
                        return result
            if not (_place(work_cand[base], work_grid[base], peers, cell, bit)
                    and _propagate(work_cand[base], work_grid[base], peers, houses, full)):
                return NONE
    return NONE


@numba.njit(cache=True, nogil=True)
def reduce(solution, clues, orbits, orbit_order, target, max_nodes, control, undecided, peers,
           houses, value_order, full, work_cand, work_grid, work_cell, work_next, found) -> int:
    """Empty the orbits of ``clues`` (flat ``(N,)`` int32, changed in place)
    in ``orbit_order`` while the puzzle keeps ``solution`` as its only
    solution and has no fewer than ``target`` clues; ``orbits`` ``(K, 2)``
    flat cells, -1 padded. A removal whose check is undecided (node budget)
    is undone and counted in ``undecided[0]``. Stops early when
    ``control[0]`` is set. Returns the number of clues left."""
    count = 0
    for cell in range(clues.size):
        if clues[cell]:
            count += 1
    for index in range(orbit_order.size):
        if count <= target or control[0]:
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
        result = other_solution(clues, orbit, solution, peers, houses, value_order, full,
                                max_nodes, control, work_cand, work_grid, work_cell, work_next,
                                found)
        if result == NONE:
            count -= size
        else:
            for cell in orbit:
                if cell >= 0:
                    clues[cell] = solution[cell]
            if result < 0:
                undecided[0] += 1
    return count


def workspace(cells: int):
    """Fresh scratch arrays for :func:`search` and the kernels built on it
    (``cells`` = N): ``work_cand`` ``(N + 2, N)`` int64, ``work_grid``
    ``(N + 2, N)`` int32, ``work_cell`` and ``work_next`` ``(N + 1,)``
    int64, and a ``(N,)`` int32 array for a solution."""
    return (np.empty((cells + 2, cells), np.int64), np.empty((cells + 2, cells), np.int32),
            np.empty(cells + 1, np.int64), np.empty(cells + 1, np.int64),
            np.empty(cells, np.int32))
