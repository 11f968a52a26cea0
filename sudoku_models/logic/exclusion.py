"""Aligned Pair Exclusion: two cells cannot take a pair of values that
would leave a bivalue cell seeing both without a candidate (or, when they
see each other, the same value), so a value of one of them that every
pairing rules out is removed.

Search and rating as Sudoku Explainer's (Sukaku Explainer's source,
``diuf/sudoku/solver/rules/AlignedPairExclusion.java`` and
``AlignedExclusionHint.getDifficulty``; learnt, not copied): the two cells
are any two cells with two or more candidates and no peer left with one,
with at least two bivalue cells seeing both; rating 6.2. Any layout.
"""

from __future__ import annotations

from itertools import combinations

from .candidates import CandidateGrid, bits, eliminations_text, popcount
from ..core.constraint import cells_text
from .step import Step

APE_RATING = 6.2


def aligned_pair_exclusion(grid: CandidateGrid) -> Step | None:
    """Aligned Pair Exclusion (SE 6.2), see the module docstring."""
    side, cand, tables = grid.side, grid.cand, grid.tables
    peers, peer_sets = tables.peers, tables.peer_sets
    bases, excluders = [], {}
    for cell in range(side * side):
        if popcount(cand[cell]) < 2:
            continue
        seen = [p for p in peers[cell] if popcount(cand[p]) == 2]
        if seen and not any(popcount(cand[p]) == 1 for p in peers[cell]):
            bases.append(cell)
            excluders[cell] = set(seen)
    for a, b in combinations(bases, 2):
        common = excluders[a] & excluders[b]
        if len(common) < 2:
            continue
        masks = [cand[c] for c in common]
        see = b in peer_sets[a]
        allowed_a = allowed_b = 0
        for va in bits(cand[a]):
            for vb in bits(cand[b]):
                if va == vb and see:
                    continue
                pair = (1 << (va - 1)) | (1 << (vb - 1))
                if any(m & ~pair == 0 for m in masks):
                    continue
                allowed_a |= 1 << (va - 1)
                allowed_b |= 1 << (vb - 1)
        elims = [(a, v) for v in bits(cand[a] & ~allowed_a)] + \
                [(b, v) for v in bits(cand[b] & ~allowed_b)]
        if elims:
            elims.sort()
            return Step("Aligned Pair Exclusion", (a, b) + tuple(sorted(common)), (), (),
                        tuple(elims),
                        f"Aligned Pair Exclusion: {cells_text([a, b], side)} cannot take a "
                        f"pair that empties one of {cells_text(sorted(common), side)}, so "
                        f"{eliminations_text(elims, side)}", side, APE_RATING)
    return None
