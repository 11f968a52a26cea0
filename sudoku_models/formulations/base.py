"""The interface every formulation shares.

A formulation is one model (binary assignment, integer AllDifferent, ...)
handed to one solver (HiGHS, CP-SAT, ...). It builds the rules of one
:class:`~sudoku_models.core.rules.Rules` once (the houses of its
:class:`~sudoku_models.core.geometry.Layout`: square boxes of an order,
rectangular boxes, jigsaw regions, a Latin square; and the constraints of a
variant: extra regions, killer cages, cell relations), then loads each
puzzle's clues into that model, so solving a file of puzzles that share
their rules never rebuilds the model.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from typing import Any, ClassVar

import numpy as np

from .. import validation
from ..core.geometry import Layout, LayoutError
from ..deadline import Deadline
from ..puzzle import Puzzle
from ..result import ModelSize, SolveResult, Status
from ..core.rules import Rules
from .. import limits
from ..errors import ModelTooLarge
from ..limits import MAX_PUZZLE_ORDER, MAX_PUZZLE_SIDE
from ..stoppable import WorkStopped, call_python_stoppable, resident_bytes


class ModelChangedError(ValueError):
    """A change made to a built model that the next solve cannot carry (for
    example a CP-SAT domain of a clue variable, which loading the clues
    rewrites): refused rather than silently undone."""


class Formulation(ABC):
    """A model of the rules of one puzzle family, reusable across puzzles
    that share those rules (only the clues change).

    ``layout``: a :class:`~sudoku_models.core.rules.Rules` (a layout with the
    constraints of a variant: pass ``puzzle.rules``), a
    :class:`~sudoku_models.core.geometry.Layout` (side up to 36; classic rules)
    or an int order ``n`` for the classic square boxes (``Formulation(3)``
    is a 9x9); ``self.rules``, ``self.layout``, ``self.side`` and
    ``self.order`` (None unless square boxes) describe it. A method takes
    the layout kinds and constraint kinds its registry entry lists
    (:attr:`~sudoku_models.registry.MethodInfo.layouts`,
    :attr:`~sudoku_models.registry.MethodInfo.kinds`).

    ``time_limit`` is in seconds (None: no limit) and covers the whole of
    :meth:`solve`: building the model (or loading the clues) and the solver
    call, so a result over the limit is a time-out whatever the method.
    ``cpu_limit`` is in CPU seconds of this process (every thread; None: no
    limit) and covers the same: the toolkit stops the solver through its
    own stop once the process has spent it (:mod:`sudoku_models.deadline`),
    so a loaded machine lowers no method's budget. Both may be given; the
    first reached ends the solve.
    ``log`` prints the solver's own log to standard output; ``threads`` and
    ``seed`` are passed to the solver (one thread by default, for a fair
    comparison).

    Subclasses set ``name`` (their registry name; description, capabilities
    and option vocabularies are in :mod:`sudoku_models.registry`) and
    implement :meth:`_build_rules`, :meth:`_load_clues`,
    :meth:`_native_model`, :meth:`_run` (the solver within
    :meth:`_time_left`) and :meth:`size`; they may override
    :meth:`_attach_solver`, :meth:`_model_changed_by_user`,
    :meth:`count_solutions` and :meth:`export`, and check their own options
    with :meth:`_option`. Raises ``ValueError`` for a bad order, time or CPU
    limit or thread count, :class:`~sudoku_models.core.geometry.LayoutError` for a bad
    layout and :class:`~sudoku_models.registry.CapabilityError` (naming the
    method and the kind) for a layout kind or a constraint kind the method
    does not take.
    """

    name: ClassVar[str]

    def __init__(
        self,
        layout: int | Layout | Rules = 3,
        *,
        time_limit: float | None = None,
        cpu_limit: float | None = None,
        log: bool = False,
        threads: int = 1,
        seed: int = 0,
    ) -> None:
        self.rules = self._checked_rules(layout)
        self.layout = self.rules.layout
        time_limit = validation.time_limit(time_limit)
        cpu_limit = validation.time_limit(cpu_limit, "cpu_limit")
        if threads < 1:
            raise ValueError(f"threads must be at least 1, got {threads!r}")
        self.order = self.layout.order
        self.side = self.layout.side
        self.num_values = self.layout.values  # V: the side unless more values than cells
        self.time_limit = time_limit
        self.cpu_limit = cpu_limit
        self.log = log
        self.threads = threads
        self.seed = seed
        self._built = False
        self._handed_out = False  # build() gave the native model to the caller
        self._build_stopped = False  # a limit stopped a build: what it made is not to be used
        self._deadline = Deadline()  # of the solve or count under way

    @classmethod
    def info(cls):
        """This method's :class:`~sudoku_models.registry.MethodInfo`."""
        from ..registry import method_info

        return method_info(cls.name)

    @classmethod
    def _checked_rules(cls, layout) -> Rules:
        """The :class:`~sudoku_models.core.rules.Rules` of ``layout`` (rules, a
        layout or an int order) if this method models them;
        :class:`~sudoku_models.registry.CapabilityError` naming the method
        and the kind otherwise."""
        from ..registry import UnknownMethodError

        rules = layout if isinstance(layout, Rules) else None
        checked = cls._checked_layout(layout.layout if rules is not None else layout)
        if rules is None or rules.classic:
            return Rules(checked) if rules is None else rules
        try:
            info = cls.info()
        except UnknownMethodError:  # a class not (yet) registered: as any Formulation
            return rules
        info.check_rules(rules)
        return rules

    @classmethod
    def _checked_layout(cls, layout) -> Layout:
        """``layout`` (or the square layout of an int order) if this method
        takes it; :class:`~sudoku_models.core.geometry.LayoutError` or
        :class:`~sudoku_models.registry.CapabilityError` otherwise."""
        from ..registry import METHODS, CapabilityError, UnknownMethodError, layout_kind

        if not isinstance(layout, Layout):
            if isinstance(layout, int) and not isinstance(layout, bool) and layout > MAX_PUZZLE_ORDER:
                raise LayoutError(f"order must be 2..{MAX_PUZZLE_ORDER}, got {layout}")
            layout = Layout.square(layout)
        if layout.side > MAX_PUZZLE_SIDE:
            raise LayoutError(f"the methods take grids up to {MAX_PUZZLE_SIDE}x{MAX_PUZZLE_SIDE}, "
                              f"got {layout.name}")
        try:
            kinds = cls.info().layouts
        except UnknownMethodError:  # a class not (yet) registered: any layout
            return layout
        if layout_kind(layout) not in kinds:
            raise CapabilityError(f"method {cls.name!r} takes {', '.join(kinds)} layouts, "
                                  f"not {layout.name}")
        if layout.more_values and not cls.info().more_values:
            others = [name for name, info in METHODS.items() if info.more_values]
            raise CapabilityError(f"method {cls.name!r} does not model more values than cells "
                                  f"per house ({layout.name}); methods that do: "
                                  f"{', '.join(others)}")
        return layout

    def _option(self, key: str, value):
        """``value`` if this method's registry entry allows it for option
        ``key`` (the vocabulary the registry states: one definition, read by
        the registry's own check and by the class); ``ValueError`` naming the
        allowed values otherwise."""
        self.info().check_options({key: value})
        return value

    # -- public -----------------------------------------------------------

    def build(self, puzzle: Puzzle) -> Any:
        """Load ``puzzle``'s clues, building the rules on first use, and
        return the native model (a Pyomo ``ConcreteModel``, a CP-SAT
        ``CpModel``, ...) so it can be printed, inspected, exported or
        changed: a constraint added to it or a bound changed on it is part of
        the next :meth:`solve` (the model is recompiled for the solver if
        needed). Raises ``ValueError`` if the puzzle's order differs from the
        model's."""
        self._prepare(puzzle)
        self._handed_out = True
        self._remember_handed_out_model()
        return self._native_model()

    def solve(self, puzzle: Puzzle) -> SolveResult:
        """Solve ``puzzle`` and time the build (or clue update) and the solver
        call separately (seconds), and the CPU seconds of this process for
        both. The time limit and the CPU limit cover both: the solver gets what
        the build left, a build that used it all gives TIME_LIMIT without a
        solver call, and an answer that came after the limit (a solver
        overrunning its own limit, as HiGHS does by a second or two in some
        phases of a 25x25 root node) is TIME_LIMIT too, with
        ``stats["after the limit"]`` naming the status it had: one rule for
        every method, so no row over the limit counts as solved. A build
        that reaches a limit is stopped there (TIME_LIMIT, ``stats["build
        stopped"]`` 1, a size of zeros) and the object is left as it was
        made (the next solve builds again), or, when the stop came while a
        model :meth:`build` handed out was taken back, spent: a later solve
        or build raises ``RuntimeError`` (make the method again).
        Never raises for an infeasible puzzle: the result's status is
        INFEASIBLE."""
        start, cpu_start = time.perf_counter(), time.process_time()
        self._deadline = Deadline(
            None if self.time_limit is None else start + self.time_limit,
            None if self.cpu_limit is None else cpu_start + self.cpu_limit)
        if not self._ready_in_time(puzzle, self._ready):
            done = time.perf_counter()
            return SolveResult(self.name, Status.TIME_LIMIT, None, done - start, 0.0,
                               ModelSize(0, 0, 0), {"build stopped": 1}, self.solver_name(),
                               puzzle=puzzle, cpu_seconds=time.process_time() - cpu_start,
                               time_limit=self.time_limit, cpu_limit=self.cpu_limit)
        built = time.perf_counter()
        if self._deadline.passed():
            status, values, stats, objective = Status.TIME_LIMIT, None, {}, None
        else:
            status, values, stats, objective = self._run()
        done, cpu = time.perf_counter(), time.process_time() - cpu_start
        over = ((self.time_limit is not None and done - start > self.time_limit)
                or (self.cpu_limit is not None and cpu > self.cpu_limit))
        if over and status in (Status.OPTIMAL, Status.FEASIBLE, Status.INFEASIBLE):
            stats = {**stats, "after the limit": status.value}
            status, objective = Status.TIME_LIMIT, None
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
            puzzle=puzzle,
            cpu_seconds=cpu,
            time_limit=self.time_limit,
            cpu_limit=self.cpu_limit,
        )

    def count_solutions(self, puzzle: Puzzle, limit: int | None = None,
                        time_limit: float | None = None,
                        cpu_limit: float | None = None) -> int:
        """Number of solutions of ``puzzle`` up to ``limit`` (None: all).
        ``time_limit`` (seconds; None: the method's own ``time_limit``) and
        ``cpu_limit`` (CPU seconds of this process; None: the method's own)
        cover loading the clues and counting; reaching one, or Ctrl-C,
        raises :class:`~sudoku_models.errors.CountIncomplete`. Raises
        :class:`~sudoku_models.registry.CapabilityError` for a method that
        cannot count."""
        from ..registry import CapabilityError

        raise CapabilityError(f"method {self.name!r} cannot count solutions")

    def export(self, puzzle: Puzzle, path, fmt: str) -> None:
        """Write the model of ``puzzle`` to ``path`` in format ``fmt`` (see
        :mod:`sudoku_models.model_files`). Raises
        :class:`~sudoku_models.registry.CapabilityError` for a format this
        method cannot write."""
        from ..registry import CapabilityError

        raise CapabilityError(f"method {self.name!r} cannot export its model as {fmt!r}")

    @abstractmethod
    def size(self) -> ModelSize:
        """Variables, constraints and nonzeros of the model as built."""

    @staticmethod
    @abstractmethod
    def solver_name() -> str:
        """Solver and version, e.g. ``"HiGHS 1.14.0"``."""

    # -- for subclasses ---------------------------------------------------

    def _prepare(self, puzzle: Puzzle) -> None:
        """Build the rules on first use and load ``puzzle``'s clues."""
        if self._build_stopped:
            raise RuntimeError(f"{self.name}: a limit stopped this model's build, which left "
                               f"it unusable; make the method again")
        if puzzle.rules is not self.rules and puzzle.rules != self.rules:
            if puzzle.layout != self.layout:
                raise ValueError(
                    f"{self.name}: this model is of {self.layout.name}, the puzzle of "
                    f"{puzzle.layout.name}"
                )
            raise ValueError(
                f"{self.name}: this model is of {_rules_name(self.rules)}, the puzzle of "
                f"{_rules_name(puzzle.rules)}: make the method for puzzle.rules"
            )
        if not self._built:
            self._refuse_past_the_budget()
            self._build_rules()
            self._built = True
        self._load_clues(puzzle)

    def _ready(self, puzzle: Puzzle) -> None:
        """:meth:`_prepare`, then make the solver see any change the caller
        made to a model :meth:`build` handed out, then :meth:`_attach_solver`."""
        if self._handed_out:
            self._model_changed_by_user()
            self._handed_out = False
        self._prepare(puzzle)
        self._attach_solver()

    def _ready_in_time(self, puzzle: Puzzle, ready) -> bool:
        """``ready(puzzle)`` (:meth:`_ready` or :meth:`_prepare`: the build
        and the clues) within ``self._deadline`` and
        :data:`~sudoku_models.limits.MODEL_BYTES` of memory: the build is
        Python code with no stop of its own, so it is stopped by an
        exception raised in it
        (:func:`~sudoku_models.stoppable.call_python_stoppable`). False when
        a limit stopped it; raises
        :class:`~sudoku_models.errors.ModelTooLarge` past the memory budget.
        Either way what it made is thrown away: a first build leaves the
        object as it was made, a stop while a handed-out model is taken back
        leaves it spent (:meth:`_prepare` then raises ``RuntimeError``). A
        model already built that only takes new clues is not watched: that
        is bounded, and the watch's 0.05 ms would be most of a counter's
        solve."""
        if self._built and not self._handed_out:
            ready(puzzle)
            return True
        made = None if self._built else dict(self.__dict__)  # the object before its build
        before, start = resident_bytes(), time.perf_counter()
        try:
            call_python_stoppable(lambda: ready(puzzle), self._deadline.wall, self._deadline.cpu,
                                  before + limits.MODEL_BYTES)
        except WorkStopped as stopped:
            if made is None:
                self._built, self._build_stopped = False, True
            else:
                self.__dict__.clear()
                self.__dict__.update(made)
            if stopped.reason == "memory":
                raise ModelTooLarge(
                    f"{self.name}: the model of {_rules_name(self.rules)} grew past "
                    f"{_bytes_text(limits.MODEL_BYTES)} (limits.MODEL_BYTES) "
                    f"{time.perf_counter() - start:.1f} s into its build, at "
                    f"{_bytes_text(stopped.resident - before)} and still growing; refused"
                ) from None
            return False
        return True

    def _estimated_bytes(self) -> tuple[int, str] | None:
        """The memory the model of ``self.rules`` would take, estimated
        before it is built where that is cheap and sound (from the live arcs
        of the automaton lines: :mod:`~.binary.automaton_rows`,
        :func:`~.sat.variant_clauses.line_clause_count`), with what it
        counted (``"4,579,319 arc variables at 1,150 bytes each"``; starting
        ``"at least "`` when only a part was counted, enough to refuse); None
        (the default) leaves the model to the guard of
        :meth:`_ready_in_time`."""
        return None

    def _refuse_past_the_budget(self) -> None:
        """Raise :class:`~sudoku_models.errors.ModelTooLarge` before the
        build when :meth:`_estimated_bytes` passes
        :data:`~sudoku_models.limits.MODEL_BYTES`, naming the estimate (a
        regular expression over 18 cells took the SAT build 12.6 GB before
        the guard, and over 81 cells would take about 480 GB)."""
        estimate = self._estimated_bytes()
        if estimate is not None and estimate[0] > limits.MODEL_BYTES:
            size, what = estimate
            bound = "at least" if what.startswith("at least ") else "about"
            raise ModelTooLarge(
                f"{self.name}: the model of {_rules_name(self.rules)} would take {bound} "
                f"{_bytes_text(size)} ({what.removeprefix('at least ')}), past "
                f"{_bytes_text(limits.MODEL_BYTES)} (limits.MODEL_BYTES); refused before its "
                f"build")

    def _time_left(self) -> float | None:
        """Wall seconds left of the time limit for the solver call of the
        solve (or count) under way, the build counted (0 once the CPU limit
        is reached); None without a time limit. The solver call is also
        watched for the CPU limit: pass ``self._deadline`` to
        :func:`~sudoku_models.stoppable.call_stoppable`."""
        return self._deadline.wall_left()

    def _start_count(self, time_limit: float | None, cpu_limit: float | None) -> Deadline:
        """Start the clocks of a count: its :class:`~sudoku_models.deadline.Deadline`
        from ``time_limit`` and ``cpu_limit`` or, for each that is None, the
        method's own. Raises ``ValueError`` for a limit that is not positive."""
        self._deadline = Deadline.after(self.time_limit if time_limit is None else time_limit,
                                        self.cpu_limit if cpu_limit is None else cpu_limit)
        return self._deadline

    def _remember_handed_out_model(self) -> None:
        """Called when :meth:`build` hands the native model out: note what
        :meth:`_model_changed_by_user` needs to tell a change (default: nothing)."""

    def _model_changed_by_user(self) -> None:
        """Called before a solve (and before the new clues are loaded) when
        :meth:`build` handed the native model out since the last solve: a
        formulation that compiles its model for the solver drops the
        compiled copy here, so the solve sees the user's changes; one that
        cannot carry a change raises :class:`ModelChangedError`. Models the
        solver reads directly need nothing."""

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
    def _run(self) -> tuple[Status, np.ndarray | None, dict[str, int | float], float | None]:
        """Call the solver within :meth:`_time_left` seconds, watched for
        ``self._deadline`` (the CPU limit too): status, the
        ``n**4`` cell values (row-major) when solved, statistics, objective
        value."""


def _bytes_text(size: int) -> str:
    """``"4.0 GiB"``, ``"40 MiB"``: a size for messages."""
    return f"{size / 2**30:.1f} GiB" if size >= 2**30 else f"{size / 2**20:.0f} MiB"


def _rules_name(rules: Rules) -> str:
    """``"4x4 (2x2 boxes) with 3 constraints (cage, parity)"`` for messages."""
    if rules.classic:
        return f"{rules.layout.name} with classic rules"
    count = len(rules.constraints)
    return (f"{rules.layout.name} with {count} constraint{'s' * (count > 1)} "
            f"({', '.join(sorted(rules.kinds))})")


def entry_points(formulation: type[Formulation]):
    """The module-level ``build(puzzle, **options)`` and
    ``solve(puzzle, **options)`` of a formulation module: each makes a fresh
    ``formulation(puzzle.rules, **options)`` and calls its method."""

    def build(puzzle: Puzzle, **options) -> Any:
        return formulation(puzzle.rules, **options).build(puzzle)

    def solve(puzzle: Puzzle, **options) -> SolveResult:
        return formulation(puzzle.rules, **options).solve(puzzle)

    build.__doc__ = (
        f"The native model of ``puzzle`` for formulation {formulation.name!r}. "
        f"``options`` as {formulation.__name__}."
    )
    solve.__doc__ = (
        f"Solve ``puzzle`` with formulation {formulation.name!r}; returns a SolveResult. "
        f"``options`` as {formulation.__name__}."
    )
    return build, solve
