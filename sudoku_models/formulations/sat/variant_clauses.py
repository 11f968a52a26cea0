"""The clauses of a variant's constraints, beside the rules' encoding.

A variant's constraints (from the rules'
:attr:`~sudoku_models.core.rules.Rules.lowered` families): an extra region, cage,
anti-knight or anti-king pair is an at-most-one per value (pairwise; a full
region also at-least-one per value in the extended encoding); each pair
relation (Kropki, XV, greater-than and thermometer steps, non-consecutive,
the negative constraints) is one binary clause ``-x[a,u] -x[b,v]`` per
forbidden value pair; parity is unit clauses. A killer cage's total in
one of two forms (``cage``), the combinatorial and the arithmetic one:

* ``"sets"`` (default): by its digit combinations ("cage combinations as
  clauses"): one selector per set of distinct digits that reaches the total
  (:func:`~sudoku_models.core.sum_rules.cage_digit_sets`), at least one selector
  true, a selector forcing each of its digits into the cage and every other
  digit out of it (with the cage's at-most-one rows this is exact: the cage
  holds that set);
* ``"totalizer"``: the sum itself. Each cell's value in the order encoding
  (J. M. Crawford and A. B. Baker, AAAI 1994; N. Tamura, A. Taga, S.
  Kitagawa and M. Banbara, "Compiling finite linear CSP into SAT",
  *Constraints* 14, 2009): ``u[c, j]`` true when the cell holds more than
  ``j`` (``j = 1..N-1``), defined from the cell's ``x`` by ``x[c, k] ->
  u[c, j]`` for ``k > j`` and ``u[c, j] -> OR_{k > j} x[c, k]``; then
  ``v(c) = 1 + sum_j u[c, j]``, and the cage's sum is the cardinality
  constraint ``sum_{c, j} u[c, j] = total - n`` written by PySAT's
  totalizer (``pysat.card.CardEnc.equals``, ``EncType.totalizer``: O.
  Bailleux and Y. Boufkhad, "Efficient CNF encoding of Boolean cardinality
  constraints", CP 2003). A pseudo-Boolean encoder (``pysat.pb``) needs
  pypblib, which does not install here; the unit weights of the order
  encoding make a cardinality encoder enough. Unit propagation on the
  totalizer keeps the sum's bounds consistent (a cell's value is cut to
  what the others' bounds leave), the arithmetic reasoning of a linear
  constraint; the selectors of ``"sets"`` reason on combinations instead (a
  digit no cell can hold any more rules out every set that holds it, and
  with it the set's other digits), the stronger propagation for small
  cages, at the price of one selector per set.

``prune=True`` (default) adds a unit clause ``-x[c, k]`` for each digit
``k`` that no digit set of the cage holds
(:func:`~sudoku_models.core.sum_rules.cage_candidates`), in either form.

A regular line (:class:`~sudoku_models.core.automata.LineAutomaton`: the
``regular`` kind and the kinds that lower to it) is its automaton unrolled
along the line (F. Bacchus, "GAC via unit propagation", CP 2007; the
decomposition of G. Pesant's regular constraint, CP 2004): one Boolean
``s[i, q]`` per position ``i = 0..L`` and live state ``q`` (the states on
an accepted path, :meth:`~sudoku_models.core.automata.Automaton.layers`),
exactly one per position, ``s[0, start]`` true, and per position the
transitions ``s[i, q] & x[c_i, v] -> s[i + 1, next(q, v)]``, the dead ones
``-s[i, q] | -x[c_i, v]``, and supports: a value needs a state that reads
it, a state needs a state and a value that lead to it and a state that it
leads to. Unit propagation on these clauses keeps every cell's values and
every position's states to those on an accepted path through the others'.
Every other linear sum (a little killer, a pill arrow, a zipper...) is
written the same way, its automaton's states the position and the partial
sum (:func:`~sudoku_models.core.automata.linear_automaton`).

An arrow is written by its value tuples, the way a CP solver's table
constraint is: one selector per assignment of values
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

from ...registry import SAT_CAGE_FORMS
from ...core.automata import LineAutomaton, linear_automaton
from ...core.cell_kinds import Arrow, Cage
from ...core.sum_rules import cage_candidates, cage_digit_sets

MAX_ARROW_TUPLES = 200_000
"""The most value tuples an arrow's selector encoding may have."""


def variant_clauses(rules, encoding: str, cage: str = "sets",
                    prune: bool = True) -> tuple[list[list[int]], int]:
    """The clauses of a variant's constraints (see the module docstring) and
    the number of variables with the auxiliary ones (cage selectors or
    order-encoding and totalizer variables, arrow selectors), which follow
    the ``s*s*V`` cell variables. ``cage``: ``"sets"`` or ``"totalizer"``;
    ``prune``: the cages' candidate units. Raises ``ValueError`` for another
    cage form or an arrow with more than :data:`MAX_ARROW_TUPLES` value
    tuples."""
    if cage not in SAT_CAGE_FORMS:
        raise ValueError(f"cage must be one of {', '.join(SAT_CAGE_FORMS)}, got {cage!r}")
    side, lowered = rules.layout.values, rules.lowered  # the values 1..V

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
    top = rules.layout.cells * side
    for killer in (c for c in rules.constraints if isinstance(c, Cage) and c.total is not None):
        if prune:
            allowed = cage_candidates(killer, side)
            clauses += [[-literal(c, k)] for c in killer.cells for k in range(side)
                        if k + 1 not in allowed]
        if cage == "totalizer":
            more, top = _cage_totalizer(killer, side, top)
            clauses += more
            continue
        selectors = []
        for digits in cage_digit_sets(len(killer.cells), killer.total, side):
            top += 1
            selectors.append(top)
            for k in range(side):
                if k + 1 in digits:
                    clauses.append([-top] + [literal(c, k) for c in killer.cells])
                else:
                    clauses += [[-top, -literal(c, k)] for c in killer.cells]
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
    for line in clause_lines(rules):
        more, top = line_clauses(line, literal, top)
        clauses += more
    return clauses, top


def clause_lines(rules) -> list[LineAutomaton]:
    """The lines :func:`variant_clauses` writes by :func:`line_clauses`: the
    rules' automaton lines, then every linear sum but a cage's or an
    arrow's as the automaton of its partial sums."""
    side = rules.layout.values
    sums = [LineAutomaton(linear.cells, linear_automaton(linear.coefficients, linear.total, side),
                          linear.source)
            for c in rules.constraints if not isinstance(c, (Cage, Arrow))
            for linear in c.sums(rules.layout)]
    return [*rules.lowered.lines, *sums]


CLAUSE_BYTES, LITERAL_BYTES = 150, 40
"""Bytes of memory a clause and each of its literals take, as Python lists
and in the solver, a little under what was measured (a looped sum line's
20,536,544 clauses, nearly all of two literals: 155 bytes each as lists,
89 in CaDiCaL): :func:`estimated_bytes` errs small."""


def line_clause_count(line) -> tuple[int, int]:
    """How many clauses and literals :func:`line_clauses` writes for
    ``line``, counted from its layers without writing them (the pairwise
    at-most-one of each position's states grows with their square: 2.0
    billion clauses for a regular expression over 81 cells)."""
    layers = line.layers
    if not layers[0]:
        return 2, 2
    side = line.automaton.side
    clauses, literals = 1, 1  # the start
    sizes = [1] + [len({t for _, _, t in arcs}) for arcs in layers]
    for k in sizes:  # at least one and at most one state per position
        clauses, literals = clauses + 1 + k * (k - 1) // 2, literals + k + k * (k - 1)
    for arcs in layers:
        clauses, literals = clauses + len(arcs), literals + 3 * len(arcs)  # the transitions
        values: dict[int, set[int]] = {}
        out: dict[int, set[int]] = {}
        into: dict[int, tuple[set[int], set[int]]] = {}
        for q, v, t in arcs:
            values.setdefault(q, set()).add(v)
            out.setdefault(q, set()).add(t)
            into.setdefault(t, (set(), set()))[0].add(q)
            into[t][1].add(v)
        for q in values:  # the dead values and the way on of each state
            dead = side - len(values[q])
            clauses, literals = clauses + dead + 1, literals + 2 * dead + 1 + len(out[q])
        clauses, literals = clauses + side, literals + side + len(arcs)  # a value's states
        for before, read in into.values():  # a state's way in
            clauses, literals = clauses + 2, literals + 2 + len(before) + len(read)
    return clauses, literals


def _at_most_one_count(line) -> tuple[int, int]:
    """The clauses and literals of ``line``'s pairwise at-most-one of each
    position's states alone: a part of :func:`line_clause_count`, counted
    in a fraction of its time."""
    clauses = 0
    for arcs in line.layers:
        k = len({t for _, _, t in arcs})
        clauses += k * (k - 1) // 2
    return clauses, 2 * clauses


def estimated_bytes(rules, budget: int | None = None) -> tuple[int, str] | None:
    """The memory the clauses of ``rules``' lines (:func:`clause_lines`)
    would take, and what was counted; None without lines. When the lines'
    at-most-one clauses alone pass ``budget`` bytes, those are the estimate
    ("at least"), the rest uncounted (over 81 cells they are 2.0 billion,
    counted in 2 s where every clause takes 8)."""
    lines = clause_lines(rules)
    if not lines:
        return None
    least = ""
    counts = [(_at_most_one_count(line), line.source) for line in lines]
    if budget is None or sum(n * CLAUSE_BYTES + m * LITERAL_BYTES
                             for (n, m), _ in counts) <= budget:
        counts = [(line_clause_count(line), line.source) for line in lines]
    else:
        least = "at least "
    clauses = sum(n for (n, _), _ in counts)
    literals = sum(m for (_, m), _ in counts)
    (most, _), source = max(counts)
    what = f"{least}{clauses:,} clauses of {literals:,} literals for its automaton lines"
    if len(counts) > 1:
        what += f"; the largest, {source or 'a sum'}, {most:,}"
    elif source:
        what += f", of the {source} line"
    return clauses * CLAUSE_BYTES + literals * LITERAL_BYTES, what


def line_clauses(line, literal, top: int) -> tuple[list[list[int]], int]:
    """The clauses of a regular line (module docstring) over the cell
    literals ``literal(cell, value)`` (value 0-based), its state variables
    numbered after ``top``; returns them and the last variable number."""
    layers = line.layers
    if not layers[0]:  # no accepted word of the line's length
        return [[top + 1], [-(top + 1)]], top + 1
    states = [{line.automaton.start}] + [{t for _, _, t in arcs} for arcs in layers]
    number: list[dict[int, int]] = []
    for layer in states:
        number.append({q: top + 1 + k for k, q in enumerate(sorted(layer))})
        top += len(layer)
    clauses = [[number[0][line.automaton.start]]]
    for layer in number:
        lits = list(layer.values())
        clauses.append(lits)
        clauses += [[-a, -b] for a, b in combinations(lits, 2)]
    for i, (cell, arcs) in enumerate(zip(line.cells, layers)):
        here, after = number[i], number[i + 1]
        reads: dict[int, list[int]] = {}
        into: dict[int, set[tuple[int, int]]] = {}
        out: dict[int, set[int]] = {}
        for q, v, t in arcs:
            clauses.append([-here[q], -literal(cell, v - 1), after[t]])
            reads.setdefault(v, []).append(here[q])
            into.setdefault(t, set()).add((here[q], literal(cell, v - 1)))
            out.setdefault(q, set()).add(after[t])
        side, live = line.automaton.side, {(q, v) for q, v, _ in arcs}
        for q, state in here.items():
            clauses += [[-state, -literal(cell, v)] for v in range(side) if (q, v + 1) not in live]
            clauses.append([-state, *sorted(out.get(q, ()))])
        for v in range(1, side + 1):
            clauses.append([-literal(cell, v - 1), *reads.get(v, [])])
        for t, state in after.items():
            clauses.append([-state, *sorted({s for s, _ in into[t]})])
            clauses.append([-state, *sorted({x for _, x in into[t]})])
    return clauses, top


def _cage_totalizer(cage, side: int, top: int) -> tuple[list[list[int]], int]:
    """A cage's sum as a totalizer over its cells' order encoding (module
    docstring): the clauses and the last variable number used, the new
    variables numbered after ``top``."""
    from pysat.card import CardEnc, EncType

    clauses, above = [], []
    for cell in cage.cells:
        base = cell * side + 1  # x[cell, k] is base + k (k 0-based: the value k + 1)
        for j in range(1, side):  # u: the cell holds more than j
            top += 1
            above.append(top)
            clauses += [[-(base + k), top] for k in range(j, side)]
            clauses.append([-top] + [base + k for k in range(j, side)])
    card = CardEnc.equals(lits=above, bound=cage.total - len(cage.cells), top_id=top,
                          encoding=EncType.totalizer)
    return clauses + card.clauses, max(top, card.nv)


def arrow_tuples(arrow, rules) -> list[tuple[int, ...]]:
    """The value tuples ``(v(cells[0]), ..., v(cells[-1]), v(circle))`` of
    ``arrow`` (values 1..N) that sum to the circle, where every two of these
    cells that the rules make differ (``rules.peer_matrix``) differ and every
    value is in its cell's domain (``rules.lowered.domains``). Raises
    ``ValueError`` past :data:`MAX_ARROW_TUPLES`."""
    side = rules.layout.values
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
