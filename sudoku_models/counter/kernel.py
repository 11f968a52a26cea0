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
   a variant's tables (:func:`.kernel_tables.build_rules`) add their rules
   to the loop (:func:`_variant`): pair relations made arc consistent,
   linear sums pruned by their bounds, sums over cells that all differ
   by their combinations (with the rest of their house), regular lines
   by their automata's states (:func:`_lines`), sandwiches and lunchboxes
   on a house by the sets between their ends (:func:`_house_lunchboxes`),
   and locked candidates between extra houses and the houses they meet
   (:func:`_intersections`);
2. a classic layout branches on an empty cell with the fewest candidates
   (most constrained first, :func:`branch_cell`), trying its values in the
   order given by ``value_order`` (:func:`_cell_search`); a variant
   branches two ways, a value in a cell or not, each decision taken
   afresh from conflict weights (:func:`_binary_search`, :func:`_choose`);
   when its rules are sums alone (a killer), a struck value is propagated
   only when it leaves a single (:func:`_sums_only`).

The propagation reaches the same fixed point in whatever order its rules
run (each rule only removes candidates that no solution has, and removing
more never re-enables one), so the branch nodes depend on the rules and the
branching rule alone. The depth-first search keeps one copy of the state per
level in the workspace, so a call allocates nothing. Compiled with numba
(nopython, ``nogil``, cached on disk) without its reference counting
(``_nrt=False``): every array a function received or a row it read cost an
atomic increment and decrement, 84% of the CPU of a sums search (perf, The
Barbed Cross), so the kernel allocates nothing (a function that did would
not compile) and only borrows the arrays its caller keeps alive.
"""

from __future__ import annotations

import functools

import numba
import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
from numba.extending import overload

from . import compile_cache
from .core import BUDGET, FOUND, NODES, NONE, STOP, STOPPED, STOPPED_EARLY, popcount
from .kernel_tables import (ARC_ALLOWED, ARC_FROM, ARC_TO, CAND, CELL, CELL_SUMS, CIRCLES,
                            CIRCLE_COMBOS, CIRCLE_GROUPS, CIRCLE_SEEN, COMBOS, DOMAINS, FULL, GRID,
                            HOUSES, IDENTITY, INTERSECTIONS, LINE_ACCEPT, LINE_CELLS, LINE_KEYS,
                            LINE_LAYERS, LINE_MARKS, LINE_NEXT, LINE_SEGMENTS, LINE_START,
                            LUNCHBOX_CELLS, LUNCHBOX_COMBOS, LUNCHBOX_KEYS, LUNCHBOX_SPANS,
                            LUNCHBOX_VALID, MASKS, NEXT, ORDER, PEERS, PEER_BITS, PRIORITY, QUEUE,
                            REGION_SEGMENTS, SCORES, SEGMENTS, SEGMENT_LINE, SEGMENT_REGION,
                            SPLIT, SUM_CELLS, SUM_COEFS, SUM_COMBOS, SUM_GROUPS, SUM_KEYS,
                            SUM_REST, SUM_SEEN, SUM_TOTALS, SUM_VIEW, VALUE, VARIANT, WEIGHTS)

compile_cache.prepare()  # before numba compiles or loads the kernels below: saves locked between processes

_popcount = numba.njit(inline="always")(popcount)

__all__ = ["branch_cell", "count", "fill", "other_solution", "propagate", "search"]


@numba.njit(cache=True, nogil=True, _nrt=False)
def _place(cand, grid, peers, cell, bit) -> bool:
    """Put the value of ``bit`` in ``cell`` and strike it from the peers
    (``peers[cell]``, -1 padded); False on a contradiction."""
    grid[cell] = _popcount(bit - 1) + 1
    cand[cell] = bit
    for i in range(peers.shape[1]):
        peer = peers[cell, i]
        if peer < 0:
            break
        if cand[peer] & bit:
            if grid[peer] != 0:
                return False
            cand[peer] &= ~bit
            if cand[peer] == 0:
                return False
    return True


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _hidden_singles(cand, grid, houses, full, queue) -> int:
    """One scan of the houses for hidden singles: a value with one place
    left in a house becomes that cell's only candidate, the cell pushed
    on ``queue`` (from 0). Returns the number pushed, -1 on a
    contradiction (a house without a value, a cell that must take two)."""
    top = 0
    for h in range(houses.shape[0]):
        once = np.int64(0)
        twice = np.int64(0)
        for i in range(houses.shape[1]):
            mask = cand[houses[h, i]]
            twice |= once & mask
            once |= mask
        if once != full:
            return -1  # a value has no place left in this house
        single = once & ~twice
        if single:
            for i in range(houses.shape[1]):
                cell = houses[h, i]
                mask = cand[cell] & single
                if grid[cell] == 0 and mask:
                    if mask & (mask - 1):
                        return -1  # one cell must take two values
                    if cand[cell] != mask:  # not yet queued
                        cand[cell] = mask
                        queue[top] = cell
                        top += 1
    return top


@numba.njit(cache=True, nogil=True, _nrt=False)
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
            bad = False
            for i in range(peers.shape[1]):  # no branch on the candidates: see _lines
                peer = peers[cell, i]
                if peer < 0:
                    break
                held = cand[peer]
                rest = held & ~bit
                cand[peer] = rest
                struck = held != rest
                bad |= struck & ((grid[peer] != 0) | (rest == 0))
                queue[top] = peer  # kept when its candidates dropped to one
                top += struck & (rest & (rest - 1) == 0)
            if bad:
                return False
        top = _hidden_singles(cand, grid, houses, full, queue)
        if top < 0:
            return False
        if top == 0:
            return True


@numba.njit(cache=True, nogil=True, _nrt=False)
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


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _strike_segment(cand, grid, segments, j, bits) -> int:
    """:func:`_strike` ``bits`` from the cells of segment ``j``, read in
    place (no array view per segment)."""
    changed = 0
    for i in range(segments.shape[1]):
        cell = segments[j, i]
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


@numba.njit(cache=True, nogil=True, _nrt=False)
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
    place left: no solution). The tables are read in place, without an
    array view or a call per segment (numba counts references on each):
    that took the pass at tarek #1's root from 4.8 to 0.9 us."""
    changed = 0
    width = segments.shape[1]
    in_lines = line_segments.shape[1]
    in_regions = region_segments.shape[2]
    for orientation in range(2):
        first = 0 if orientation == 0 else split
        last = split if orientation == 0 else segments.shape[0]
        for k in range(first, last):
            mask = 0
            for i in range(width):
                cell = segments[k, i]
                if cell < 0:
                    break
                mask |= cand[cell]
            masks[k] = mask
        for k in range(first, last):
            line = segment_line[k]
            region = segment_region[k]
            in_line = 0  # the line's other segments: other regions
            for i in range(in_lines):
                j = line_segments[line, i]
                if j < 0:
                    break
                if j != k:
                    in_line |= masks[j]
            in_region = 0  # the region's other segments on lines of this orientation
            for i in range(in_regions):
                j = region_segments[orientation, region, i]
                if j < 0:
                    break
                if j != k:
                    in_region |= masks[j]
            pointing = masks[k] & ~in_region  # only on this line in the region
            claiming = masks[k] & ~in_line  # only in this region on the line
            if pointing & in_line:
                for i in range(in_lines):
                    j = line_segments[line, i]
                    if j < 0:
                        break
                    if j != k:
                        result = _strike_segment(cand, grid, segments, j, pointing)
                        if result < 0:
                            return -1
                        changed |= result
            if claiming & in_region:
                for i in range(in_regions):
                    j = region_segments[orientation, region, i]
                    if j < 0:
                        break
                    if j != k:
                        result = _strike_segment(cand, grid, segments, j, claiming)
                        if result < 0:
                            return -1
                        changed |= result
    return changed


def _per_bundle(rule, otherwise, first: int):
    """A function compiled per bundle type (numba ``overload``): ``rule``
    (a plain Python function, compiled where it is called) for a bundle
    with its tables from ``first`` on, ``otherwise`` for one that stops
    before them (a classic bundle, a singles-only one), so a bundle pays
    nothing for the rules it lacks. Both take the arguments of ``rule``,
    ``tables`` among them; the result has ``rule``'s name and docstring."""
    position = rule.__code__.co_varnames.index("tables")

    def stub(*args):
        raise NotImplementedError("compiled only")

    def choose(*args):
        return rule if len(args[position]) > first else otherwise

    functools.update_wrapper(stub, rule)  # the signature numba checks the choices against
    functools.update_wrapper(choose, rule)
    compile_cache.named(otherwise, f"{rule.__name__}.otherwise")
    overload(stub, jit_options={"_nrt": False})(choose)
    return stub


def _locked_rule(cand, grid, tables, work) -> int:
    """Locked candidates when the bundle has them (:func:`_locked`)."""
    return _locked(cand, grid, tables[SEGMENTS], tables[SEGMENT_LINE], tables[SEGMENT_REGION],
                   tables[LINE_SEGMENTS], tables[REGION_SEGMENTS], tables[SPLIT], work[MASKS])


_locked_rule = _per_bundle(_locked_rule, lambda cand, grid, tables, work: 0, SEGMENTS)


@numba.njit(cache=True, nogil=True, _nrt=False)
def _arcs(cand, arc_from, arc_to, arc_allowed) -> int:
    """Pair relations made arc consistent: each arc's ``to`` cell keeps the
    candidates some candidate of its ``from`` cell allows (a filled cell's
    one candidate is its value, so a placement is checked here too): -1 on
    a contradiction, 1 if a candidate was struck, else 0."""
    changed = 0
    for arc in range(arc_from.size):
        source = cand[arc_from[arc]]
        support = np.int64(0)
        while source:
            low = source & -source
            support |= arc_allowed[arc, _popcount(low - 1)]
            source ^= low
        target = arc_to[arc]
        if cand[target] & ~support:
            rest = cand[target] & support
            if rest == 0:
                return -1
            cand[target] = rest
            changed = 1
    return changed


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _highest(mask) -> int:
    """The largest value of a non-empty candidate mask (one instruction:
    64 less the leading zeros)."""
    return 64 - leading_zeros(mask)


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _lowest(mask) -> int:
    """The smallest value of a non-empty candidate mask."""
    return trailing_zeros(mask) + 1


@numba.njit(cache=True, nogil=True, _nrt=False)
def _bounds(cand, cells, coefs, total) -> int:
    """A linear sum pruned by its bounds: each cell keeps the values that
    the smallest and largest sums of the other terms leave possible (-1
    on a contradiction, 1 if a candidate was struck, else 0). Bounds
    computed before a strike in the same pass are looser, so still sound."""
    low = 0
    high = 0
    for i in range(cells.size):
        cell = cells[i]
        if cell < 0:
            break
        mask = cand[cell]
        small = _lowest(mask)
        large = _highest(mask)
        if coefs[i] > 0:
            low += coefs[i] * small
            high += coefs[i] * large
        else:
            low += coefs[i] * large
            high += coefs[i] * small
    if total < low or total > high:
        return -1
    changed = 0
    for i in range(cells.size):
        cell = cells[i]
        if cell < 0:
            break
        mask = cand[cell]
        coef = coefs[i]
        small = _lowest(mask)
        large = _highest(mask)
        term_low = coef * small if coef > 0 else coef * large
        term_high = coef * large if coef > 0 else coef * small
        least = total - (high - term_high)  # the term's own range
        most = total - (low - term_low)
        if least <= term_low and most >= term_high:
            continue
        if coef == 1:
            first, last = least, most
        elif coef == -1:
            first, last = -most, -least
        elif coef > 0:
            first, last = -((-least) // coef), most // coef
        else:
            first, last = -((-most) // coef), least // coef
        if first < 1:
            first = 1
        if last > 62:
            last = 62
        keep = mask
        if last < first:
            keep = 0
        else:
            keep &= ((np.int64(1) << last) - 1) & ~((np.int64(1) << (first - 1)) - 1)
        if keep == 0:
            return -1
        if keep != mask:
            cand[cell] = keep
            changed = 1
    return changed


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _value_sum(mask) -> int:
    """The sum of the values of a candidate mask."""
    total = 0
    value = 1
    while mask:
        if mask & 1:
            total += value
        mask >>= 1
        value += 1
    return total


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _group_seen(cand, cells, groups, start, full):
    """For the group of terms from ``start`` on (:func:`_group_bounds`):
    ``(end, least, most)``, the index after its last term, the values the
    smallest and the largest different values its cells can take (each
    cell in turn takes the smallest value not yet taken at or above its
    least candidate, and the same from the top): -1 for ``end`` when its
    cells cannot take different values in their ranges."""
    group = groups[start]
    least = np.int64(0)
    most = np.int64(0)
    end = start
    while end < cells.size and cells[end] >= 0 and groups[end] == group:
        mask = cand[cells[end]]
        free = ~(least | ((mask & -mask) - 1))
        least |= free & -free
        below = (np.int64(1) << _highest(mask)) - 1
        free = below & ~most
        if free == 0:
            return -1, least, most
        most |= np.int64(1) << (_highest(free) - 1)
        end += 1
    if least & ~full:
        return -1, least, most
    return end, least, most


@numba.njit(cache=True, nogil=True, _nrt=False)
def _group_bounds(cand, cells, coefs, total, groups, full) -> int:
    """A linear sum whose terms fall into groups of cells that must differ
    (``groups``: each term's group, the groups contiguous, one coefficient
    each), pruned by its bounds as the Interactive Sudoku Solver's sum
    handler prunes a sum over several exclusion groups
    (``_restrictCellsWithCoefficients``, ``js/solver/sum_handler.js``): a
    group's smallest and largest sums are of different values
    (:func:`_group_seen`), which bounds the whole sum more tightly than
    its cells' bounds alone; then each group's cells keep the values
    within the slack of the values its smallest (largest) sum takes: a
    value ``v`` in one of its cells makes the group's sum at least its
    smallest plus ``v - s`` for the largest ``s`` of those values below
    ``v`` (the exchange property of the sets of different values the
    cells can take). -1 on a contradiction, 1 if a candidate was struck,
    else 0."""
    low = 0
    high = 0
    start = 0
    while start < cells.size and cells[start] >= 0:
        end, least, most = _group_seen(cand, cells, groups, start, full)
        if end < 0:
            return -1
        coef = coefs[start]
        if coef > 0:
            low += coef * _value_sum(least)
            high += coef * _value_sum(most)
        else:
            low += coef * _value_sum(most)
            high += coef * _value_sum(least)
        start = end
    if total < low or total > high:
        return -1
    side = _popcount(full)
    changed = 0
    start = 0
    while start < cells.size and cells[start] >= 0:
        end, least, most = _group_seen(cand, cells, groups, start, full)
        coef = coefs[start]
        size = coef if coef > 0 else -coef
        up = (total - low) // size if coef > 0 else (high - total) // size
        down = (high - total) // size if coef > 0 else (total - low) // size
        keep = full
        if up < side - 1:
            for _ in range(up):
                least |= least << 1
            keep &= least
        if down < side - 1:
            for _ in range(down):
                most |= most >> 1
            keep &= most
        if keep != full:
            for i in range(start, end):
                cell = cells[i]
                if cand[cell] & ~keep:
                    rest = cand[cell] & keep
                    if rest == 0:
                        return -1
                    cand[cell] = rest
                    changed = 1
        start = end
    return changed


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _narrowed(cand, cell, mask, keep) -> int:
    """1 after narrowing ``cand[cell]`` from ``mask`` to its subset ``keep``
    when they differ, else 0."""
    if keep == mask:
        return 0
    cand[cell] = keep
    return 1


@numba.njit(cache=True, nogil=True, _nrt=False)
def _few_cells(cand, cells, coefs, total, groups) -> int:
    """A linear sum with at most three terms whose cells have more than one
    candidate (the others count at their value), pruned exactly: each such
    cell keeps the values some choice of the others' candidates completes to
    ``total``, the cells of one exclusion group (``groups``, -1 for none)
    taking different values (the Interactive Sudoku Solver's
    ``_enforceFewRemainingCells``, ``js/solver/sum_handler.js``; bounds
    alone leave the values without a partner). -1 on a contradiction, 1 if
    a candidate was struck, 0 when nothing was struck or more than three
    cells are open."""
    a = -1
    b = -1
    c = -1
    count = 0
    rest = total
    for i in range(cells.size):
        cell = cells[i]
        if cell < 0:
            break
        mask = cand[cell]
        if mask & (mask - 1):
            if count == 0:
                a = i
            elif count == 1:
                b = i
            elif count == 2:
                c = i
            else:
                return 0
            count += 1
        else:
            rest -= coefs[i] * (_popcount(mask - 1) + 1)
    if count == 0:
        return -1 if rest != 0 else 0
    mask_a = cand[cells[a]]
    keep_a = np.int64(0)
    if count == 1:
        coef = coefs[a]
        if rest % coef == 0:
            value = rest // coef
            if 1 <= value <= 62:
                keep_a = mask_a & (np.int64(1) << (value - 1))
        if keep_a == 0:
            return -1
        return _narrowed(cand, cells[a], mask_a, keep_a)
    mask_b = cand[cells[b]]
    keep_b = np.int64(0)
    same_ab = groups[a] >= 0 and groups[a] == groups[b]
    if count == 2:
        source = mask_a
        while source:
            low = source & -source
            source ^= low
            x = _popcount(low - 1) + 1
            left = rest - coefs[a] * x
            if left % coefs[b] == 0:
                y = left // coefs[b]
                if 1 <= y <= 62 and mask_b >> (y - 1) & 1 and not (same_ab and x == y):
                    keep_a |= low
                    keep_b |= np.int64(1) << (y - 1)
        if keep_a == 0:
            return -1
        return (_narrowed(cand, cells[a], mask_a, keep_a)
                | _narrowed(cand, cells[b], mask_b, keep_b))
    mask_c = cand[cells[c]]
    keep_c = np.int64(0)
    same_ac = groups[a] >= 0 and groups[a] == groups[c]
    same_bc = groups[b] >= 0 and groups[b] == groups[c]
    source = mask_a
    while source:
        low = source & -source
        source ^= low
        x = _popcount(low - 1) + 1
        left_x = rest - coefs[a] * x
        other = mask_b
        while other:
            bit = other & -other
            other ^= bit
            y = _popcount(bit - 1) + 1
            if same_ab and x == y:
                continue
            left = left_x - coefs[b] * y
            if left % coefs[c] == 0:
                z = left // coefs[c]
                if 1 <= z <= 62 and mask_c >> (z - 1) & 1 and not (
                        (same_ac and x == z) or (same_bc and y == z)):
                    keep_a |= low
                    keep_b |= bit
                    keep_c |= np.int64(1) << (z - 1)
    if keep_a == 0:
        return -1
    return (_narrowed(cand, cells[a], mask_a, keep_a) | _narrowed(cand, cells[b], mask_b, keep_b)
            | _narrowed(cand, cells[c], mask_c, keep_c))


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _sole_holders(cand, grid, sum_cells, row, once) -> bool:
    """Whether no empty cell of sum ``row`` is the only place of two values
    of ``once`` (a combination's values that one empty cell alone still
    has): a cell takes one value, so such a combination is dead. The
    Interactive Sudoku Solver's renban handler strikes so a value that only
    one cell has and that needs another such value of the same cell
    (``BinaryPairwise._enforceCellUniqueValues``, ``js/solver/handlers.js``):
    at the root of Hard renban 1 it strikes 1 from R3C3, whose run 1-2-3
    would need 2 there too. The hard renban took 187,046 to 156,632 branch
    nodes on average over five copies (fewer on 13 of 15, mean CPU 4.39 to
    3.94 s). Only for a renban's runs, as there: on every cage, TAREK's
    killers took 142 : 63 counts fewer branch nodes (1,127 to 1,055) but
    19.0 to 22.1 us a node, 8% more CPU on the mean
    (``benchmarks/interactive_solver/README.md``, "A renban's run that one
    cell would fill twice")."""
    if once & (once - 1) == 0:
        return True
    for i in range(sum_cells.shape[1]):
        cell = sum_cells[row, i]
        if cell < 0:
            break
        if grid[cell] == 0:
            alone = cand[cell] & once
            if alone & (alone - 1):
                return False
    return True


@numba.njit(cache=True, nogil=True, _nrt=False)
def _combinations(cand, grid, sum_cells, row, combos, first, last, outside, full, sole):
    """A sum over cells that all differ, pruned by its combinations
    ``combos[first:last]`` (bitmasks of values): a combination is live when
    it holds every value placed in the sum, its other values can go to
    the empty cells (each empty cell has one of them, and together they
    have all) and the values of ``full`` (all values) it leaves out are
    in ``outside`` (the candidates of the rest of the house the sum lies
    in, so a sum and its complement in a house are filtered together, as
    the Interactive Sudoku Solver's sum handler does; ``full`` for a sum in
    no house); each empty cell keeps the values of the live combinations,
    and a value every live combination needs goes to its one place in the
    sum if it has one left. Returns -1 on a contradiction (no live
    combination), 1 if a candidate of the sum's cells was struck, else 0,
    and the values every live combination needs (not yet placed). With
    ``sole`` (a renban's runs), a combination one empty cell alone could
    fill twice is dead too (:func:`_sole_holders`). The sum's cells are row
    ``row`` of ``sum_cells``, read in place."""
    width = sum_cells.shape[1]
    placed = np.int64(0)
    free = np.int64(0)  # the candidates of the empty cells
    for i in range(width):
        cell = sum_cells[row, i]
        if cell < 0:
            break
        if grid[cell] != 0:
            placed |= cand[cell]
        else:
            free |= cand[cell]
    allowed = np.int64(0)
    needed = np.int64(-1)
    live = False
    for k in range(first, last):
        combo = combos[k]
        rest = combo & ~placed
        if combo & placed != placed or full & ~(combo | outside) or rest & ~free:
            continue  # the last: no cover of the rest (tested below), in one step
        if live and rest & ~allowed == 0 and needed & ~rest == 0:
            continue  # live or not, it would change nothing
        cover = np.int64(0)
        twice = np.int64(0)
        fits = True
        for i in range(width):
            cell = sum_cells[row, i]
            if cell < 0:
                break
            if grid[cell] == 0:
                meet = cand[cell] & rest
                if meet == 0:
                    fits = False
                    break
                twice |= cover & meet
                cover |= meet
        if fits and cover == rest and (not sole
                                       or _sole_holders(cand, grid, sum_cells, row, rest & ~twice)):
            live = True
            allowed |= rest
            needed &= rest
    if not live:
        return -1, np.int64(0)
    changed = 0
    once = np.int64(0)
    shared = np.int64(0)  # the values left in two empty cells or more
    for i in range(width):
        cell = sum_cells[row, i]
        if cell < 0:
            break
        if grid[cell] == 0:
            if cand[cell] & ~allowed:
                cand[cell] &= allowed
                changed = 1
            shared |= once & cand[cell]
            once |= cand[cell]
    # a needed value left in one empty cell goes there; the rest of
    # ``needed`` is read again after each placement, which strikes the
    # cell's other values (a value in two cells may be left in one)
    rest = needed if needed & ~shared else np.int64(0)
    while rest:
        bit = rest & -rest
        rest ^= bit
        place = -1
        for i in range(width):
            cell = sum_cells[row, i]
            if cell < 0:
                break
            if grid[cell] == 0 and cand[cell] & bit:
                place = cell if place == -1 else -2
        if place >= 0 and cand[place] != bit:
            cand[place] = bit
            changed = 1
    return changed, needed


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _keep(cand, cells, length, support) -> int:
    """Each of the first ``length`` of ``cells`` keeps its candidates that
    are in ``support`` (at the same index): -1 when one is left with none,
    1 when one lost a candidate, else 0."""
    struck = 0
    for i in range(length):
        cell = cells[i]
        if cand[cell] & ~support[i]:
            rest = cand[cell] & support[i]
            if rest == 0:
                return -1
            cand[cell] = rest
            struck = 1
    return struck


@numba.njit(cache=True, nogil=True, _nrt=False)
def _lines(cand, line_cells, line_next, line_start, line_accept, layers, marks, keys) -> int:
    """Regular lines pruned by their automata's state sets along the line
    (the filtering of G. Pesant's regular constraint, CP 2004): forward,
    the states reachable from the start through the cells' candidates;
    backward, those that still reach an accepting state; each cell keeps
    the candidates read on some such path. -1 on a contradiction, 1 if a
    candidate was struck, else 0. The states reached are kept as lists per
    cell (``layers``, ``LINE_LAYERS``), deduplicated by stamps (``marks``,
    ``LINE_MARKS``), so a pass costs the states it reaches, not every state
    of the largest automaton (a sum line's loop over 18 cells has 10,217;
    the Interactive Sudoku Solver's "10 Lines", when its loop of four cells
    had as many, took 2.4 ms per branch node while each pass went through
    all of them; the tail of ``layers`` holds each pass's
    layer starts and supported values). A pass leaves each of its cells
    with exactly its supported values unless a cell comes twice; then it
    notes them (``keys``, ``LINE_KEYS``), and a line whose cells still hold
    them is skipped: the pass would strike nothing again. (Sandwich snipe
    18: 43 to 40 passes a node.) Each automaton is its line's diagram
    (:func:`.line_diagrams.line_diagram`), so the forward pass reaches no
    state that cannot end a word in the cells left but a sink that stands
    for every missing transition (``LINE_NEXT``, :mod:`.kernel_tables`)."""
    changed = 0
    states = line_next.shape[1]
    tick = marks.size - 1
    seen = marks[:states]
    live = marks[states:2 * states]
    earlier = marks[2 * states:3 * states]
    longest = line_cells.shape[1]
    starts = layers[layers.size - 2 * longest - 2:layers.size - longest]
    support = layers[layers.size - longest:]
    for k in range(line_cells.shape[0]):
        cells = line_cells[k]
        length = 0
        same = True
        while length < cells.size and cells[length] >= 0:
            if keys[k, length] != cand[cells[length]]:
                same = False
            length += 1
        if same:
            continue
        starts[0] = 0
        layers[0] = line_start[k]
        top = 1
        for i in range(length):
            starts[i + 1] = top
            marks[tick] += 1
            stamp = marks[tick]
            mask = cand[cells[i]]
            for j in range(starts[i], starts[i + 1]):
                q = layers[j]
                rest = mask
                while rest:
                    v = trailing_zeros(rest)
                    rest &= rest - 1
                    target = line_next[k, q, v]
                    layers[top] = target  # kept if new to the layer: no branch
                    top += seen[target] != stamp
                    seen[target] = stamp
        starts[length + 1] = top
        marks[tick] += 1
        alive = marks[tick]
        for j in range(starts[length], starts[length + 1]):
            if line_accept[k, layers[j]] != 0:
                live[layers[j]] = alive
        for i in range(length - 1, -1, -1):
            marks[tick] += 1
            before = marks[tick]
            mask = cand[cells[i]]
            keep = np.int64(0)
            for j in range(starts[i], starts[i + 1]):
                q = layers[j]
                rest = mask
                held = np.int64(0)
                while rest:
                    v = trailing_zeros(rest)
                    rest &= rest - 1
                    held |= np.int64(live[line_next[k, q, v]] == alive) << v  # no branch
                if held:
                    earlier[q] = before
                    keep |= held
            if keep == 0:
                return -1
            support[i] = keep
            live, earlier = earlier, live
            alive = before
        kept = _keep(cand, cells, length, support)
        if kept < 0:
            return -1
        changed |= kept
        final = True  # each cell holds its supported values: a pass now strikes nothing
        for i in range(length):
            final = final and cand[cells[i]] == support[i]
        if final:
            for i in range(length):
                keys[k, i] = cand[cells[i]]
    return changed


@numba.njit(cache=True, nogil=True, _nrt=False)
def _house_lunchboxes(cand, boxes, spans, combos, valid, keys) -> int:
    """Sandwiches, and lunchboxes of ``s`` cells, whose cells hold every
    value once (``LUNCHBOX_CELLS``, :mod:`.kernel_tables`), so that their
    ends are the 1 and the ``s``: for each pair of cells that can hold the
    two ends, each set of different values that fills the cells between
    them with the total (``combos[spans[b, d]:spans[b, d + 1]]`` for ends
    ``d`` cells apart) is live when the cells between still hold all its
    values and the cells outside enough of the others; the cells between
    keep the values of the live sets, the cells outside the values some
    live set leaves out, and the ends their ends. -1 on a contradiction, 1
    if a candidate was struck, else 0. (The Interactive Sudoku Solver's
    ``Lunchbox`` handler on a house, ``js/solver/handlers.js``: the
    regular line alone lets a value the sandwich needs stay outside it.)
    ``valid``: ``(s,)`` scratch; ``keys`` (``LUNCHBOX_KEYS``): each box's
    cells' candidates when its rule last struck nothing, and it is skipped
    while they are the same, as :func:`_lines` skips a line."""
    changed = 0
    side = boxes.shape[1]
    ends = np.int64(1) | (np.int64(1) << (side - 1))
    middle = ((np.int64(1) << side) - 1) & ~ends
    for b in range(boxes.shape[0]):
        cells = boxes[b]
        same = True
        for i in range(side):
            valid[i] = 0
            same = same and keys[b, i] == cand[cells[i]]
        if same:
            continue
        for i in range(side - 1):
            first = cand[cells[i]] & ends
            if first == 0:
                continue
            other = ends & ((first >> (side - 1)) | (first << (side - 1)))
            inside = np.int64(0)
            for j in range(i + 1, side):
                last = cand[cells[j]] & other
                if j > i + 1:
                    inside |= cand[cells[j - 1]]
                if last == 0 or spans[b, j - i + 1] == spans[b, j - i]:
                    continue
                outside = np.int64(0)
                for k in range(i):
                    outside |= cand[cells[k]]
                for k in range(j + 1, side):
                    outside |= cand[cells[k]]
                outside &= middle
                room = side - (j - i) - 1
                held = np.int64(0)
                left = np.int64(0)
                live = False
                for c in range(spans[b, j - i], spans[b, j - i + 1]):
                    chosen = combos[c]
                    if chosen & ~inside == 0 and _popcount(outside & ~chosen) >= room:
                        held |= chosen
                        left |= middle & ~chosen
                        live = True
                if not live:
                    continue
                left &= outside
                for k in range(i):
                    valid[k] |= left
                valid[i] |= first & ((last >> (side - 1)) | (last << (side - 1)))
                for k in range(i + 1, j):
                    valid[k] |= held
                valid[j] |= last
                for k in range(j + 1, side):
                    valid[k] |= left
        kept = _keep(cand, cells, side, valid)
        if kept < 0:
            return -1
        if kept:
            changed = 1
        else:
            for i in range(side):
                keys[b, i] = cand[cells[i]]
    return changed


VALUE_DECAY = 1 << 14  # contradictions between two quarterings of the value scores

PLACED = np.int64(1) << 62  # beside a cell's candidates in SUM_VIEW: the cell is filled


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _seen_as(cand, grid, cell) -> np.int64:
    """A cell as ``SUM_VIEW`` holds it: its candidates, with :data:`PLACED`
    when it is filled."""
    return cand[cell] | (PLACED if grid[cell] != 0 else 0)


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _note(cand, grid, cell, view, cell_sums, keys) -> None:
    """Note that ``cell`` may have changed: when it differs from ``view``,
    the sums that read it (``cell_sums``) must run again."""
    value = _seen_as(cand, grid, cell)
    if value != view[cell]:
        view[cell] = value
        for i in range(cell_sums.shape[1]):
            k = cell_sums[cell, i]
            if k < 0:
                break
            keys[k, 0] = 1


@numba.njit(cache=True, nogil=True, _nrt=False)
def _variant_rules(cand, grid, arc_from, arc_to, arc_allowed, sum_cells, sum_coefs, sum_totals,
                   sum_combos, combos, sum_seen, sum_rest, sum_groups, full, keys, view,
                   cell_sums, weights, peer_bits) -> int:
    """A variant's own rules, once each (see :mod:`.kernel_tables`): -1 on a
    contradiction, 1 if a candidate was struck, else 0. A sum runs only
    when a cell its rule reads (``cell_sums``: its cells and the rest of its
    house) changed since the rule last struck nothing (``keys[k, 0]``; a
    change is a cell that differs from ``view``, every cell looked at
    when the pass starts and each one a sum strikes at once, so a sum
    sees every change before its turn): the rule is a function of those
    cells alone, so it would strike nothing again. A sum left alone still
    strikes the values it then needed (``keys[k, 1]``) from the cells that
    see it all, since those cells are not its own. The sum whose rule finds
    a contradiction is recorded (``k + 1``) in the last slot of ``weights``
    for :func:`_conflict`. (Against comparing each sum's cells with their
    candidates at its last run, the same branch nodes; ``benchmarks/
    interactive_solver/README.md``.)"""
    changed = _arcs(cand, arc_from, arc_to, arc_allowed) if arc_from.size else 0
    if changed < 0:
        return -1
    for cell in range(cand.size):
        _note(cand, grid, cell, view, cell_sums, keys)
    width = sum_cells.shape[1]
    rest_width = sum_rest.shape[1]
    seen_width = sum_seen.shape[1]
    for k in range(sum_totals.size):
        if keys[k, 0] == 0:
            needed = keys[k, 1]
        else:
            outside = full
            if rest_width and sum_rest[k, 0] >= 0:
                outside = np.int64(0)
                for i in range(rest_width):
                    cell = sum_rest[k, i]
                    if cell < 0:
                        break
                    outside |= cand[cell]
            cells = sum_cells[k]
            if sum_combos[k + 1] > sum_combos[k]:
                result, needed = _combinations(cand, grid, sum_cells, k, combos, sum_combos[k],
                                               sum_combos[k + 1], outside, full,
                                               sum_totals[k] == 0)
            elif sum_groups[k, 0] >= 0:  # plain bounds first, as the solver's sum handler
                result = _bounds(cand, cells, sum_coefs[k], sum_totals[k])
                if result >= 0:
                    grouped = _group_bounds(cand, cells, sum_coefs[k], sum_totals[k],
                                            sum_groups[k], full)
                    result = -1 if grouped < 0 else result | grouped
                if result >= 0:
                    few = _few_cells(cand, cells, sum_coefs[k], sum_totals[k], sum_groups[k])
                    result = -1 if few < 0 else result | few
                needed = np.int64(0)
            else:
                result = _bounds(cand, cells, sum_coefs[k], sum_totals[k])
                needed = np.int64(0)
            if result < 0:
                weights[weights.size - 1] = k + 1
                return -1
            if result == 0:
                keys[k, 0] = 0
                keys[k, 1] = needed
            else:
                for i in range(width):
                    if cells[i] < 0:
                        break
                    _note(cand, grid, cells[i], view, cell_sums, keys)
            changed |= result
        if needed:  # _strike, inlined
            for i in range(seen_width):
                cell = sum_seen[k, i]
                if cell < 0:
                    break
                if cand[cell] & needed:
                    if grid[cell] != 0:
                        return -1
                    cand[cell] &= ~needed
                    if cand[cell] == 0:
                        return -1
                    _note(cand, grid, cell, view, cell_sums, keys)
                    changed = 1
            paired = _pair_exclusions(cand, grid, sum_cells, k, needed, peer_bits)
            if paired < 0:
                return -1
            if paired:
                for cell in range(cand.size):
                    _note(cand, grid, cell, view, cell_sums, keys)
            changed |= paired
    return changed


@numba.njit(cache=True, nogil=True, _nrt=False)
def _pair_exclusions(cand, grid, sum_cells, k, needed, peer_bits) -> int:
    """Each value of ``needed`` (the values sum ``k`` needs) left in exactly
    two of its empty cells is struck from the cells that see both (the
    Interactive Sudoku Solver's ``enforceRequiredValueExclusions``,
    ``js/solver/handlers.js``, with a pair). -1 on a contradiction, 1 if a
    candidate was struck, else 0."""
    changed = 0
    width = sum_cells.shape[1]
    words = peer_bits.shape[1]
    values = needed
    while values:
        bit = values & -values
        values ^= bit
        a = -1
        b = -1
        places = 0
        for i in range(width):
            cell = sum_cells[k, i]
            if cell < 0:
                break
            if grid[cell] == 0 and cand[cell] & bit:
                places += 1
                if places == 1:
                    a = cell
                elif places == 2:
                    b = cell
                else:
                    break
        if places != 2:
            continue
        for w in range(words):
            common = peer_bits[a, w] & peer_bits[b, w]
            while common:
                low = common & -common
                common ^= low
                cell = w * 63 + _popcount(low - 1)
                if cand[cell] & bit:
                    if grid[cell] != 0 or cand[cell] == bit:
                        return -1
                    cand[cell] &= ~bit
                    changed = 1
    return changed


@numba.njit(cache=True, nogil=True, _nrt=False)
def _intersections(cand, grid, meets) -> int:
    """Locked candidates between an extra house and a house it meets
    (``meets``, ``INTERSECTIONS`` of :mod:`.kernel_tables`; the Interactive
    Sudoku Solver's house intersections, ``_addGridHouseIntersections`` in
    ``js/solver/optimizer.js``): a value that one of the two houses has
    only in the shared cells is struck from the rest of the other. -1 on a
    contradiction, 1 if a candidate was struck, else 0."""
    changed = 0
    for k in range(meets.shape[0]):
        shared = np.int64(0)
        for cell in meets[k, 0]:
            if cell < 0:
                break
            shared |= cand[cell]
        extra = np.int64(0)  # the rest of the extra house
        for cell in meets[k, 1]:
            if cell < 0:
                break
            extra |= cand[cell]
        other = np.int64(0)  # the rest of the other house
        for cell in meets[k, 2]:
            if cell < 0:
                break
            other |= cand[cell]
        result = _strike(cand, grid, meets[k, 2], shared & ~extra & other)
        if result >= 0:
            changed |= result
            result = _strike(cand, grid, meets[k, 1], shared & ~other & extra)
        if result < 0:
            return -1
        changed |= result
    return changed


@numba.njit(cache=True, nogil=True, _nrt=False)
def _counting_circles(cand, grid, circles, groups, combos, seen) -> int:
    """Counting circles (``CIRCLES`` .. ``CIRCLE_SEEN`` of :mod:`.kernel_tables`),
    as the Interactive Sudoku Solver's ``CountingCircles`` handler
    (``js/solver/handlers.js``) prunes them: the circles' values are one
    of the sets that can fill them (holding every value fixed in a circle,
    within the values left there); then each value ``v`` of the live sets
    needs ``v`` exclusion groups that can hold it (struck from the circles
    if fewer; a contradiction if every live set needs it), fills every
    circle that can hold it when it has exactly ``v`` of them and every
    live set needs it, and when exactly ``v`` groups can hold it, each of
    them must: a group with one such cell gets it, else it is struck from
    the cells that see the whole group. -1 on a contradiction, 1 if a
    candidate was struck, else 0."""
    changed = 0
    for k in range(circles.shape[0]):
        held = np.int64(0)
        fixed = np.int64(0)
        unfixed = np.int64(0)
        for i in range(circles.shape[1]):
            cell = circles[k, i]
            if cell < 0:
                break
            mask = cand[cell]
            held |= mask
            if mask & (mask - 1) == 0:
                fixed |= mask
            else:
                unfixed |= mask
        allowed = np.int64(0)
        required = held
        for j in range(combos.shape[1]):
            combo = combos[k, j]
            if combo == 0:
                break
            if fixed & ~combo or combo & ~held:
                continue
            allowed |= combo
            required &= combo
        if allowed == 0:
            return -1
        if allowed != held:
            result = _strike(cand, grid, circles[k], held & ~allowed)
            if result < 0:
                return -1
            changed |= result
        values = allowed
        while values:
            bit = values & -values
            values ^= bit
            value = _popcount(bit - 1) + 1
            total = 0
            fixed_count = 0
            seen_groups = 0
            last = -1
            for i in range(circles.shape[1]):
                cell = circles[k, i]
                if cell < 0:
                    break
                if cand[cell] & bit:
                    total += 1
                    if cand[cell] == bit:
                        fixed_count += 1
                    if groups[k, i] != last:
                        last = groups[k, i]
                        seen_groups += 1
            if fixed_count > value:
                return -1
            if seen_groups < value:
                if bit & required:
                    return -1
                result = _strike(cand, grid, circles[k], bit)
                if result < 0:
                    return -1
                changed |= result
            elif not bit & required & unfixed:
                continue
            elif total == value:
                for i in range(circles.shape[1]):
                    cell = circles[k, i]
                    if cell < 0:
                        break
                    if cand[cell] & bit and cand[cell] != bit:
                        cand[cell] = bit
                        changed = 1
            elif seen_groups == value:
                start = 0
                while start < circles.shape[1] and circles[k, start] >= 0:
                    group = groups[k, start]
                    end = start
                    places = 0
                    place = -1
                    while end < circles.shape[1] and circles[k, end] >= 0 and \
                            groups[k, end] == group:
                        if cand[circles[k, end]] & bit:
                            places += 1
                            place = circles[k, end]
                        end += 1
                    if places == 1:
                        if cand[place] != bit:
                            cand[place] = bit
                            changed = 1
                    elif places > 1:
                        result = _strike(cand, grid, seen[k, group], bit)
                        if result < 0:
                            return -1
                        changed |= result
                    start = end
    return changed


def _variant(cand, grid, tables, work) -> int:
    """A variant's rules (:func:`_variant_rules`, :func:`_lines`,
    :func:`_house_lunchboxes`, :func:`_counting_circles`, then
    :func:`_intersections`) when the bundle has them: -1, 1 or 0 as
    :func:`_variant_rules`. A rule whose tables are empty is not called
    (numba counts a reference on each array passed: the three empty calls
    took 0.16 us a pass on a killer)."""
    changed = _variant_rules(cand, grid, tables[ARC_FROM], tables[ARC_TO], tables[ARC_ALLOWED],
                             tables[SUM_CELLS], tables[SUM_COEFS], tables[SUM_TOTALS],
                             tables[SUM_COMBOS], tables[COMBOS], tables[SUM_SEEN],
                             tables[SUM_REST], tables[SUM_GROUPS], tables[FULL],
                             work[SUM_KEYS], work[SUM_VIEW], tables[CELL_SUMS], work[WEIGHTS],
                             tables[PEER_BITS])
    if changed < 0:
        return -1
    if tables[LINE_CELLS].shape[0]:
        lines = _lines(cand, tables[LINE_CELLS], tables[LINE_NEXT], tables[LINE_START],
                       tables[LINE_ACCEPT], work[LINE_LAYERS], work[LINE_MARKS], work[LINE_KEYS])
        if lines < 0:
            return -1
        changed |= lines
    if tables[LUNCHBOX_CELLS].shape[0]:
        boxes = _house_lunchboxes(cand, tables[LUNCHBOX_CELLS], tables[LUNCHBOX_SPANS],
                                  tables[LUNCHBOX_COMBOS], work[LUNCHBOX_VALID],
                                  work[LUNCHBOX_KEYS])
        if boxes < 0:
            return -1
        changed |= boxes
    if tables[CIRCLES].shape[0]:
        circles = _counting_circles(cand, grid, tables[CIRCLES], tables[CIRCLE_GROUPS],
                                    tables[CIRCLE_COMBOS], tables[CIRCLE_SEEN])
        if circles < 0:
            return -1
        changed |= circles
    if tables[INTERSECTIONS].shape[0]:
        meets = _intersections(cand, grid, tables[INTERSECTIONS])
        if meets < 0:
            return -1
        changed |= meets
    return changed


_variant = _per_bundle(_variant, lambda cand, grid, tables, work: 0, VARIANT)


def _domain(tables, cell) -> int:
    """A cell's starting candidates: a variant's domain, else all values."""
    return tables[DOMAINS][cell]


_domain = _per_bundle(_domain, lambda tables, cell: tables[FULL], VARIANT)


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def propagate(cand, grid, tables, work) -> bool:
    """Singles to a fixed point, then a variant's rules (when ``tables``
    has them), then locked candidates (when it has them), repeated while
    they strike something; False on a contradiction. (Inlined where it is
    called, so that the compiled helpers get arrays, not the bundles.)"""
    while True:
        if not _singles(cand, grid, tables[PEERS], tables[HOUSES], tables[FULL], work[QUEUE]):
            return False
        result = _variant(cand, grid, tables, work)
        if result < 0:
            return False
        if result > 0:
            continue
        result = _locked_rule(cand, grid, tables, work)
        if result < 0:
            return False
        if result == 0:
            return True


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
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


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _weighted_branch_cell(cand, grid, weights, scores, order) -> int:
    """A variant's branching rule: the empty cell with the most conflict
    weight per candidate (``weights[cell] / count``; among equals the fewest
    candidates, then the first in ``order``, the solver's cell order of
    :func:`_reorder`); the weights start at the cells' priorities (the
    constraints on them, :func:`_clear_weights`) and grow with the
    conflicts; -1 when the grid is full. When one value has
    clearly the most conflicts (``scores``, :func:`_conflict`: at least
    ``s`` and half as many again as the fewest of those with some), a cell
    that has it weighs a fifth of that score more (the Interactive Sudoku
    Solver's value scores, ``getMaxValueScore`` in
    ``js/solver/candidate_selector.js``). The weights
    (:func:`_conflict`) follow dom/wdeg (Boussemart, Hemery, Lecoutre and
    Sais, "Boosting systematic search by weighting constraints", ECAI
    2004) and the conflict scores of sigh's Interactive Sudoku Solver
    (``js/solver/SOLVER_ENGINE.md``). On tarek's 42 hard killers
    (``python -m benchmarks.interactive_solver tarek-killers``, recorded in
    ``benchmarks/interactive_solver/results/tarek_killers.csv``) the count
    to two takes about 0.04 CPU s per puzzle on average; the fewest
    candidates first with the weights as a tie-break took about 1.0 s
    (measured when this rule was chosen, without a recorded CSV)."""
    top = 0
    least = 0
    value = np.int64(0)
    for v in range(scores.size - 1):
        if scores[v] > top:
            top = scores[v]
            value = np.int64(1) << v
        if scores[v] and (least == 0 or scores[v] < least):
            least = scores[v]
    if top < scores.size - 1 or 2 * top <= 3 * least:
        value = 0
    best = -1
    best_count = 1
    best_weight = 0
    for i in range(order.size):
        cell = order[i]
        if grid[cell] == 0:
            count = _popcount(cand[cell])
            weight = 5 * weights[cell] + (top if cand[cell] & value else 0)
            if best < 0 or weight * best_count > best_weight * count or (
                    weight * best_count == best_weight * count and count < best_count):
                best = cell
                best_count = count
                best_weight = weight
    return best


@numba.njit(cache=True, nogil=True, _nrt=False)
def _house_branch(cand, houses, weights, weight, count) -> tuple:
    """A value's two places in a house to branch on instead of a cell of
    ``count`` candidates and conflict ``weight``: among the values with
    exactly two places left in a house, the one whose places carry the most
    weight, taken when half that weight is at least ``weight / count``
    (the Interactive Sudoku Solver's house candidate finder,
    ``CandidateFinders.House`` in ``js/solver/candidate_selector.js``).
    Returns ``(bit, cell, other)``: the value's bit, its place of more
    weight (tried first) and its other place, or ``(0, -1, -1)`` when no
    value beats the cell."""
    best_num = weight
    best_den = count
    found_bit = np.int64(0)
    found_cell = -1
    found_other = -1
    for h in range(houses.shape[0]):
        once = np.int64(0)
        twice = np.int64(0)
        more = np.int64(0)
        for i in range(houses.shape[1]):
            mask = cand[houses[h, i]]
            more |= twice & mask
            twice |= once & mask
            once |= mask
        pairs = twice & ~more
        while pairs:
            bit = pairs & -pairs
            pairs ^= bit
            first = -1
            second = -1
            for i in range(houses.shape[1]):
                cell = houses[h, i]
                if cand[cell] & bit:
                    if first < 0:
                        first = cell
                    else:
                        second = cell
            if weights[second] > weights[first]:
                first, second = second, first
            heaviest = weights[first]
            if heaviest * best_den >= 2 * best_num:  # ties go to the later value, as there
                best_num = heaviest
                best_den = 2
                found_bit = bit
                found_cell = first
                found_other = second
    return found_bit, found_cell, found_other


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _choose(cand, grid, tables, work, value_order, fresh):
    """A variant's branching decision: ``(cell, bit, other)``, the value of
    ``bit`` to try in ``cell`` first (the other branch strikes it from the
    cell), ``other`` the value's other place when the decision is a
    house's two places, else -1; ``(-1, 0, -1)`` when the grid is full. The cell is
    :func:`_weighted_branch_cell`'s, its value the first of ``value_order``
    it has; but when that cell has more than two candidates and some
    conflict weight, a value's two places in a house may be the decision
    instead (:func:`_house_branch`), at a ``fresh`` node only: not after a
    value was struck while the cell keeps two or more, as the Interactive
    Sudoku Solver decides again at that node without its house candidates
    (``_selectBestCandidate`` in ``js/solver/candidate_selector.js``, with
    ``isNewNode`` false); a struck cell's last value, and a house's other
    place, it places without a guess and then opens a new node
    (``js/solver/engine.js``), so there :func:`_binary_search` decides
    afresh (a killer's search, :func:`_sums_only`, only after the other
    place)."""
    weights = work[WEIGHTS]
    cell = _weighted_branch_cell(cand, grid, weights, work[SCORES], work[ORDER])
    if cell < 0:
        return -1, np.int64(0), -1
    mask = cand[cell]
    count = _popcount(mask)
    if fresh and count > 2 and weights[cell] > 0:
        bit, place, other = _house_branch(cand, tables[HOUSES], weights, weights[cell], count)
        if place >= 0:
            return place, bit, other
    for value in value_order[cell]:
        bit = np.int64(1) << (value - 1)
        if mask & bit:
            return cell, bit, -1
    return cell, mask & -mask, -1  # not reached: value_order holds every value


def _conflict(tables, work, cell, bit) -> None:
    """Note a contradiction after the value of ``bit`` tried at ``cell`` (or
    struck from it): a variant adds 1 to the weight of ``cell`` and of
    every cell of the sum whose rule found it, when one did (recorded by
    :func:`_variant_rules` in the last slot of ``work[WEIGHTS]``), and 1 to
    the value's score (``work[SCORES]``); every :data:`VALUE_DECAY`
    contradictions the value scores are quartered and the cell weights
    halved, as the Interactive Sudoku Solver's ``ConflictScores`` decays
    them (``js/solver/candidate_selector.js``), so the weights follow the
    part of the grid the search is in; nothing for a classic bundle.
    (Halving the cell weights every 64 to 1,024 conflicts, as dom/wdeg
    variants decay them, cost 3 to 5 times more on tarek's killers; every
    16,384, the solver's cadence, with the cells' priorities, took the
    hard thermometer snipes 5.7 times fewer branch nodes: the
    interactive_solver README.)"""
    weights = work[WEIGHTS]
    last = weights.size - 1
    weights[cell] += 1
    failed = weights[last] - 1
    if failed >= 0:
        cells = tables[SUM_CELLS][failed]
        for i in range(cells.size):
            if cells[i] < 0:
                break
            weights[cells[i]] += 1
    weights[last] = 0
    scores = work[SCORES]
    scores[_popcount(bit - 1)] += 1
    top = scores.size - 1
    scores[top] += 1
    if scores[top] == VALUE_DECAY:
        scores[top] = 0
        for v in range(top):
            scores[v] >>= 2
        for c in range(last):
            weights[c] >>= 1


_conflict = _per_bundle(_conflict, lambda tables, work, cell, bit: None, VARIANT)


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _next_guess(cand, grid, cell, work) -> int:
    """The cell that a contradiction met when a value struck from ``cell``
    is propagated weighs on, as the Interactive Sudoku Solver would meet
    it: it does not propagate the strike (``js/solver/engine.js``,
    ``grid[cell] ^= value``) but decides again on the unpropagated state,
    ``cell`` itself when one value is left there, else the cell of most
    conflict weight per candidate (:func:`_weighted_branch_cell`), and
    meets the contradiction in each of that cell's values in turn (the
    caller weighs it once per candidate). Read from the state before the
    strike's propagation. (Figures with the solver's cell order,
    :func:`_reorder`.)"""
    if cand[cell] & (cand[cell] - 1) == 0:
        return cell
    chosen = _weighted_branch_cell(cand, grid, work[WEIGHTS], work[SCORES], work[ORDER])
    return cell if chosen < 0 else chosen


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _empty(cand) -> bool:
    """Whether a cell has no candidate left."""
    for cell in range(cand.size):
        if cand[cell] == 0:
            return True
    return False


def _blame(cand, grid, cell, bit, tables, work) -> int:
    """The cell that a contradiction met after trying ``bit`` in ``cell``
    weighs on, as the Interactive Sudoku Solver attributes it
    (``js/solver/engine.js``): there a single that propagation makes is
    not placed until the next node fixes it, together with the others
    found, and a contradiction met after that counts against the first of
    them, not the guess. From the parent's state in ``cand``/``grid``
    (overwritten): the guess is placed, then hidden singles (not placed)
    and the variant's rules run to a fixed point, the naked singles they
    make left unplaced; a contradiction there is the guess's (``cell``),
    else the first cell they left with one candidate in the solver's cell
    order (:func:`_reorder`) takes it (the guess's when there is none).
    Only when a contradiction was found, so the search pays it once per
    failed branch."""
    if not _place(cand, grid, tables[PEERS], cell, bit):
        return cell
    houses = tables[HOUSES]
    full = tables[FULL]
    while True:
        result = -1 if _empty(cand) else min(_hidden_singles(cand, grid, houses, full,
                                                             work[QUEUE]), 1)
        if result >= 0:
            ruled = _variant(cand, grid, tables, work)
            result = -1 if ruled < 0 else result | ruled
        if result < 0:
            return cell
        if result == 0:
            break
    order = work[ORDER]
    for i in range(order.size):
        c = order[i]
        if grid[c] == 0 and cand[c] & (cand[c] - 1) == 0:
            return c
    return cell


_blame = _per_bundle(_blame, lambda cand, grid, cell, bit, tables, work: cell, VARIANT)


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _reorder(order, cand, cell) -> None:
    """The Interactive Sudoku Solver's cell order (``_cellOrder``,
    ``_updateCellOrder`` in ``js/solver/candidate_selector.js``), which
    decides whose weight a contradiction adds to (:func:`_blame`): the
    cells of one candidate first, each moved forward by a swap in the
    order's scan, then ``cell`` (the decision, -1 for none) swapped to the
    first place after them. Never undone on a backtrack, as there: the
    first places after a state's fixed cells hold the cells that the
    latest branch below it fixed first. With :func:`_next_guess`, the hard
    renban took 156,632 to 138,449 branch nodes on average over five
    copies (fewer on 13 of 15) and the hard thermometers and 16x16
    examples 40,372 to 33,510 (15 : 15; over ten copies 44,191 to 38,106,
    31 : 29: within their noise), killers unchanged
    (``benchmarks/interactive_solver/README.md``, "A renban's run that one
    cell would fill twice")."""
    front = 0
    for i in range(order.size):
        c = order[i]
        if cand[c] & (cand[c] - 1) == 0:
            order[i] = order[front]
            order[front] = c
            front += 1
    if cell >= 0:
        for i in range(front, order.size):
            if order[i] == cell:
                order[i] = order[front]
                order[front] = cell
                break


def _clear_weights(tables, work) -> None:
    """Start a variant's search: each cell's weight its priority
    (``PRIORITY``, :func:`~.kernel_tables.build_rules`), the value scores
    and sum keys forgotten."""
    weights = work[WEIGHTS]
    copy_row(tables[PRIORITY], weights)
    weights[weights.size - 1] = 0
    work[SCORES][:] = 0
    work[SUM_KEYS][:, 0] = 1  # every sum runs afresh
    order = work[ORDER]
    for i in range(order.size):  # the solver's cell order starts as the cells'
        order[i] = i


_clear_weights = _per_bundle(_clear_weights, lambda tables, work: None, VARIANT)


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _load(clues, cand, grid, tables) -> bool:
    """The state of ``clues`` (flat, 0 = empty) before propagation; False
    when two clues clash or a clue is outside its cell's domain."""
    for cell in range(clues.size):
        grid[cell] = 0
        cand[cell] = _domain(tables, cell)
    for cell in range(clues.size):
        if clues[cell]:
            bit = np.int64(1) << (clues[cell] - 1)
            if not (cand[cell] & bit and _place(cand, grid, tables[PEERS], cell, bit)):
                return False
    return True


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def copy_row(source, target) -> None:
    """``target[:source.size] = source`` for 1-d arrays (a loop: numba
    compiles slice assignment about ten times slower, and between views of
    one array copies through a fresh array, which a kernel compiled without
    reference counts may not allocate; :mod:`.kernel9` copies with it too)."""
    for i in range(source.size):
        target[i] = source[i]


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _halted(nodes, max_nodes, control) -> bool:
    """Whether the search stops at its branch node ``nodes``: past
    ``max_nodes``, or on a stop request (read at every node: one node of a
    large automaton or sum can take milliseconds, so a poll every
    ``POLL + 1`` nodes, as the bitboard kernel does, let an Or of 200 cages
    count for 16 s past a 1 s limit; then ``control[STOPPED]`` is set)."""
    if nodes > max_nodes:
        return True
    if control[STOP] != 0:
        control[STOPPED] = 1
        return True
    return False


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _solved(grid, solution, count) -> int:
    """``count + 1`` for the full ``grid``, copied to ``solution`` when it is
    the first."""
    if count == 0:
        copy_row(grid, solution)
    return count + 1


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def finish(control, nodes, result):
    """Add the search's branch ``nodes`` to ``control[NODES]`` and return
    ``result``."""
    control[NODES] += nodes
    return result


@numba.njit(cache=True, nogil=True, _nrt=False)
def _cell_search(limit, max_nodes, value_order, control, solution, tables, work) -> int:
    """A classic bundle's :func:`search`: depth-first, each node a cell
    whose values are tried in turn (:func:`branch_cell`). From the propagated state in row 0 of
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
        copy_row(work_grid[0], solution)
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
        if _halted(nodes, max_nodes, control):
            return finish(control, nodes, BUDGET if nodes > max_nodes else count)
        child = depth + 1
        cand = work_cand[child]
        grid = work_grid[child]
        copy_row(work_cand[depth], cand)
        copy_row(work_grid[depth], grid)
        if not _place(cand, grid, tables[PEERS], cell,
                      np.int64(1) << (value_order[cell, k] - 1)):
            continue
        if not propagate(cand, grid, tables, work):
            continue
        branch = branch_cell(cand, grid)
        if branch < 0:
            count = _solved(grid, solution, count)
            if count >= limit:
                return finish(control, nodes, count)
            continue
        depth = child
        work_cell[depth] = branch
        work_next[depth] = 0
    return finish(control, nodes, count)


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _sums_only(tables) -> bool:
    """Whether a variant's rules are sums alone: no pair relations, regular
    lines or extra houses (a killer, an arrow sudoku). Its two-way search
    then leaves a struck value unpropagated while the cell keeps two
    candidates or more: the next placement propagates the strike with
    itself. On tarek's 42 killers, paired with the search that propagates
    every strike, that took the mean CPU time per count from 0.0458 to
    0.0428 s with digit sets and from 0.244 to 0.156 s with sum bounds (the
    strike's propagation is what doubled the time per branch node of the
    two-way search), and the 14 Mathemagic killers from 14.8 to 13.7 s;
    lazy strikes slowed two of the thermometer snipes 3 times or more
    (their arcs prune on each strike), so other variants propagate every
    strike (``benchmarks/interactive_solver/README.md``, "What does the
    two-way search cost the killers?")."""
    return (tables[ARC_FROM].size == 0 and tables[LINE_CELLS].shape[0] == 0
            and tables[INTERSECTIONS].shape[0] == 0)


@numba.njit(cache=True, nogil=True, _nrt=False)
def _binary_search(limit, max_nodes, value_order, control, solution, tables, work) -> int:
    """A variant's :func:`search`: depth-first with two-way branching, as
    the Interactive Sudoku Solver searches (``js/solver/engine.js``; dom/wdeg
    solvers branch so too): a node tries one value in one cell
    (:func:`_choose`); when that branch is done, the value is struck from
    the cell in the node's own state, which is propagated again and
    decides afresh (another cell, when the conflicts say so). Branch nodes
    count the values tried; the state of level ``d`` is row ``d`` of
    ``work[CAND]`` / ``work[GRID]``, ``work[NEXT][d]`` is 0 at a new node,
    1 while its value's branch is open, ``2 + p`` while a house branch's
    is (``p`` the value's other place, :func:`_choose`). When that branch
    fails and the strike puts the value in ``p``, the decision after it is
    taken as at a new node (the solver places the value there and opens a
    new node), and a contradiction met there weighs on ``p``, as the
    solver weighs the cell it fills (with the weight on the first place
    again and no new node, the hard thermometer snipes took 161,155 branch
    nodes on average over eight copies each against 84,380, 33 : 15; the
    interactive_solver README, "Whose weight grows at a contradiction?").
    So too when the strike leaves the cell one value: the solver places
    it without a guess and opens a new node (``count === 1`` at the
    revisited node in ``_runLoop``, then ``recFrame.newNode = true``),
    where the counter had decided as after any strike, without house
    branches (the hard thermometers and 16x16 examples 33,510 to 27,465
    branch nodes over five copies each, 22 : 8; the interactive_solver
    README, "A cell's last value opens a new node"). Not when the rules
    are sums alone: there TAREK's killers took 1,127 to 1,155 branch nodes
    (76 : 129 copies, p < 0.001) and the little-killer snipes 16,190 to
    15,783 (26 : 27).
    A contradiction met propagating a strike weighs on the cell the solver
    would guess next (:func:`_next_guess`); one met in a tried value's
    branch on the cell :func:`_blame` names, as the solver attributes it:
    the tried cell when the value's own propagation, singles left
    unplaced, fails, else the first single that propagation made in the
    solver's cell order (:func:`_reorder`; the hard renban 232,098 to 187,046
    branch nodes, fewer on 13 of 15 copies, and the hard thermometers
    and 16x16 examples 77,236 to 40,372; the same README); not when the
    rules are sums alone, whose propagation costs more than this saves
    (TAREK's killers 1.40 times the CPU with level branch nodes).
    When the rules are sums alone
    (:func:`_sums_only`) a strike that leaves the cell two candidates or
    more is not propagated: the decision is taken on that state, and the
    next placement's propagation covers the strike (a full grid is only
    ever reached through a propagation, so every solution is checked)."""
    work_cand = work[CAND]
    work_grid = work[GRID]
    work_cell = work[CELL]
    work_next = work[NEXT]
    work_value = work[VALUE]
    _clear_weights(tables, work)
    lazy = _sums_only(tables)
    count = 0
    nodes = 0
    depth = 0
    work_next[0] = 0
    while depth >= 0:
        cand = work_cand[depth]
        grid = work_grid[depth]
        fresh = work_next[depth] == 0
        if not fresh:  # the value's branch is done: strike it here
            cell = work_cell[depth]
            other = work_next[depth] - 2  # a house branch's other place, else < 0
            cand[cell] &= ~work_value[depth]
            last = cand[cell] & (cand[cell] - 1) == 0  # one value left: no guess there
            if lazy and not last:
                pass  # propagated with the next placement
            else:
                weighed = other if other >= 0 else _next_guess(cand, grid, cell, work)
                times = 1 if weighed == cell or weighed == other else _popcount(cand[weighed])
                if not propagate(cand, grid, tables, work):
                    for _ in range(times):
                        _conflict(tables, work, weighed, work_value[depth])
                    depth -= 1
                    continue
            # the value went to its other place, or the cell took its last value
            # (not in a killer's search: TAREK took more nodes)
            fresh = grid[other] != 0 if other >= 0 else last and not lazy
        cell, bit, other = _choose(cand, grid, tables, work, value_order, fresh)
        if cell < 0:
            count = _solved(grid, solution, count)
            if count >= limit:
                return finish(control, nodes, count)
            depth -= 1
            continue
        if not lazy:
            _reorder(work[ORDER], cand, cell)
        work_cell[depth] = cell
        work_value[depth] = bit
        work_next[depth] = 2 + other if other >= 0 else 1
        nodes += 1
        if _halted(nodes, max_nodes, control):
            return finish(control, nodes, BUDGET if nodes > max_nodes else count)
        child = depth + 1
        copy_row(cand, work_cand[child])
        copy_row(grid, work_grid[child])
        if not (_place(work_cand[child], work_grid[child], tables[PEERS], cell, bit)
                and propagate(work_cand[child], work_grid[child], tables, work)):
            blamed = cell
            if not lazy:  # a killer's sums cost more to run again than this saves
                failed = work[WEIGHTS][work[WEIGHTS].size - 1]
                copy_row(cand, work_cand[child])
                copy_row(grid, work_grid[child])
                blamed = _blame(work_cand[child], work_grid[child], cell, bit, tables, work)
                work[WEIGHTS][work[WEIGHTS].size - 1] = failed
                if blamed != cell:  # the solver had moved the singles forward
                    _reorder(work[ORDER], work_cand[child], -1)
            _conflict(tables, work, blamed, bit)
            continue
        depth = child
        work_next[depth] = 0
    return finish(control, nodes, count)


def search(limit, max_nodes, value_order, control, solution, tables, work) -> int:
    """Depth-first search from the propagated state in row 0 of
    ``work[CAND]`` / ``work[GRID]`` (rows 1 to N are the levels): the number
    of solutions up to ``limit`` (the first is written to ``solution``),
    :data:`~.core.BUDGET` after ``max_nodes`` branch nodes; on a stop
    request, ``control[STOPPED] = 1`` and the solutions found so far.
    Values are tried in the order of ``value_order`` ``(N, s)``: a variant's
    :func:`_binary_search`, a classic bundle's :func:`_cell_search`."""
    return _binary_search(limit, max_nodes, value_order, control, solution, tables, work)


search = _per_bundle(search, _cell_search.py_func, VARIANT)


@numba.njit(cache=True, nogil=True, _nrt=False)
def count(clues, limit, max_nodes, value_order, control, solution, tables, work) -> int:
    """Count the solutions of ``clues`` (``(N,)`` int32, 0 = empty) up to
    ``limit``: :func:`search` from the clues' propagated state (answers,
    stopping and ``control`` as there; 0 when the clues clash)."""
    if not _load(clues, work[CAND][0], work[GRID][0], tables):
        return 0
    if not propagate(work[CAND][0], work[GRID][0], tables, work):
        return 0
    return search(limit, max_nodes, value_order, control, solution, tables, work)


@numba.njit(cache=True, nogil=True, _nrt=False)
def fill(value_order, max_nodes, control, solution, tables, work) -> int:
    """A full grid into ``solution`` ``(N,)`` int32: the first solution of
    the empty grid with each cell's values tried in ``value_order`` (random
    per cell for a random grid). Returns 1 or :data:`~.core.BUDGET` (or 0
    after a stop request)."""
    for cell in range(solution.size):
        work[CAND][0, cell] = _domain(tables, cell)
        work[GRID][0, cell] = 0
    return search(np.int64(1), max_nodes, value_order, control, solution, tables, work)


@numba.njit(cache=True, nogil=True, _nrt=False)
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
        if not _load(clues, work_cand[0], work_grid[0], tables):
            return NONE
        rest = work_cand[0, single] & ~(np.int64(1) << (solution[single] - 1))
        if rest == 0:
            return NONE
        work_cand[0, single] = rest
        if not propagate(work_cand[0], work_grid[0], tables, work):
            return NONE
        return _case(max_nodes, control, found, tables, work)
    base = clues.size + 1
    if not _load(clues, work_cand[base], work_grid[base], tables):
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
                copy_row(work_cand[base], work_cand[0])
                copy_row(work_grid[base], work_grid[0])
                work_cand[0, cell] = rest
                if propagate(work_cand[0], work_grid[0], tables, work):
                    result = _case(max_nodes, control, found, tables, work)
                    if result != NONE:
                        return result
            if not (_place(work_cand[base], work_grid[base], tables[PEERS], cell, bit)
                    and propagate(work_cand[base], work_grid[base], tables, work)):
                return NONE
    return NONE


@numba.njit(cache=True, nogil=True, inline="always", _nrt=False)
def _case(max_nodes, control, found, tables, work) -> int:
    """One case of :func:`other_solution`: is there any solution of the
    propagated state in row 0 (values tried in increasing order)."""
    result = search(np.int64(1), max_nodes, tables[IDENTITY], control, found, tables, work)
    if control[STOPPED]:
        return STOPPED_EARLY
    return FOUND if result > 0 else result
