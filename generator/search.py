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
propagated once and then grows by one placement per case. For 9x9 the same
check runs on the counter's bitboards (:func:`other`, which calls
:func:`sudoku_models.counter.kernel9.other9`).

State and propagation as in :mod:`sudoku_models.counter.kernel` (candidate
bitmasks, naked and hidden singles, most-constrained cell first) plus, from
order 4, locked candidates (pointing and claiming), written
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

from sudoku_models.counter import kernel9 as _k9

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
def _singles(cand, grid, peers, houses, full) -> bool:
    """Naked and hidden singles to a fixed point; False on a contradiction.
    Naked singles go through a stack (a cell is pushed when its candidates
    drop to one), so a placement costs its peers and nothing more; hidden
    singles need a scan of the houses, repeated while it finds some."""
    n = cand.size
    stack = np.empty(n, np.int64)
    top = 0
    for cell in range(n):
        mask = cand[cell]
        if grid[cell] == 0:
            if mask == 0:
                return False
            if mask & (mask - 1) == 0:
                stack[top] = cell
                top += 1
    while True:
        while top > 0:
            top -= 1
            cell = stack[top]
            if grid[cell] != 0:
                continue
            bit = cand[cell]
            grid[cell] = _popcount(bit - 1) + 1
            for peer in peers[cell]:
                if cand[peer] & bit:
                    if grid[peer] != 0:
                        return False
                    rest = cand[peer] & ~bit
                    if rest == 0:
                        return False
                    cand[peer] = rest
                    if rest & (rest - 1) == 0:
                        stack[top] = peer
                        top += 1
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
                        if mask & (mask - 1):
                            return False
                        if cand[cell] != mask:  # not yet on the stack
                            cand[cell] = mask
                            stack[top] = cell
                            top += 1
        if top == 0:
            return True


@numba.njit(cache=True, nogil=True)
def _strike(cand, grid, cell, bits) -> int:
    """Remove ``bits`` from an empty cell: -1 on a contradiction, 1 if it
    changed anything, else 0."""
    if not cand[cell] & bits:
        return 0
    if grid[cell] != 0:
        return -1
    cand[cell] &= ~bits
    return -1 if cand[cell] == 0 else 1


@numba.njit(cache=True, nogil=True)
def _locked(cand, grid, order, segments) -> int:
    """Locked candidates (HoDoKu's pointing and claiming) along rows, then
    along columns: -1 on a contradiction, 1 if a candidate was struck, else 0.
    ``segments`` is ``(s, order)`` scratch: the union of the candidates of
    line ``i`` within box-line ``k``. Masks computed before a strike in the
    same pass are supersets of the true ones, which keeps every strike sound
    (a value they would wrongly point with has no place left: no solution)."""
    side = order * order
    changed = 0
    for transpose in range(2):
        for line in range(side):
            for k in range(order):
                mask = 0
                for j in range(order):
                    pos = k * order + j
                    cell = line * side + pos if transpose == 0 else pos * side + line
                    mask |= cand[cell]
                segments[line, k] = mask
        for line in range(side):
            band = line // order
            for k in range(order):
                in_line = 0  # elsewhere on the line (other boxes)
                in_box = 0  # elsewhere in the box (other lines)
                for other in range(order):
                    if other != k:
                        in_line |= segments[line, other]
                    sibling = band * order + other
                    if sibling != line:
                        in_box |= segments[sibling, k]
                pointing = segments[line, k] & ~in_box  # only on this line in the box
                claiming = segments[line, k] & ~in_line  # only in this box on the line
                if pointing & in_line:
                    for other in range(order):
                        if other != k:
                            for j in range(order):
                                pos = other * order + j
                                cell = line * side + pos if transpose == 0 else pos * side + line
                                result = _strike(cand, grid, cell, pointing)
                                if result < 0:
                                    return -1
                                changed |= result
                if claiming & in_box:
                    for other in range(order):
                        sibling = band * order + other
                        if sibling != line:
                            for j in range(order):
                                pos = k * order + j
                                cell = (sibling * side + pos if transpose == 0
                                        else pos * side + sibling)
                                result = _strike(cand, grid, cell, claiming)
                                if result < 0:
                                    return -1
                                changed |= result
    return changed


@numba.njit(cache=True, nogil=True)
def _propagate(cand, grid, peers, houses, full, segments) -> bool:
    """Singles to a fixed point, then locked candidates (from order 4,
    where they pay for themselves), repeated while they strike something;
    False on a contradiction."""
    while True:
        if not _singles(cand, grid, peers, houses, full):
            return False
        if segments.shape[1] < 4:  # order 2 or 3, or turned off by a (s, 0) array
            return True
        result = _locked(cand, grid, segments.shape[1], segments)
        if result < 0:
            return False
        if result == 0:
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
           max_nodes, control, solution, segments) -> int:
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
        if not _propagate(cand, grid, peers, houses, full, segments):
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
              work_cell, work_next, solution, segments) -> int:
    """A full grid into ``solution`` ``(N,)`` int32: the first solution of
    the empty grid with each cell's values tried in ``value_order`` (random
    per cell for a random grid). Returns 1, ``BUDGET`` or ``STOPPED``."""
    n = solution.size
    for cell in range(n):
        work_cand[0, cell] = full
        work_grid[0, cell] = 0
    return search(work_cand, work_grid, work_cell, work_next, peers, houses, value_order, full, 1,
                  max_nodes, control, solution, segments)


@numba.njit(cache=True, nogil=True)
def other_solution(clues, removed, solution, peers, houses, value_order, full, max_nodes, control,
                   work_cand, work_grid, work_cell, work_next, found, segments) -> int:
    """Whether ``clues`` has a solution other than ``solution``, given that
    ``clues`` with the cells ``removed`` (``(m,)``, -1 entries ignored) filled
    from ``solution`` has only that one. Returns ``FOUND`` (written to
    ``found``), ``NONE``, ``BUDGET`` (more than ``max_nodes`` branch nodes in
    one case) or ``STOPPED``. Method: the module docstring."""
    n = clues.size
    single = -1
    for cell in removed:
        if cell >= 0:
            single = cell if single == -1 else -2
    if single >= 0:  # one case: no shared state to keep
        if not _load(clues, work_cand[0], work_grid[0], peers, full):
            return NONE
        rest = work_cand[0, single] & ~(np.int64(1) << (solution[single] - 1))
        if rest == 0:
            return NONE
        work_cand[0, single] = rest
        if not _propagate(work_cand[0], work_grid[0], peers, houses, full, segments):
            return NONE
        return search(work_cand, work_grid, work_cell, work_next, peers, houses, value_order, full,
                      1, max_nodes, control, found, segments)
    base = n + 1
    if not _load(clues, work_cand[base], work_grid[base], peers, full):
        return NONE
    if not _propagate(work_cand[base], work_grid[base], peers, houses, full, segments):
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
                if _propagate(work_cand[0], work_grid[0], peers, houses, full, segments):
                    result = search(work_cand, work_grid, work_cell, work_next, peers, houses,
                                    value_order, full, 1, max_nodes, control, found, segments)
                    if result != NONE:
                        return result
            if not (_place(work_cand[base], work_grid[base], peers, cell, bit)
                    and _propagate(work_cand[base], work_grid[base], peers, houses, full,
                                   segments)):
                return NONE
    return NONE


@numba.njit(cache=True, nogil=True)
def other(clues, removed, solution, peers, houses, value_order, full, max_nodes, control,
          work_cand, work_grid, work_cell, work_next, found, segments, work9, tables9) -> int:
    """:func:`other_solution` (same arguments and answers), on the 9x9
    bitboard kernel (:func:`sudoku_models.counter.kernel9.other9`, which
    tries values in increasing order) when ``clues`` has 81 cells: about
    twice as fast. ``work9``: :func:`workspace9`; ``tables9``:
    ``kernel9.tables()``."""
    if clues.size == 81:
        return _k9.other9(clues, removed, solution, max_nodes, control, work9[0], work9[1],
                          work9[2], found, *tables9)
    return other_solution(clues, removed, solution, peers, houses, value_order, full, max_nodes,
                          control, work_cand, work_grid, work_cell, work_next, found, segments)


@numba.njit(cache=True, nogil=True)
def _sees(clues, peers, cell, value) -> bool:
    for peer in peers[cell]:
        if clues[peer] == value:
            return True
    return False


@numba.njit(cache=True, nogil=True)
def _forced(clues, cells, solution, peers, houses, full, house_of) -> bool:
    """Whether each of ``cells`` (-1 entries ignored) is a naked single
    (the clues among its peers leave it one candidate) or a hidden single
    (every other empty cell of one of its houses sees a clue of its value)
    among the remaining clues: then emptying ``cells`` keeps the solution
    unique, with no search (most removals from a dense puzzle).
    ``house_of`` ``(N, 3)``: the row, column and box of each cell."""
    for cell in cells:
        if cell < 0:
            continue
        value = solution[cell]
        seen = 0
        for peer in peers[cell]:
            if clues[peer]:
                seen |= np.int64(1) << (clues[peer] - 1)
        if seen == full & ~(np.int64(1) << (value - 1)):
            continue
        hidden = False
        for h in range(3):
            hidden = True
            for other in houses[house_of[cell, h]]:
                if other != cell and clues[other] == 0 and not _sees(clues, peers, other, value):
                    hidden = False
                    break
            if hidden:
                break
        if not hidden:
            return False
    return True


@numba.njit(cache=True, nogil=True)
def fill_random(seed, peers, houses, full, max_nodes, control, work_cand, work_grid, work_cell,
                work_next, solution, segments) -> int:
    """:func:`fill_grid` with each cell's values in an independent random
    order drawn from numba's generator seeded with ``seed``, and singles
    only (locked candidates cost more than they save on an empty grid)."""
    np.random.seed(seed)
    cells = solution.size
    side = houses.shape[1]
    value_order = np.empty((cells, side), np.int64)
    for cell in range(cells):
        for k in range(side):
            value_order[cell, k] = k + 1
        for k in range(side - 1, 0, -1):
            j = np.random.randint(0, k + 1)
            value_order[cell, k], value_order[cell, j] = value_order[cell, j], value_order[cell, k]
    return fill_grid(value_order, peers, houses, full, max_nodes, control, work_cand, work_grid,
                     work_cell, work_next, solution, segments[:, :0])


@numba.njit(cache=True, nogil=True)
def reduce(solution, clues, orbits, orbit_order, target, max_nodes, control, undecided, peers,
           houses, house_of, value_order, full, work_cand, work_grid, work_cell, work_next, found,
           segments, work9, tables9) -> int:
    """Empty the orbits of ``clues`` (flat ``(N,)`` int32, changed in place)
    in ``orbit_order`` while the puzzle keeps ``solution`` as its only
    solution and has no fewer than ``target`` clues (each removal checked
    by :func:`other`, ``work9`` and ``tables9`` as there); ``orbits`` ``(K, 2)``
    flat cells, -1 padded; ``house_of`` as in :func:`_forced`. A removal
    whose check is undecided (node budget) is undone and counted in
    ``undecided[0]``. Stops early when
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
        if _forced(clues, orbit, solution, peers, houses, full, house_of):
            count -= size
            continue
        result = other(clues, orbit, solution, peers, houses, value_order, full, max_nodes,
                       control, work_cand, work_grid, work_cell, work_next, found, segments,
                       work9, tables9)
        if result == NONE:
            count -= size
        else:
            for cell in orbit:
                if cell >= 0:
                    clues[cell] = solution[cell]
            if result < 0:
                undecided[0] += 1
    return count


def workspace(order: int):
    """Fresh scratch arrays for :func:`search` and the kernels built on it,
    in their argument order (N cells of side s): ``work_cand`` ``(N + 2, N)``
    int64, ``work_grid`` ``(N + 2, N)`` int32, ``work_cell`` and
    ``work_next`` ``(N + 1,)`` int64, a ``(N,)`` int32 array for a solution
    and the ``(s, order)`` int64 scratch of the locked-candidates rule."""
    side = order * order
    cells = side * side
    return (np.empty((cells + 2, cells), np.int64), np.empty((cells + 2, cells), np.int32),
            np.empty(cells + 1, np.int64), np.empty(cells + 1, np.int64),
            np.empty(cells, np.int32), np.empty((side, order), np.int64))


def workspace9():
    """Fresh scratch arrays for :func:`sudoku_models.counter.kernel9.other9`:
    ``(83, STATE)`` int64 and two ``(82,)`` int64 (``work9`` of :func:`other`)."""
    return (np.empty((83, _k9.STATE), np.int64), np.empty(82, np.int64), np.empty(82, np.int64))
