"""The constraints of variants on the binary model, described once.

The binary model (:mod:`.binary_model`: ``x[i, j, k] = 1`` when
cell ``(i, j)`` holds ``k + 1``) writes the value of a cell as the linear
expression ``v(c) = sum_k (k + 1) x[c, k]``. Every constraint kind of
:mod:`sudoku_models.rules` becomes linear rows over ``x`` here, and the
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
  total`` with its at-most-one rows: the textbook MILP cage. Its LP
  relaxation is weak on its own (a fractional cell can take the mean value:
  two cells at 4.5 make 9 for a 2-cell cage of 9 whatever the digits), so
  the solver's cuts and branching do the work; the per-value rows keep it
  from piling a value up.
* **order** (``greater``, the steps of a ``thermometer``): ``v(a) - v(b) >=
  1``, one row: a linear inequality over values (MILP's natural form, and
  the CP one).
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

Rows carry 1-based readable labels for export (``cage_3_v4``,
``cage_total_3``, ``thermometer_1_2``, ``kropki_2_a5``: dot 2, from its first
cell's value 5, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...rules import XV, Arrow, Cage, GreaterThan, Rules, Thermometer

SUM_KINDS = {"cage": "cage-total", "arrow": "arrow"}  # the families of the rules' LinearSum


@dataclass(frozen=True, eq=False)
class Row:
    """``lower <= sum(coefficients * x[variables]) <= upper`` (None: no
    bound on that side).

    ``family``: the constraint kind it comes from (``cage-total`` for a
    cage's sum); ``label``: a unique 1-based name for export files;
    ``variables``, ``coefficients``: ``(m,)`` int64 arrays (binary model
    variable numbers)."""

    family: str
    label: str
    variables: np.ndarray
    coefficients: np.ndarray
    lower: int | None
    upper: int | None

    @property
    def at_most_one(self) -> bool:
        """A plain at-most-one (or exactly-one) row: coefficients 1, upper 1."""
        return self.upper == 1 and bool(np.all(self.coefficients == 1))


@dataclass(frozen=True, eq=False)
class BinaryRules:
    """The variant constraints of one :class:`~sudoku_models.rules.Rules`
    on the binary model: ``rows`` (:class:`Row`, grouped by family in the
    order the constraints come) and ``zeros``, the ``(z,)`` int64 variable
    numbers fixed at 0 (parity)."""

    rows: tuple[Row, ...]
    zeros: np.ndarray

    def families(self) -> dict[str, list[Row]]:
        """The rows by family, families in order of first appearance."""
        grouped: dict[str, list[Row]] = {}
        for row in self.rows:
            grouped.setdefault(row.family, []).append(row)
        return grouped


def binary_rules(rules: Rules) -> BinaryRules:
    """The :class:`BinaryRules` of ``rules``, built once per rules (cached)."""
    return _binary_rules(rules)


@lru_cache(maxsize=64)
def _binary_rules(rules: Rules) -> BinaryRules:
    layout, context = rules.layout, rules.context
    side = layout.side
    values = np.arange(side, dtype=np.int64)
    rows: list[Row] = []
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

    for constraint in rules.constraints:
        kind = constraint.kind
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
        for total in constraint.sums(layout):
            family = SUM_KINDS[kind]
            linear(family, f"{_name(family)}_{number(family)}", total.cells, total.coefficients,
                   total.total, total.total)
        if isinstance(constraint, XV):
            linear("xv", f"xv_{number('xv')}", constraint.cells, (1, 1), constraint.total,
                   constraint.total)
        elif isinstance(constraint, (GreaterThan, Thermometer)):
            n = number(kind)
            steps = ([constraint.cells] if isinstance(constraint, GreaterThan) else
                     [(b, a) for a, b in zip(constraint.cells, constraint.cells[1:])])
            for step, (high, low) in enumerate(steps):
                suffix = "" if isinstance(constraint, GreaterThan) else f"_{step + 1}"
                linear(kind, f"{_name(kind)}_{n}{suffix}", (high, low), (1, -1), 1, None)
        elif not isinstance(constraint, (Cage, Arrow)):
            for relation in constraint.pairs(layout, context):
                rows.extend(_pair_rows(kind, number(kind), relation, side))
    zeros = [cell * side + k for cell, mask in enumerate(rules.lowered.domains.tolist())
             for k in range(side) if not mask >> k & 1]
    return BinaryRules(tuple(rows), np.asarray(zeros, dtype=np.int64))


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


def rule_matrix(rules: Rules, columns: np.ndarray):
    """The variant's rows as ``(A, lower, upper)`` over the columns
    ``columns[v]`` of the binary model's variables ``v``: ``A`` a ``(m,
    len(columns))`` scipy CSR matrix, ``lower``/``upper`` ``(m,)`` float
    arrays (``-inf``/``inf`` where a side is open); parity's zeros are rows
    ``x <= 0`` (bounds would be reset when clues change)."""
    import scipy.sparse as sp

    described = binary_rules(rules)
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
