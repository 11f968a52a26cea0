"""The 9x9 search on bitboards: a counter/solver specialised for order 3.

State (``STATE`` int64 words): for every value ``d`` (0-8) and band ``b``
(rows 3b..3b+2) a 27-bit board ``state[3*d + b]`` of the cells of that band
where ``d`` is still possible (bit ``9*r + c`` for row ``3b + r``, column
``c``), and ``state[27 + b]`` the solved cells of the band; ``state[30 + 3*d + b]``
holds value ``d``'s boards as they were when last checked for hidden singles
and locked candidates (a value whose boards did not change since is
skipped; children inherit it with the state). A cell is solved
when its value is placed: its value's bit stays, every other value's bit and
the value's bits in the cell's peers are cleared. The idea of bands of 27
bits per value is JCZSolve's (described in tdoku's write-up,
``docs/`` of https://github.com/t-dillon/tdoku); the code here is our own.

Propagation, to a fixed point, in order of cost:

1. naked singles: "seen once / seen twice" over the 9 value boards of a band
   give at once the cells with no candidate (a contradiction) and those with
   one (placed);
2. hidden singles: a value with one place left in a row, box or column
   (found by masks per row and box, "once / twice" over row slices for the
   columns);
3. locked candidates inside a band (pointing and claiming between the
   band's rows and boxes), from a precomputed table over the band's nine
   "mini-rows" (3 cells of a row inside a box), as in JCZSolve; the same
   table between the columns and boxes of a stack.

The fixed point does not depend on the order the rules run in, so the
order is chosen for speed, and so is the code: the hot loops avoid
data-dependent branches (a placement clears the cell in all nine value
boards and puts the value's bit back; a band's row and box singles are
gathered with masks, then placed), which made the search 25-30% faster
with the same branch nodes on every puzzle of 17clue, top1465 and top95
(``benchmarks/counter_speed/``).

Branching: on a cell with exactly two candidates (found with "once / twice
/ thrice"), the one with the most two-candidate peers (this halved the
branch nodes on top1465 against taking the first), else on a cell with the
fewest candidates. The depth-first search keeps
one state (``STATE`` words) per level in a preallocated stack.

For the generator: :func:`fill9` fills the empty grid as the general
kernel's singles-only fill does (same rules, branching rule and value
orders: the same grid and branch nodes), and the removal pass keeps the
clues' boards (:func:`clue_boards`, :func:`set_clue`) across removals, for
its forced test (:func:`forced9`) and its checks (:func:`other9_boards`).
"""

from __future__ import annotations

import numba
import numpy as np
from numba.core import types
from numba.extending import overload

from . import compile_cache
from .core import (BAD_VALUE, BUDGET, FOUND, NO_LIMIT, NONE, POLL, STOP, STOPPED, STOPPED_EARLY,
                   popcount)
from .kernel import copy_row, finish  # an edit there moves the cache folder (compile_cache.KERNEL_SOURCES)

compile_cache.prepare()  # before numba compiles or loads the kernels below: saves locked between processes

STATE = 57  # 27 value boards, 3 solved boards, 27 value boards as last checked
FULL = (1 << 27) - 1
ROW = np.array([511 << (9 * k) for k in range(3)], dtype=np.int64)
BOX = np.array([0x1C0E07 << (3 * k) for k in range(3)], dtype=np.int64)


def _peer_boards() -> np.ndarray:
    """``(81, 3)``: for each cell, its peers (not itself) in each band."""
    boards = np.zeros((81, 3), dtype=np.int64)
    for cell in range(81):
        r, c = divmod(cell, 9)
        for other in range(81):
            r2, c2 = divmod(other, 9)
            if other != cell and (r == r2 or c == c2 or (r // 3 == r2 // 3 and c // 3 == c2 // 3)):
                boards[cell, r2 // 3] |= 1 << (9 * (r2 % 3) + c2)
    return boards


def _minirow_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Tables for locked candidates in a band.

    ``shrink[x]`` for a 9-bit row slice: the 3-bit mask of its non-empty
    thirds. ``locked[m]`` for a 9-bit mini-row mask (bit ``3*r + k``: row
    ``r`` of the band has candidates in box ``k``): the mini-rows left after
    pointing (a box whose candidates lie in one row clears that row in the
    other boxes) and claiming (a row whose candidates lie in one box clears
    the box's other rows), to a fixed point; 0 when a row or box is left
    empty. ``expand[m]``: the 27-bit cells of mini-row mask ``m``.
    """
    shrink = np.array([(1 if x & 7 else 0) | (2 if x & 0o70 else 0) | (4 if x & 0o700 else 0)
                       for x in range(512)], dtype=np.int64)
    locked = np.zeros(512, dtype=np.int64)
    expand = np.zeros(512, dtype=np.int64)
    for m in range(512):
        expand[m] = sum(7 << (9 * (i // 3) + 3 * (i % 3)) for i in range(9) if m >> i & 1)
        cur = m
        while True:
            new = cur
            for k in range(3):  # pointing: box k in one row only
                rows = [r for r in range(3) if new >> (3 * r + k) & 1]
                if len(rows) == 1:
                    for k2 in range(3):
                        if k2 != k:
                            new &= ~(1 << (3 * rows[0] + k2))
            for r in range(3):  # claiming: row r in one box only
                boxes = [k for k in range(3) if new >> (3 * r + k) & 1]
                if len(boxes) == 1:
                    for r2 in range(3):
                        if r2 != r:
                            new &= ~(1 << (3 * r2 + boxes[0]))
            if new == cur:
                break
            cur = new
        empty = any(not (cur >> (3 * r) & 7) for r in range(3)) or \
            any(not any(cur >> (3 * r + k) & 1 for r in range(3)) for k in range(3))
        locked[m] = 0 if empty else cur
    return shrink, locked, expand


PEERS = _peer_boards()
SHRINK, LOCKED, EXPAND = _minirow_tables()
# bits 0, 1, 2 of a column-occupancy triple to bits 0, 3, 6 (mini-columns of a stack)
SPREAD = np.array([(x & 1) | (x & 2) << 2 | (x & 4) << 4 for x in range(8)], dtype=np.int64)


# Workspace of one search: the state per level (row 82: the "other
# solution" check's shared state), the branching cell and the next value to
# try per level, the clues as count9_checked copies them.
STACK, CELLS, TRIED, CLUES = 0, 1, 2, 3


def workspace() -> tuple:
    """Fresh scratch arrays for :func:`count9`, :func:`count9_checked` and
    :func:`other9`: ``(83, STATE)`` int64, two ``(82,)`` int64 and ``(81,)``
    int32."""
    return (np.empty((83, STATE), np.int64), np.empty(82, np.int64), np.empty(82, np.int64),
            np.empty(81, np.int32))


# Kernighan's loop, which LLVM compiles to the processor's popcount instruction
# (a table of 512 counts, or de Bruijn multiplication for a bit's index, were
# slower).
_popcount = numba.njit(cache=True, _nrt=False, inline="always")(popcount)


@numba.njit(cache=True, _nrt=False, inline="always")
def _bit_index(bit: int) -> int:
    """Index of the single set bit of ``bit``."""
    return _popcount(bit - 1)


@numba.njit(cache=True, _nrt=False)
def _place(state, value, band, index) -> bool:
    """Put ``value`` (0-8) in the cell at bit ``index`` of ``band``; False
    when it is no longer possible there."""
    bit = np.int64(1) << index
    if not state[3 * value + band] & bit:
        return False
    cell = 27 * band + index
    for b in range(3):
        state[3 * value + b] &= ~PEERS[cell, b]
    keep = state[3 * value + band]
    for other in range(9):  # all nine then the value's back: no branch in the loop
        state[3 * other + band] &= ~bit
    state[3 * value + band] = keep
    state[27 + band] |= bit
    return True


@numba.njit(cache=True, _nrt=False, inline="always")
def _place_each(state, value, band, cells) -> bool:
    """:func:`_place` of ``value`` in every cell of the 27-bit ``cells`` of
    ``band``; False on a contradiction."""
    while cells:
        bit = cells & -cells
        cells ^= bit
        if not _place(state, value, band, _bit_index(bit)):
            return False
    return True


@numba.njit(cache=True, _nrt=False, inline="always")
def _fixed_point(state, locked_candidates) -> bool:
    """Naked singles, hidden singles and (when ``locked_candidates``)
    locked candidates to a fixed point; False on a contradiction. Inlined
    with a constant flag in :func:`_propagate` and :func:`_singles`."""
    row, box, shrink, locked, expand, spread = ROW, BOX, SHRINK, LOCKED, EXPAND, SPREAD
    while True:
        # naked singles, and cells without a candidate
        changed = False
        for band in range(3):
            once = np.int64(0)
            twice = np.int64(0)
            for value in range(9):
                x = state[3 * value + band]
                twice |= once & x
                once |= x
            if once != FULL:
                return False
            singles = once & ~twice & ~state[27 + band]
            if singles:
                changed = True
                for value in range(9):
                    hits = state[3 * value + band] & singles
                    while hits:
                        bit = hits & -hits
                        hits ^= bit
                        if not _place(state, value, band, _bit_index(bit)):
                            return False
        if changed:
            continue
        # per value whose boards changed since it was last checked: hidden
        # singles in rows, boxes and columns, then locked candidates
        for value in range(9):
            b0 = state[3 * value]
            b1 = state[3 * value + 1]
            b2 = state[3 * value + 2]
            o0 = state[30 + 3 * value]
            o1 = state[31 + 3 * value]
            o2 = state[32 + 3 * value]
            if b0 == o0 and b1 == o1 and b2 == o2:
                continue  # checked before in this very state
            state[30 + 3 * value] = b0
            state[31 + 3 * value] = b1
            state[32 + 3 * value] = b2
            if not ((b0 & ~state[27]) | (b1 & ~state[28]) | (b2 & ~state[29])):
                # every candidate left is placed: nine of them, or a house lacks the value
                # (skipped without this test, that contradiction was found or not depending
                # on the order the values were checked in)
                if _popcount(b0) + _popcount(b1) + _popcount(b2) != 9:
                    return False
                continue
            for band in range(3):  # rows and boxes: bands changed since checked
                x = state[3 * value + band]
                if x == (o0 if band == 0 else (o1 if band == 1 else o2)):
                    continue
                open_ = x & ~state[27 + band]
                if not open_:
                    continue
                # the singles of the band's units gathered first, then placed (a
                # placement that clears another single is a contradiction); units
                # a placement leaves single are the next round's: the band changed
                singles = np.int64(0)
                for k in range(3):
                    in_row = x & row[k]
                    in_box = x & box[k]
                    if in_row == 0 or in_box == 0:
                        return False
                    if in_row & (in_row - 1) == 0:
                        singles |= in_row
                    if in_box & (in_box - 1) == 0:
                        singles |= in_box
                singles &= open_
                if singles:
                    if not _place_each(state, value, band, singles):
                        return False
                    changed = True
            b0 = state[3 * value]
            b1 = state[3 * value + 1]
            b2 = state[3 * value + 2]
            once = np.int64(0)
            twice = np.int64(0)
            for x in (b0, b0 >> 9, b0 >> 18, b1, b1 >> 9, b1 >> 18, b2, b2 >> 9, b2 >> 18):
                twice |= once & x
                once |= x
            once &= 511
            if once != 511:
                return False
            single = once & ~twice
            if single:
                for band in range(3):
                    x = state[3 * value + band]
                    hits = (x | (x >> 9) | (x >> 18)) & single
                    hits = ((hits | (hits << 9) | (hits << 18)) & x) & ~state[27 + band]
                    if hits:
                        if not _place_each(state, value, band, hits):
                            return False
                        changed = True
            if not locked_candidates:
                continue
            # locked candidates between the rows and boxes of a band
            for band in range(3):  # (a test for an unchanged band costs more than it saves)
                x = state[3 * value + band]
                minis = shrink[x & 511] | (shrink[(x >> 9) & 511] << 3) | (shrink[x >> 18] << 6)
                kept = locked[minis]
                if kept == 0:
                    return False
                if kept != minis:
                    state[3 * value + band] = x & expand[kept]
                    changed = True
            # the same between the columns and boxes of a stack
            x = state[3 * value]
            occ0 = (x | (x >> 9) | (x >> 18)) & 511
            x = state[3 * value + 1]
            occ1 = (x | (x >> 9) | (x >> 18)) & 511
            x = state[3 * value + 2]
            occ2 = (x | (x >> 9) | (x >> 18)) & 511
            for stack in range(3):
                shift = 3 * stack
                minis = (spread[(occ0 >> shift) & 7] | (spread[(occ1 >> shift) & 7] << 1)
                         | (spread[(occ2 >> shift) & 7] << 2))
                kept = locked[minis]
                if kept == 0:
                    return False
                gone = minis & ~kept  # bit 3 * c + band: column c of the stack in the band
                if gone:
                    changed = True
                    for band in range(3):
                        g = gone >> band
                        columns = ((g & 1) | ((g >> 2) & 2) | ((g >> 4) & 4)) << shift
                        state[3 * value + band] &= ~(columns * 0x40201)  # in its 3 rows
        if not changed:
            return True


@numba.njit(cache=True, _nrt=False)
def _propagate(state) -> bool:
    """This kernel's rules to a fixed point (:func:`_fixed_point`)."""
    return _fixed_point(state, True)


@numba.njit(cache=True, _nrt=False)
def _singles(state) -> bool:
    """Naked and hidden singles alone to a fixed point (the general
    kernel's singles-only rules, for :func:`fill9`)."""
    return _fixed_point(state, False)


@numba.njit(cache=True, _nrt=False, inline="always")
def _pairs(state, band) -> int:
    """The empty cells of ``band`` with exactly two candidates ("once /
    twice / thrice" over the value boards)."""
    once = np.int64(0)
    twice = np.int64(0)
    thrice = np.int64(0)
    for value in range(9):
        x = state[3 * value + band]
        thrice |= twice & x
        twice |= once & x
        once |= x
    return twice & ~thrice & ~state[27 + band]


@numba.njit(cache=True, _nrt=False, inline="always")
def _fewest(state, band, cells, fewest, best) -> tuple:
    """``(fewest, best)`` after the 27-bit ``cells`` of ``band`` in cell
    order: a cell with fewer candidates than ``fewest`` becomes ``best``."""
    while cells:
        bit = cells & -cells
        cells ^= bit
        count = 0
        for value in range(9):
            if state[3 * value + band] & bit:
                count += 1
        if count < fewest:
            fewest = count
            best = 27 * band + _bit_index(bit)
    return fewest, best


@numba.njit(cache=True, _nrt=False)
def _branch_cell(state) -> int:
    """A cell to branch on (0-80), -1 when every cell is solved: of the
    cells with two candidates, one with the most such cells among its peers
    (its two branches propagate furthest); without any, a cell with the
    fewest candidates."""
    best = -1
    fewest = 10
    p0 = np.int64(0)  # cells with two candidates, per band
    p1 = np.int64(0)
    p2 = np.int64(0)
    for band in range(3):
        open_ = FULL & ~state[27 + band]
        if not open_:
            continue
        pairs = _pairs(state, band)
        if band == 0:
            p0 = pairs
        elif band == 1:
            p1 = pairs
        else:
            p2 = pairs
        if p0 | p1 | p2:
            continue
        fewest, best = _fewest(state, band, open_, fewest, best)
    if p0 | p1 | p2:
        top = -1
        for band in range(3):
            rest = p0 if band == 0 else (p1 if band == 1 else p2)
            while rest:
                bit = rest & -rest
                rest ^= bit
                cell = 27 * band + _bit_index(bit)
                score = (_popcount(PEERS[cell, 0] & p0)
                         + _popcount(PEERS[cell, 1] & p1)
                         + _popcount(PEERS[cell, 2] & p2))
                if score > top:
                    top = score
                    best = cell
    return best


@numba.njit(cache=True, _nrt=False)
def _first_fewest(state) -> int:
    """:func:`.kernel.branch_cell` on bitboards (the general kernel's rule,
    kept by :func:`fill9`): the first empty cell in cell order with the
    fewest candidates, -1 when every cell is solved. An empty cell at the
    fixed point has two candidates or more, so the first cell with two is
    the answer when there is one."""
    for band in range(3):
        pairs = _pairs(state, band)
        if pairs:
            return 27 * band + _bit_index(pairs & -pairs)
    best = -1
    fewest = 10
    for band in range(3):
        fewest, best = _fewest(state, band, FULL & ~state[27 + band], fewest, best)
    return best


def _value(value_order, cell, t):
    """The ``t``-th value (0-8) the search tries in ``cell``: ``t`` when
    ``value_order`` is None, else ``value_order[cell, t] - 1`` (compiled by
    the overload below, so a count pays nothing for the option)."""
    raise NotImplementedError("compiled only")


@overload(_value)
def _value_for(value_order, cell, t):
    if isinstance(value_order, types.NoneType):
        return lambda value_order, cell, t: t
    return lambda value_order, cell, t: value_order[cell, t] - 1


def _by_order(counting, filling):
    """A function ``(state, value_order)`` that calls ``counting(state)``
    when ``value_order`` is None and ``filling(state)`` otherwise, chosen
    when it is compiled (an overload)."""
    def choose(state, value_order):
        raise NotImplementedError("compiled only")

    @overload(choose)
    def _choose_for(state, value_order):
        if isinstance(value_order, types.NoneType):
            return compile_cache.named(lambda state, value_order: counting(state),
                                       f"_by_order.{counting.__name__}")
        return compile_cache.named(lambda state, value_order: filling(state),
                                   f"_by_order.{filling.__name__}")
    return choose


# The rules to a fixed point and the branching rule of a count, or of the
# general kernel's singles-only fill (fill9).
_rules = _by_order(_propagate, _singles)
_branch = _by_order(_branch_cell, _first_fewest)


@numba.njit(cache=True, _nrt=False)
def _write_solution(state, solution) -> None:
    for band in range(3):
        for value in range(9):
            x = state[3 * value + band]
            while x:
                bit = x & -x
                x ^= bit
                solution[27 * band + _bit_index(bit)] = value + 1


@numba.njit(cache=True, _nrt=False, inline="always")
def _start(state, clues) -> bool:
    """Set ``state`` to the clues ``(81,)`` (0 = empty) with every rule
    propagated; False on a contradiction. The clues are placed together:
    the same state as placing them one by one, in one pass over the value
    boards instead of one per clue (their boards, :func:`clue_boards`,
    then :func:`_settle`)."""
    clue_boards(clues, state)
    return _settle(state)


@numba.njit(cache=True, _nrt=False, inline="always")
def _settle(state) -> bool:
    """The state of the clues whose boards (:func:`clue_boards`) ``state``
    holds, every rule propagated; False on a contradiction."""
    for value in range(9):
        for band in range(3):
            placed = state[3 * value + band]
            seen = state[30 + 3 * value + band]
            if placed & seen:
                return False  # two clues of the value see each other
            state[3 * value + band] = (FULL & ~seen & ~state[27 + band]) | placed
    state[30:] = -1  # no value checked yet
    return _propagate(state)


@numba.njit(cache=True, _nrt=False, nogil=True, inline="always")
def _search(limit, max_nodes, solution, control, work, value_order) -> int:
    """Depth-first search from the propagated state ``work[STACK][0]``: the
    solutions up to ``limit``, the first written to ``solution``;
    ``value_order`` None: this kernel's rules, branching rule and values in
    increasing order; an ``(81, 9)`` array (1-9 per cell): the general
    kernel's singles-only fill (:func:`fill9`);
    ``BUDGET`` after ``max_nodes`` branch nodes; on a stop request (polled
    every ``POLL + 1`` branch nodes), ``control[STOPPED] = 1`` and the
    solutions found so far. Uses rows 0 to 81 of the stack.

    Why this is not :func:`.kernel.search`'s loop (issue 30; its lines
    ``cell = ...`` to ``tried[depth] = 0`` stand there too): the two share
    their shape (depth first, one state per level copied from its parent,
    the values of the branching cell tried in turn, the node budget and the
    stop poll) but not one step inside it. Here a level is one row of
    ``STATE`` words, the copy is one slice, placement and propagation work
    on bitboards, and the value order and branching rule are compile-time
    options (the overloads :func:`_value`, :func:`_branch`, :func:`_rules`);
    there a level is two arrays (candidates and grid) and each failed
    branch is recorded for a variant's conflict-weighted branching. One
    loop for both would take the copy, placement, propagation, branching
    and the conflict record as arguments; numba would still compile it once
    per kernel, so about 40 lines of source would be saved and every step
    would become an indirection (not measured).
    """
    stack = work[STACK]
    cells = work[CELLS]
    tried = work[TRIED]
    cell = _branch(stack[0], value_order)
    if cell < 0:
        _write_solution(stack[0], solution)
        return 1
    count = 0
    nodes = 0
    depth = 0
    cells[0] = cell
    tried[0] = 0
    while depth >= 0:
        cell = cells[depth]
        band = cell // 27
        index = cell % 27
        bit = np.int64(1) << index
        value = -1
        for t in range(tried[depth], 9):
            v = _value(value_order, cell, t)
            if stack[depth, 3 * v + band] & bit:
                value = v
                tried[depth] = t + 1
                break
        if value < 0:
            depth -= 1
            continue
        nodes += 1
        if nodes > max_nodes:
            return finish(control, nodes, BUDGET)
        if (nodes & POLL) == 0 and control[STOP] != 0:
            control[STOPPED] = 1
            return finish(control, nodes, count)
        child = stack[depth + 1]
        copy_row(stack[depth], child)
        if not _place(child, value, band, index):
            continue
        if not _rules(child, value_order):
            continue
        branch = _branch(child, value_order)
        if branch < 0:
            if count == 0:
                _write_solution(child, solution)
            count += 1
            if count >= limit:
                return finish(control, nodes, count)
            continue
        depth += 1
        cells[depth] = branch
        tried[depth] = 0
    return finish(control, nodes, count)


@numba.njit(cache=True, _nrt=False, nogil=True)
def count9(clues, limit, max_nodes, solution, control, work) -> int:
    """Count the solutions of a 9x9 grid up to ``limit``; ``BUDGET`` (-1)
    when more than ``max_nodes`` branch nodes were needed.

    ``clues``: ``(81,)`` ints, 0 = empty. The first solution found is
    written to ``solution`` ``(81,)``. ``control``: the core's control array
    (:mod:`.core`: stop request, stopped flag, branch nodes); after a stop
    the count is a lower bound. ``work``: :func:`workspace`.
    """
    if not _start(work[STACK][0], clues):
        return 0
    return _search(limit, max_nodes, solution, control, work, None)


@numba.njit(cache=True, _nrt=False, nogil=True)
def count9_checked(clues, limit, max_nodes, solution, control, work) -> int:
    """:func:`count9` of ``clues`` ``(81,)`` of any integer type (a
    :class:`~sudoku_models.Puzzle`'s int64 grid, a user's array), copied to
    ``work[CLUES]`` on the way; ``BAD_VALUE`` when a value is outside 0..9.
    One compiled call for a single puzzle: no conversion or range check in
    Python (numpy's cost more than the search of an easy puzzle)."""
    buffer = work[CLUES]
    for cell in range(81):
        value = clues[cell]
        if value < 0 or value > 9:
            return BAD_VALUE
        buffer[cell] = value
    return count9(buffer, limit, max_nodes, solution, control, work)


@numba.njit(cache=True, _nrt=False, nogil=True)
def other9(clues, removed, solution, max_nodes, control, found, work) -> int:
    """Whether the 9x9 ``clues`` ``(81,)`` have a solution other than
    ``solution`` ``(81,)``, given that ``clues`` with the cells ``removed``
    (``(m,)`` flat indices, -1 entries ignored) filled from ``solution`` have
    only that one: :func:`.kernel.other_solution` on bitboards, with the
    same answers (``FOUND``, the solution written to ``found``; ``NONE``;
    ``BUDGET``; ``STOPPED_EARLY``) and the same method (disjoint cases, each
    a search from the clues' propagated state with one candidate struck
    out, the shared state, row 82 of ``work[STACK]``, growing by one
    placement per case).
    """
    clue_boards(clues, work[STACK][82])
    return _others(removed, solution, max_nodes, control, found, work)


@numba.njit(cache=True, _nrt=False, nogil=True)
def other9_boards(boards, removed, solution, max_nodes, control, found, work) -> int:
    """:func:`other9` of the clues whose boards (:func:`clue_boards`) are
    ``boards``: the removal pass keeps them up to date across removals."""
    copy_row(boards, work[STACK][82])
    return _others(removed, solution, max_nodes, control, found, work)


@numba.njit(cache=True, _nrt=False, nogil=True, inline="always")
def _others(removed, solution, max_nodes, control, found, work) -> int:
    """The cases of :func:`other9` from the clues' boards in row 82 of
    ``work[STACK]``."""
    base = work[STACK][82]
    if not _settle(base):
        return NONE
    for cell in removed:
        if cell < 0:
            continue
        value = solution[cell] - 1
        band = cell // 27
        bit = np.int64(1) << (cell % 27)
        if not base[27 + band] & bit:  # not forced to its value by the rest
            root = work[STACK][0]
            copy_row(base, root)
            root[3 * value + band] &= ~bit
            if _propagate(root):
                result = _search(1, max_nodes, found, control, work, None)
                if control[STOPPED]:
                    return STOPPED_EARLY
                if result != 0:
                    return FOUND if result > 0 else result
            if not (_place(base, value, band, cell % 27) and _propagate(base)):
                return NONE
    return NONE


@numba.njit(cache=True, nogil=True)
def count9_many(puzzles, limit, counts, solutions, control) -> None:
    """:func:`count9` over ``puzzles`` ``(P, 81)``: ``counts[i]`` and
    ``solutions[i]`` (``(P,)`` and ``(P, 81)``; ``solutions`` ``(0, 81)``:
    no solution kept) get each one's count and first solution. Stops
    between or inside puzzles on a stop request (``control[STOPPED] = 1``
    then; counts not reached stay -2)."""
    work = (np.empty((83, STATE), np.int64), np.empty(82, np.int64), np.empty(82, np.int64),
            np.empty(81, np.int32))
    scratch = np.empty(81, np.int32)
    keep = solutions.shape[0] > 0
    max_nodes = np.int64(NO_LIMIT)  # not a literal: count9 is compiled once
    for i in range(puzzles.shape[0]):
        if control[STOP] != 0:
            control[STOPPED] = 1
            return
        counts[i] = count9(puzzles[i], limit, max_nodes, solutions[i] if keep else scratch,
                           control, work)
        if control[STOPPED]:
            counts[i] = -2
            return


@numba.njit(cache=True, nogil=True)
def fill9(value_order, max_nodes, control, solution) -> int:
    """:func:`.kernel.fill` of the 9x9 grid with the singles-only tables, on
    bitboards: the first solution of the empty grid with each cell's values
    tried in ``value_order`` ``(81, 9)`` (values 1-9), written to
    ``solution`` ``(81,)``; 1, ``BUDGET`` after ``max_nodes`` branch nodes,
    or 0 after a stop request. The same rules (naked and hidden singles,
    whose fixed point does not depend on the order they run in), the same
    branching rule (:func:`_first_fewest`) and value order, hence the same
    grid and branch nodes as the general kernel (checked in
    ``tests/test_kernel9.py``), in about a fifth of its time."""
    work = (np.empty((83, STATE), np.int64), np.empty(82, np.int64), np.empty(82, np.int64),
            np.empty(81, np.int32))
    root = work[STACK][0]
    root[:27] = FULL
    root[27:30] = 0
    root[30:] = -1
    return _search(np.int64(1), max_nodes, solution, control, work, value_order)


# The clues' boards (:func:`clue_boards`), laid out as a state before it is
# settled: per value ``d`` and band ``b`` the clue cells ``boards[3*d + b]``,
# every clue cell ``boards[27 + b]``, the cells a clue of ``d`` sees
# ``boards[30 + 3*d + b]``.
CLUE_BOARDS = STATE


@numba.njit(cache=True, _nrt=False, nogil=True)
def clue_boards(clues, boards) -> None:
    """Write the boards of ``clues`` ``(81,)`` (0 = empty) to ``boards``
    ``(CLUE_BOARDS,)`` int64 (kept up to date by :func:`set_clue`)."""
    boards[:] = 0
    for cell in range(81):
        value = clues[cell]
        if value:
            value -= 1
            band = cell // 27
            bit = np.int64(1) << (cell % 27)
            boards[3 * value + band] |= bit
            boards[27 + band] |= bit
            for b in range(3):
                boards[30 + 3 * value + b] |= PEERS[cell, b]


@numba.njit(cache=True, _nrt=False, nogil=True)
def set_clue(boards, cell, value, present) -> None:
    """Put the clue ``value`` (1-9) of ``cell`` in ``boards``
    (:func:`clue_boards`), or take it out (``present`` False: the cells its
    value's other clues see are gathered again)."""
    v = value - 1
    band = cell // 27
    bit = np.int64(1) << (cell % 27)
    if present:
        boards[3 * v + band] |= bit
        boards[27 + band] |= bit
        for b in range(3):
            boards[30 + 3 * v + b] |= PEERS[cell, b]
        return
    boards[3 * v + band] &= ~bit
    boards[27 + band] &= ~bit
    for b in range(3):
        boards[30 + 3 * v + b] = 0
    for source in range(3):
        x = boards[3 * v + source]
        while x:
            low = x & -x
            x ^= low
            other = 27 * source + _bit_index(low)
            for b in range(3):
                boards[30 + 3 * v + b] |= PEERS[other, b]


@numba.njit(cache=True, _nrt=False, nogil=True)
def forced9(boards, cell, value) -> bool:
    """Whether the empty ``cell`` must hold ``value`` (1-9) by the clues of
    ``boards`` (:func:`clue_boards`) alone: a naked single (a clue of every
    other value among its peers) or a hidden single (every other empty cell
    of its row, box or column sees a clue of ``value``). The answer of
    :func:`generator.search._forced`, in word operations."""
    v = value - 1
    band = cell // 27
    index = cell % 27
    bit = np.int64(1) << index
    naked = True
    for u in range(9):
        if u != v and not boards[30 + 3 * u + band] & bit:
            naked = False
            break
    if naked:
        return True
    open_ = FULL & ~boards[27 + band] & ~boards[30 + 3 * v + band] & ~bit
    if not open_ & ROW[index // 9] or not open_ & BOX[(index % 9) // 3]:
        return True
    column = np.int64(0x40201) << (index % 9)
    for b in range(3):
        if ~boards[27 + b] & ~boards[30 + 3 * v + b] & ~(bit if b == band else 0) & column:
            return False
    return True
