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

The model is solved through Pyomo's persistent HiGHS interface
(``pyomo.contrib.solver.solvers.highs.Highs``): loaded into HiGHS once, then
only the changed clue bounds are sent for each new puzzle.
"""

from __future__ import annotations

import functools

import highspy
import numpy as np
import pyomo.environ as pyo
from pyomo.contrib.solver.common.results import TerminationCondition
from pyomo.contrib.solver.solvers.highs import Highs

from ..puzzle import Puzzle
from ..result import ModelSize, Status
from .base import Formulation, entry_points

OBJECTIVES = ("feasibility", "tiebreak")


class MilpFormulation(Formulation):
    """Binary x[i, j, k] model in Pyomo, solved by HiGHS (persistent).

    ``objective``: ``"feasibility"`` (0, default) or ``"tiebreak"`` (MATLAB's
    ``f = 1..N``). Other options as :class:`Formulation`.
    Raises ``ValueError`` for an unknown objective.
    """

    name = "milp"
    description = "binary x[i,j,k] assignment, Pyomo model solved by HiGHS (persistent)"

    def __init__(self, order: int = 3, *, objective: str = "feasibility", **options) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
        super().__init__(order, **options)
        self.objective = objective
        self.model: pyo.ConcreteModel | None = None
        self._solver: Highs | None = None
        self._clues: set[tuple[int, int, int]] = set()

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
            cost = {(i, j, k): 1 + i + s * j + s * s * k for i in m.I for j in m.I for k in m.I}
            m.obj = pyo.Objective(expr=sum(cost[key] * m.x[key] for key in cost))
        else:
            m.obj = pyo.Objective(expr=0)
        self.model = m

    def _load_clues(self, puzzle: Puzzle) -> None:
        clues = self._clue_cells(puzzle)
        changed = clues ^ self._clues
        for key in changed:
            self.model.x[key].setlb(1 if key in clues else 0)
        if self._solver is not None and changed:
            self._solver.update_variables([self.model.x[key] for key in changed])
        self._clues = clues

    def _native_model(self) -> pyo.ConcreteModel:
        return self.model

    def _attach_solver(self) -> None:
        if self._solver is not None:
            return
        solver = Highs()
        updates = solver.config.auto_updates
        for option in list(updates):  # we send clue changes ourselves
            setattr(updates, option, False)
        solver.set_instance(self.model)
        self._solver = solver

    def _run(self):
        options = {"threads": self.threads, "tee": self.log, "solver_options": {"random_seed": self.seed}}
        if self.time_limit is not None:
            options["time_limit"] = self.time_limit
        results = self._solver.solve(
            self.model, load_solutions=False, raise_exception_on_nonoptimal_result=False, **options
        )
        info = results.extra_info
        stats = {
            "B&B nodes": max(int(info.mip_node_count), 0),
            "LP iterations": max(int(info.simplex_iteration_count), 0),
        }
        condition = results.termination_condition
        has_solution = results.incumbent_objective is not None
        if condition == TerminationCondition.convergenceCriteriaSatisfied:
            status = Status.OPTIMAL
        elif condition in (
            TerminationCondition.provenInfeasible,
            TerminationCondition.locallyInfeasible,
            TerminationCondition.infeasibleOrUnbounded,
        ):
            status = Status.INFEASIBLE
        elif condition == TerminationCondition.maxTimeLimit:
            status = Status.FEASIBLE if has_solution else Status.TIME_LIMIT
        else:
            status = Status.ERROR
        if not status.solved:
            return status, None, stats, None
        variables = list(self.model.x.values())  # index order: row, column, value
        primals = results.solution_loader.get_vars(variables)
        x = np.array([primals[v] for v in variables]).reshape(-1, self.side)
        values = np.argmax(x, axis=1) + 1
        return status, values, stats, float(results.incumbent_objective)

    def size(self) -> ModelSize:
        s = self.side
        return ModelSize(variables=s**3, constraints=4 * s * s, nonzeros=4 * s**3)

    @staticmethod
    @functools.cache
    def solver_name() -> str:
        return f"HiGHS {highspy.Highs().version()}"


build, solve = entry_points(MilpFormulation)
