"""The formulations whose model is a MILP, run by a back-end.

``milp``, ``milp-alldiff`` and ``matrix`` state their model as a
:class:`~.backends.LinearProblem` and leave solving, counting, export, model
size and statistics to the back-end their ``solver`` option picks
(:mod:`.backends`: HiGHS or SCIP), all written once here.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import NamedTuple

import numpy as np

from ...errors import CountIncomplete
from ...puzzle import Puzzle
from ...result import ModelSize
from .backends import Backend, LinearProblem, backend_class, count_with_no_good_cuts
from ..base import Formulation
from ..parameters import label, parse_solver_options


class Relaxation(NamedTuple):
    """What :meth:`LinearFormulation.lp_relaxation` returns: ``feasible``
    (False: the LP relaxation alone proves the puzzle has no solution),
    ``bound`` (the LP optimum in the model's own sense, None when
    infeasible) and ``fractional`` (how many binary ``x`` columns the LP
    leaves strictly between 0 and 1: 0 when the LP solves the puzzle)."""

    feasible: bool
    bound: float | None
    fractional: int


class LinearFormulation(Formulation):
    """A formulation solved by a MILP back-end, ``self.backend``
    (:class:`~.backends.Backend`), which subclasses make with
    :meth:`_load_backend` from their :class:`~.backends.LinearProblem`.

    ``solver``: the back-end, ``"highs"`` (default) or ``"scip"`` (the
    extra ``[scip]``), for the methods whose registry entry has that option;
    ``solver_options``: the solver's own parameters, a mapping or
    ``"name=value,..."`` (:mod:`.parameters`), checked against the solver
    now; ``stats``: ``"basic"`` (``B&B nodes``, ``LP iterations``) or
    ``"detailed"`` (also the presolved size, the root LP and the first
    solution: :mod:`.backends`). The result's ``solver`` names the solver
    with any native options set. Raises ``ValueError`` for a value the
    registry does not allow or a parameter the solver refuses.

    Subclasses implement :meth:`_grid_values` and, to count or export,
    :meth:`_binary_columns`, :meth:`_column_names` and :meth:`_row_names`;
    ``self._sense`` is -1 for a maximising model.
    """

    def __init__(self, layout=3, *, solver: str = "highs", solver_options=None,
                 stats: str = "basic", **options) -> None:
        super().__init__(layout, **options)
        if solver != "highs" or "solver" in self.info().options:
            self._option("solver", solver)
        self.solver = solver
        self.detailed_stats = self._option("stats", stats) == "detailed"
        self._backend_class = backend_class(solver)
        self.solver_options = self._backend_class.parameters(parse_solver_options(solver_options))
        version = self._backend_class.version()
        self.solver_name = lambda: (f"{version} ({label(self.solver_options)})"
                                    if self.solver_options else version)
        self.backend: Backend | None = None
        self._sense = 1

    def _load_backend(self, problem: LinearProblem) -> None:
        """Hand ``problem`` to a new back-end of this method's solver."""
        self.backend = self._backend_class(problem, self.solver_options)

    def _run(self):
        status, values, stats, objective = self.backend.run(
            self._deadline, log=self.log, threads=self.threads, seed=self.seed,
            detailed=self.detailed_stats)
        if "root bound" in stats:
            stats["root bound"] *= self._sense
        if not status.solved:
            return status, None, stats, None
        return status, self._grid_values(values), stats, self._sense * objective

    @abstractmethod
    def _grid_values(self, column_values: np.ndarray) -> np.ndarray:
        """The ``n**4`` cell values (row-major) from the column values."""

    def _binary_columns(self) -> np.ndarray:
        """The binary columns that identify a solution (for counting)."""
        from ...registry import CapabilityError

        raise CapabilityError(f"method {self.name!r} cannot count solutions")

    def _column_names(self) -> list[str]:
        """Names of the columns, for export."""
        return [f"c{j + 1}" for j in range(self.backend.shape[1])]

    def _row_names(self) -> list[str]:
        """Names of the rows, for export."""
        return [f"r{i + 1}" for i in range(self.backend.shape[0])]

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None,
                        time_limit: float | None = None,
                        cpu_limit: float | None = None) -> int:
        """Number of solutions of ``puzzle`` by the back-end with no-good
        cuts (:func:`~.backends.count_with_no_good_cuts`), up to ``limit``
        (None: all); ``time_limit`` and ``cpu_limit`` as
        :meth:`Formulation.count_solutions`."""
        from ...limits import check_limit

        check_limit(limit)
        deadline = self._start_count(time_limit, cpu_limit)
        if not self._ready_in_time(puzzle, self._ready):
            raise CountIncomplete(0, "time limit")
        return count_with_no_good_cuts(self.backend, self._binary_columns(), limit, deadline,
                                       threads=self.threads, seed=self.seed)

    def lp_relaxation(self, puzzle: Puzzle, cost: np.ndarray | None = None,
                      time_limit: float | None = None) -> Relaxation:
        """The LP relaxation of this method's model of ``puzzle`` (clues
        included, integrality dropped), solved apart from the back-end by
        scipy's ``linprog`` (HiGHS through scipy, ``method="highs"``): how
        much the formulation decides before any branching.

        ``cost``: None for the model's own objective (for a feasibility model
        the bound is then 0, and every Sudoku solution has the same
        ``tiebreak`` objective, so neither tells formulations apart), or an
        ``(s, s, s)`` array of costs of ``x[row, column, value - 1]`` to
        minimise instead (the binary models: ``milp``, ``matrix``): the higher
        the LP's minimum, the tighter the formulation in that direction, up
        to the cost of the best solution. Raises
        :class:`~sudoku_models.registry.CapabilityError` for a ``cost`` on a
        model without ``x``, ``RuntimeError`` if the LP solver fails."""
        import scipy.sparse as sp
        from scipy.optimize import linprog

        self._ready(puzzle)
        problem = self.backend.problem
        objective, sense = problem.cost, self._sense
        if cost is not None:
            objective, sense = np.zeros(problem.shape[1]), 1
            objective[self._x_columns().ravel()] = np.asarray(cost, float).ravel()
        lower, upper = self.backend.column_bounds()
        A = sp.csr_matrix((problem.A.data, problem.A.indices, problem.A.indptr), problem.A.shape)
        equal = problem.row_lower == problem.row_upper
        below = ~equal & np.isfinite(problem.row_upper)
        above = ~equal & np.isfinite(problem.row_lower)
        result = linprog(objective,
                         A_ub=sp.vstack([A[below], -A[above]]),
                         b_ub=np.concatenate([problem.row_upper[below], -problem.row_lower[above]]),
                         A_eq=A[equal], b_eq=problem.row_upper[equal],
                         bounds=np.column_stack([lower, upper]), method="highs",
                         options={} if time_limit is None else {"time_limit": time_limit})
        if result.status == 1:
            raise TimeoutError(f"{self.name}: the LP relaxation passed its limit of "
                               f"{time_limit} s: {result.message}")
        if result.status == 2:
            return Relaxation(False, None, 0)
        if result.status != 0:
            raise RuntimeError(f"{self.name}: the LP relaxation failed: {result.message}")
        binary = result.x[self._binary_columns()]
        fractional = int(np.count_nonzero((binary > 1e-6) & (binary < 1 - 1e-6)))
        return Relaxation(True, sense * float(result.fun), fractional)

    def _x_columns(self) -> np.ndarray:
        """The back-end columns of ``x[row, column, value]`` in index order,
        ``(s*s, s)``, for the binary models."""
        from ...registry import CapabilityError

        raise CapabilityError(f"method {self.name!r} has no binary x[i,j,k] columns")

    def export(self, puzzle: Puzzle, path, fmt: str) -> None:
        """Write the model of ``puzzle`` as ``"lp"`` or ``"mps"`` (the
        back-end's writer), with 1-based readable names (``x_r1_c2_v4``,
        ``cell_r1_c2``, ``row_r1_v4``, ...)."""
        if fmt not in ("lp", "mps"):
            super().export(puzzle, path, fmt)
        self._ready(puzzle)
        self.backend.write(path, fmt, self._column_names(), self._row_names())

    def size(self) -> ModelSize:
        """Size of the model handed to the solver."""
        if self.backend is None:
            self._attach_solver()
        rows, cols = self.backend.shape
        return ModelSize(variables=cols, constraints=rows, nonzeros=self.backend.nonzeros)

    @staticmethod
    def solver_name() -> str:
        """Solver and version of the default back-end (HiGHS); an instance
        names its own, with its native options."""
        return backend_class("highs").version()
