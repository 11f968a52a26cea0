"""The general kernel of the search core: any layout, given as tables
(:mod:`.kernel_tables`), for counting, solving, filling a grid with values tried in
a given order, and the "other solution" check (contract: :mod:`.core`).

State: for every cell, ``grid`` holds its value (0 = empty) and ``cand`` its
candidates as a bitmask (bit ``v - 1`` for value ``v``; a filled cell keeps
the bit of its value). The search, after Norvig's and QQWing's solvers:

1. propagate to a fixed point (:func:`propagate`): a cell with one candidate
   takes it (naked single, through a queue, so a placement costs its peers
   and nothing more); a value with one place left in a house goes there
   (hidden single, for a whole house at once with "seen once / seen twice"
   masks); an empty cell without candidates or a value without a place in a
   house is a contradiction; then, when the tables have segments, locked
   candidates (pointing and claiming) between lines and regions, repeated
   while they strike something;
2. branch on an empty cell with the fewest candidates (most constrained
   first, :func:`branch_cell`), trying its values in the order given by
   ``value_order``.

The propagation reaches the same fixed point in whatever order its rules
run (each rule only removes candidates that no solution has, and removing
more never re-enables one), so the branch nodes depend on the rules and the
branching rule alone. The depth-first search keeps one copy of the state per
level in the workspace, so a call allocates nothing. Compiled with numba
(nopython, ``nogil``, cached on disk).
"""

from __future__ import annotations

import numba
import numpy as np
from numba.extending import overload

from .core import BUDGET, FOUND, NODES, NONE, POLL, STOP, STOPPED, STOPPED_EARLY, popcount
from .kernel_tables import (CAND, CELL, FULL, GRID, HOUSES, IDENTITY, LINE_SEGMENTS, MASKS, NEXT,
                            PEERS, QUEUE, REGION_SEGMENTS, SEGMENT_LINE, SEGMENT_REGION, SEGMENTS,
                            SPLIT)

_popcount = numba.njit(inline="always")(popcount)

__all__ = ["branch_cell", "count", "fill", "other_solution", "propagate", "search"]


@numba.njit(cache=True, nogil=True)
def _place(cand, grid, peers, cell, bit) -> bool:
    """Put the value of ``bit`` in ``cell`` and strike it from the peers
    (``peers[cell]``, -1 padded); False on a contradiction."""
    grid[cell] = _popcount(bit - 1) + 1
    cand[cell] = bit
    for peer in peers[cell]:
        if peer < 0:
            break
        if cand[peer] & bit:
            if grid[peer] != 0:
                return False
            cand[peer] &= ~bit
            if cand[peer] == 0:
                return False
    return True


@numba.njit(cache=True, nogil=True)
def _singles(cand, grid, peers, houses, full, queue) -> bool:
    """Naked and hidden singles to a fixed point; False on a contradiction.
    Naked singles go through ``queue`` (a cell is pushed when its candidates
    drop to one); hidden singles need a scan of the houses, repeated while
    it finds some."""
    top = 0
    for cell in range(cand.size):
        mask = cand[cell]
        if grid[cell] == 0:
            if mask == 0:
                return False
            if mask & (mask - 1) == 0:
                queue[top] = cell
                top += 1
    while True:
        while top > 0:
            top -= 1
            cell = queue[top]
            if grid[cell] != 0:
                continue
            bit = cand[cell]
            grid[cell] = _popcount(bit - 1) + 1
            for peer in peers[cell]:
                if peer < 0:
                    break
                if cand[peer] & bit:
                    if grid[peer] != 0:
                        return False
                    rest = cand[peer] & ~bit
                    if rest == 0:
                        return False
                    cand[peer] = rest
                    if rest & (rest - 1) == 0:
                        queue[top] = peer
                        top += 1
        for house in houses:
            once = 0
            twice = 0
            for cell in house:
                twice |= once & cand[cell]
                once |= cand[cell]
            if once != full:
                return False  # a value has no place left in this house
            single = once & ~twice
            if single:
                for cell in house:
                    mask = cand[cell] & single
                    if grid[cell] == 0 and mask:
                        if mask & (mask - 1):
                            return False  # one cell must take two values
                        if cand[cell] != mask:  # not yet queued
                            cand[cell] = mask
                            queue[top] = cell
                            top += 1
        if top == 0:
            return True


@numba.njit(cache=True, nogil=True)
def _strike(cand, grid, cells, bits) -> int:
    """Remove ``bits`` from the empty ``cells`` (-1 padded): -1 on a
    contradiction, 1 if it changed anything, else 0."""
    changed = 0
    for cell in cells:
        if cell < 0:
            break
        if cand[cell] & bits:
            if grid[cell] != 0:
                return -1
            cand[cell] &= ~bits
            if cand[cell] == 0:
                return -1
            changed = 1
    return changed


@numba.njit(cache=True, nogil=True, inline="always")
def _others(masks, group, k) -> int:
    """The union of ``masks`` over the segments of ``group`` (-1 padded)
    other than ``k``."""
    union = 0
    for j in group:
        if j < 0:
            break
        if j != k:
            union |= masks[j]
    return union


@numba.njit(cache=True, nogil=True, inline="always")
def _strike_others(cand, grid, segments, group, k, bits) -> int:
    """:func:`_strike` ``bits`` from the segments of ``group`` other than
    ``k``."""
    changed = 0
    for j in group:
        if j < 0:
            break
        if j != k:
            result = _strike(cand, grid, segments[j], bits)
            if result < 0:
                return -1
            changed |= result
    return changed


@numba.njit(cache=True, nogil=True)
def _locked(cand, grid, segments, segment_line, segment_region, line_segments, region_segments,
            split, masks) -> int:
    """Locked candidates (HoDoKu's pointing and claiming) between the lines
    and regions of :mod:`.kernel_tables`' segments, row segments then column
    segments: -1 on a contradiction, 1 if a candidate was struck, else 0.
    A value of a region found only in one segment is struck from the rest
    of the segment's line (pointing), and a value of a line found only in
    one segment from the rest of its region (claiming). Masks computed
    before a strike in the same pass are supersets of the true ones, which
    keeps every strike sound (a value they would wrongly point with has no
    place left: no solution)."""
    changed = 0
    for orientation in range(2):
        first = 0 if orientation == 0 else split
        last = split if orientation == 0 else segments.shape[0]
        for k in range(first, last):
            mask = 0
            for cell in segments[k]:
                if cell < 0:
                    break
                mask |= cand[cell]
            masks[k] = mask
        for k in range(first, last):
            in_line = _others(masks, line_segments[segment_line[k]], k)  # other regions
            in_region = _others(masks, region_segments[orientation, segment_region[k]], k)
            pointing = masks[k] & ~in_region  # only on this line in the region
            claiming = masks[k] & ~in_line  # only in this region on the line
            if pointing & in_line:
                result = _strike_others(cand, grid, segments, line_segments[segment_line[k]], k,
                                        pointing)
                if result < 0:
                    return -1
                changed |= result
            if claiming & in_region:
                result = _strike_others(cand, grid, segments,
                                        region_segments[orientation, segment_region[k]], k,
                                        claiming)
                if result < 0:
                    return -1
                changed |= result
    return changed


def _locked_rule(cand, grid, tables, work) -> int:
    """Locked candidates when the bundle has them (compiled by the overload
    below, per bundle type)."""
    raise NotImplementedError("compiled only")


@overload(_locked_rule)
def _locked_rule_for(cand, grid, tables, work):
    if len(tables) <= SEGMENTS:  # a singles-only bundle: compiled without the rule
        return lambda cand, grid, tables, work: 0

    def rule(cand, grid, tables, work):
        return _locked(cand, grid, tables[SEGMENTS], tables[SEGMENT_LINE], tables[SEGMENT_REGION],
                       tables[LINE_SEGMENTS], tables[REGION_SEGMENTS], tables[SPLIT], work[MASKS])
    return rule


@numba.njit(cache=True, nogil=True, inline="always")
def propagate(cand, grid, tables, work) -> bool:
    """Singles to a fixed point, then locked candidates (when ``tables``
    has them), repeated while they strike something; False on a
    contradiction. (Inlined where it is called, so that the compiled
    helpers get arrays, not the bundles.)"""
    while True:
        if not _singles(cand, grid, tables[PEERS], tables[HOUSES], tables[FULL], work[QUEUE]):
            return False
        result = _locked_rule(cand, grid, tables, work)
        if result < 0:
            return False
        if result == 0:
            return True


@numba.njit(cache=True, nogil=True, inline="always")
def branch_cell(cand, grid) -> int:
    """The branching rule: the first empty cell with the fewest candidates
    (a cell with two ends the scan), or -1 when the grid is full."""
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


@numba.njit(cache=True, nogil=True, inline="always")
def _load(clues, cand, grid, peers, full) -> bool:
    """The state of ``clues`` (flat, 0 = empty) before propagation; False
    when two clues clash."""
    for cell in range(clues.size):
        grid[cell] = 0
        cand[cell] = full
    for cell in range(clues.size):
        if clues[cell] and not _place(cand, grid, peers, cell, np.int64(1) << (clues[cell] - 1)):
            return False
    return True


@numba.njit(cache=True, nogil=True, inline="always")
def _copy(source, target) -> None:
    """``target[:] = source`` for 1-d arrays of one length (a loop: numba
    compiles slice assignment about ten times slower)."""
    for i in range(source.size):
        target[i] = source[i]


@numba.njit(cache=True, nogil=True, inline="always")
def finish(control, nodes, result):
    """Add the search's branch ``nodes`` to ``control[NODES]`` and return
    ``result``."""
    control[NODES] += nodes
    return result


@numba.njit(cache=True, nogil=True)
def search(limit, max_nodes, value_order, control, solution, tables, work) -> int:
    """Depth-first search from the propagated state in row 0 of
    ``work[CAND]`` / ``work[GRID]`` (rows 1 to N are the levels): the number
    of solutions up to ``limit`` (the first is written to ``solution``),
    :data:`~.core.BUDGET` after ``max_nodes`` branch nodes; on a stop
    request, ``control[STOPPED] = 1`` and the solutions found so far.
    Values are tried in the order of ``value_order`` ``(N, s)``."""
    work_cand = work[CAND]
    work_grid = work[GRID]
    work_cell = work[CELL]
    work_next = work[NEXT]
    side = value_order.shape[1]
    cell = branch_cell(work_cand[0], work_grid[0])
    if cell < 0:
        _copy(work_grid[0], solution)
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
            return finish(control, nodes, BUDGET)
        if (nodes & POLL) == 0 and control[STOP] != 0:
            control[STOPPED] = 1
            return finish(control, nodes, count)
        child = depth + 1
        cand = work_cand[child]
        grid = work_grid[child]
        _copy(work_cand[depth], cand)
        _copy(work_grid[depth], grid)
        if not _place(cand, grid, tables[PEERS], cell,
                      np.int64(1) << (value_order[cell, k] - 1)):
            continue
        if not propagate(cand, grid, tables, work):
            continue
        branch = branch_cell(cand, grid)
        if branch < 0:
            if count == 0:
                _copy(grid, solution)
            count += 1
            if count >= limit:
                return finish(control, nodes, count)
            continue
        depth = child
        work_cell[depth] = branch
        work_next[depth] = 0
    return finish(control, nodes, count)


@numba.njit(cache=True, nogil=True)
def count(clues, limit, max_nodes, value_order, control, solution, tables, work) -> int:
    """Count the solutions of ``clues`` (``(N,)`` int32, 0 = empty) up to
    ``limit``: :func:`search` from the clues' propagated state (answers,
    stopping and ``control`` as there; 0 when the clues clash)."""
    if not _load(clues, work[CAND][0], work[GRID][0], tables[PEERS], tables[FULL]):
        return 0
    if not propagate(work[CAND][0], work[GRID][0], tables, work):
        return 0
    return search(limit, max_nodes, value_order, control, solution, tables, work)


@numba.njit(cache=True, nogil=True)
def fill(value_order, max_nodes, control, solution, tables, work) -> int:
    """A full grid into ``solution`` ``(N,)`` int32: the first solution of
    the empty grid with each cell's values tried in ``value_order`` (random
    per cell for a random grid). Returns 1 or :data:`~.core.BUDGET` (or 0
    after a stop request)."""
    full = tables[FULL]
    for cell in range(solution.size):
        work[CAND][0, cell] = full
        work[GRID][0, cell] = 0
    return search(np.int64(1), max_nodes, value_order, control, solution, tables, work)


@numba.njit(cache=True, nogil=True)
def other_solution(clues, removed, solution, max_nodes, control, found, tables, work) -> int:
    """Whether ``clues`` has a solution other than ``solution``, given that
    ``clues`` with the cells ``removed`` (``(m,)`` flat indices, -1 entries
    ignored) filled from ``solution`` has only that one. Returns
    :data:`~.core.FOUND` (written to ``found``), :data:`~.core.NONE`,
    :data:`~.core.BUDGET` (more than ``max_nodes`` branch nodes in one case)
    or :data:`~.core.STOPPED_EARLY`.

    Method: any other solution differs from ``solution`` in a removed cell;
    case ``k`` looks for one with ``removed[k]`` different and the earlier
    removed cells equal (disjoint cases covering all), each a search whose
    root has one candidate struck out (the classic minimiser's check;
    tdoku's ``TdokuMinimize`` does the same). The state shared by the cases
    (row N + 1 of the workspace) is loaded and propagated once and then
    grows by one placement per case."""
    work_cand = work[CAND]
    work_grid = work[GRID]
    single = -1
    for cell in removed:
        if cell >= 0:
            single = cell if single == -1 else -2
    if single >= 0:  # one case: no shared state to keep
        if not _load(clues, work_cand[0], work_grid[0], tables[PEERS], tables[FULL]):
            return NONE
        rest = work_cand[0, single] & ~(np.int64(1) << (solution[single] - 1))
        if rest == 0:
            return NONE
        work_cand[0, single] = rest
        if not propagate(work_cand[0], work_grid[0], tables, work):
            return NONE
        return _case(max_nodes, control, found, tables, work)
    base = clues.size + 1
    if not _load(clues, work_cand[base], work_grid[base], tables[PEERS], tables[FULL]):
        return NONE
    if not propagate(work_cand[base], work_grid[base], tables, work):
        return NONE
    for k in range(removed.size):
        cell = removed[k]
        if cell < 0:
            continue
        bit = np.int64(1) << (solution[cell] - 1)
        if work_grid[base, cell] == 0:
            rest = work_cand[base, cell] & ~bit
            if rest:
                _copy(work_cand[base], work_cand[0])
                _copy(work_grid[base], work_grid[0])
                work_cand[0, cell] = rest
                if propagate(work_cand[0], work_grid[0], tables, work):
                    result = _case(max_nodes, control, found, tables, work)
                    if result != NONE:
                        return result
            if not (_place(work_cand[base], work_grid[base], tables[PEERS], cell, bit)
                    and propagate(work_cand[base], work_grid[base], tables, work)):
                return NONE
    return NONE


@numba.njit(cache=True, nogil=True, inline="always")
def _case(max_nodes, control, found, tables, work) -> int:
    """One case of :func:`other_solution`: is there any solution of the
    propagated state in row 0 (values tried in increasing order)."""
    result = search(np.int64(1), max_nodes, tables[IDENTITY], control, found, tables, work)
    if control[STOPPED]:
        return STOPPED_EARLY
    return FOUND if result > 0 else result
