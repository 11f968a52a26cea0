"""Uniqueness techniques: a puzzle with one solution cannot end in a
*deadly pattern* (cells whose two values could be swapped), so whatever
would complete one is false.

* Unique Rectangle types 1-4: four empty cells on two rows, two columns and
  two boxes sharing two candidates ``{a, b}``;
* BUG+1 (Bivalue Universal Grave, type 1): every empty cell has two
  candidates but one, and every value has two places in every house but
  one value in that cell's houses: that value is the cell's.

Ratings are Sudoku Explainer's (Sukaku Explainer's source,
``diuf/sudoku/solver/rules/unique/UniqueLoopHint.java`` and the ``Type*``
and ``Bug1Hint`` beside it; learnt, not copied): a rectangle 4.5, type 3
plus 0.1 for each value of its naked set beyond one; BUG+1 5.6. They
apply to puzzles without variant constraints (any layout), and
assume the puzzle has one solution, as SE does (a puzzle with several
solutions can be mis-explained by them; :func:`~sudoku_models.logic.rate`
is meant for proper puzzles). Rows, columns and boxes of any layout.
"""

from __future__ import annotations

from itertools import combinations

from ..counter.core import popcount as _popcount
from .candidates import Candidates, bits, cells_text, eliminations_text
from .step import Step

UR_RATING = 4.5
BUG_RATING = 5.6


def _rectangles(grid: Candidates):
    """``(cells, pair_mask)`` for every rectangle of four empty cells on two
    rows, two columns and two boxes whose candidates share two values."""
    side, cand, tables = grid.side, grid.cand, grid.tables
    rows = tables.houses[:side]
    for r1, r2 in combinations(range(side), 2):
        for c1, c2 in combinations(range(side), 2):
            cells = (rows[r1][c1], rows[r1][c2], rows[r2][c1], rows[r2][c2])
            if not all(cand[c] for c in cells):
                continue
            if len({tables.cell_houses[c][2] for c in cells}) != 2:
                continue
            common = cand[cells[0]] & cand[cells[1]] & cand[cells[2]] & cand[cells[3]]
            if _popcount(common) < 2:
                continue
            for a, b in combinations(bits(common), 2):
                yield cells, (1 << (a - 1)) | (1 << (b - 1))


def _ur_step(grid, kind, cells, pair, elims, why, rating) -> Step:
    side = grid.side
    name = f"Unique Rectangle Type {kind}"
    return Step(name, tuple(cells), tuple(bits(pair)), (), tuple(sorted(elims)),
                f"{name}: {cells_text(cells, side)} on {'/'.join(map(str, bits(pair)))}; "
                f"{why}, so {eliminations_text(sorted(elims), side)}", side, rating)


def unique_rectangle(grid: Candidates) -> Step | None:
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
        if _popcount(more) == 1 and cand[e1] & ~pair == more == cand[e2] & ~pair:
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
                small = [c for c in others if _popcount(cand[c] | more) <= size + 1]
                for group in combinations(small, size):
                    union = more
                    for c in group:
                        union |= cand[c]
                    if _popcount(union) != size + 1:
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


def bug_plus_one(grid: Candidates) -> Step | None:
    """BUG+1 (SE 5.6): all empty cells bivalue but one cell with three
    candidates; the value of that cell that has three places in its houses
    is its value (else the grid would be a deadly bivalue pattern), so its
    other candidates go."""
    if not grid.rules.classic:
        return None  # a swap can break a variant rule: no deadly pattern
    side, cand, tables = grid.side, grid.cand, grid.tables
    odd = None
    for cell in range(side * side):
        n = _popcount(cand[cell])
        if n > 2:
            if odd is not None or n != 3:
                return None
            odd = cell
    if odd is None:
        return None
    keep = 0
    for h, cells in enumerate(tables.houses):
        for v in range(1, side + 1):
            bit = 1 << (v - 1)
            count = sum(1 for c in cells if cand[c] & bit)
            if count in (0, 2):
                continue
            if count == 3 and odd in tables.house_sets[h] and cand[odd] & bit:
                keep |= bit
                continue
            return None
    if _popcount(keep) != 1:
        return None
    elims = [(odd, v) for v in bits(cand[odd] & ~keep)]
    return Step("Bivalue Universal Grave + 1", (odd,), tuple(bits(keep)), (), tuple(elims),
                f"Bivalue Universal Grave + 1: every other cell is bivalue and "
                f"{bits(keep)[0]} has three places in the houses of {cells_text([odd], side)}, "
                f"so {eliminations_text(elims, side)}", side, BUG_RATING)
