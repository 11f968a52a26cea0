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

from .candidates import CandidateGrid, bits, cells_of, eliminations_text, popcount
from ..core.constraint import cells_text
from .step import Step

APE_RATING = 6.2


def aligned_pair_exclusion(grid: CandidateGrid) -> Step | None:
    """Aligned Pair Exclusion (SE 6.2), see the module docstring."""
    side, cand, tables = grid.side, grid.cand, grid.tables
    peers, peer_masks = tables.peers, tables.peer_masks
    bivalue = 0  # the cells with two candidates, as a bitmask
    for cell in range(side * side):
        if popcount(cand[cell]) == 2:
            bivalue |= 1 << cell
    bases, excluders = [], {}
    for cell in range(side * side):
        if popcount(cand[cell]) < 2:
            continue
        seen = peer_masks[cell] & bivalue
        if seen and not any(popcount(cand[p]) == 1 for p in peers[cell]):
            bases.append(cell)
            excluders[cell] = seen
    value_bits = {cell: [1 << (v - 1) for v in bits(cand[cell])] for cell in bases}
    for a, b in combinations(bases, 2):
        both = excluders[a] & excluders[b]
        if popcount(both) < 2:
            continue
        common = cells_of(both)
        # a pair of values empties a bivalue cell when it is that cell's two
        forbidden = {cand[c] for c in common}
        see = peer_masks[a] >> b & 1
        allowed_a = allowed_b = 0
        for bit_a in value_bits[a]:
            for bit_b in value_bits[b]:
                if bit_a == bit_b and see or (bit_a | bit_b) in forbidden:
                    continue
                allowed_a |= bit_a
                allowed_b |= bit_b
        elims = [(a, v) for v in bits(cand[a] & ~allowed_a)] + \
                [(b, v) for v in bits(cand[b] & ~allowed_b)]
        if elims:
            elims.sort()
            return Step("Aligned Pair Exclusion", (a, b) + tuple(common), (), (),
                        tuple(elims),
                        f"Aligned Pair Exclusion: {cells_text([a, b], side)} cannot take a "
                        f"pair that empties one of {cells_text(common, side)}, so "
                        f"{eliminations_text(elims, side)}", side, APE_RATING)
    return None
