"""The constraints of variants on the binary model, described once.

The binary model (:mod:`.binary_model`: ``x[i, j, k] = 1`` when
cell ``(i, j)`` holds ``k + 1``) writes the value of a cell as the linear
expression ``v(c) = sum_k (k + 1) x[c, k]``. Every constraint kind of
:mod:`sudoku_models.core.rules` becomes linear rows over ``x`` here, and the
binary formulations read these rows: ``milp`` writes them in Pyomo,
``matrix`` as MATLAB's ``Aeq``/``A`` arrays, ``cp-bool`` as CP-SAT
constraints (at-most-one, exactly-one, linear). The SAT encodings read the
rules' lowered families instead (:mod:`..sat.variant_clauses`), since a clause is not a
linear row.

How each kind is written, and why:

* **all-different groups** (``region``, the cells of a ``cage``,
  ``anti-knight`` and ``anti-king`` pairs): per value ``k``, at most one
  ``x[c, k]`` of the group is 1 (exactly one when the group has ``N`` cells:
  a full extra region is a house). The same rows as a house, so the LP
  relaxation of a group is as strong as the houses'.
* **linear sums over values** (``cage-total``, ``arrow``, ``xv``):
  ``sum_c a_c v(c) = total``, one row. A killer cage is ``sum(k * x) ==
  total`` with its at-most-one rows: the textbook MILP cage (``cage="sum"``,
  the default). Its LP relaxation is weak on its own (a fractional cell can
  take the mean value: two cells at 4.5 make 9 for a 2-cell cage of 9
  whatever the digits), so the solver's cuts and branching do the work.
* **a cage as its digit sets** (``cage="sets"``, the extended formulation):
  one binary ``y_S`` per admissible digit set ``S`` of the cage (``n``
  distinct digits summing to the total:
  :func:`~sudoku_models.core.sum_rules.cage_digit_sets`), ``sum_S y_S = 1``, and
  for each digit ``k``: ``sum_{c in cage} x[c, k] = sum_{S contains k} y_S``
  (family ``cage-sets``). These rows imply the cage's at-most-one rows and
  its sum, also in the LP relaxation (summing ``k`` times the digit rows
  gives the sum row), so its LP relaxation is never weaker, and it is
  tighter wherever a fractional point mixes digits of different sets (a
  digit of a set is there exactly as much as the set's other digits). The
  sum and at-most-one rows are kept beside them all the same: they change
  no LP bound, and a solver's presolve and cut separators may work from
  them (on TAREK #1 HiGHS 1.14 needed from 1 to 867 B&B nodes depending on
  these rows and their order alone: ``benchmarks/killer_formulations``). The
  disjunction "one of these sets" written with one binary per term, after
  Balas' disjunctive programming (E. Balas, "Disjunctive programming:
  properties of the convex hull of feasible points", Discrete Applied
  Mathematics 89, 1998; M. Conforti, G. Cornuéjols and G. Zambelli,
  *Integer Programming*, Springer 2014, ch. 4, extended formulations). A
  cage without a total keeps its at-most-one rows.
* **cage candidate pruning** (``prune=True``, the default, any cage form):
  the digits that no admissible set of a cage holds are fixed at 0 in its
  cells (:func:`~sudoku_models.core.sum_rules.cage_candidates`; a 2-cell 3 holds
  only 1 and 2): free, and what a solver's presolve need not find.
* **the rule of 45** (``rule45=True``, off by default): each house, and
  each run of consecutive rows or columns, holds every digit once per house,
  so the cells it has outside the cages with totals lying inside it (the
  *innies*) sum to the rest, and the cells that the cages sticking out of
  it have outside (the *outies*) sum to those cages' totals less the
  innies' sum (:func:`~sudoku_models.core.sum_rules.derived_sums`, sets of up to
  9 cells). Where an innie or outie set's cells all differ (one house) it is
  a virtual cage: its candidates are pruned as a cage's (``prune``) and,
  with ``cage="sets"``, it gets its own digit-set rows (family
  ``rule45-sets``, ``y_rule45_3_1_2``), which tighten the LP relaxation
  (a sum row alone is a combination of the house and cage rows, so it
  adds nothing to the LP: family ``rule45``, kept for the other sets and
  with ``cage="sum"``, for presolve). On TAREK's killers (18-25 cages, no
  givens) these rows let HiGHS decide most instances at the root or within
  a few dozen B&B nodes (``benchmarks/killer_formulations``). Source: the
  "45 rule" of killer solving (sudokuwiki.org, Killer Sudoku strategies:
  innies and outies), written as the extended formulation of the derived
  cages.
* **an arrow as its digit sets** (``arrow="sets"``): where the rules make
  the shaft's cells all differ (one cell, or all in one house or group), the
  shaft holds one set ``S`` of distinct digits with ``sum(S) <= N``, written
  as a cage's sets are (family ``arrow-sets``, beside the arrow's sum row),
  and the circle holds ``v`` exactly when the chosen set sums to ``v``:
  ``x[circle, v] = sum_{S: sum(S) = v} y_S``. An arrow whose shaft may
  repeat a digit has its sum row only.
* **order** (``greater``, the steps of a ``thermometer``): ``order="values"``
  (the default) is ``v(a) - v(b) >= 1``, one row: the aggregated form, whose
  LP relaxation lets ``v(a)`` and ``v(b)`` be means of far-apart digits.
  ``order="cumulative"``: for the step ``low < high`` and each ``k``,
  ``sum_{k' >= k} x[low, k'] <= sum_{k' >= k + 1} x[high, k']`` (``s`` rows
  per step): in the cumulative variables ``F(c, k) = sum_{k' >= k} x[c, k']``
  each row is a difference ``F(low, k) - F(high, k + 1) <= 0``, a network
  (totally unimodular) system, so the LP relaxation of a step with its two
  cells' exactly-one rows is the convex hull of the pair's order: the
  disaggregated form (L. A. Wolsey, *Integer Programming*, Wiley 1998, ch. 1,
  aggregated vs. disaggregated formulations; the order encoding of J. M.
  Crawford and A. B. Baker, AAAI 1994, and N. Tamura et al., *Constraints*
  14, 2009, is its SAT counterpart).
* **pair relations with no linear form** (``kropki`` dots, their negative
  constraint, ``non-consecutive``, ``xv-negative``): the forbidden value
  pairs of the relation's table, gathered per value into one clique row
  ``x[a, u] + sum_{v forbidden with u} x[b, v] <= 1`` (and the same from
  ``b``'s side): all these variables conflict pairwise, so the row is valid
  and dominates the ``N`` pair rows ``x[a, u] + x[b, v] <= 1`` it replaces.
  When fewer values are allowed than forbidden the row is written in its
  shorter support form ``x[a, u] - sum_{v allowed with u} x[b, v] <= 0``,
  the same row over the cell's exactly-one (so the same LP relaxation).
* **parity**: the forbidden values' variables fixed at 0 (upper bound 0).
* **regular lines** (``regular``): the layered-graph flow formulation of
  :mod:`.automaton_rows`, its arc variables among the auxiliary ones.

Rows carry 1-based readable labels for export (``cage_3_v4``,
``cage_total_3``, ``cage_sets_3_v4``, ``thermometer_1_2``, ``thermometer_1_2_k5``,
``kropki_2_a5``: dot 2, from its first cell's value 5, ...), the auxiliary
variables too (``y_cage3_1_2_6``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from ...registry import ARROW_FORMS, CAGE_FORMS, ORDER_FORMS
from ...core.rules import Rules
from ...core.sum_rules import cage_digit_sets, derived_sums
from .automaton_rows import automaton_rows, estimated_bytes
from .model import Row

if TYPE_CHECKING:  # the kinds are told apart by name: a classic model loads none of them
    from ...core.cell_kinds import Arrow

# the families of the rules' LinearSum
SUM_KINDS = {"cage": "cage-total"}


@dataclass(frozen=True, eq=False)
class BinaryRules:
    """The variant constraints of one :class:`~sudoku_models.core.rules.Rules`
    on the binary model: ``rows`` (:class:`Row`, grouped by family in the
    order the constraints come), ``zeros``, the ``(z,)`` int64 variable
    numbers fixed at 0 (parity, cage candidate pruning), and ``extra``, the
    names of the auxiliary binary variables of the digit-set forms
    (``cage="sets"``, ``arrow="sets"``), numbered from ``s**3`` on in the rows
    (``y_cage3_1_2_6``: cage 3 holds the digits 1, 2 and 6)."""

    rows: tuple[Row, ...]
    zeros: np.ndarray
    extra: tuple[str, ...] = ()

    def families(self) -> dict[str, list[Row]]:
        """The rows by family, families in order of first appearance."""
        grouped: dict[str, list[Row]] = {}
        for row in self.rows:
            grouped.setdefault(row.family, []).append(row)
        return grouped


def binary_rules(rules: Rules, *, cage: str = "sum", order: str = "values", arrow: str = "sum",
                 prune: bool = True, rule45: bool = False) -> BinaryRules:
    """The :class:`BinaryRules` of ``rules`` in the chosen forms (see the
    module docstring), built once per rules and forms (cached).

    ``cage``: ``"sum"`` or ``"sets"``; ``order``: ``"values"`` or
    ``"cumulative"``; ``arrow``: ``"sum"`` or ``"sets"``; ``prune``: fix at 0
    the digits of a cage with a total that no admissible digit set holds;
    ``rule45``: add the innie and outie sums of the rule of 45.
    Raises ``ValueError`` for another form."""
    for name, value, allowed in (("cage", cage, CAGE_FORMS), ("order", order, ORDER_FORMS),
                                 ("arrow", arrow, ARROW_FORMS)):
        if value not in allowed:
            raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
    return _binary_rules(rules, cage, order, arrow, bool(prune), bool(rule45))


@lru_cache(maxsize=64)
def _binary_rules(rules: Rules, cage: str, order: str, arrow: str, prune: bool,
                  rule45: bool) -> BinaryRules:
    layout, context = rules.layout, rules.context
    side = layout.values  # the values 1..V; x[c, k] is variable c * V + k
    num_x = layout.cells * side
    values = np.arange(side, dtype=np.int64)
    rows: list[Row] = []
    extra: list[str] = []
    zeros: set[int] = {cell * side + k for cell, mask in enumerate(rules.lowered.domains.tolist())
                       for k in range(side) if not mask >> k & 1}
    counts: dict[str, int] = {}
    seen_groups: set[tuple[int, ...]] = set()

    def number(family: str) -> int:
        counts[family] = counts.get(family, 0) + 1
        return counts[family]

    def value_terms(cells, factors):
        """``sum_c factor_c * v(c)`` as (variables, coefficients)."""
        cells = np.asarray(cells, dtype=np.int64)
        variables = (cells[:, None] * side + values[None, :]).ravel()
        coefficients = (np.asarray(factors, dtype=np.int64)[:, None] * (values + 1)).ravel()
        return variables, coefficients

    def linear(family: str, label: str, cells, factors, lower, upper) -> None:
        variables, coefficients = value_terms(cells, factors)
        rows.append(Row(family, label, variables, coefficients, lower, upper))

    def digit_sets(family: str, cells, sets) -> tuple[int, np.ndarray]:
        """The rows of "``cells`` hold one of ``sets``" (digit tuples,
        1-based), family ``family`` (``cage-sets``): one binary per set,
        exactly one of them, and each digit as often in the cells as the
        chosen set holds it. Returns the family's number for this constraint
        and the sets' variable numbers."""
        n, first = number(family), num_x + len(extra)
        base = _name(family).removesuffix("_sets")
        base += "_" if base[-1].isdigit() else ""  # y_rule45_3_1_2: derived sum 3 holds 1 and 2
        extra.extend(f"y_{base}{n}_{'_'.join(map(str, digits))}"
                     for digits in sets)
        chosen = np.arange(first, first + len(sets), dtype=np.int64)
        rows.append(Row(family, f"{_name(family)}_{n}", chosen, np.ones(len(sets), np.int64),
                        1, 1))
        cells = np.asarray(cells, dtype=np.int64)
        holding = [chosen[[k + 1 in digits for digits in sets]] for k in range(side)]
        for k in range(side):
            rows.append(Row(family, f"{_name(family)}_{n}_v{k + 1}",
                            np.concatenate([cells * side + k, holding[k]]),
                            np.concatenate([np.ones(len(cells), np.int64),
                                            -np.ones(len(holding[k]), np.int64)]), 0, 0))
        return n, chosen

    derived = _derived_sets(rules) if rule45 else {}

    def prune_to(cells, sets) -> None:
        allowed = {d for digits in sets for d in digits}
        zeros.update(c * side + k for c in cells for k in range(side) if k + 1 not in allowed)

    for constraint in rules.constraints:
        kind = constraint.kind
        total = constraint.total if kind == "cage" else None
        if total is not None:
            sets = cage_digit_sets(len(constraint.cells), total, side)
            if prune:
                prune_to(constraint.cells, sets)
            if cage == "sets":  # beside the cage's sum and at-most-one rows
                digit_sets("cage-sets", constraint.cells, sets)
        if kind == "arrow" and arrow == "sets" and _shaft_differs(constraint, rules):
            shaft = len(constraint.cells)
            sets = [digits for digits in combinations(range(1, side + 1), shaft)
                    if sum(digits) <= side]
            n, chosen = digit_sets("arrow-sets", constraint.cells, sets)
            for v in range(1, side + 1):  # the circle holds the chosen set's sum
                giving = chosen[[sum(digits) == v for digits in sets]]
                rows.append(Row("arrow-sets", f"arrow_sets_{n}_circle_v{v}",
                                np.concatenate([[constraint.circle * side + v - 1], giving]),
                                np.concatenate([[1], -np.ones(len(giving), np.int64)]), 0, 0))
        for group in constraint.groups(layout):
            if group in seen_groups:
                continue
            seen_groups.add(group)
            n = number(kind)
            cells = np.asarray(group, dtype=np.int64)
            full = len(group) == side
            for k in range(side):
                rows.append(Row(kind, f"{_name(kind)}_{n}_v{k + 1}", cells * side + k,
                                np.ones(len(cells), np.int64), 1 if full else None, 1))
        for linear_sum in constraint.sums(layout):
            family = SUM_KINDS.get(kind, kind)
            linear(family, f"{_name(family)}_{number(family)}", linear_sum.cells,
                   linear_sum.coefficients, linear_sum.total, linear_sum.total)
        if kind == "xv":
            linear("xv", f"xv_{number('xv')}", constraint.cells, (1, 1), constraint.total,
                   constraint.total)
        elif kind in ("greater", "thermometer"):
            n = number(kind)
            steps = ([constraint.cells] if kind == "greater" else
                     [(b, a) for a, b in zip(constraint.cells, constraint.cells[1:])])
            for step, (high, low) in enumerate(steps):
                label = f"{_name(kind)}_{n}" + ("" if kind == "greater"
                                                 else f"_{step + 1}")
                if order == "values":
                    linear(kind, label, (high, low), (1, -1), 1, None)
                    continue
                for k in range(side):  # sum_{k' >= k} x[low, k'] <= sum_{k' > k} x[high, k']
                    rows.append(Row(kind, f"{label}_k{k + 1}",
                                    np.concatenate([low * side + values[k:],
                                                    high * side + values[k + 1:]]),
                                    np.concatenate([np.ones(side - k, np.int64),
                                                    -np.ones(side - k - 1, np.int64)]),
                                    None, 0))
        elif kind not in ("cage", "arrow"):
            for relation in constraint.pairs(layout, context):
                rows.extend(_pair_rows(kind, number(kind), relation, side))
        for line in constraint.automata(layout):  # the flow rows of automaton_rows
            more, names = automaton_rows(line, kind, number(kind), side, num_x + len(extra))
            rows.extend(more)
            extra.extend(names)
    for linear_sum in derived_sums(rules) if rule45 else ():
        cells = tuple(sorted(linear_sum.cells))
        if cells in derived and prune:
            prune_to(cells, derived[cells])
        if cells in derived and cage == "sets":
            digit_sets("rule45-sets", cells, derived[cells])
        else:
            linear("rule45", f"rule45_{number('rule45')}", cells, linear_sum.coefficients,
                   linear_sum.total, linear_sum.total)
    return BinaryRules(tuple(rows), np.asarray(sorted(zeros), dtype=np.int64), tuple(extra))


def _derived_sets(rules: Rules) -> dict[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The rule of 45's innie and outie sums
    (:func:`~sudoku_models.core.sum_rules.derived_sums`) whose cells all differ
    (every two are peers), as virtual cages: sorted cells -> digit sets."""
    peers, side = rules.peer_matrix, rules.layout.side
    return {tuple(sorted(s.cells)): cage_digit_sets(len(s.cells), s.total, side)
            for s in derived_sums(rules)
            if all(peers[a, b] for a, b in combinations(s.cells, 2))}


class BinaryRowOptions:
    """The options of :func:`binary_rules` for the formulations on the binary
    ``x[c,k]`` model (``milp``, ``matrix``, ``cp-bool``), placed before
    their :class:`~sudoku_models.formulations.base.Formulation` base:
    ``cage``, ``order``, ``arrow``, ``prune`` and ``rule45`` (meanings in
    the module docstring), each checked against the method's registry entry
    (``ValueError`` naming the allowed values), kept in ``self.forms``."""

    def __init__(self, layout=3, *, cage: str = "sum", order: str = "values",
                 arrow: str = "sum", prune: bool = True, rule45: bool = False,
                 **options) -> None:
        super().__init__(layout, **options)
        self.forms = {key: self._option(key, value) for key, value in
                      (("cage", cage), ("order", order), ("arrow", arrow), ("prune", prune),
                       ("rule45", rule45))}

    def _estimated_bytes(self):
        """The arc variables of the automaton lines' flow rows
        (:func:`~.automaton_rows.estimated_bytes`), the part of a variant's
        model that grows past the others."""
        return estimated_bytes(self.rules.lowered.lines, self.name)


def _shaft_differs(arrow: Arrow, rules: Rules) -> bool:
    """Whether the rules make every two cells of ``arrow``'s shaft differ
    (one cell, or all in one house or extra group)."""
    peers = rules.peer_matrix
    return all(peers[a, b] for a, b in combinations(arrow.cells, 2))


def _pair_rows(kind: str, n: int, relation, side: int) -> list[Row]:
    """The clique (or support) rows of one pair relation: one per value of
    each cell that has a forbidden partner, duplicates dropped."""
    rows, seen = [], set()
    for tag, own, other, table in (("a", relation.first, relation.second, relation.allowed),
                                   ("b", relation.second, relation.first, relation.allowed.T)):
        for u in range(side):
            allowed = np.flatnonzero(table[u])
            forbidden = np.flatnonzero(~table[u])
            if not len(forbidden):
                continue
            if len(allowed) < len(forbidden):  # support form: x[own, u] <= sum of allowed
                variables = np.concatenate([[own * side + u], other * side + allowed])
                coefficients = np.concatenate([[1], -np.ones(len(allowed), np.int64)])
                upper = 0
            else:  # clique form
                variables = np.concatenate([[own * side + u], other * side + forbidden])
                coefficients = np.ones(len(variables), np.int64)
                upper = 1
            key = (tuple(sorted(zip(variables.tolist(), coefficients.tolist()))), upper)
            if key in seen:
                continue
            seen.add(key)
            rows.append(Row(kind, f"{_name(kind)}_{n}_{tag}{u + 1}", variables.astype(np.int64),
                            coefficients.astype(np.int64), None, upper))
    return rows


def _name(family: str) -> str:
    return family.replace("-", "_")


def rule_matrix(described: BinaryRules, columns: np.ndarray):
    """The rows of ``described`` (a :class:`BinaryRules`) as ``(A, lower,
    upper)`` over the columns ``columns[v]`` of the binary model's variables
    and the auxiliary ones (``columns`` holds ``s**3 + len(described.extra)``
    column numbers): ``A`` a ``(m, len(columns))`` scipy CSR matrix,
    ``lower``/``upper`` ``(m,)`` float arrays (``-inf``/``inf`` where a side
    is open); the zeros are rows ``x <= 0`` (bounds would be reset when clues
    change)."""
    import scipy.sparse as sp

    rows = list(described.rows)
    data, row_index, col_index, lower, upper = [], [], [], [], []
    for r, row in enumerate(rows):
        data.append(row.coefficients)
        row_index.append(np.full(len(row.variables), r))
        col_index.append(columns[row.variables])
        lower.append(-np.inf if row.lower is None else row.lower)
        upper.append(np.inf if row.upper is None else row.upper)
    for z, variable in enumerate(described.zeros.tolist()):
        data.append(np.ones(1, np.int64))
        row_index.append(np.array([len(rows) + z]))
        col_index.append(columns[[variable]])
        lower.append(-np.inf)
        upper.append(0.0)
    m = len(lower)
    if not m:
        return sp.csr_matrix((0, len(columns))), np.zeros(0), np.zeros(0)
    A = sp.csr_matrix((np.concatenate(data).astype(float),
                       (np.concatenate(row_index), np.concatenate(col_index))),
                      shape=(m, len(columns)))
    return A, np.asarray(lower, float), np.asarray(upper, float)
