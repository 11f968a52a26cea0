"""The interface every formulation shares.

A formulation is one model (binary assignment, integer AllDifferent, ...)
handed to one solver (HiGHS, CP-SAT, ...). It builds the rules of Sudoku for
one order once, then loads each puzzle's clues into that model, so solving
a file of puzzles never rebuilds the model (DESIGN.md, known pitfalls).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from typing import Any, ClassVar

import numpy as np

from ..puzzle import MAX_ORDER, MIN_ORDER, Puzzle
from ..result import ModelSize, SolveResult, Status


class Formulation(ABC):
    """A model of Sudoku of one order, reusable across puzzles of that order.

    ``time_limit`` is in seconds (None: no limit); ``log`` prints the
    solver's own log to standard output; ``threads`` and ``seed`` are passed
    to the solver (one thread by default, for a fair comparison).

    Subclasses set ``name`` and ``description`` and implement
    :meth:`_build_rules`, :meth:`_load_clues`, :meth:`_native_model`,
    :meth:`_run` and :meth:`size`; they may override :meth:`_attach_solver`.
    Raises ``ValueError`` for a bad order, time limit or thread count.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    objectives: ClassVar[tuple[str, ...]] = ()  # values of an ``objective`` option, if any
    slow: ClassVar[bool] = False  # seconds per hard 9x9 puzzle: test and sample accordingly

    def __init__(
        self,
        order: int = 3,
        *,
        time_limit: float | None = None,
        log: bool = False,
        threads: int = 1,
        seed: int = 0,
    ) -> None:
        if order not in range(MIN_ORDER, MAX_ORDER + 1):
            raise ValueError(f"order must be {MIN_ORDER}..{MAX_ORDER}, got {order!r}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time limit must be a positive number of seconds, got {time_limit!r}")
        if threads < 1:
            raise ValueError(f"threads must be at least 1, got {threads!r}")
        self.order = order
        self.side = order * order
        self.time_limit = time_limit
        self.log = log
        self.threads = threads
        self.seed = seed
        self._built = False

    # -- public -----------------------------------------------------------

    def build(self, puzzle: Puzzle) -> Any:
        """Load ``puzzle``'s clues, building the rules on first use, and
        return the native model (a Pyomo ``ConcreteModel``, a CP-SAT
        ``CpModel``, ...) so it can be printed, inspected or exported.
        Raises ``ValueError`` if the puzzle's order differs from the model's."""
        if puzzle.order != self.order:
            raise ValueError(
                f"{self.name}: this model is of order {self.order}, the puzzle of order "
                f"{puzzle.order}"
            )
        if not self._built:
            self._build_rules()
            self._built = True
        self._load_clues(puzzle)
        return self._native_model()

    def solve(self, puzzle: Puzzle) -> SolveResult:
        """Solve ``puzzle`` and time the build (or clue update) and the solver
        call separately. Never raises for an infeasible puzzle: the result's
        status is INFEASIBLE."""
        start = time.perf_counter()
        self.build(puzzle)
        self._attach_solver()
        built = time.perf_counter()
        status, values, stats, objective = self._run()
        done = time.perf_counter()
        grid = values.reshape(self.side, self.side) if status.solved else None
        return SolveResult(
            method=self.name,
            status=status,
            grid=grid,
            build_seconds=built - start,
            solve_seconds=done - built,
            size=self.size(),
            stats=stats,
            solver=self.solver_name(),
            objective=objective,
        )

    @abstractmethod
    def size(self) -> ModelSize:
        """Variables, constraints and nonzeros of the model as built."""

    @staticmethod
    @abstractmethod
    def solver_name() -> str:
        """Solver and version, e.g. ``"HiGHS 1.14.0"``."""

    # -- for subclasses ---------------------------------------------------

    @abstractmethod
    def _build_rules(self) -> None:
        """Build the model of the rules, with no clue."""

    @abstractmethod
    def _load_clues(self, puzzle: Puzzle) -> None:
        """Replace the clues of the previous puzzle by ``puzzle``'s."""

    @abstractmethod
    def _native_model(self) -> Any:
        """What :meth:`build` returns."""

    def _attach_solver(self) -> None:
        """Hand the model to the solver if that is a separate, timed step
        (counted as build time)."""

    @abstractmethod
    def _run(self) -> tuple[Status, np.ndarray | None, dict[str, int], float | None]:
        """Call the solver: status, the ``n**4`` cell values (row-major) when
        solved, statistics, objective value."""

    def _clue_cells(self, puzzle: Puzzle) -> set[tuple[int, int, int]]:
        """The clues as 0-based ``(row, column, value - 1)`` triples."""
        rows, cols = np.nonzero(puzzle.grid)
        return {(int(r), int(c), int(puzzle.grid[r, c]) - 1) for r, c in zip(rows, cols)}


def entry_points(formulation: type[Formulation]):
    """The module-level ``build(puzzle, **options)`` and
    ``solve(puzzle, **options)`` of a formulation module: each makes a fresh
    ``formulation(puzzle.order, **options)`` and calls its method."""

    def build(puzzle: Puzzle, **options) -> Any:
        return formulation(puzzle.order, **options).build(puzzle)

    def solve(puzzle: Puzzle, **options) -> SolveResult:
        return formulation(puzzle.order, **options).solve(puzzle)

    build.__doc__ = (
        f"The native model of ``puzzle`` for formulation {formulation.name!r} "
        f"({formulation.description}). ``options`` as {formulation.__name__}."
    )
    solve.__doc__ = (
        f"Solve ``puzzle`` with formulation {formulation.name!r}; returns a SolveResult. "
        f"``options`` as {formulation.__name__}."
    )
    return build, solve
