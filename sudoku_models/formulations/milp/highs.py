"""HiGHS as a back-end (highspy): the problem passed once, bounds changed per puzzle.

HiGHS docs: "Python: highspy" (``passModel``, ``changeColsBounds``,
``getInfo``, ``passColName``, ``writeModel``, callbacks) and "Options" for
the native parameters (``solver``, ``run_crossover``, ``presolve``,
``mip_rel_gap``, ...).

Detailed statistics come from HiGHS's own log, which is switched on for the
run (every MIP display line: ``mip_min_logging_interval`` 0) and read
instead of printed (unless ``log``): the presolved size from "Solving MIP
model with: R rows, C cols" (or "Presolve reductions: rows R; columns C"
when presolve settles the model), the root LP from the MIP display lines
(the first line of the root node with LP iterations comes when the root LP
relaxation is solved; its time is measured from the display line before it,
by the MIP logging callback's clock, so it may include a heuristic run in
between), the root bound from the last display line of the root node, the
first solution's time from the improving-solution callback. Reading the log costs about 0.3 ms per solve
(5% of a 9x9 solve), which is why it is not the default.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import tempfile
import threading
from collections.abc import Mapping
from pathlib import Path

import highspy
import numpy as np

from ...deadline import Deadline
from ...result import Status
from ...stoppable import call_stoppable, ctrl_c_can_reach_python
from ..parameters import SolverOptionError, Value, unknown
from .backends import Backend, LinearProblem, Outcome

_STATUS = {
    highspy.HighsModelStatus.kOptimal: Status.OPTIMAL,
    highspy.HighsModelStatus.kInfeasible: Status.INFEASIBLE,
    highspy.HighsModelStatus.kUnboundedOrInfeasible: Status.INFEASIBLE,
}
_FEASIBLE_SOLUTION = 2  # HiGHS's kSolutionStatusFeasible
_UNSET = object()

_SOLVING = re.compile(r"Solving MIP model with:\s*(\d+) rows\s*(\d+) cols")
_REDUCED = re.compile(r"Presolve reductions: rows (\d+)\([^)]*\); columns (\d+)")
_COUNT = re.compile(r"(\d+)([km]?)$")


class HighsBackend(Backend):
    """A :class:`~. LinearProblem` held by HiGHS (the protocol of
    :class:`~.Backend`). ``highs`` is the ``highspy.Highs`` instance, for
    users who want HiGHS itself: options set on it stay set."""

    name = "highs"
    SOLVER = "HiGHS"
    RESERVED = {"time_limit": "time_limit", "threads": "threads", "random_seed": "seed",
                "output_flag": "log", "log_to_console": "log"}

    def __init__(self, problem: LinearProblem, parameters: Mapping[str, Value] | None = None):
        super().__init__(problem, parameters)
        A = problem.A
        lp = highspy.HighsLp()
        lp.num_row_, lp.num_col_ = A.shape
        lp.col_cost_ = problem.cost
        lp.col_lower_ = problem.col_lower
        lp.col_upper_ = problem.col_upper
        lp.row_lower_ = problem.row_lower
        lp.row_upper_ = problem.row_upper
        lp.integrality_ = [highspy.HighsVarType.kInteger if flag else highspy.HighsVarType.kContinuous
                           for flag in problem.integer]
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.start_ = A.indptr
        lp.a_matrix_.index_ = A.indices
        lp.a_matrix_.value_ = A.data
        self.highs = highspy.Highs()
        self.highs.setOptionValue("output_flag", False)
        self.highs.setOptionValue("log_to_console", False)
        self._options: dict[str, object] = {"output_flag": False}  # what _option set last
        # The log goes through Python's stdout, so notebooks show it too.
        self.highs.cbLogging.subscribe(self._on_log)
        self._echo = False  # print the log lines (the log option)
        self._trace: _Trace | None = None  # a detailed run's record
        for name, value in (parameters or {}).items():
            self.highs.setOptionValue(name, value)
        # a detailed run logs every MIP display line (HiGHS skips those within this
        # interval of the last), unless the user set the interval
        self._interval = None if "mip_min_logging_interval" in (parameters or {}) else \
            self.highs.getOptionValue("mip_min_logging_interval")[1]
        self.highs.passModel(lp)
        self._rows = A.shape[0]  # rows of the problem; further rows are no-good cuts
        # Ctrl-C: the watcher sets this, and HiGHS stops at its next interrupt check
        self._stopping = threading.Event()
        self._checking = False
        self._following = False

    @classmethod
    def _release(cls) -> str:
        return highspy.Highs().version()

    @classmethod
    def _scratch(cls) -> tuple[highspy.Highs, list[str]]:
        """HiGHS options by name ("Options" in the HiGHS docs) are tried on
        a ``Highs`` whose log lines are kept in the list beside it, so that
        a refused value's error carries HiGHS's own message (the allowed
        values or range)."""
        highs, said = highspy.Highs(), []
        highs.setOptionValue("log_to_console", False)
        highs.cbLogging.subscribe(lambda event: said.append(event.message.strip()))
        return highs, said

    @classmethod
    def _parameter_type(cls, scratch, name: str) -> type:
        status, kind = scratch[0].getOptionType(name)
        if status != highspy.HighsStatus.kOk:
            raise unknown("HiGHS", name, _option_names())
        return {highspy.HighsOptionType.kBool: bool, highspy.HighsOptionType.kInt: int,
                highspy.HighsOptionType.kDouble: float}.get(kind, str)

    @classmethod
    def _try_parameter(cls, scratch, name: str, value: Value) -> None:
        highs, said = scratch
        said.clear()
        if highs.setOptionValue(name, value) != highspy.HighsStatus.kOk:
            reason = f": {said[-1].removeprefix('WARNING:').strip()}" if said else ""
            raise SolverOptionError(f"HiGHS option {name!r} refuses {value!r}{reason}")

    @property
    def native(self) -> highspy.Highs:
        return self.highs

    def set_bounds(self, columns, lower, upper) -> None:
        columns = np.asarray(columns, dtype=np.int32)
        if len(columns):
            self.highs.changeColsBounds(len(columns), columns, np.asarray(lower, float),
                                        np.asarray(upper, float))

    def column_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        lp = self.highs.getLp()
        return np.array(lp.col_lower_, dtype=float), np.array(lp.col_upper_, dtype=float)

    def run(self, deadline: Deadline, *, log: bool = False, threads: int = 1,
            seed: int = 0, detailed: bool = False) -> Outcome:
        """Solve. Ctrl-C raises ``KeyboardInterrupt`` once HiGHS has stopped:
        the solve is watched by :func:`sudoku_models.stoppable.call_stoppable`
        (for Ctrl-C and ``deadline``'s CPU limit) and stopped through HiGHS's
        interrupt callbacks, which some phases
        check rarely (a 25x25 root node stopped within 1.3 s, a 36x36
        presolve not within a minute); a time limit ends every phase.

        An ``INFEASIBLE`` or ``ERROR`` ending of a run with presolve is not
        trusted: the model is solved again without presolve, within what is
        left of ``deadline``, and that run's ending is the outcome (the
        statistics add both runs', ``presolve retries`` 1). HiGHS 1.14's
        presolve declared feasible models infeasible, or ended in a solve
        error, on 4x4 Latin squares with five values, greater-than rows and
        no-good cuts (``tests/test_more_values.py``), where the run without
        presolve finds the solutions."""
        outcome = self._run_once(deadline, log=log, threads=threads, seed=seed,
                                 detailed=detailed)
        if outcome.status not in (Status.INFEASIBLE, Status.ERROR):
            return outcome
        h = self.highs
        presolve = h.getOptionValue("presolve")[1]
        if presolve == "off":
            return outcome
        if deadline.passed():
            return Outcome(Status.TIME_LIMIT, None, outcome.stats, None)
        h.setOptionValue("presolve", "off")
        try:
            again = self._run_once(deadline, log=log, threads=threads, seed=seed, detailed=detailed)
        finally:
            h.setOptionValue("presolve", presolve)
        stats = {**again.stats, "presolve retries": 1}
        for name in ("B&B nodes", "LP iterations"):
            stats[name] = outcome.stats[name] + again.stats[name]
        return Outcome(again.status, again.values, stats, again.objective)

    def _run_once(self, deadline: Deadline, *, log: bool, threads: int, seed: int,
                  detailed: bool) -> Outcome:
        """One call of HiGHS's ``run`` with these settings (see :meth:`run`)."""
        h = self.highs
        time_limit = deadline.wall_left()
        self._option("output_flag", log or detailed)
        self._option("threads", threads)
        self._option("random_seed", seed)
        self._option("time_limit", float("inf") if time_limit is None else time_limit)
        self._echo = log
        self._trace = _Trace() if detailed else None
        if self._interval is not None and detailed != self._following:
            h.setOptionValue("mip_min_logging_interval", 0.0 if detailed else self._interval)
        self._follow(detailed)
        self._stopping.clear()
        self._check_interrupts(ctrl_c_can_reach_python() or deadline.cpu is not None)
        try:
            _, reason = call_stoppable(h.run, self._stopping.set, None, deadline.cpu)
        finally:
            self._follow(False)
        if reason == "interrupted":
            raise KeyboardInterrupt
        # one value at a time: getInfo() copies every field of HiGHS's info (6 us, 4 of these 0.4)
        info = h.getInfoValue
        stats = {"B&B nodes": max(int(info("mip_node_count")[1]), 0),
                 "LP iterations": max(int(info("simplex_iteration_count")[1]), 0)}
        if self._trace is not None:
            stats.update(self._trace.stats(ended_at_root=stats["B&B nodes"] <= 1))
            self._trace = None
        model_status = h.getModelStatus()
        if model_status in (highspy.HighsModelStatus.kTimeLimit,
                            highspy.HighsModelStatus.kInterrupt):  # the limit, or stop()
            solved = info("primal_solution_status")[1] == _FEASIBLE_SOLUTION
            status = Status.FEASIBLE if solved else Status.TIME_LIMIT
        else:
            status = _STATUS.get(model_status, Status.ERROR)
        if not status.solved:
            return Outcome(status, None, stats, None)
        return Outcome(status, np.asarray(h.getSolution().col_value), stats,
                       float(info("objective_function_value")[1]))

    def _option(self, name: str, value) -> None:
        """Set one of the options every run sets (its arguments: the log,
        threads, seed, time limit) where it differs from what this wrapper set
        last: HiGHS keeps an option from one run to the next, and a batch's
        runs mostly repeat the same four values (a set is 0.5 us warm, several
        times that right after a solve). Set on ``highs`` by hand, these four
        are the run's arguments' to override: :meth:`run` takes them."""
        if self._options.get(name, _UNSET) != value:
            self.highs.setOptionValue(name, value)
            self._options[name] = value

    def stop(self) -> None:
        self._stopping.set()

    def write(self, path, fmt: str, column_names: list[str], row_names: list[str]) -> None:
        """HiGHS picks its writer by the file suffix, so the file is written
        under a temporary name with the format's suffix, then renamed."""
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

    def add_no_good(self, ones: np.ndarray) -> None:
        ones = np.asarray(ones, dtype=np.int32)
        self.highs.addRow(-highspy.kHighsInf, len(ones) - 1, len(ones), ones, np.ones(len(ones)))

    def remove_no_goods(self) -> None:
        added = self.highs.getNumRow() - self._rows
        if added > 0:
            self.highs.deleteRows(added, np.arange(self._rows, self._rows + added, dtype=np.int32))

    # -- callbacks ----------------------------------------------------------

    def _on_log(self, event) -> None:
        if self._trace is not None:
            self._trace.messages.append(event.message)
        if self._echo:
            sys.stdout.write(event.message)

    def _on_display_line(self, event) -> None:
        if self._trace is not None:
            data = event.data_out
            last = self._trace.messages[-1] if self._trace.messages else ""
            self._trace.lines.append((data.running_time, int(data.mip_node_count),
                                      float(data.mip_dual_bound), last))

    def _on_improving_solution(self, event) -> None:
        if self._trace is not None and self._trace.first_solution is None:
            self._trace.first_solution = float(event.data_out.running_time)

    def _follow(self, on: bool) -> None:
        """Subscribe to the callbacks of a detailed run, or leave them: each
        call into Python costs, and a run without detail needs none."""
        if on == self._following:
            return
        for callback, handler in ((self.highs.cbMipLogging, self._on_display_line),
                                  (self.highs.cbMipImprovingSolution,
                                   self._on_improving_solution)):
            if on:
                callback.subscribe(handler)
            else:
                callback.unsubscribe(handler)
        self._following = on

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
        # HiGHS 1.14 keeps the interrupt flag of its callback data from one
        # run to the next: set it either way, or every run after a stopped
        # one ends at its first check ("Interrupted by user", 0 iterations)
        event.interrupt(self._stopping.is_set())


class _Trace:
    """What a detailed run recorded: the log ``messages``, the MIP display
    ``lines`` as ``(seconds, nodes, dual bound, text)``, the
    ``first_solution``'s seconds."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.lines: list[tuple[float, int, float, str]] = []
        self.first_solution: float | None = None

    def stats(self, ended_at_root: bool) -> dict[str, int | float]:
        """The detailed statistics (see the module docstring);
        ``ended_at_root``: the search processed no node beyond the root."""
        stats: dict[str, int | float] = {}
        text = "".join(self.messages)
        size = _SOLVING.search(text) or _REDUCED.search(text)
        if size:
            stats["presolved rows"], stats["presolved columns"] = map(int, size.groups())
        # the root node's lines: processed nodes 0, and 1 when the root was the whole search
        root = [line for line in self.lines if line[1] <= (1 if ended_at_root else 0)]
        before = 0.0
        for seconds, _, _, display in root:
            iterations = _lp_iterations(display)
            if iterations:
                stats["root LP seconds"] = seconds - before
                stats["root LP iterations"] = iterations
                break
            before = seconds
        if root and np.isfinite(root[-1][2]):
            stats["root bound"] = root[-1][2]
        if self.first_solution is not None:
            stats["first solution seconds"] = self.first_solution
        return stats


def _lp_iterations(display: str) -> int:
    """The LpIters column of a MIP display line (the field before the time;
    HiGHS writes large counts as ``123k`` or ``4m``); 0 if there is none."""
    fields = display.split()
    if len(fields) < 2 or not fields[-1].endswith("s"):
        return 0
    match = _COUNT.match(fields[-2])
    if not match:
        return 0
    return int(match.group(1)) * {"": 1, "k": 1000, "m": 1000000}[match.group(2)]


@functools.cache
def _option_names() -> tuple[str, ...]:
    return tuple(name for name in dir(highspy.Highs().getOptions()) if not name.startswith("_"))
