"""MILP: binary assignment model in Pyomo, solved by HiGHS (or SCIP).

Source: MATLAB's "Solve Sudoku Puzzles via Integer Programming: Solver-Based"
(seed 000, ``sudokuEngine``) and the Engee/JuMP MILP vs. CP example (seed
003). Binary ``x[i, j, k] = 1`` when cell ``(i, j)`` holds value ``k + 1``
(0-based indices), with four families of "exactly one" constraints:

* cell: every cell holds one value,        sum_k x[i, j, k] = 1
* row: every value once in every row,      sum_j x[i, j, k] = 1
* column: every value once in every column, sum_i x[i, j, k] = 1
* box: every value once in every box,      sum over the box of x[., ., k] = 1
  (the regions of the layout: square or rectangular boxes, jigsaw regions;
  none for a Latin square)

With more values than cells per house (``k`` in ``0..V-1``, ``V > N``:
:meth:`~sudoku_models.core.geometry.Layout.with_values`) the row, column and box
sums are ``<= 1``: each value at most once in a house.

Clues are lower bounds of 1, as ``sudokuEngine`` sets ``lb``. The objective
is 0 (a feasibility problem, as in the JuMP seed) or, with
``objective="tiebreak"``, MATLAB's ``f = (1:N)'``: the coefficient of
``x[i, j, k]`` is its 1-based position in MATLAB's column-major ``x(:)``,
``1 + i + s*j + s*s*k`` for side ``s``.

The constraints of variants (extra regions, killer cages, relations, parity)
are added as the rows of :mod:`.binary_rules` describes, one Pyomo
component per constraint kind (``m.cage``, ``m.cage_total``, ``m.kropki``,
...), in the forms the options choose: a killer cage as
``sum(k * x[i, j, k]) == total`` with at most one of each value per cage
(``cage="sum"``) or as its digit sets, binaries ``m.y`` (``cage="sets"``,
the extended formulation); a thermometer a chain of ``v(a) - v(b) >= 1``
over the cell values ``v(c) = sum_k k x[c, k]`` (``order="values"``) or the
cumulative rows per digit (``order="cumulative"``); an arrow its sum or,
where its shaft's cells differ, its digit sets (``arrow="sets"``); a Kropki
dot its forbidden value pairs as clique rows, parity and pruned cage
candidates (``prune=True``) fixed zeros. :mod:`.binary_rules` gives each
form's source and what it strengthens.

The model is compiled once from Pyomo and loaded into the back-end (HiGHS,
or SCIP with ``solver="scip"``); for each new puzzle only the changed clue
bounds are sent, straight to the back-end's model (see :mod:`.pyomo_model`).
"""

from __future__ import annotations

import numpy as np
import pyomo.core as pyo  # not pyomo.environ: its solver plugins cost 0.2 s of start-up

from ..binary.model import binary_model
from ...puzzle import Puzzle
from ..base import entry_points
from ..binary.variant_rows import BinaryRowOptions, binary_rules
from .objectives import tiebreak_costs
from .pyomo_model import PyomoFormulation


class MilpFormulation(BinaryRowOptions, PyomoFormulation):
    """Binary x[i, j, k] model in Pyomo, solved by HiGHS or SCIP.

    ``objective``: ``"feasibility"`` (0, default) or ``"tiebreak"`` (MATLAB's
    ``f = 1..N``); ``solver``: ``"highs"`` (default) or ``"scip"`` (the same
    compiled model in SCIP through pyscipopt, the extra ``[scip]``);
    ``cage``: ``"sum"`` (default) or ``"sets"`` (a killer cage as one sum
    row, or as one binary per admissible digit set: the extended
    formulation, a tighter LP relaxation); ``order``: ``"values"`` (default)
    or ``"cumulative"`` (greater-than and thermometer steps as one row over
    the values, or as the disaggregated rows per digit, whose LP relaxation
    is the hull of the step); ``arrow``: ``"sum"`` (default) or ``"sets"``
    (an arrow whose shaft's cells differ as its digit sets); ``prune``:
    True (default) fixes at 0 the digits no digit set of a cage holds;
    ``rule45``: False (default) or True (the rule of 45's innies and
    outies, as virtual cages in the cage form where their cells differ) (the
    forms, their sources and what each strengthens: :mod:`.binary_rules`);
    ``solver_options``, ``stats`` and the other options as
    :class:`~.linear.LinearFormulation`. Raises ``ValueError`` for a value
    the registry does not allow.
    """

    name = "milp"

    def __init__(self, layout=3, *, objective: str = "feasibility", **options) -> None:
        super().__init__(layout, **options)
        self.objective = self._option("objective", objective)
        self._x_upper: np.ndarray | None = None  # the upper bounds of x as built
        self._variant_rows: dict[str, list] = {}  # component name -> rows (for export names)
        self._extra_names: tuple[str, ...] = ()  # of m.y, the digit-set binaries

    def _build_rules(self) -> None:
        s = self.side
        boxes = self.layout.houses[2 * s:]  # the regions, as every formulation sees them
        m = pyo.ConcreteModel(name=f"sudoku_milp_{s}x{s}")
        m.I = pyo.RangeSet(0, s - 1)
        m.K = pyo.RangeSet(0, self.num_values - 1)  # the values, as many as cells unless more
        m.B = pyo.RangeSet(0, len(boxes) - 1)
        m.x = pyo.Var(m.I, m.I, m.K, domain=pyo.Binary)

        def once(expr):  # each value once in a house, or at most once with more values
            return expr == 1 if binary_model(self.layout).exact else expr <= 1

        m.cell = pyo.Constraint(m.I, m.I, rule=lambda m, i, j: sum(m.x[i, j, k] for k in m.K) == 1)
        m.row = pyo.Constraint(m.I, m.K, rule=lambda m, i, k: once(sum(m.x[i, j, k] for j in m.I)))
        m.column = pyo.Constraint(
            m.I, m.K, rule=lambda m, j, k: once(sum(m.x[i, j, k] for i in m.I))
        )
        m.box = pyo.Constraint(
            m.B,
            m.K,
            rule=lambda m, b, k: once(sum(m.x[c // s, c % s, k] for c in boxes[b].tolist())),
        )
        self._add_variant_rules(m)
        if self.objective == "tiebreak":
            cost = tiebreak_costs(s, self.num_values)
            m.obj = pyo.Objective(expr=sum(int(cost[key]) * m.x[key] for key in m.x))
        else:
            m.obj = pyo.Objective(expr=0)
        self._model = m

    def _add_variant_rules(self, m: pyo.ConcreteModel) -> None:
        """The constraints of the variant (:mod:`.binary_rules`): one
        indexed component per kind, named after it (``cage_total``), the
        digit-set binaries ``m.y``, and parity and pruned candidates as upper
        bounds of 0."""
        s = self.side
        described = binary_rules(self.rules, **self.forms)
        x = [m.x[i, j, k] for i in range(s) for j in range(s) for k in range(self.num_values)]
        if described.extra:
            self._extra_names = described.extra
            m.y = pyo.Var(range(len(described.extra)), domain=pyo.Binary)
            x += [m.y[i] for i in range(len(described.extra))]
        for family, rows in described.families().items():
            name = family.replace("-", "_")
            self._variant_rows[name] = rows

            def rule(m, r, rows=rows):
                row = rows[r]
                if not row.variables.size:  # no term (digit sets with no set): holds or not
                    holds = (row.lower is None or row.lower <= 0) and (
                        row.upper is None or row.upper >= 0)
                    return pyo.Constraint.Feasible if holds else pyo.Constraint.Infeasible
                expr = sum(int(a) * x[v] for v, a in zip(row.variables.tolist(),
                                                          row.coefficients.tolist()))
                if row.lower == row.upper:
                    return expr == row.lower
                if row.lower is None:
                    return expr <= row.upper
                return expr >= row.lower if row.upper is None else \
                    pyo.inequality(row.lower, expr, row.upper)

            setattr(m, name, pyo.Constraint(range(len(rows)), rule=rule))
        for v in described.zeros.tolist():
            x[v].setub(0)

    def _load_clues(self, puzzle: Puzzle) -> None:
        """Clues as lower bounds of 1 on ``x`` (the upper bounds as built:
        1, or 0 for a pruned candidate), set by :meth:`_set_bounds`."""
        if self._x_upper is None:
            self._x_upper = np.array([v.ub for v in self._model.x.values()], dtype=float)
        grid = puzzle.grid.ravel()
        cells = np.flatnonzero(grid)
        lower = np.zeros(len(self._x_upper))
        lower[cells * self.num_values + grid[cells] - 1] = 1
        self._set_bounds(self._model.x, lower, self._x_upper)

    def _binary_columns(self) -> np.ndarray:
        return self._x_columns().ravel()

    def _x_columns(self) -> np.ndarray:
        """Back-end columns of x in index order (row, column, value): ``(s*s, V)``."""
        if "x" not in self._cache:
            self._cache["x"] = self._columns(self._model.x.values()).reshape(-1, self.num_values)
        return self._cache["x"]

    def _grid_values(self, column_values: np.ndarray) -> np.ndarray:
        return np.argmax(column_values[self._x_columns()], axis=1) + 1

    def _var_name(self, var) -> str:
        if var.parent_component() is self._model.x:
            return binary_model(self.layout).var_name(binary_model(self.layout).var(*var.index()))
        if var.parent_component().local_name == "y":
            return self._extra_names[var.index()]
        return super()._var_name(var)

    def _constraint_name(self, con) -> str:
        family = con.parent_component().local_name
        if family in ("cell", "row", "column", "box"):
            a, b = con.index()
            per = self.side if family == "cell" else self.num_values
            return binary_model(self.layout).labels(family)[a * per + b]
        if family in self._variant_rows:
            return self._variant_rows[family][con.index()].label
        return super()._constraint_name(con)


build, solve = entry_points(MilpFormulation)
