"""The compiled backtracking search behind the solver, counter and generator.

State: for every cell, ``grid`` holds its value (0 = empty) and ``cand`` its
candidates as a bitmask (bit ``v - 1`` for value ``v``; a filled cell keeps
the bit of its value). The search, after Norvig's and QQWing's solvers:

1. propagate to a fixed point: a cell with one candidate takes it (naked
   single); a value with one place left in a house goes there (hidden single,
   found for a whole house at once with the "seen once / seen twice" masks);
   an empty cell without candidates or a value without a place in a house is a
   contradiction;
2. branch on an empty cell with the fewest candidates (most constrained
   first), trying its values in the order given by ``value_order``.

The depth-first search keeps one copy of the state per level in preallocated
workspace arrays, so a call allocates nothing. Compiled with numba (nopython
mode, cached on disk): the algorithm stays plain Python, at C speed.
"""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, inline="always")
def _popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@numba.njit(cache=True)
def _place(cand, grid, peers, cell, bit) -> bool:
    """Put the value of ``bit`` in ``cell`` and remove it from the peers'
    candidates; False on a contradiction."""
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


@numba.njit(cache=True)
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
                return False  # a value has no place left in this house
            single = once & ~twice
            for cell in house:
                mask = cand[cell] & single
                if grid[cell] == 0 and mask:
                    if mask & (mask - 1) or not _place(cand, grid, peers, cell, mask):
                        return False  # one cell must take two values
                    changed = True
    return True


@numba.njit(cache=True)
def _most_constrained(cand, grid) -> int:
    """The empty cell with the fewest candidates, or -1 when the grid is full."""
    best = -1
    fewest = 64
    for cell in range(cand.size):
        if grid[cell] == 0:
            count = _popcount(cand[cell])
            if count < fewest:
                best = cell
                fewest = count
                if count == 2:
                    break
    return best


@numba.njit(cache=True, inline="always")
def _finish(control, nodes, result):
    """Return ``result``, adding the search's branch ``nodes`` to
    ``control[2]`` when ``control`` has that slot (``(3,)``: stop flags and
    effort, for the benchmark; ``(2,)``: stop flags only)."""
    if control.shape[0] > 2:
        control[2] += nodes
    return result


@numba.njit(cache=True, nogil=True)
def count_kernel(clues, peers, houses, full, limit, max_nodes, value_order, work_cand, work_grid,
                 work_cell, work_next, solution, control) -> int:
    """Count the solutions of ``clues`` up to ``limit``, or return -1 when
    the search needs more than ``max_nodes`` branch nodes.

    ``clues``: ``(N,)`` int32 flat grid, 0 = empty; ``peers``: ``(N, P)``;
    ``houses``: ``(H, s)``; ``full``: the mask of all ``s`` values;
    ``value_order``: ``(N, s)`` values to try per cell; workspace arrays
    ``work_cand`` ``(N + 1, N)`` int64, ``work_grid`` ``(N + 1, N)`` int32,
    ``work_cell`` and ``work_next`` ``(N + 1,)`` int64. The first solution
    found is written to ``solution`` ``(N,)``. ``control``: ``(2,)`` int64;
    another thread sets ``control[0]`` to nonzero to stop the search (polled
    every 1024 branch nodes; the kernel releases the GIL), which then sets
    ``control[1] = 1`` and returns the solutions found so far (a lower
    bound); a ``(3,)`` control also gets the branch nodes added to
    ``control[2]``. Returns the count, at most ``limit``.
    """
    n_cells = clues.size
    side = value_order.shape[1]
    cand = work_cand[0]
    grid = work_grid[0]
    for cell in range(n_cells):
        grid[cell] = 0
        cand[cell] = full
    for cell in range(n_cells):
        if clues[cell] and not _place(cand, grid, peers, cell, 1 << (clues[cell] - 1)):
            return 0
    if not _propagate(cand, grid, peers, houses, full):
        return 0
    cell = _most_constrained(cand, grid)
    if cell < 0:
        solution[:] = grid
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
        if nodes > max_nodes:
            return _finish(control, nodes, -1)
        if nodes & 1023 == 0 and control[0] != 0:
            control[1] = 1
            return _finish(control, nodes, count)
        child = depth + 1
        cand = work_cand[child]
        grid = work_grid[child]
        cand[:] = work_cand[depth]
        grid[:] = work_grid[depth]
        bit = np.int64(1) << (value_order[cell, k] - 1)
        if not _place(cand, grid, peers, cell, bit):
            continue
        if not _propagate(cand, grid, peers, houses, full):
            continue
        branch = _most_constrained(cand, grid)
        if branch < 0:
            if count == 0:
                solution[:] = grid
            count += 1
            if count >= limit:
                return _finish(control, nodes, count)
            continue
        depth = child
        work_cell[depth] = branch
        work_next[depth] = 0
    return _finish(control, nodes, count)
