"""The HiGHS layer: a MILP in matrix form held by HiGHS (highspy), re-solved
with new bounds, and the formulation base every HiGHS method shares.

The solver-based ``matrix`` passes MATLAB's arrays, the Pyomo formulations
pass what Pyomo's standard-form compiler made of their model; from there on,
solving, statistics, model size, no-good counting and LP/MPS export are the
same code. HiGHS docs: "Python: highspy" (``passModel``,
``changeColsBounds``, ``getInfo``, ``passColName``, ``writeModel``).
"""

from __future__ import annotations

import functools
import sys
import threading
from abc import abstractmethod

import highspy
import numpy as np
import scipy.sparse as sp

from ..puzzle import Puzzle
from ..result import ModelSize, Status
from ..stoppable import call_stoppable, ctrl_c_can_reach_python
from .base import Formulation

_STATUS = {
    highspy.HighsModelStatus.kOptimal: Status.OPTIMAL,
    highspy.HighsModelStatus.kInfeasible: Status.INFEASIBLE,
    highspy.HighsModelStatus.kUnboundedOrInfeasible: Status.INFEASIBLE,
}
_FEASIBLE_SOLUTION = 2  # HiGHS's kSolutionStatusFeasible


@functools.cache
def highs_version() -> str:
    """``"HiGHS <version>"`` of the loaded highspy."""
    return f"HiGHS {highspy.Highs().version()}"


class HighsModel:
    """``min cost @ x`` s.t. ``row_lower <= A @ x <= row_upper``,
    ``col_lower <= x <= col_upper``, ``x[integer]`` integral, in HiGHS.

    ``A``: ``(m, n)`` scipy sparse matrix; the other arrays ``(m,)`` or
    ``(n,)``; ``integer``: ``(n,)`` bool. ``highs`` is the
    ``highspy.Highs`` instance, for users who want HiGHS itself.
    """

    def __init__(self, A, row_lower, row_upper, col_lower, col_upper, cost, integer) -> None:
        A = sp.csr_matrix(A)
        lp = highspy.HighsLp()
        lp.num_row_, lp.num_col_ = A.shape
        lp.col_cost_ = np.asarray(cost, dtype=float)
        lp.col_lower_ = np.asarray(col_lower, dtype=float)
        lp.col_upper_ = np.asarray(col_upper, dtype=float)
        lp.row_lower_ = np.asarray(row_lower, dtype=float)
        lp.row_upper_ = np.asarray(row_upper, dtype=float)
        lp.integrality_ = [
            highspy.HighsVarType.kInteger if flag else highspy.HighsVarType.kContinuous
            for flag in integer
        ]
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.start_ = A.indptr
        lp.a_matrix_.index_ = A.indices
        lp.a_matrix_.value_ = A.data
        self.highs = highspy.Highs()
        self.highs.setOptionValue("output_flag", False)
        self.highs.setOptionValue("log_to_console", False)
        # The log goes through Python's stdout, so notebooks show it too.
        self.highs.cbLogging.subscribe(lambda event: sys.stdout.write(event.message))
        self.highs.passModel(lp)
        self.shape = A.shape
        self.nonzeros = A.nnz
        # Ctrl-C: the watcher sets this, and HiGHS stops at its next interrupt check
        self._stopping = threading.Event()
        self._checking = False

    def _check_interrupts(self, on: bool) -> None:
        """Have HiGHS call :meth:`_interrupt_if_stopping` at its interrupt
        checks, only where Ctrl-C can come: each call into Python costs, and
        made the median MILP solve on top95 about 0.17 ms (4%) slower."""
        if on == self._checking:
            return
        for checks in (self.highs.cbSimplexInterrupt, self.highs.cbIpmInterrupt,
                       self.highs.cbMipInterrupt):
            if on:
                checks.subscribe(self._interrupt_if_stopping)
            else:
                checks.unsubscribe(self._interrupt_if_stopping)
        self._checking = on

    def _interrupt_if_stopping(self, event) -> None:
        if self._stopping.is_set():
            event.interrupt()

    def set_bounds(self, columns, lower, upper) -> None:
        """Change the bounds of ``columns`` (int array) to ``lower``/``upper``."""
        columns = np.asarray(columns, dtype=np.int32)
        if len(columns):
            self.highs.changeColsBounds(len(columns), columns, np.asarray(lower, float),
                                        np.asarray(upper, float))

    def write(self, path, fmt: str, column_names, row_names) -> None:
        """Write the model, current bounds included, to ``path`` in format
        ``fmt`` (``"lp"`` or ``"mps"``) with the given column and row names.
        HiGHS picks its writer by the file suffix, so the file is written
        under a temporary name with the format's suffix, then renamed."""
        import os
        import tempfile
        from pathlib import Path

        h = self.highs
        for j, name in enumerate(column_names):
            h.passColName(j, name)
        for i, name in enumerate(row_names):
            h.passRowName(i, name)
        path = Path(path)
        handle, scratch = tempfile.mkstemp(suffix=f".{fmt}", dir=path.parent or ".")
        os.close(handle)
        try:
            if h.writeModel(scratch) == highspy.HighsStatus.kError:
                raise OSError(f"HiGHS could not write {fmt} to {path}")
            os.replace(scratch, path)
        finally:
            if os.path.exists(scratch):
                os.remove(scratch)

    def run(self, *, log: bool, threads: int, seed: int, time_limit: float | None):
        """Solve. Returns ``(status, column values or None, stats, objective
        or None)``; ``stats`` holds ``"B&B nodes"`` and ``"LP iterations"``.
        Ctrl-C raises ``KeyboardInterrupt`` once HiGHS has stopped: the solve
        is watched by :func:`sudoku_models.stoppable.call_stoppable` and
        stopped through HiGHS's interrupt callbacks, which some phases
        check rarely (a 25x25 root node stopped within 1.3 s, a 36x36
        presolve not within a minute); a time limit ends every phase."""
        h = self.highs
        h.setOptionValue("output_flag", log)
        h.setOptionValue("threads", threads)
        h.setOptionValue("random_seed", seed)
        h.setOptionValue("time_limit", float("inf") if time_limit is None else time_limit)
        self._stopping.clear()
        self._check_interrupts(ctrl_c_can_reach_python())
        _, reason = call_stoppable(h.run, self._stopping.set)
        if reason == "interrupted":
            raise KeyboardInterrupt
        info = h.getInfo()
        stats = {"B&B nodes": max(int(info.mip_node_count), 0),
                 "LP iterations": max(int(info.simplex_iteration_count), 0)}
        model_status = h.getModelStatus()
        if model_status == highspy.HighsModelStatus.kTimeLimit:
            solved = info.primal_solution_status == _FEASIBLE_SOLUTION
            status = Status.FEASIBLE if solved else Status.TIME_LIMIT
        else:
            status = _STATUS.get(model_status, Status.ERROR)
        if not status.solved:
            return status, None, stats, None
        return status, np.asarray(h.getSolution().col_value), stats, float(info.objective_function_value)


def count_with_no_good_cuts(model: HighsModel, binary_columns: np.ndarray, limit: int | None,
                            time_limit: float | None = None) -> int:
    """Count the solutions of a binary model by solving it again and again,
    each time cutting off the last solution with a no-good cut
    ``sum of the columns at 1 <= (their number) - 1``; stops at ``limit``
    (None: all). The cuts are removed afterwards, so the model can be
    reused. ``binary_columns``: the columns that identify a solution.
    ``time_limit`` (seconds, for the whole count) or Ctrl-C end it early with
    :class:`~sudoku_models.counting.CountIncomplete`."""
    import time

    from ..counting import CountIncomplete

    h = model.highs
    first_cut = h.getNumRow()
    count = 0
    deadline = None if time_limit is None else time.monotonic() + time_limit
    try:
        while limit is None or count < limit:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise CountIncomplete(count, "time limit")
            status, values, _, _ = model.run(log=False, threads=1, seed=0, time_limit=left)
            if status is Status.TIME_LIMIT:
                raise CountIncomplete(count, "time limit")
            if not status.solved:
                break
            count += 1
            ones = binary_columns[values[binary_columns] > 0.5].astype(np.int32)
            h.addRow(-highspy.kHighsInf, len(ones) - 1, len(ones), ones, np.ones(len(ones)))
    except KeyboardInterrupt:
        raise CountIncomplete(count, "interrupted") from None
    finally:
        added = h.getNumRow() - first_cut
        if added:
            h.deleteRows(added, np.arange(first_cut, first_cut + added, dtype=np.int32))
    return count


class HighsFormulation(Formulation):
    """A formulation solved by HiGHS from ``self.highs_model``
    (:class:`HighsModel`), which subclasses create in :meth:`_attach_solver`
    (or earlier). Subclasses implement :meth:`_grid_values` and, to count or
    export, :meth:`_binary_columns`, :meth:`_column_names` and
    :meth:`_row_names`; ``self._sense`` is -1 for a maximising model."""

    def __init__(self, order: int = 3, **options) -> None:
        super().__init__(order, **options)
        self.highs_model: HighsModel | None = None
        self._sense = 1

    def _run(self):
        status, values, stats, objective = self.highs_model.run(
            log=self.log, threads=self.threads, seed=self.seed, time_limit=self.time_limit
        )
        if not status.solved:
            return status, None, stats, None
        return status, self._grid_values(values), stats, self._sense * objective

    @abstractmethod
    def _grid_values(self, column_values: np.ndarray) -> np.ndarray:
        """The ``n**4`` cell values (row-major) from HiGHS's column values."""

    def _binary_columns(self) -> np.ndarray:
        """The binary columns that identify a solution (for counting)."""
        from ..registry import CapabilityError

        raise CapabilityError(f"method {self.name!r} cannot count solutions")

    def _column_names(self) -> list[str]:
        """Names of the HiGHS columns, for export."""
        return [f"c{j + 1}" for j in range(self.highs_model.shape[1])]

    def _row_names(self) -> list[str]:
        """Names of the HiGHS rows, for export."""
        return [f"r{i + 1}" for i in range(self.highs_model.shape[0])]

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None,
                        time_limit: float | None = None) -> int:
        """Number of solutions of ``puzzle`` by HiGHS with no-good cuts
        (see :func:`count_with_no_good_cuts`), up to ``limit`` (None: all)."""
        self._ready(puzzle)
        columns = self._binary_columns()
        return count_with_no_good_cuts(self.highs_model, columns, limit, time_limit)

    def export(self, puzzle: Puzzle, path, fmt: str) -> None:
        """Write the model of ``puzzle`` as ``"lp"`` or ``"mps"`` (HiGHS's
        writer), with 1-based readable names (``x_r1_c2_v4``,
        ``cell_r1_c2``, ``row_r1_v4``, ...)."""
        if fmt not in ("lp", "mps"):
            super().export(puzzle, path, fmt)
        self._ready(puzzle)
        self.highs_model.write(path, fmt, self._column_names(), self._row_names())

    def size(self) -> ModelSize:
        """Size of the model handed to HiGHS."""
        if self.highs_model is None:
            self._attach_solver()
        rows, cols = self.highs_model.shape
        return ModelSize(variables=cols, constraints=rows, nonzeros=self.highs_model.nonzeros)

    @staticmethod
    def solver_name() -> str:
        return highs_version()
