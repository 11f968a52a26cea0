"""The compiled counter as a registered method (``backtracking``), so the
API, the CLI and the benchmark runner time and count with it like any
formulation."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..formulations.base import Formulation
from ..core.geometry import Layout
from ..puzzle import Puzzle
from ..result import ModelSize, SolveResult, Status
from ..errors import CountIncomplete
from . import backtrack_count, run_search, run_search9, run_stoppable, warm_up
from .api import load_kernels_for
from .compile_cache import compile_seconds


class BacktrackingMethod(Formulation):
    """Depth-first search with naked and hidden singles and most-constrained
    branching (:mod:`sudoku_models.counter.kernel`; 9x9 on bitboards with
    locked candidates too, :mod:`sudoku_models.counter.kernel9`), compiled
    with numba; a variant is searched with two-way branches (a value in a
    cell or not) chosen by conflict weights, as the Interactive Sudoku
    Solver chooses them. Every constraint kind of :mod:`sudoku_models.core.rules` is
    searched natively: extra regions and cages as further peers (and houses
    when they have ``N`` cells, with locked candidates where they meet other
    houses), cage totals and arrows as linear sums
    pruned by their bounds or, over cells that all differ, by their
    combinations (with the killer's innies and outies derived), cell
    relations as arc-consistent value tables, parity as starting
    candidates (:mod:`sudoku_models.counter.kernel_tables`).
    :meth:`warm_up` loads the compiled kernels (call it before timing).

    There is no model to build: :meth:`build` returns the puzzle's clues as a
    read-only ``(n*n, n*n)`` int array. ``solve`` proves the solution unique
    or not on the way (it counts to 2): ``stats`` has ``solutions`` (0, 1 or
    2, "2" meaning two or more) and ``branches`` (branch nodes: every value
    tried at a branching cell). A time limit stops the search from a
    watching thread (:func:`~sudoku_models.counter.run_stoppable`): TIME_LIMIT.

    No compile is part of a result: :meth:`solve` compiles (first time for
    this user, with a notice on stderr) or loads the kernel it needs before
    its clock and its time limit start. Seconds spent compiling within the
    call are in ``stats["compile_s"]``, apart from ``build_seconds`` and
    ``solve_seconds`` (a compile inside the timed part, which the loading
    ahead should leave none of, is taken out of ``solve_seconds``).
    """

    name = "backtracking"

    def __init__(self, layout: int | Layout = 3, **options) -> None:
        super().__init__(layout, **options)
        self._grid = np.zeros(self.side * self.side, dtype=np.int32)
        self._rules = self.layout  # what the kernel searches: a layout or a variant's rules

    @staticmethod
    def warm_up() -> None:
        """Compile or load the kernels now (see :func:`sudoku_models.counter.warm_up`)."""
        warm_up()

    def solve(self, puzzle: Puzzle) -> SolveResult:
        """:meth:`Formulation.solve <sudoku_models.formulations.base.Formulation.solve>`
        after loading the kernel for ``puzzle``'s rules outside the timing;
        ``stats["compile_s"]`` (seconds) when it compiled something; the
        result carries ``puzzle`` (for its notebook picture)."""
        before = compile_seconds()
        load_kernels_for(puzzle.rules if puzzle.rules.constraints else puzzle.layout)
        loaded = compile_seconds()
        result = replace(super().solve(puzzle), puzzle=puzzle)
        inside = compile_seconds() - loaded
        if loaded + inside == before:
            return result
        return replace(result, solve_seconds=max(result.solve_seconds - inside, 0.0),
                       stats={**result.stats, "compile_s": round(loaded + inside - before, 3)})

    def _build_rules(self) -> None:
        pass  # the rules are compiled into the kernel

    def _prepare(self, puzzle: Puzzle) -> None:
        """Take the puzzle's clues and rules (any constraints; one layout per
        instance). Raises ``ValueError`` for a puzzle of another layout."""
        if puzzle.layout != self.layout:
            raise ValueError(f"{self.name}: this model is of {self.layout.name}, the puzzle "
                             f"of {puzzle.layout.name}")
        if not self._built:
            self._build_rules()
            self._built = True
        self._load_clues(puzzle)

    def _load_clues(self, puzzle: Puzzle) -> None:
        self._grid = puzzle.grid.ravel().astype(np.int32)
        self._rules = puzzle.rules if puzzle.rules.constraints else self.layout

    def _native_model(self) -> np.ndarray:
        grid = self._grid.reshape(self.side, self.side).copy()
        grid.setflags(write=False)
        return grid

    def _run(self):
        control = np.zeros(3, dtype=np.int64)  # stop flags, branch nodes
        if self._deadline.limited:
            try:
                count, solution = run_stoppable(self._grid, self._rules, 2, self._deadline, control)
            except CountIncomplete as stopped:
                return Status.TIME_LIMIT, None, {"solutions": stopped.lower_bound,
                                                 "branches": int(control[2])}, None
        elif self._rules == _NINE:
            count, solution = run_search9(self._grid, 2, control=control)
        else:
            count, solution = run_search(self._grid, self._rules, 2, control=control)
        stats = {"solutions": count, "branches": int(control[2])}
        if count == 0:
            return Status.INFEASIBLE, None, stats, None
        return Status.OPTIMAL, solution.astype(np.int64), stats, None

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None,
                        time_limit: float | None = None,
                        cpu_limit: float | None = None) -> int:
        """Number of solutions of ``puzzle`` up to ``limit`` (None: all);
        ``time_limit`` in seconds, ``cpu_limit`` in CPU seconds of this
        process, each the method's own when None (see
        :func:`sudoku_models.counter.backtrack_count`)."""
        return backtrack_count(puzzle, limit=limit,
                               time_limit=self.time_limit if time_limit is None else time_limit,
                               cpu_limit=self.cpu_limit if cpu_limit is None else cpu_limit)

    def size(self) -> ModelSize:
        """Cells as variables; houses, extra groups, sums and cell relations
        as constraints; their cells as nonzeros."""
        cells = self.side * self.side
        houses = self.layout.num_houses
        if self._rules is self.layout:
            return ModelSize(variables=cells, constraints=houses, nonzeros=houses * self.side)
        low = self._rules.lowered
        parts = [*low.groups, *(s.cells for s in low.sums)]
        return ModelSize(variables=cells, constraints=houses + len(parts) + len(low.pairs),
                         nonzeros=houses * self.side + sum(map(len, parts)) + 2 * len(low.pairs))

    @staticmethod
    def solver_name() -> str:
        import numba

        return f"backtracking (numba {numba.__version__})"


_NINE = Layout.square(3)

__all__ = ["BacktrackingMethod"]
