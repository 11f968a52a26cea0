"""Solving and counting with any registered method: the method-level API.

* :func:`solve`: one puzzle, one fresh model;
* :func:`solve_many`: many puzzles, one model per rules (layout and
  constraints), only the clues change between puzzles;
* :func:`count_solutions`: the solutions of one puzzle, with any method
  that can count;
* :func:`make_method`: the method object itself, its options checked
  against the registry;
* :func:`solve_each` and :class:`Models`: the one pipeline under
  ``sudoku-models solve``, the notebooks and the benchmark worker: puzzles
  in, one :class:`Solved` per puzzle and method out, models built once per
  method, rules and options.

Every one takes the method by its registry name
(:data:`sudoku_models.registry.METHODS`) and the method's options as
keywords. The compiled counter's own batch functions, which take arrays of
grids rather than methods, are in :mod:`sudoku_models.counter`.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace

from . import validation
from .errors import UnsolvablePuzzle
from .limits import WARM_UP_SECONDS, check_limit
from .core.geometry import Layout
from .puzzle import Puzzle
from .formats.puzzle_text import as_puzzle
from .registry import CapabilityError, counting_methods, method_info
from .core.rules import Rules
from .result import SolveResult, Status

_COMMON = ("log", "threads", "seed")


def check_clues(puzzle: Puzzle) -> None:
    """Raise :class:`~sudoku_models.errors.UnsolvablePuzzle` naming every
    value that two clues of ``puzzle`` repeat in one house (row, column,
    box, region or all-different cage: :meth:`Puzzle.conflicts`), so that a
    typo is named before any solver sees it (a solver only answers
    INFEASIBLE). Clues that repeat nothing may still leave no solution: the
    solvers prove that (INFEASIBLE). Counting does not check: a puzzle
    whose clues repeat a value has 0 solutions, which every counting method
    says."""
    conflicts = puzzle.conflicts()
    if conflicts:
        said = "; ".join(
            f"{c.value + puzzle.values.shift} "
            f"{'twice' if len(c.cells) == 2 else f'{len(c.cells)} times'} in {c.house} "
            f"({', '.join(f'r{row}c{column}' for row, column in c.cells)})" for c in conflicts)
        raise UnsolvablePuzzle(f"the clues repeat {said}: no solution; correct the clues")


def make_method(method: str, layout: int | Layout | Rules, time_limit: float | None = None,
                cpu_limit: float | None = None, **options):
    """An instance of the method registered as ``method`` for puzzles of
    ``layout``: their :class:`~sudoku_models.core.rules.Rules` (``puzzle.rules``:
    a layout with the constraints of a variant), a
    :class:`~sudoku_models.core.geometry.Layout` or an int order for classic
    rules. ``time_limit``: wall seconds, ``cpu_limit``: CPU seconds of this
    process, each covering a solve's build and solver call (None: none;
    :class:`~sudoku_models.formulations.base.Formulation`). ``options`` are
    checked against the registry (``objective``, ``solver``,
    ``solver_options``, ``transformation``, ``filter``, ...) besides the
    common ``log``, ``threads`` and ``seed``. Raises
    ``ValueError`` (an :class:`~sudoku_models.registry.UnknownMethodError`
    for an unknown name; a :class:`~sudoku_models.registry.CapabilityError`
    for a layout or constraint kind the method does not model) naming what
    is wrong."""
    info = method_info(method)
    info.check_options({k: v for k, v in options.items() if k not in _COMMON},
                       also=("time_limit", "cpu_limit", *_COMMON))
    return info.load()(layout, time_limit=time_limit, cpu_limit=cpu_limit, **options)


def option_values(method: str, objective: str | None = None, solver_seed: int = 0,
                  extra: Mapping[str, object] | None = None) -> dict[str, object]:
    """The options ``method`` is built with, as typed values: ``objective``
    (default ``"feasibility"``) for the methods that take one, each ``extra``
    option the method takes (``{"clues": "units"}``; others are left out),
    and ``seed`` for a nonzero ``solver_seed`` and a method whose solver takes
    one (:attr:`~sudoku_models.registry.MethodInfo.seeded`), in that order."""
    info = method_info(method)
    values: dict[str, object] = {}
    if "objective" in info.options:
        values["objective"] = objective or "feasibility"
    values.update({key: value for key, value in (extra or {}).items() if key in info.options})
    if solver_seed and info.seeded:
        values["seed"] = solver_seed
    return values


def option_value(text: str) -> object:
    """An option's value as typed on a command line: ``True``, ``False``,
    ``None``, a number, or else the text itself (``"sets"``)."""
    import ast

    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, (bool, int, float)) or value is None else text


def options_text(values: Mapping[str, object]) -> str:
    """The ``options`` column of a row: ``"key=value"`` pairs joined by ``;``
    in the order of ``values`` (:func:`option_values`)."""
    return ";".join(f"{key}={value}" for key, value in values.items())


def solve(
    puzzle: Puzzle, method: str = "milp", time_limit: float | None = None,
    cpu_limit: float | None = None, **options
) -> SolveResult:
    """Solve one puzzle with the method registered as ``method``
    (see ``sudoku_models.METHODS``: ``"milp"``, ``"cp"``, ...). ``puzzle``: a
    :class:`Puzzle`, a puzzle string or a grid (:func:`~sudoku_models.puzzle.as_puzzle`).

    ``time_limit`` is in seconds and covers building the model and solving
    (a result over it is TIME_LIMIT); ``cpu_limit`` is in CPU seconds of
    this process (every thread) and covers the same: the toolkit stops the
    solver through its own stop when the process has spent it, so a loaded
    machine lowers no method's budget (TIME_LIMIT; the result's
    ``time_limit`` and ``cpu_limit`` say which applied). ``options`` go to the method (``log``,
    ``threads``, ``seed``, ``objective`` for MILP, ``solver_options``, ...).
    The model is built afresh: ``build_seconds`` includes building it; the
    first solve of a method configuration in the process is preceded by an
    untimed warm-up (:func:`warm_up`), whose seconds that result gives
    apart in ``stats["warm_up_s"]``. Raises ``ValueError`` for an unknown
    method or option value or a limit that is not a positive number of
    seconds, and
    :class:`~sudoku_models.errors.UnsolvablePuzzle` (a ``ValueError``)
    naming the values two clues repeat in a house (:func:`check_clues`);
    a puzzle whose clues repeat nothing but that has no solution is a
    result with status INFEASIBLE, not an error.
    """
    puzzle = as_puzzle(puzzle)
    model = make_method(method, puzzle.rules, time_limit, cpu_limit, **options)
    check_clues(puzzle)
    warmed = warm_up(method, puzzle.rules, options)
    return within_limit(after_warm_up(model.solve(puzzle), warmed), time_limit, cpu_limit)


def solve_many(
    puzzles: Iterable[Puzzle], method: str = "milp", time_limit: float | None = None,
    cpu_limit: float | None = None, **options
) -> Iterator[SolveResult]:
    """Solve puzzles in turn, yielding one :class:`SolveResult` each.

    One model is built per :class:`~sudoku_models.core.rules.Rules` (layout and
    constraints) and reused: each new puzzle with the same rules only changes
    the clues (for the Pyomo MILP, the clue bounds of the model compiled into
    its solver). The first result of a rules carries the build time; later
    ones the time to load the clues. ``time_limit`` (seconds) and
    ``cpu_limit`` (CPU seconds) apply to each puzzle. Arguments and errors
    as :func:`solve`.
    """
    models = Models(time_limit, cpu_limit)
    for puzzle in puzzles:
        yield models.solve(method, as_puzzle(puzzle), **options)


_WARMED: set = set()  # (method, options, side) warmed up in this process


def warm_up_puzzle(layout: Layout, variant: bool = False) -> Puzzle:
    """The small fixed puzzle a warm-up solves for grids of ``layout``'s
    side: a full grid of the side's usual boxes (the most nearly square; a
    Latin square where the side has none) with every third cell and its
    first two rows empty, decided in milliseconds by every method but not
    at the root by the counter (its first branch node carries a set-up of
    its own: a 25x25's first solve took 1.5-1.8x the next nine when the
    warm-up made no branch, ``tests/test_warm_up.py``); ``variant``: with a killer cage on its
    first two cells, so that a method's code for variants (the counter's
    variant kernel, a model's rows) is loaded too."""
    side = layout.side
    boxes = Layout.for_side(side)
    if boxes.box_shape is None:
        grid = [[(r + c) % side + 1 for c in range(side)] for r in range(side)]
    else:
        tall, wide = boxes.box_shape
        grid = [[(wide * (r % tall) + r // tall + c) % side + 1 for c in range(side)]
                for r in range(side)]
    cage = ()
    if variant:  # the kinds load with a variant (a classic run needs none)
        from .core.cell_kinds import Cage

        cage = (Cage((0, 1), grid[0][0] + grid[0][1]),)
    for cell in range(0, side * side, 3):
        grid[cell // side][cell % side] = 0
    grid[0] = grid[1] = [0] * side
    return Puzzle.from_grid(grid, layout=Rules(boxes, cage))


def warm_up(method: str, rules: Rules, options: Mapping[str, object], solves: int = 1) -> float:
    """Before the first timed solve of ``method`` with ``options`` on grids
    like ``rules``' (its side, classic or a variant) in this process:
    ``solves`` untimed solves of :func:`warm_up_puzzle` on a model of its
    own, each stopped at :data:`~sudoku_models.limits.WARM_UP_SECONDS`
    (solver libraries loaded, compiled kernels ready, the solver's
    first-call set-up paid, the warm-up model's garbage collected), so that
    no first result carries a set-up the next ones do not (issue 44). Once
    per process and configuration; returns the seconds (wall) it took now,
    0.0 when it had run before (a compile on a fresh machine is most of
    them: :func:`after_warm_up` reports them beside the result). The puzzles' own
    models are built afresh and timed as before: a batch's first puzzle of
    a rules carries that model's build, as every method's does."""
    variant = bool(rules.constraints) and "cage-total" in method_info(method).kinds
    key = (method, tuple(sorted((k, repr(v)) for k, v in options.items() if k != "log")),
           rules.layout.side, variant)
    if key in _WARMED or solves < 1:
        return 0.0
    _WARMED.add(key)
    start = time.perf_counter()
    puzzle = warm_up_puzzle(rules.layout, variant)
    quiet = {k: v for k, v in options.items() if k != "log"}
    try:
        for _ in range(solves):
            make_method(method, puzzle.rules, WARM_UP_SECONDS, **quiet).solve(puzzle)
    except (ValueError, RuntimeError):
        pass  # a method that cannot take the warm-up puzzle: its own solve says why
    gc.collect()  # the warm-up model's cycles (a Pyomo model's: 0.1 s) freed now, untimed
    return time.perf_counter() - start


def after_warm_up(result: SolveResult, warmed: float) -> SolveResult:
    """``result`` with the seconds of the warm-up that preceded it (when
    one did: ``warmed`` > 0) in ``stats["warm_up_s"]``, apart from its own
    build and solve seconds: a first solve tells what the process paid
    before it, and no timing includes it."""
    if warmed <= 0:
        return result
    return replace(result, stats={**result.stats, "warm_up_s": round(warmed, 3)})


def within_limit(result: SolveResult, time_limit: float | None,
                 cpu_limit: float | None = None) -> SolveResult:
    """``result``, or, when its build and solve together took longer than
    ``time_limit`` seconds or (as far as the method measured its
    ``cpu_seconds``) ``cpu_limit`` CPU seconds, the same result as
    TIME_LIMIT without a grid,
    with ``"after the limit"`` holding the status it had: an answer that
    came after the limit is never reported as within it, whatever the
    method (the rule of :meth:`~sudoku_models.formulations.base.Formulation.solve`,
    applied here to every method, those with a solve of their own too)."""
    over_time = time_limit is not None and result.total_seconds > time_limit
    over_cpu = (cpu_limit is not None and result.cpu_seconds is not None
                and result.cpu_seconds > cpu_limit)
    if (not (over_time or over_cpu)
            or result.status not in (Status.OPTIMAL, Status.FEASIBLE, Status.INFEASIBLE)):
        return result
    return replace(result, status=Status.TIME_LIMIT, grid=None, objective=None,
                   stats={**result.stats, "after the limit": result.status.value})


class Models:
    """The models of one run: each method built once per rules (layout and
    constraints) and options, on first use, then reused for every later
    puzzle with those rules (for the Pyomo MILP: only the clue bounds
    change). ``time_limit`` (seconds, build included), ``cpu_limit`` (CPU
    seconds of this process, build included) and ``common`` (``log``,
    ``threads``) apply to every model; ``warmup``: untimed solves
    of a small fixed puzzle before the first timed solve of each method
    configuration in the process (:func:`warm_up`; 0: none)."""

    def __init__(self, time_limit: float | None = None, cpu_limit: float | None = None,
                 warmup: int = 1, **common) -> None:
        self.time_limit = validation.time_limit(time_limit)
        self.cpu_limit = validation.time_limit(cpu_limit, "cpu_limit")
        self.warmup = validation.whole_number(warmup, "warmup", 0)
        self.common = common
        self._built: dict = {}
        self._ready: set[str] = set()

    def prepare(self, method: str, rules: Rules | None = None,
                options: Mapping[str, object] | None = None) -> None:
        """Load ``method``'s solver and compile or load its kernels (the
        counter's ``warm_up``), once, and, given the ``rules`` of the next
        puzzle and the method's ``options``, the warm-up of that
        configuration (:func:`warm_up`): costs of the process, kept out of
        every result, every CPU second recorded and every limit."""
        if method not in self._ready:
            getattr(method_info(method).load(), "warm_up", lambda: None)()
            self._ready.add(method)
        if rules is not None:
            warm_up(method, rules, {**self.common, **(options or {})}, self.warmup)

    def model(self, method: str, rules: Rules, **options):
        """The model of ``method`` with ``options`` for puzzles of ``rules``
        (built by :func:`make_method` the first time)."""
        key = (method, rules, tuple(sorted(options.items(), key=lambda item: item[0])))
        if key not in self._built:
            self._built[key] = make_method(method, rules, self.time_limit, self.cpu_limit,
                                           **self.common, **options)
        return self._built[key]

    def solve(self, method: str, puzzle: Puzzle, **options) -> SolveResult:
        """``puzzle`` solved by the model of ``method`` for its rules
        (:func:`within_limit` of the time and CPU limits), after the warm-up of its
        configuration when it is the first; repeated clues are
        :class:`~sudoku_models.errors.UnsolvablePuzzle` (:func:`check_clues`)."""
        check_clues(puzzle)
        warmed = warm_up(method, puzzle.rules, {**self.common, **options}, self.warmup)
        result = self.model(method, puzzle.rules, **options).solve(puzzle)
        return within_limit(after_warm_up(result, warmed), self.time_limit, self.cpu_limit)


@dataclass(frozen=True)
class Solved:
    """One puzzle solved by one method in :func:`solve_each`.

    ``index``: the puzzle's position (from 1); ``options``: the method's
    options; ``result``: the :class:`SolveResult`, or None when the method
    raised, with ``error`` then its ``"Type: message"``; ``verified``: the
    grid satisfies the rules and the clues (:func:`~sudoku_models.checking.verify`;
    False when unsolved); ``cpu_seconds``: CPU time of this process (every
    thread) during the build and the solve (``time.process_time``)."""

    index: int
    puzzle: Puzzle
    method: str
    options: Mapping[str, object] = field(default_factory=dict)
    result: SolveResult | None = None
    error: str | None = None
    verified: bool = False
    cpu_seconds: float = 0.0

    @property
    def status(self) -> str:
        """The result's status name, or ``"ERROR"``."""
        return "ERROR" if self.result is None else self.result.status.value


def solve_one(models: Models, index: int, puzzle: Puzzle, method: str,
              options: Mapping[str, object] | None = None,
              refused: tuple[type[Exception], ...] = ()) -> Solved:
    """``puzzle`` solved with ``method`` by ``models``, verified and timed in
    CPU seconds. A method's exception becomes a :class:`Solved` with its
    ``error`` (one bad puzzle never ends a run), except those of the types
    ``refused`` (a command solving one puzzle refuses it:
    :class:`~sudoku_models.errors.ModelTooLarge`); ``KeyboardInterrupt``
    passes."""
    from .checking import verify

    options = dict(options or {})
    models.prepare(method, puzzle.rules, options)
    start = time.process_time()
    try:
        result = models.solve(method, puzzle, **options)
    except refused:
        raise
    except Exception as exc:  # recorded, not raised
        return Solved(index, puzzle, method, options, None, f"{type(exc).__name__}: {exc}"[:300],
                      cpu_seconds=time.process_time() - start)
    cpu = time.process_time() - start
    return Solved(index, puzzle, method, options, result, None,
                  bool(result.status.solved and verify(puzzle, result.grid)), cpu)


def solve_each(puzzles: Sequence[Puzzle], methods: Sequence[str] | Mapping[str, Mapping],
               time_limit: float | None = None, cpu_limit: float | None = None,
               **common) -> Iterator[Solved]:
    """Every puzzle with every method, method by method (each method's
    models stay built across its puzzles): one :class:`Solved` each.

    ``methods``: names, or a mapping name -> that method's options;
    ``time_limit``: seconds per puzzle and method, build included (a
    result past it is TIME_LIMIT, :func:`within_limit`); ``cpu_limit``: CPU
    seconds of this process likewise; ``common``:
    ``log``, ``threads``. Unknown methods and options raise ``ValueError``
    before anything is solved."""
    chosen = {m: {} for m in methods} if not isinstance(methods, Mapping) else dict(methods)
    for method, options in chosen.items():
        method_info(method).check_options(dict(options))
    models = Models(time_limit, cpu_limit, **common)
    for method, options in chosen.items():
        for index, puzzle in enumerate(puzzles, 1):
            yield solve_one(models, index, puzzle, method, options)


def count_solutions(puzzle: Puzzle, method: str = "backtracking", limit: int | None = 2,
                    time_limit: float | None = None, cpu_limit: float | None = None,
                    **options) -> int:
    """Number of solutions of ``puzzle``, stopping at ``limit`` (None: all).

    ``method``: any registered method that can count
    (:func:`sudoku_models.registry.counting_methods`): ``"backtracking"``
    (the compiled counter, fastest), ``"cp"`` or ``"cp-bool"`` (CP-SAT
    solution enumeration on that model), ``"milp"``, ``"matrix"`` or
    ``"milp-alldiff"`` (the MILP solver, HiGHS or SCIP, re-solving with a
    no-good cut after each solution), ``"sat-minimal"`` or
    ``"sat-extended"`` (SAT with blocking clauses); ``options`` go to the
    method (``solver="scip"``, ...). All agree; the tests check it.
    ``time_limit`` (seconds), ``cpu_limit`` (CPU seconds of this process,
    every thread) or Ctrl-C end the count early with
    :class:`~sudoku_models.errors.CountIncomplete`, whose ``lower_bound`` is
    never to be shown as the count. Raises ``ValueError`` for an unknown
    method, a method that cannot count
    (:class:`~sudoku_models.registry.CapabilityError`), a limit below 1 or
    a time or CPU limit that is not a positive number of seconds.
    """
    puzzle = as_puzzle(puzzle)
    check_limit(limit)
    time_limit = validation.time_limit(time_limit)
    cpu_limit = validation.time_limit(cpu_limit, "cpu_limit")
    if not method_info(method).can_count:
        raise CapabilityError(f"cannot count solutions with {method!r}; choose from "
                              f"{', '.join(counting_methods())}")
    model = make_method(method, puzzle.rules, **options)
    return model.count_solutions(puzzle, limit=limit, time_limit=time_limit, cpu_limit=cpu_limit)
