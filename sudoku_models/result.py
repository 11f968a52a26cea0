"""SolveResult and Status, shared by every formulation."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

import numpy as np


class Status(enum.Enum):
    """Outcome of one solve.

    * OPTIMAL: a solution, proven optimal (any solution is, with the
      feasibility objective).
    * FEASIBLE: a solution, optimality not proven (a time limit hit with the
      tie-breaking objective).
    * INFEASIBLE: proven to have no solution (for example contradictory clues).
    * TIME_LIMIT: the time limit ended the search before any solution.
    * ERROR: the solver failed or returned something unexpected.
    """

    OPTIMAL = "OPTIMAL"
    FEASIBLE = "FEASIBLE"
    INFEASIBLE = "INFEASIBLE"
    TIME_LIMIT = "TIME_LIMIT"
    ERROR = "ERROR"

    @property
    def solved(self) -> bool:
        """True for OPTIMAL and FEASIBLE: the result carries a grid."""
        return self in (Status.OPTIMAL, Status.FEASIBLE)


@dataclass(frozen=True)
class ModelSize:
    """Size of a model as built, before any presolve.

    ``nonzeros`` counts the coefficients of linear constraints; for a CP model
    with global constraints it counts variable occurrences in constraints.
    """

    variables: int
    constraints: int
    nonzeros: int


@dataclass(frozen=True)
class SolveResult:
    """What one formulation reported for one puzzle.

    * ``method``: the formulation's registry name (``"milp"``, ``"cp"``, ...).
    * ``status``: :class:`Status`.
    * ``grid``: ``(n*n, n*n)`` int array when ``status.solved``, else None.
    * ``build_seconds``: wall time to build the model, or, when a built model
      is reused for a new puzzle, to load the new clues into it.
    * ``solve_seconds``: wall time of the solver call.
    * ``size``: :class:`ModelSize` of the model handed to the solver.
    * ``stats``: solver statistics by their usual names: HiGHS and SCIP
      ``{"B&B nodes", "LP iterations"}``, with ``stats="detailed"`` also
      ``"presolved rows"``, ``"presolved columns"``, ``"root LP seconds"``,
      ``"root LP iterations"``, ``"root bound"`` and ``"first solution
      seconds"`` where the solver reports them
      (:mod:`sudoku_models.formulations.milp.backends`); CP-SAT ``{"branches",
      "conflicts"}``; SAT ``{"decisions", "conflicts", "propagations"}``;
      the counter ``{"solutions", "branches"}``. A result that came after
      the time limit is TIME_LIMIT with ``"after the limit"`` holding the
      status it had (``"OPTIMAL"``, ...).
    * ``solver``: e.g. ``"HiGHS 1.14.0"`` or ``"CP-SAT 9.15.6755"``, with the
      native ``solver_options`` set, if any: ``"HiGHS 1.14.0 (solver=ipm,
      run_crossover=off)"``.
    * ``objective``: objective value for MILP formulations, else None.
    * ``puzzle``: the :class:`~sudoku_models.Puzzle` solved, when the method
      attached it (not compared, not in ``repr``): a notebook then shows
      its clues apart from the solution and its variant's marks.
    * ``cpu_seconds``: CPU seconds of the solving process (every thread)
      during the build and the solver call, when the method measured them.
    * ``time_limit``, ``cpu_limit``: the limits that applied (wall seconds,
      CPU seconds of the process; None: none), so a TIME_LIMIT says which.

    In a notebook a result shows as HTML (``_repr_html_``): the method,
    status, times, model size and statistics beside the grid, clues bold
    black and the solution blue.
    """

    method: str
    status: Status
    grid: np.ndarray | None
    build_seconds: float
    solve_seconds: float
    size: ModelSize
    stats: dict[str, int | float | str] = field(default_factory=dict)
    solver: str = ""
    objective: float | None = None
    puzzle: Any = field(default=None, compare=False, repr=False)
    cpu_seconds: float | None = field(default=None, compare=False)
    time_limit: float | None = None
    cpu_limit: float | None = None

    @property
    def total_seconds(self) -> float:
        """``build_seconds + solve_seconds``."""
        return self.build_seconds + self.solve_seconds

    def _repr_html_(self) -> str:
        """A table of the result beside the grid (SVG), for a notebook."""
        from html import escape

        from .board_svg import board_svg
        from .puzzle import SYMBOLS

        size = self.size
        facts = [("method", self.method), ("status", self.status.value),
                 ("build", f"{self.build_seconds:.4f} s"), ("solve", f"{self.solve_seconds:.4f} s"),
                 ("model", f"{size.variables:,} variables, {size.constraints:,} constraints, "
                           f"{size.nonzeros:,} nonzeros"),
                 *((key, value) for key, value in self.stats.items()),
                 ("solver", self.solver)]
        rows = "".join(f"<tr><th style='text-align:left'>{escape(str(k))}</th>"
                       f"<td style='text-align:left'>{escape(str(v))}</td></tr>" for k, v in facts)
        board = ""
        puzzle = self.puzzle
        if self.grid is not None or puzzle is not None:
            if puzzle is not None:
                layout, givens, constraints = puzzle.layout, puzzle.grid.ravel(), puzzle.constraints
            else:
                from .core.geometry import Layout

                side = self.grid.shape[0]
                order = round(side ** 0.5)
                layout = Layout.square(order) if order * order == side else Layout.latin(side)
                givens, constraints = None, ()
            values = (self.grid if self.grid is not None else puzzle.grid).ravel()
            board = board_svg(layout, values, givens=givens, constraints=constraints,
                              symbols=SYMBOLS)
        return (f"<div style='display:flex;gap:1em;align-items:flex-start'>{board}"
                f"<table>{rows}</table></div>")
