"""SCIP for the Pyomo MILP: the same compiled model, another solver.

``milp`` with ``solver="scip"`` builds exactly the Pyomo model of
:mod:`.milp`, compiles it with Pyomo's standard-form compiler as the HiGHS
path does (:mod:`.pyomo_highs`), and loads the matrix into SCIP through
``pyscipopt`` (the optional extra ``sudoku-models[scip]``) instead of
highspy. Only the solver differs, so a HiGHS/SCIP comparison measures
solvers, not interfaces. For each new puzzle the changed clue bounds are set
on SCIP's variables (after ``freeTransform()``, which returns SCIP to the
problem stage).

Pyomo 6.10 also has a persistent SCIP interface
(``pyomo.contrib.solver.solvers.scip.scip_persistent.ScipPersistent``); like
the persistent HiGHS interface, it re-walks the model for changes on every
solve, a per-puzzle cost that has nothing to do with the solver.

SCIP docs: "PySCIPOpt" (``Model.addVar``, ``addCons``, ``chgVarLb``,
``freeTransform``, ``getNNodes``, ``getNLPIterations``).
"""

from __future__ import annotations

import functools

import numpy as np
import scipy.sparse as sp

from ..counting import check_limit
from ..puzzle import Puzzle
from ..result import Status
from .milp import MilpFormulation

_STATUS = {"optimal": Status.OPTIMAL, "infeasible": Status.INFEASIBLE,
           "inforunbd": Status.INFEASIBLE}
_INF = float("inf")


@functools.cache
def scip_version() -> str:
    """``"SCIP <version>"`` of the SCIP inside the installed pyscipopt.
    Raises ``ImportError`` naming the extra when pyscipopt is missing."""
    return f"SCIP {_pyscipopt().Model().version()}"


def _pyscipopt():
    try:
        import pyscipopt
    except ImportError as error:
        raise ImportError(
            "solver='scip' needs pyscipopt: pip install 'sudoku-models[scip]'") from error
    return pyscipopt


class ScipModel:
    """``min cost @ x`` s.t. ``row_lower <= A @ x <= row_upper``,
    ``col_lower <= x <= col_upper``, ``x[integer]`` integral, in SCIP: the
    interface of :class:`~.highs_model.HighsModel` (same constructor
    arguments, :meth:`set_bounds`, :meth:`run`, ``shape``, ``nonzeros``).
    ``scip`` is the ``pyscipopt.Model``, for users who want SCIP itself."""

    def __init__(self, A, row_lower, row_upper, col_lower, col_upper, cost, integer) -> None:
        scip = _pyscipopt()
        A = sp.csr_matrix(A)
        self.scip = model = scip.Model()
        model.hideOutput()
        self.columns = [
            model.addVar(name=f"c{j}", vtype="I" if whole else "C",
                         lb=None if lo == -_INF else lo, ub=None if hi == _INF else hi)
            for j, (lo, hi, whole) in enumerate(zip(col_lower, col_upper, integer))
        ]
        for i, (lo, hi) in enumerate(zip(row_lower, row_upper)):
            start, end = A.indptr[i], A.indptr[i + 1]
            expr = scip.quicksum(float(a) * self.columns[j]
                                 for j, a in zip(A.indices[start:end], A.data[start:end]))
            if lo == hi:
                model.addCons(expr == lo, name=f"r{i}")
            elif lo == -_INF:
                model.addCons(expr <= hi, name=f"r{i}")
            elif hi == _INF:
                model.addCons(expr >= lo, name=f"r{i}")
            else:
                model.addCons(lo <= (expr <= hi), name=f"r{i}")
        model.setObjective(scip.quicksum(float(c) * v for c, v in zip(cost, self.columns) if c),
                           "minimize")
        self.shape = A.shape
        self.nonzeros = A.nnz

    def set_bounds(self, columns, lower, upper) -> None:
        """Change the bounds of ``columns`` (int array) to ``lower``/``upper``."""
        self.scip.freeTransform()
        for j, lo, hi in zip(np.asarray(columns), lower, upper):
            self.scip.chgVarLb(self.columns[j], None if lo == -_INF else lo)
            self.scip.chgVarUb(self.columns[j], None if hi == _INF else hi)

    def run(self, *, log: bool, threads: int, seed: int, time_limit: float | None):
        """Solve. Returns ``(status, column values or None, stats, objective
        or None)``; ``stats`` holds ``"B&B nodes"`` (SCIP's processed nodes,
        0 when presolve solves it) and ``"LP iterations"``. Raises
        ``KeyboardInterrupt`` when SCIP reports a user interrupt (Ctrl-C)."""
        m = self.scip
        m.freeTransform()
        if log:
            m.hideOutput(False)
        else:
            m.hideOutput()
        m.setParam("lp/threads", threads)
        m.setParam("randomization/randomseedshift", seed)
        m.setParam("limits/time", 1e20 if time_limit is None else time_limit)
        m.optimize()
        stats = {"B&B nodes": int(m.getNNodes()), "LP iterations": int(m.getNLPIterations())}
        code = m.getStatus()
        if code == "userinterrupt":
            raise KeyboardInterrupt("SCIP was interrupted")
        if code == "timelimit":
            status = Status.FEASIBLE if m.getNSols() else Status.TIME_LIMIT
        else:
            status = _STATUS.get(code, Status.ERROR)
        if not status.solved:
            return status, None, stats, None
        solution = m.getBestSol()
        values = np.array([m.getSolVal(solution, v) for v in self.columns])
        return status, values, stats, float(m.getSolObjVal(solution))

    def count_with_no_good_cuts(self, binary_columns: np.ndarray, limit: int | None) -> int:
        """As :func:`~.highs_model.count_with_no_good_cuts`, in SCIP: solve,
        cut off the solution (``sum of the columns at 1 <= their number - 1``),
        solve again, up to ``limit`` (None: all); the cuts are removed after."""
        scip = _pyscipopt()
        cuts = []
        count = 0
        while limit is None or count < limit:
            status, values, _, _ = self.run(log=False, threads=1, seed=0, time_limit=None)
            if not status.solved:
                break
            count += 1
            ones = binary_columns[values[binary_columns] > 0.5]
            self.scip.freeTransform()
            cuts.append(self.scip.addCons(
                scip.quicksum(self.columns[j] for j in ones) <= len(ones) - 1))
        self.scip.freeTransform()
        for cut in cuts:
            self.scip.delCons(cut)
        return count


class MilpScipFormulation(MilpFormulation):
    """The ``milp`` Pyomo model solved by SCIP; what ``milp`` with
    ``solver="scip"`` makes. Options as :class:`~.milp.MilpFormulation`.
    Raises ``ImportError`` naming the extra when pyscipopt is missing."""

    solver_model = ScipModel
    solver_name = staticmethod(scip_version)

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None,
                        time_limit: float | None = None) -> int:
        """Number of solutions of ``puzzle`` by SCIP with no-good cuts, up
        to ``limit`` (None: all). ``time_limit`` is not supported here
        (``ValueError``): count with HiGHS or CP-SAT for a bounded count."""
        check_limit(limit)
        if time_limit is not None:
            raise ValueError("milp with solver='scip' counts without a time limit; use "
                             "method 'milp' (HiGHS) or 'cp' for a bounded count")
        self._ready(puzzle)
        return self.highs_model.count_with_no_good_cuts(self._binary_columns(), limit)

    def export(self, puzzle: Puzzle, path, fmt: str) -> None:
        """Export writes HiGHS's LP/MPS of the same model: use ``solver="highs"``."""
        from ..registry import CapabilityError

        raise CapabilityError("export the milp model with solver='highs' (the model is the same)")
