"""What a killer's cage totals imply: the digit sets of a cage, the rule of 45.

A cage of ``n`` cells with a total holds one of the sets of ``n`` distinct
digits that sum to it (:func:`cage_digit_sets`); a digit in none of them is
no candidate of the cage (:func:`cage_candidates`). The formulations build on
these sets (a cage as one choice among its digit sets; candidate pruning).

A set of houses that do not overlap (one house, or a run of consecutive
rows or columns) holds each value once per house, so its cells sum to
``k * N(N+1)/2`` for ``k`` houses. Take away the cages with totals that lie
inside it; what is left, the *innies*, sums to the rest. When every cell of
the set is in a cage with a total, the cells that the cages sticking out of
it have outside, the *outies*, sum to those cages' totals less the innies'
sum. Each such innie or outie set becomes one more linear sum for the
counter (over the cells of one house it is pruned by its combinations, as
a cage is). Sources: the "45 rule" of killer solving guides (e.g.
sudokuwiki.org's Killer Sudoku strategies: innies and outies), the Gecode
book's remark that per-cage sums propagate too little.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from .constraint import LinearSum
from .rules import disjoint_cages, Rules

if TYPE_CHECKING:
    from .cell_kinds import Cage

MAX_DERIVED = 9  # largest innie or outie set kept (cells)


@cache
def cage_digit_sets(cells: int, total: int, side: int) -> tuple[tuple[int, ...], ...]:
    """The admissible digit sets of a cage of ``cells`` cells summing to
    ``total`` on a grid of side ``side``: every set of ``cells`` distinct
    digits in ``1..side`` with that sum, as sorted tuples, in lexicographic
    order (empty when none reaches the total)."""
    return tuple(digits for digits in combinations(range(1, side + 1), cells)
                 if sum(digits) == total)


def cage_candidates(cage: Cage, side: int) -> tuple[int, ...]:
    """The digits (``1..side``, sorted) that some admissible digit set of
    ``cage`` (a :class:`~sudoku_models.core.rules.Cage` with a total) holds: the
    others can be in none of its cells."""
    return tuple(sorted({d for digits in cage_digit_sets(len(cage.cells), cage.total, side)
                         for d in digits}))


def _unions(rules: Rules, runs: bool = True) -> list[tuple[str, list[int]]]:
    """The sets of non-overlapping houses the rule is applied to, with a
    name: every house, and (with ``runs``) every run of 2 to N - 1
    consecutive rows or columns."""
    layout = rules.layout
    side = layout.side
    houses = [list(map(int, h)) for h in layout.houses]
    found = [(layout.house_label(i), h) for i, h in enumerate(houses)]
    for first in range(side if runs else 0):
        for last in range(first + 1, side - (first == 0)):
            rows = [c for r in range(first, last + 1) for c in houses[r]]
            cols = [c for k in range(first, last + 1) for c in houses[side + k]]
            found.append((f"rows {first + 1}-{last + 1}", rows))
            found.append((f"columns {first + 1}-{last + 1}", cols))
    return found


def derived_sums(rules: Rules, runs: bool = True) -> list[LinearSum]:
    """The innie and outie sums of ``rules``' cages with totals over every
    set of :func:`_unions` (sets of 1 to :data:`MAX_DERIVED` cells, each once;
    none without cages with totals); ``runs=False``: over single houses
    only; none on a layout with more values than cells per house, whose
    houses have no fixed total; over the cages with totals that overlap no
    other cage (overlapping ones would count a cell twice)."""
    cages = disjoint_cages(rules.constraints)
    if not cages or rules.layout.more_values:
        return []
    side = rules.layout.side
    house_total = side * (side + 1) // 2
    cage_of = {}
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            cage_of[cell] = index
    found: dict[tuple[int, ...], LinearSum] = {
        tuple(sorted(c.cells)): None for c in cages}  # a cage's own sum is no news
    out = []
    for name, cells in _unions(rules, runs):
        members = set(cells)
        total = house_total * (len(cells) // side)
        inside, crossing = set(), set()
        for cell in cells:
            if cell in cage_of:
                cage = cages[cage_of[cell]]
                (inside if members.issuperset(cage.cells) else crossing).add(cage_of[cell])
        innies = sorted(c for c in cells if c not in cage_of or cage_of[c] not in inside)
        innie_total = total - sum(cages[i].total for i in inside)
        candidates = [(innies, innie_total, f"innies of {name}")]
        if all(c in cage_of for c in cells):
            outies = sorted(c for i in crossing for c in cages[i].cells if c not in members)
            candidates.append((outies, sum(cages[i].total for i in crossing) - innie_total,
                               f"outies of {name}"))
        for group, value, source in candidates:
            key = tuple(group)
            if 1 <= len(group) <= MAX_DERIVED and len(group) < len(cells) and key not in found:
                found[key] = LinearSum(key, (1,) * len(key), value, source)
                out.append(found[key])
    return out
