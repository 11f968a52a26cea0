"""Sukaku Explainer's WXYZ- and VWXYZ-Wings: an almost locked set (ALS:
``k`` cells that all see each other holding ``k + 1`` values, ``k`` = 3
or 4) and a bivalue cell ``{x, z}`` whose ``x`` sees
every ALS cell holding ``x``. If the bivalue cell is not ``z`` it is
``x``, which leaves the ALS locked on its other values, ``z`` among them;
so ``z`` is removed from every cell seeing all the cells (ALS and bivalue)
holding ``z``. When ``z`` is restricted too (doubly linked), both ``x``
and ``z`` go from cells seeing all their holders, and each other ALS value
from cells seeing all its ALS holders.

Search and rating learnt from Sukaku Explainer's source
(github.com/SudokuMonster/SukakuExplainer, ``WXYZWing.java``,
``VWXYZWing.java`` and their hints; LGPL, nothing copied): WXYZ 5.5, plus
0.1 when the largest ALS cell holds 3 candidates; VWXYZ 6.2, plus 0.1 or
0.2 as its largest cell holds 2 or 4, or 3 candidates; of the wings found,
the easiest, then the one removing most. Any layout.

Its UVWXYZ- (6.6) and TUVWXYZ-Wings (7.5), five and six ALS cells, added
to Sukaku Explainer in January 2020, are left out: the published ratings
the rater is checked against come from a build without them (with them, 8
of the 480 shipped puzzles rate 6.6 where 7.1-7.2 is published, and those
ratings come back when they are left out).
"""

from __future__ import annotations

from .candidates import CandidateGrid, bits, cells_of, eliminations_text, popcount
from ..core.constraint import cells_text
from .step import Step

_NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing"}


def _rating(size: int, biggest: int) -> float:
    if size == 3:
        return round(5.5 + ((4 - 3) - abs(3 - biggest)) / 10, 1)
    return round(6.2 + ((5 - 3) - abs(3 - biggest)) / 10, 1)


def _sets(grid: CandidateGrid, size: int) -> list:
    """Every ``size`` cells (two or more candidates, at most ``size + 1``)
    that all see each other and hold ``size + 1`` values together, as
    ``(cells, union of their candidates)``."""
    side, cand, peer_sets = grid.side, grid.cand, grid.tables.peer_sets
    limit = size + 1
    cells = [c for c in range(side * side) if 2 <= popcount(cand[c]) <= limit]
    out = []

    def grow(chosen, union, pool):
        if len(chosen) == size - 1:  # the last cell: no pool after it
            for c in pool:
                u = union | cand[c]
                if popcount(u) == limit:
                    out.append((tuple(chosen) + (c,), u))
            return
        for i, c in enumerate(pool):
            u = union | cand[c]
            if popcount(u) <= limit:
                grow(chosen + [c], u, [d for d in pool[i + 1:] if d in peer_sets[c]])

    for i, c in enumerate(cells):
        grow([c], cand[c], [d for d in cells[i + 1:] if d in peer_sets[c]])
    return out


def als_wing(grid: CandidateGrid, size: int) -> Step | None:
    """The easiest wing of an ALS of ``size`` cells (see the module
    docstring), or None. Cells are bitmasks here (bit ``c`` for cell ``c``):
    the sight of several cells is one ``&`` of their peers."""
    side, cand, peer_masks = grid.side, grid.cand, grid.tables.peer_masks
    planes = grid.value_planes()
    bivalue: dict[int, int] = {}  # the bivalue cells by their two candidates
    for c in range(side * side):
        if popcount(cand[c]) == 2:
            bivalue[cand[c]] = bivalue.get(cand[c], 0) | 1 << c
    everyone = (1 << side * side) - 1
    best = None
    for als, union in _sets(grid, size):
        members = seen = 0
        for c in als:
            members |= 1 << c
            seen |= peer_masks[c]
        seen &= ~members
        biggest = max(popcount(cand[c]) for c in als)
        rating = _rating(size, biggest)
        if best is not None and rating > best[0]:
            continue
        wings = 0  # bivalue cells seeing the ALS with candidates among its values
        for pair, cells in bivalue.items():
            if not pair & ~union:
                wings |= cells & seen
        if not wings:
            continue
        # per value (index v - 1): the ALS cells holding it, and the cells
        # seeing all of those
        holders, sights = [0] * side, [everyone] * side
        for c in als:
            for v in bits(cand[c]):
                holders[v - 1] |= 1 << c
                sights[v - 1] &= peer_masks[c]
        for yz in cells_of(wings):
            sight, pair = peer_masks[yz], bits(cand[yz])
            restricted = [v for v in pair if not holders[v - 1] & ~sight]
            if not restricted:
                continue
            outside = ~members & ~(1 << yz)
            if len(restricted) == 1:  # z from the cells seeing its holders and yz
                z = pair[0] if pair[1] == restricted[0] else pair[1]
                removed = [(z, sights[z - 1] & sight & planes[z - 1] & outside)]
            else:
                removed = [(v, sights[v - 1] & sight & planes[v - 1] & outside)
                           for v in restricted]
                removed += [(v, sights[v - 1] & planes[v - 1] & outside)
                            for v in bits(union & ~cand[yz])]
            count = sum(popcount(mask) for _, mask in removed)
            if count and (best is None or (rating, -count) < (best[0], -len(best[3]))):
                elims = sorted((c, v) for v, mask in removed for c in cells_of(mask))
                best = (rating, als, yz, elims, len(restricted) == 2)
    if best is None:
        return None
    rating, als, yz, elims, double = best
    name = _NAMES[size]
    return Step(name, als + (yz,), tuple(bits(cand[yz])), (), tuple(elims),
                f"{name}{' (doubly linked)' if double else ''}: ALS {cells_text(als, side)} "
                f"with {cells_text([yz], side)} {{{','.join(map(str, bits(cand[yz])))}}}, so "
                f"{eliminations_text(elims, side)}", side, rating)


def wxyz_wing(grid: CandidateGrid) -> Step | None:
    """WXYZ-Wing (SE 5.5-5.6): an ALS of three cells and a bivalue cell."""
    return als_wing(grid, 3)


def vwxyz_wing(grid: CandidateGrid) -> Step | None:
    """VWXYZ-Wing (SE 6.2-6.4): an ALS of four cells and a bivalue cell."""
    return als_wing(grid, 4)

