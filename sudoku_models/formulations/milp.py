"""MILP: binary assignment model in Pyomo, solved by HiGHS.

Source: MATLAB's "Solve Sudoku Puzzles via Integer Programming: Solver-Based"
(seed 000, ``sudokuEngine``) and the Engee/JuMP MILP vs. CP example (seed
003). Binary ``x[i, j, k] = 1`` when cell ``(i, j)`` holds value ``k + 1``
(0-based indices), with four families of "exactly one" constraints:

* cell: every cell holds one value,        sum_k x[i, j, k] = 1
* row: every value once in every row,      sum_j x[i, j, k] = 1
* column: every value once in every column, sum_i x[i, j, k] = 1
* box: every value once in every box,      sum over the box of x[., ., k] = 1

Clues are lower bounds of 1, as ``sudokuEngine`` sets ``lb``. The objective
is 0 (a feasibility problem, as in the JuMP seed) or, with
``objective="tiebreak"``, MATLAB's ``f = (1:N)'``: the coefficient of
``x[i, j, k]`` is its 1-based position in MATLAB's column-major ``x(:)``,
``1 + i + s*j + s*s*k`` for side ``s``.

The model is compiled once by Pyomo and loaded into HiGHS; for each new
puzzle only the changed clue bounds are sent (see :mod:`.pyomo_highs`).
"""

from __future__ import annotations

import numpy as np
import pyomo.environ as pyo

from ..puzzle import Puzzle
from .base import entry_points
from .highs_model import count_with_no_good_cuts
from .objectives import OBJECTIVES, check_objective, tiebreak_costs
from .pyomo_highs import PyomoHighsFormulation


class MilpFormulation(PyomoHighsFormulation):
    """Binary x[i, j, k] model in Pyomo, solved by HiGHS.

    ``objective``: ``"feasibility"`` (0, default) or ``"tiebreak"`` (MATLAB's
    ``f = 1..N``); ``solver``: ``"highs"`` (default) or ``"scip"`` (the same
    compiled model in SCIP through pyscipopt, the extra ``[scip]``: makes a
    :class:`~.pyomo_scip.MilpScipFormulation`). Other options as
    :class:`Formulation`. Raises ``ValueError`` for an unknown objective or
    solver.
    """

    name = "milp"
    description = "binary x[i,j,k] assignment, Pyomo model solved by HiGHS"
    objectives = OBJECTIVES

    def __new__(cls, *args, solver: str = "highs", **options):
        if solver not in ("highs", "scip"):
            raise ValueError(f"solver must be one of highs, scip, got {solver!r}")
        if solver == "scip" and cls is MilpFormulation:
            from .pyomo_scip import MilpScipFormulation

            cls = MilpScipFormulation
        return super().__new__(cls)

    def __init__(self, order: int = 3, *, objective: str = "feasibility", solver: str = "highs",
                 **options) -> None:
        super().__init__(order, **options)
        self.objective = check_objective(objective)
        self._clues: set[tuple[int, int, int]] = set()
        self._x_columns: np.ndarray | None = None

    def _build_rules(self) -> None:
        n, s = self.order, self.side
        m = pyo.ConcreteModel(name=f"sudoku_milp_order{n}")
        m.I = pyo.RangeSet(0, s - 1)
        m.x = pyo.Var(m.I, m.I, m.I, domain=pyo.Binary)
        m.cell = pyo.Constraint(m.I, m.I, rule=lambda m, i, j: sum(m.x[i, j, k] for k in m.I) == 1)
        m.row = pyo.Constraint(m.I, m.I, rule=lambda m, i, k: sum(m.x[i, j, k] for j in m.I) == 1)
        m.column = pyo.Constraint(
            m.I, m.I, rule=lambda m, j, k: sum(m.x[i, j, k] for i in m.I) == 1
        )
        m.box = pyo.Constraint(
            m.I,
            m.I,
            rule=lambda m, b, k: sum(
                m.x[n * (b // n) + a // n, n * (b % n) + a % n, k] for a in m.I
            )
            == 1,
        )
        if self.objective == "tiebreak":
            cost = tiebreak_costs(s)
            m.obj = pyo.Objective(expr=sum(int(cost[key]) * m.x[key] for key in m.x))
        else:
            m.obj = pyo.Objective(expr=0)
        self.model = m

    def _load_clues(self, puzzle: Puzzle) -> None:
        clues = self._clue_cells(puzzle)
        changed = clues ^ self._clues
        for key in changed:
            self.model.x[key].setlb(1 if key in clues else 0)
        self._send_bounds([self.model.x[key] for key in changed])
        self._clues = clues

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None) -> int:
        """Number of solutions of ``puzzle`` by HiGHS with no-good cuts
        (see :func:`~.highs_model.count_with_no_good_cuts`), up to ``limit``."""
        self.build(puzzle)
        self._attach_solver()
        x_columns = self._columns(self.model.x.values())
        return count_with_no_good_cuts(self.highs_model, x_columns, limit)

    def _grid_values(self, column_values: np.ndarray) -> np.ndarray:
        if self._x_columns is None:  # x in index order: row, column, value
            self._x_columns = self._columns(self.model.x.values()).reshape(-1, self.side)
        return np.argmax(column_values[self._x_columns], axis=1) + 1


build, solve = entry_points(MilpFormulation)
