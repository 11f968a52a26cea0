"""A MILP in matrix form held by HiGHS (highspy), re-solved with new bounds.

Shared by every MILP formulation: the solver-based ``matrix`` passes MATLAB's
arrays, the Pyomo formulations pass what Pyomo's standard-form compiler made
of their model. HiGHS docs: "Python: highspy" (``passModel``,
``changeColsBounds``, ``getInfo``).
"""

from __future__ import annotations

import functools
import sys

import highspy
import numpy as np
import scipy.sparse as sp

from ..result import Status

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

    def set_bounds(self, columns, lower, upper) -> None:
        """Change the bounds of ``columns`` (int array) to ``lower``/``upper``."""
        columns = np.asarray(columns, dtype=np.int32)
        if len(columns):
            self.highs.changeColsBounds(len(columns), columns, np.asarray(lower, float),
                                        np.asarray(upper, float))

    def run(self, *, log: bool, threads: int, seed: int, time_limit: float | None):
        """Solve. Returns ``(status, column values or None, stats, objective
        or None)``; ``stats`` holds ``"B&B nodes"`` and ``"LP iterations"``."""
        h = self.highs
        h.setOptionValue("output_flag", log)
        h.setOptionValue("threads", threads)
        h.setOptionValue("random_seed", seed)
        h.setOptionValue("time_limit", float("inf") if time_limit is None else time_limit)
        h.run()
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


def count_with_no_good_cuts(model: HighsModel, binary_columns: np.ndarray, limit: int | None) -> int:
    """Count the solutions of a binary model by solving it again and again,
    each time cutting off the last solution with a no-good cut
    ``sum of the columns at 1 <= (their number) - 1``; stops at ``limit``
    (None: all). The cuts are removed afterwards, so the model can be
    reused. ``binary_columns``: the columns that identify a solution."""
    h = model.highs
    first_cut = h.getNumRow()
    count = 0
    while limit is None or count < limit:
        status, values, _, _ = model.run(log=False, threads=1, seed=0, time_limit=None)
        if not status.solved:
            break
        count += 1
        ones = binary_columns[values[binary_columns] > 0.5].astype(np.int32)
        h.addRow(-highspy.kHighsInf, len(ones) - 1, len(ones), ones, np.ones(len(ones)))
    added = h.getNumRow() - first_cut
    if added:
        h.deleteRows(added, np.arange(first_cut, first_cut + added, dtype=np.int32))
    return count
