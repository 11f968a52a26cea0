"""The clauses of a variant's constraints, beside the rules' encoding.

A variant's constraints (from the rules'
:attr:`~sudoku_models.rules.Rules.lowered` families): an extra region, cage,
anti-knight or anti-king pair is an at-most-one per value (pairwise; a full
region also at-least-one per value in the extended encoding); each pair
relation (Kropki, XV, greater-than and thermometer steps, non-consecutive,
the negative constraints) is one binary clause ``-x[a,u] -x[b,v]`` per
forbidden value pair; parity is unit clauses; a killer cage's total is
written by its digit combinations ("cage combinations as clauses"): one
selector per set of distinct digits that reaches the total, at least one
selector true, a selector forcing each of its digits into the cage and
every other digit out of it (with the cage's at-most-one rows this is exact:
the cage holds that set). An arrow is written by its value tuples, the
way a CP solver's table constraint is: one selector per assignment of values
to the arrow's cells that sums to a value the circle may hold (cells that
share a house or an extra group differ, domains respected), at least one
selector true, a selector forcing each of its values and the circle's sum;
the extended encoding adds, per cell and value, that the value needs a
selector giving it (support clauses: unit propagation then removes every
value no tuple supports). An arrow of L cells has at most C(N, L) tuples
(the compositions of the circle's values; 84 for three cells at 9x9, at
most 12,870 at 16x16); an arrow with more than
:data:`MAX_ARROW_TUPLES` is refused with a ``ValueError`` naming it.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from ...rules import Arrow, Cage

MAX_ARROW_TUPLES = 200_000
"""The most value tuples an arrow's selector encoding may have."""


def variant_clauses(rules, encoding: str) -> tuple[list[list[int]], int]:
    """The clauses of a variant's constraints (see the module docstring) and
    the number of variables with the cage and arrow selectors, which follow
    the ``s**3`` cell variables. Raises ``ValueError`` for an arrow with more
    than :data:`MAX_ARROW_TUPLES` value tuples."""
    side, lowered = rules.layout.side, rules.lowered

    def literal(cell: int, value: int) -> int:  # value 0-based
        return cell * side + value + 1

    clauses: list[list[int]] = []
    for group, full in zip(lowered.groups, lowered.full):
        for k in range(side):
            lits = [literal(c, k) for c in group]
            clauses += [[-lits[a], -lits[b]] for a, b in combinations(range(len(lits)), 2)]
            if full and encoding == "extended":
                clauses.append(lits)
    for pair in lowered.pairs:
        clauses += [[-literal(pair.first, int(u)), -literal(pair.second, int(v))]
                    for u, v in np.argwhere(~pair.allowed)]
    for cell, mask in enumerate(lowered.domains.tolist()):
        clauses += [[-literal(cell, k)] for k in range(side) if not mask >> k & 1]
    top = side**3
    for cage in (c for c in rules.constraints if isinstance(c, Cage) and c.total is not None):
        selectors = []
        for digits in combinations(range(side), len(cage.cells)):
            if sum(digits) + len(digits) != cage.total:
                continue
            top += 1
            selectors.append(top)
            for k in range(side):
                if k in digits:
                    clauses.append([-top] + [literal(c, k) for c in cage.cells])
                else:
                    clauses += [[-top, -literal(c, k)] for c in cage.cells]
        clauses.append(selectors)  # empty when no digits reach the total: unsatisfiable
    for arrow in (c for c in rules.constraints if isinstance(c, Arrow)):
        cells = (*arrow.cells, arrow.circle)
        supports: dict[int, list[int]] = {}
        selectors = []
        for values in arrow_tuples(arrow, rules):
            top += 1
            selectors.append(top)
            for cell, value in zip(cells, values):
                clauses.append([-top, literal(cell, value - 1)])
                supports.setdefault(literal(cell, value - 1), []).append(top)
        clauses.append(selectors)  # empty when no tuple exists: unsatisfiable
        if encoding == "extended":
            clauses += [[-literal(cell, k), *supports.get(literal(cell, k), [])]
                        for cell in cells for k in range(side)]
    return clauses, top


def arrow_tuples(arrow, rules) -> list[tuple[int, ...]]:
    """The value tuples ``(v(cells[0]), ..., v(cells[-1]), v(circle))`` of
    ``arrow`` (values 1..N) that sum to the circle, where every two of these
    cells that the rules make differ (``rules.peer_matrix``) differ and every
    value is in its cell's domain (``rules.lowered.domains``). Raises
    ``ValueError`` past :data:`MAX_ARROW_TUPLES`."""
    side = rules.layout.side
    peers, domains = rules.peer_matrix, rules.lowered.domains.tolist()
    cells = list(arrow.cells)
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def extend(total: int) -> None:
        index = len(chosen)
        if index == len(cells):
            circle = arrow.circle
            if (domains[circle] >> (total - 1) & 1
                    and all(not peers[circle, c] or v != total for c, v in zip(cells, chosen))):
                found.append((*chosen, total))
                if len(found) > MAX_ARROW_TUPLES:
                    raise ValueError(f"arrow {arrow.label(rules.layout)}: more than "
                                     f"{MAX_ARROW_TUPLES:,} value tuples for the SAT encoding")
            return
        cell, left = cells[index], len(cells) - index - 1
        for value in range(1, side - total - left + 1):  # every later cell holds at least 1
            if domains[cell] >> (value - 1) & 1 and all(
                    not peers[cell, c] or v != value for c, v in zip(cells, chosen)):
                chosen.append(value)
                extend(total + value)
                chosen.pop()

    extend(0)
    return found
