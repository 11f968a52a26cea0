"""CP: integer cells with AllDifferent on every house, solved by CP-SAT.

Source: the Engee/JuMP MILP vs. CP example (seed 003, its ``AllDifferent``
model), written for OR-Tools CP-SAT (``CpModel.add_all_different``). One
integer variable per cell with domain ``1..n*n``; one AllDifferent constraint
per row, column and box; a clue shrinks its cell's domain to one value.

CP-SAT runs with one worker by default so that times compare fairly with
HiGHS; ``threads`` and ``seed`` set ``num_workers`` and ``random_seed``.
"""

from __future__ import annotations

import functools

import numpy as np
import ortools
from ortools.sat.python import cp_model

from ..houses import house_cells
from ..puzzle import Puzzle
from ..result import ModelSize, Status
from .base import Formulation, entry_points

_STATUS = {
    cp_model.OPTIMAL: Status.OPTIMAL,
    cp_model.FEASIBLE: Status.FEASIBLE,
    cp_model.INFEASIBLE: Status.INFEASIBLE,
    cp_model.MODEL_INVALID: Status.ERROR,
}


class _SolutionCounter(cp_model.CpSolverSolutionCallback):
    """Counts the solutions CP-SAT reports; stops the search at ``limit``."""

    def __init__(self, limit: int | None) -> None:
        super().__init__()
        self.limit = limit
        self.count = 0

    def on_solution_callback(self) -> None:
        self.count += 1
        if self.limit is not None and self.count >= self.limit:
            self.stop_search()


class CpFormulation(Formulation):
    """Integer cells 1..n*n with AllDifferent per house, solved by CP-SAT.

    After :meth:`build`, ``model`` is the ``CpModel`` and ``cells`` the
    ``(n*n, n*n)`` object array of its ``IntVar`` cells. Options as
    :class:`Formulation`.
    """

    name = "cp"
    description = "integer cells with AllDifferent per row, column and box, CP-SAT"

    def __init__(self, order: int = 3, **options) -> None:
        super().__init__(order, **options)
        self.model: cp_model.CpModel | None = None
        self.cells: np.ndarray | None = None

    def _build_rules(self) -> None:
        s = self.side
        model = cp_model.CpModel()
        cells = np.array(
            [model.new_int_var(1, s, f"cell_r{r + 1}c{c + 1}") for r in range(s) for c in range(s)],
            dtype=object,
        )
        for house in house_cells(self.order):
            model.add_all_different(cells[house].tolist())
        self.model = model
        self.cells = cells.reshape(s, s)

    def _load_clues(self, puzzle: Puzzle) -> None:
        variables = self.model.proto.variables
        for index, value in enumerate(puzzle.grid.ravel()):
            domain = variables[index].domain
            domain.clear()
            domain.extend([value, value] if value else [1, self.side])

    def _native_model(self) -> tuple[cp_model.CpModel, np.ndarray]:
        return self.model, self.cells

    def _run(self):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = self.threads
        solver.parameters.random_seed = self.seed
        solver.parameters.log_search_progress = self.log
        if self.time_limit is not None:
            solver.parameters.max_time_in_seconds = self.time_limit
        code = solver.solve(self.model)
        stats = {"branches": int(solver.num_branches), "conflicts": int(solver.num_conflicts)}
        unknown = Status.TIME_LIMIT if self.time_limit is not None else Status.ERROR
        status = _STATUS.get(code, unknown)  # UNKNOWN: stopped before an answer
        if not status.solved:
            return status, None, stats, None
        values = np.array([solver.value(v) for v in self.cells.ravel()])
        return status, values, stats, None

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None) -> int:
        """Number of solutions of ``puzzle`` by CP-SAT's solution enumeration
        (``enumerate_all_solutions``, one worker), stopping at ``limit``
        (None: all). Contradictory clues give 0."""
        self.build(puzzle)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.enumerate_all_solutions = True
        counter = _SolutionCounter(limit)
        solver.solve(self.model, counter)
        return counter.count

    def size(self) -> ModelSize:
        s = self.side
        return ModelSize(variables=s * s, constraints=3 * s, nonzeros=3 * s * s)

    @staticmethod
    @functools.cache
    def solver_name() -> str:
        return f"CP-SAT {ortools.__version__}"


build, solve = entry_points(CpFormulation)
