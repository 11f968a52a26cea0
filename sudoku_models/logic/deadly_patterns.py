"""Uniqueness techniques: a puzzle with one solution cannot end in a
*deadly pattern* (cells whose two values could be swapped), so whatever
would complete one is false.

* Unique Rectangle types 1-4: four empty cells on two rows, two columns and
  two boxes sharing two candidates ``{a, b}``;
* Bivalue Universal Grave types 1 (BUG+1) and 2: the candidates beyond a
  grid of bivalue cells with every value twice in every house (see
  :func:`bivalue_universal_grave`).

Ratings are Sudoku Explainer's (Sukaku Explainer's source,
``diuf/sudoku/solver/rules/unique/UniqueLoopHint.java`` and the ``Type*``
and ``Bug1Hint``, ``Bug2Hint``, ``BivalueUniversalGrave`` beside it; learnt,
not copied): a rectangle 4.5, type 3 plus 0.1 for each value of its naked
set beyond one; BUG type 1 5.6, type 2 5.7. They
apply to puzzles without variant constraints (any layout), and
assume the puzzle has one solution, as SE does (a puzzle with several
solutions can be mis-explained by them; :func:`~sudoku_models.logic.rate`
is meant for proper puzzles). Rows, columns and boxes of any layout.
"""

from __future__ import annotations

from itertools import combinations

from .candidates import CandidateGrid, bits, eliminations_text, popcount
from ..core.constraint import cells_text
from .step import Step

UR_RATING = 4.5
BUG_RATING = 5.6


def _rectangles(grid: CandidateGrid):
    """``(cells, pair_mask)`` for every rectangle of four empty cells on two
    rows, two columns and two boxes whose candidates share two values."""
    side, cand, tables = grid.side, grid.cand, grid.tables
    rows = tables.houses[:side]
    for r1, r2 in combinations(range(side), 2):
        # the candidates each column's two cells share: a rectangle needs two
        # in both its columns (a filled cell has none)
        shared = [cand[a] & cand[b] for a, b in zip(rows[r1], rows[r2])]
        columns = [c for c in range(side) if popcount(shared[c]) >= 2]
        for c1, c2 in combinations(columns, 2):
            common = shared[c1] & shared[c2]
            if popcount(common) < 2:
                continue
            cells = (rows[r1][c1], rows[r1][c2], rows[r2][c1], rows[r2][c2])
            if len({tables.cell_houses[c][2] for c in cells}) != 2:
                continue
            for a, b in combinations(bits(common), 2):
                yield cells, (1 << (a - 1)) | (1 << (b - 1))


def _ur_step(grid, kind, cells, pair, elims, why, rating) -> Step:
    side = grid.side
    name = f"Unique Rectangle Type {kind}"
    return Step(name, tuple(cells), tuple(bits(pair)), (), tuple(sorted(elims)),
                f"{name}: {cells_text(cells, side)} on {'/'.join(map(str, bits(pair)))}; "
                f"{why}, so {eliminations_text(sorted(elims), side)}", side, rating)


def unique_rectangle(grid: CandidateGrid) -> Step | None:
    """Unique Rectangle types 1-4 (SE 4.5; type 3 4.6 to 4.8): type 1, one
    cell holds more than the pair, so it loses the pair; type 2, the two
    other cells hold one extra value x, which is then removed from cells
    seeing both; type 3, their extras form a naked set with other cells of
    a house they share; type 4, one of the pair is confined to them in a
    house they share, so they lose the other."""
    if not grid.rules.classic:
        return None  # a swap can break a variant rule: no deadly pattern
    cand, tables = grid.cand, grid.tables
    peer_sets = tables.peer_sets
    for cells, pair in _rectangles(grid):
        extra = [c for c in cells if cand[c] != pair]
        if len(extra) == 1:
            elims = [(extra[0], v) for v in bits(pair)]
            return _ur_step(grid, 1, cells, pair, elims,
                            "the extra cell must break the pattern", UR_RATING)
        if len(extra) != 2:
            continue
        e1, e2 = extra
        more = (cand[e1] | cand[e2]) & ~pair
        if popcount(more) == 1 and cand[e1] & ~pair == more == cand[e2] & ~pair:
            v = more.bit_length()
            elims = [(c, v) for c in peer_sets[e1] & peer_sets[e2]
                     if c not in cells and cand[c] & more]
            if elims:
                return _ur_step(grid, 2, cells, pair, elims,
                                f"one of {cells_text(extra, grid.side)} is {v}", UR_RATING)
        shared = [h for h in tables.cell_houses[e1] if h in tables.cell_houses[e2]]
        for h in shared:
            others = [c for c in tables.houses[h] if cand[c] and c not in extra]
            for size in range(1, 4):
                small = [c for c in others if popcount(cand[c] | more) <= size + 1]
                for group in combinations(small, size):
                    union = more
                    for c in group:
                        union |= cand[c]
                    if popcount(union) != size + 1:
                        continue
                    elims = [(c, v) for c in others if c not in group
                             for v in bits(cand[c] & union)]
                    if elims:
                        return _ur_step(grid, 3, cells, pair, elims,
                                        f"their extras {'/'.join(map(str, bits(more)))} and "
                                        f"{cells_text(group, grid.side)} form a naked set of "
                                        f"{'/'.join(map(str, bits(union)))} in "
                                        f"{tables.labels[h]}", round(UR_RATING + size / 10, 1))
            for v in bits(pair):
                bit = 1 << (v - 1)
                if all(c in extra for c in tables.houses[h] if cand[c] & bit):
                    other = pair & ~bit
                    elims = [(c, other.bit_length()) for c in extra]
                    return _ur_step(grid, 4, cells, pair, elims,
                                    f"{v} is confined to {cells_text(extra, grid.side)} in "
                                    f"{tables.labels[h]}", UR_RATING)
    return None


def bivalue_universal_grave(grid: CandidateGrid) -> Step | None:
    """Bivalue Universal Grave types 1 and 2 (SE 5.6 and 5.7): the *BUG
    cells* are the cells with three or more candidates holding a value that
    has other than two places in one of their houses (and the only such cell
    there); without those values (the *BUG values*) every empty cell would
    be bivalue with each value twice in every house, a deadly pattern, so
    some BUG cell holds one of its BUG values. Type 1 (BUG+1), one BUG cell:
    it loses its other candidates. Type 2, every BUG cell with the same one
    BUG value: cells seeing them all lose it. As SE's
    ``BivalueUniversalGrave`` finds them."""
    if not grid.rules.classic:
        return None  # a swap can break a variant rule: no deadly pattern
    side, cand, tables = grid.side, grid.cand, grid.tables
    left = list(cand)
    extra: dict[int, int] = {}
    for cells in tables.houses:
        for v in range(1, side + 1):
            bit = 1 << (v - 1)
            places = [c for c in cells if cand[c] & bit]
            if len(places) in (0, 2):
                continue
            big = [c for c in places if popcount(cand[c]) >= 3]
            if not big:
                return None
            if len(big) == 1:
                extra[big[0]] = extra.get(big[0], 0) | bit
                left[big[0]] &= ~bit
    if not extra or any(m and popcount(m) != 2 for m in left):
        return None
    for cells in tables.houses:
        for v in range(1, side + 1):
            if sum(1 for c in cells if left[c] >> (v - 1) & 1) not in (0, 2):
                return None
    bug = sorted(extra)
    values = 0
    for mask in extra.values():
        values |= mask
    if len(bug) == 1:
        odd = bug[0]
        elims = [(odd, v) for v in bits(cand[odd] & ~values)]
        name, rating = "Bivalue Universal Grave + 1", BUG_RATING
        why = (f"{cells_text(bug, side)} is the one cell beyond a bivalue grave, so it holds "
               f"{'/'.join(map(str, bits(values)))}")
    elif popcount(values) == 1:
        common = set.intersection(*(set(tables.peer_sets[c]) for c in bug)) - set(bug)
        elims = sorted((c, values.bit_length()) for c in common if cand[c] & values)
        name, rating = "Bivalue Universal Grave Type 2", round(BUG_RATING + 0.1, 1)
        why = f"one of {cells_text(bug, side)} holds {values.bit_length()}"
    else:
        return None
    if not elims:
        return None
    return Step(name, tuple(bug), tuple(bits(values)), (), tuple(elims),
                f"{name}: {why}, so {eliminations_text(elims, side)}", side, rating)
