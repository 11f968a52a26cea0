"""The "advanced" implications of SE's nested forcing chains: what a dynamic
chain may conclude, beyond singles, from the grid its own eliminations
have emptied.

Sudoku Explainer (SE) rates a dynamic forcing chain whose implications
also use simpler techniques as "Dynamic Forcing Chains (+)", its nesting
level 1 (``Chaining`` with ``level`` 1, ``getDifficulty``: 8.5 + 0.5 x
level, so 9.0, plus the length modifier). Whenever a chain has nothing
left to follow, SE's ``Chaining.getAdvancedPotentials`` runs these rules,
in this order, on the chain's grid and keeps the eliminations of the
first rule that finds any (with Sukaku Explainer's default setting
``FCPlus`` 0, on a grid of boxes, rows and columns):

1. Pointing and Claiming (``Locking``: box and column, box and row, column
   and box, row and box; by value, then by the first house, then the
   second);
2. Hidden Pairs (``HiddenSet(2)``: in boxes, columns, rows; only where a
   house has more than four empty cells);
3. Naked Pairs (``NakedSet(2)``: in boxes, columns, rows; only where a
   house has four empty cells or more);
4. X-Wings (``Fisherman(2)``: columns on rows, then rows on columns; only a
   value placed at most five times).

A pair or a fish counts only its places of two or more candidates (SE's
``CommonTuples.searchCommonTuple``). An elimination enters the chain as an
"off" whose parents are the chain's own eliminations the rule rests on
(``getRuleParents`` of ``LockingHint``, ``HiddenSetHint``,
``NakedSetHint``): the candidates of the first house outside the second
for an intersection, of the house's other cells for a hidden pair, of the
pair's cells for a naked pair, of the base lines outside the cover lines
for an X-Wing. A deduction that needs none of them would hold without the
chain and is not used. Each parent counts in the chain's complexity like
any other potential (``ChainingHint.getAncestorCount``); level 1 adds no
nested complexity (``getNestedComplexity`` counts nested chains only).

The eliminations of one deduction enter in the order SE's ``HashMap`` of
cells gives them (a cell's bucket is its index modulo the table's
capacity, 16 for up to 12 cells, doubling): the order the chain then
follows them in, which can change which parents a potential gets and so
a chain's length.

Learnt from Sukaku Explainer's source (github.com/SudokuMonster/
SukakuExplainer, ``diuf/sudoku/solver/rules/chaining/Chaining.java`` and
``rules/Locking.java``, ``HiddenSet.java``, ``NakedSet.java``,
``Fisherman.java``, ``tools/Permutations.java``; LGPL); written anew here.
"""

from __future__ import annotations

from functools import lru_cache

from .candidates import cells_of, popcount

#: Pairs of two of nine in the order SE's ``Permutations(2, 9)`` gives
#: them: ascending as bitmasks, so by the higher index, then the lower.
_PAIRS = tuple((lo, hi) for hi in range(9) for lo in range(hi))


@lru_cache(maxsize=8)
def _shape(side: int, masks: tuple) -> tuple:
    """The houses SE's level-1 rules walk, for a grid of ``side`` whose
    houses are ``masks`` (rows ``0..side-1``, columns ``side..2side-1``,
    boxes after):
    ``(rows, columns, boxes, locking)``, each a tuple of house masks;
    ``locking`` lists, in SE's order, ``(first mask, second mask)`` for
    every box and line that share cells."""
    rows = masks[:side]
    cols = masks[side:2 * side]
    boxes = masks[2 * side:3 * side]
    locking = []
    for first, second in ((boxes, cols), (boxes, rows), (cols, boxes), (rows, boxes)):
        locking.append(tuple((m1, tuple(m2 for m2 in second if m1 & m2)) for m1 in first))
    return rows, cols, boxes, tuple(locking)


def _java_order(cells: list[int]) -> list[int]:
    """``cells`` (in the order they were put) in the order a Java
    ``HashMap`` keyed by cell index iterates them: by bucket (index modulo
    the capacity: 16, doubled while more than three quarters full), the
    order put within a bucket."""
    capacity = 16
    while len(cells) > capacity * 3 // 4:
        capacity *= 2
    return sorted(cells, key=lambda c: c & (capacity - 1))


def advanced_offs(source_cand: list[int], source_planes, values: list[int], cand: list[int],
                  planes: list[int], side: int, tables) -> list[tuple[int, tuple]]:
    """The "off" potentials (keys as in :mod:`~sudoku_models.logic.chains`)
    that SE's first level-1 rule finding anything concludes on a chain's
    grid (``cand`` and ``planes``, emptied from ``source_cand`` and
    ``source_planes``, the step's grid, whose placed values are
    ``values``), each with its parents (the chain's offs it rests on), in
    the order SE adds them; empty when no rule applies."""
    if side != 9 or len(tables.house_masks) < 3 * side:
        return []
    rows, cols, boxes, locking = _shape(side, tables.house_masks)
    for rule in (_locking, _hidden_pairs, _naked_pairs, _x_wings):
        hints = rule(source_cand, source_planes, values, cand, planes, side, rows, cols, boxes,
                     locking)
        if hints:
            out = []
            for removable, parents in hints:
                for cell in _java_order(list(removable)):
                    mask = removable[cell]
                    while mask:
                        low = mask & -mask
                        out.append(((cell * side + low.bit_length() - 1) << 1, parents))
                        mask ^= low
            return out
    return []


def _offs(cells_mask: int, v0: int, side: int) -> tuple:
    return tuple((c * side + v0) << 1 for c in cells_of(cells_mask))


def _locking(source_cand, source_planes, values, cand, planes, side, rows, cols, boxes, locking):
    """Pointing and Claiming: a value's places in the first house all in
    the second; removes it from the second's other cells. Parents: the
    value's places of the first house, outside the second, that the chain
    removed (``LockingHint.getRuleParents``)."""
    hints = []
    for pairs in locking:
        for v0 in range(side):
            plane = planes[v0]
            gone = source_planes[v0] & ~plane
            for first, seconds in pairs:
                where = plane & first
                if where & (where - 1) == 0:  # fewer than two places
                    continue
                for second in seconds:
                    if where & ~second:
                        continue
                    removable = plane & second & ~first
                    if not removable:
                        continue
                    parents = gone & first & ~second
                    if parents:
                        hints.append(({c: 1 << v0 for c in cells_of(removable)},
                                      _offs(parents, v0, side)))
    return hints


def _empty(house: int, source_cand) -> int:
    return sum(1 for c in cells_of(house) if source_cand[c])


def _hidden_pairs(source_cand, source_planes, values, cand, planes, side, rows, cols, boxes,
                  locking):
    """Two values with the same two places (two each) in a house of more
    than four empty cells; removes the places' other candidates. Parents:
    the two values' candidates the chain removed from the house's other
    cells (``HiddenSetHint.getRuleParents``)."""
    hints = []
    for house in boxes + cols + rows:
        if _empty(house, source_cand) <= 4:
            continue
        where = [planes[v0] & house for v0 in range(side)]
        for lo, hi in _PAIRS:
            pair = where[lo]
            if pair != where[hi] or popcount(pair) != 2:
                continue
            keep = (1 << lo) | (1 << hi)
            removable = {c: cand[c] & ~keep for c in cells_of(pair) if cand[c] & ~keep}
            if not removable:
                continue
            parents = []
            for c in cells_of(house & ~pair):
                for v0 in (lo, hi):
                    if source_cand[c] >> v0 & 1:
                        parents.append((c * side + v0) << 1)
            if parents:
                hints.append((removable, tuple(parents)))
    return hints


def _naked_pairs(source_cand, source_planes, values, cand, planes, side, rows, cols, boxes,
                 locking):
    """Two cells of a house of four empty cells or more holding the same two
    candidates; removes those from the house's other cells. Parents: the
    other candidates the chain removed from the two cells
    (``NakedSetHint.getRuleParents``)."""
    hints = []
    for house in boxes + cols + rows:
        if _empty(house, source_cand) < 4:
            continue
        cells = cells_of(house)
        for lo, hi in _PAIRS:
            a, b = cells[lo], cells[hi]
            pair = cand[a]
            if pair != cand[b] or popcount(pair) != 2:
                continue
            removable = {c: cand[c] & pair for c in cells if c != a and c != b and cand[c] & pair}
            if not removable:
                continue
            parents = []
            for c in (a, b):
                rest = source_cand[c] & ~pair
                while rest:
                    low = rest & -rest
                    parents.append((c * side + low.bit_length() - 1) << 1)
                    rest ^= low
            if parents:
                hints.append((removable, tuple(parents)))
    return hints


def _x_wings(source_cand, source_planes, values, cand, planes, side, rows, cols, boxes, locking):
    """A value with the same two places (two each) in two columns, then in
    two rows, placed at most five times; removes it from the cover lines'
    other cells. Parents: its candidates the chain removed from the base
    lines outside the cover lines (``LockingHint.getRuleParents`` on the
    fish's lines)."""
    hints = []
    placed = [0] * side
    for v in values:
        if v:
            placed[v - 1] += 1
    for bases, covers in ((cols, rows), (rows, cols)):
        for lo, hi in _PAIRS:
            base = bases[lo] | bases[hi]
            for v0 in range(side):
                if placed[v0] + 4 > 9:
                    continue
                plane = planes[v0]
                first, second = plane & bases[lo], plane & bases[hi]
                if popcount(first) < 2 or popcount(second) < 2:
                    continue
                cover = [m for m in covers if m & (first | second)]
                if len(cover) != 2:
                    continue
                cover_mask = cover[0] | cover[1]
                removable = {c: 1 << v0 for line in cover for c in cells_of(plane & line & ~base)}
                if not removable:
                    continue
                gone = source_planes[v0] & ~plane & ~cover_mask
                parents = _offs(gone & bases[lo], v0, side) + _offs(gone & bases[hi], v0, side)
                if parents:
                    hints.append((removable, parents))
    return hints
