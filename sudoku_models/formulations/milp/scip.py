"""SCIP as a back-end (pyscipopt, the optional extra ``sudoku-models[scip]``).

The problem's rows become linear constraints of a ``pyscipopt.Model``; for
each new puzzle the changed bounds are set after ``freeTransform()``, which
returns SCIP to the problem stage.

Ctrl-C and time limits: SCIP runs without the GIL (``optimizeNogil``) under
:func:`sudoku_models.stoppable.call_stoppable`, which stops it through
``interruptSolve``; SCIP's own SIGINT handler (``misc/catchctrlc``) is
off. Detailed statistics are read from SCIP's statistics tables
(``writeStatisticsJson``): "presolvedprob" (variables and initial
constraints after presolve), "root" (first LP time and iterations, final
dual bound) and "solution" (first solution time).

SCIP docs: "PySCIPOpt" (``Model.addVar``, ``addCons``, ``chgVarLb``,
``freeTransform``, ``getNNodes``, ``getNLPIterations``, ``setParam``) and
the SCIP parameter list for the native parameters (``lp/initalgorithm``,
``presolving/maxrounds``, ``limits/gap``, ...).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from ...deadline import Deadline
from ...result import Status
from ...stoppable import call_stoppable
from ..parameters import CTRL_C, SolverOptionError, Value, unknown
from .backends import Backend, LinearProblem, Outcome

_STATUS = {"optimal": Status.OPTIMAL, "infeasible": Status.INFEASIBLE,
           "inforunbd": Status.INFEASIBLE}
_INF = float("inf")
_NONE = 1e20  # SCIP's infinity in its statistics: "none yet"


def _pyscipopt():
    try:
        import pyscipopt
    except ImportError as error:
        raise ImportError(
            "solver='scip' needs pyscipopt: pip install 'sudoku-models[scip]'") from error
    return pyscipopt


class ScipBackend(Backend):
    """A :class:`~.LinearProblem` held by SCIP (the protocol of
    :class:`~.Backend`). ``scip`` is the ``pyscipopt.Model``, for users who
    want SCIP itself. Raises ``ImportError`` naming the extra when pyscipopt
    is missing."""

    name = "scip"
    SOLVER = "SCIP"
    RESERVED = {"limits/time": "time_limit", "lp/threads": "threads",
                "parallel/maxnthreads": "threads", "randomization/randomseedshift": "seed",
                "display/verblevel": "log", "misc/catchctrlc": CTRL_C}

    def __init__(self, problem: LinearProblem, parameters: Mapping[str, Value] | None = None):
        super().__init__(problem, parameters)
        self.scip, self.columns = _scip_model(problem, problem.col_lower, problem.col_upper)
        self.scip.setParam("misc/catchctrlc", False)  # call_stoppable stops it
        for name, value in (parameters or {}).items():
            self.scip.setParam(name, value)
        self._lower = problem.col_lower.copy()  # the current bounds, for write()
        self._upper = problem.col_upper.copy()
        self._cuts: list = []

    @classmethod
    def _release(cls) -> str:
        """The version of the SCIP inside the installed pyscipopt."""
        return str(_pyscipopt().Model().version())

    @classmethod
    def _scratch(cls):
        """SCIP parameters by path (``"lp/initalgorithm"``) are tried on this model."""
        scratch = _pyscipopt().Model()
        scratch.hideOutput()
        return scratch

    @classmethod
    def _parameter_type(cls, scratch, name: str) -> type:
        try:
            current = scratch.getParam(name)
        except KeyError:
            raise unknown("SCIP", name, scratch.getParams()) from None
        return bool if isinstance(current, bool) else \
            type(current) if isinstance(current, (int, float)) else str

    @classmethod
    def _try_parameter(cls, scratch, name: str, value: Value) -> None:
        try:
            with _quiet_stderr():  # SCIP prints its refusal in C before raising
                scratch.setParam(name, value)
        except (ValueError, TypeError, LookupError) as error:
            raise SolverOptionError(f"SCIP parameter {name!r} refuses {value!r}: "
                                    f"{error}") from None

    @property
    def native(self):
        return self.scip

    def set_bounds(self, columns, lower, upper) -> None:
        self.scip.freeTransform()
        for j, lo, hi in zip(np.asarray(columns), lower, upper):
            self.scip.chgVarLb(self.columns[j], None if lo == -_INF else lo)
            self.scip.chgVarUb(self.columns[j], None if hi == _INF else hi)
            self._lower[j], self._upper[j] = lo, hi

    def stop(self) -> None:
        self.scip.interruptSolve()

    def column_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        return self._lower.copy(), self._upper.copy()

    def run(self, deadline: Deadline, *, log: bool = False, threads: int = 1,
            seed: int = 0, detailed: bool = False) -> Outcome:
        """Solve. ``B&B nodes`` are SCIP's processed nodes (0 when presolve
        solves the model)."""
        m = self.scip
        m.freeTransform()
        m.hideOutput(not log)
        m.setParam("lp/threads", threads)
        m.setParam("randomization/randomseedshift", seed)
        time_limit = deadline.wall_left()
        m.setParam("limits/time", 1e20 if time_limit is None else time_limit)
        _, reason = call_stoppable(m.optimizeNogil, m.interruptSolve, deadline.wall, deadline.cpu)
        if reason == "interrupted":
            raise KeyboardInterrupt
        code = m.getStatus()
        stats = {"B&B nodes": int(m.getNNodes()), "LP iterations": int(m.getNLPIterations())}
        if detailed:
            stats.update(self._details())
        if code in ("timelimit", "userinterrupt"):  # the limit, or stop()
            status = Status.FEASIBLE if m.getNSols() else Status.TIME_LIMIT
        else:
            status = _STATUS.get(code, Status.ERROR)
        if not status.solved:
            return Outcome(status, None, stats, None)
        solution = m.getBestSol()
        values = np.array([m.getSolVal(solution, v) for v in self.columns])
        return Outcome(status, values, stats, float(m.getSolObjVal(solution)))

    def _details(self) -> dict[str, int | float]:
        """The detailed statistics of the last run, from SCIP's statistics tables."""
        handle, path = tempfile.mkstemp(suffix=".json")
        os.close(handle)
        try:
            self.scip.writeStatisticsJson(path)
            with open(path) as file:
                tables = json.load(file)
        finally:
            os.remove(path)
        presolved, root = tables.get("presolvedprob", {}), tables.get("root", {})
        found = tables.get("solution", {})
        stats: dict[str, int | float] = {}
        if "num_variables" in presolved:
            stats["presolved rows"] = int(presolved["num_initial_constraints"])
            stats["presolved columns"] = int(presolved["num_variables"])
        if root.get("first_lp_iterations", -1) >= 0 and root.get("first_lp_time", 0) > 0:
            stats["root LP seconds"] = float(root["first_lp_time"])
            stats["root LP iterations"] = int(root["first_lp_iterations"])
        bound = root.get("final_dual_bound", _NONE)
        if abs(bound) >= _NONE and self.scip.getNNodes() <= 1:  # the root was the whole search
            bound = found.get("dual_bound", _NONE)
        if abs(bound) < _NONE:
            stats["root bound"] = float(bound)
        if found.get("first_solution_time", _NONE) < _NONE:
            stats["first solution seconds"] = float(found["first_solution_time"])
        return stats

    def write(self, path, fmt: str, column_names: list[str], row_names: list[str]) -> None:
        """SCIP names its variables when it makes them, so the file is
        written from a copy of the model made with these names and the
        current bounds (the no-good cuts are not in it)."""
        problem = self.problem
        model, _ = _scip_model(problem, self._lower, self._upper, column_names, row_names)
        path = Path(path)
        handle, scratch = tempfile.mkstemp(suffix=f".{fmt}", dir=path.parent or ".")
        os.close(handle)
        try:
            model.writeProblem(scratch, verbose=False)
            os.replace(scratch, path)
        except OSError:
            raise
        except Exception as error:  # pyscipopt raises plain Exception for SCIP's error codes
            raise OSError(f"SCIP could not write {fmt} to {path}: {error}") from None
        finally:
            if os.path.exists(scratch):
                os.remove(scratch)

    def add_no_good(self, ones: np.ndarray) -> None:
        self.scip.freeTransform()
        self._cuts.append(self.scip.addCons(
            _pyscipopt().quicksum(self.columns[j] for j in ones) <= len(ones) - 1))

    def remove_no_goods(self) -> None:
        self.scip.freeTransform()
        for cut in self._cuts:
            self.scip.delCons(cut)
        self._cuts.clear()


def _scip_model(problem: LinearProblem, lower: np.ndarray, upper: np.ndarray,
                column_names=None, row_names=None):
    """A new ``pyscipopt.Model`` of ``problem`` with column bounds ``lower``,
    ``upper`` and its variables: names ``c{j}`` and ``r{i}`` unless given."""
    scip = _pyscipopt()
    A = problem.A
    model = scip.Model()
    model.hideOutput()
    columns = [model.addVar(name=column_names[j] if column_names else f"c{j}",
                            vtype="I" if whole else "C",
                            lb=None if lo == -_INF else lo, ub=None if hi == _INF else hi)
               for j, (lo, hi, whole) in enumerate(zip(lower, upper, problem.integer))]
    for i, (lo, hi) in enumerate(zip(problem.row_lower, problem.row_upper)):
        start, end = A.indptr[i], A.indptr[i + 1]
        expr = scip.quicksum(float(a) * columns[j]
                             for j, a in zip(A.indices[start:end], A.data[start:end]))
        name = row_names[i] if row_names else f"r{i}"
        if lo == hi:
            model.addCons(expr == lo, name=name)
        elif lo == -_INF:
            model.addCons(expr <= hi, name=name)
        elif hi == _INF:
            model.addCons(expr >= lo, name=name)
        else:
            model.addCons(lo <= (expr <= hi), name=name)
    model.setObjective(scip.quicksum(float(c) * v for c, v in zip(problem.cost, columns) if c),
                       "minimize")
    return model, columns


@contextmanager
def _quiet_stderr():
    """Standard error (file descriptor 2) silenced within the block: SCIP
    writes its error trace there itself."""
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
