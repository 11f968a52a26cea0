"""Solving and counting with any registered method: the method-level API.

* :func:`solve`: one puzzle, one fresh model;
* :func:`solve_many`: many puzzles, one model per rules (layout and
  constraints), only the clues change between puzzles;
* :func:`count_solutions`: the solutions of one puzzle, with any method
  that can count;
* :func:`make_method`: the method object itself, its options checked
  against the registry.

Every one takes the method by its registry name
(:data:`sudoku_models.registry.METHODS`) and the method's options as
keywords. The compiled counter's own batch functions, which take arrays of
grids rather than methods, are in :mod:`sudoku_models.counter`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from . import validation
from .limits import check_limit
from .geometry import Layout
from .puzzle import Puzzle, as_puzzle
from .registry import CapabilityError, counting_methods, method_info
from .rules import Rules
from .result import SolveResult

_COMMON = ("log", "threads", "seed")


def make_method(method: str, layout: int | Layout | Rules, time_limit: float | None = None,
                **options):
    """An instance of the method registered as ``method`` for puzzles of
    ``layout``: their :class:`~sudoku_models.rules.Rules` (``puzzle.rules``:
    a layout with the constraints of a variant), a
    :class:`~sudoku_models.geometry.Layout` or an int order for classic
    rules. ``options`` are checked against the registry (``objective``,
    ``solver``, ``solver_options``, ``transformation``, ``filter``, ...)
    besides the common ``log``, ``threads`` and ``seed``. Raises
    ``ValueError`` (an :class:`~sudoku_models.registry.UnknownMethodError`
    for an unknown name; a :class:`~sudoku_models.registry.CapabilityError`
    for a layout or constraint kind the method does not model) naming what
    is wrong."""
    info = method_info(method)
    info.check_options({k: v for k, v in options.items() if k not in _COMMON})
    return info.load()(layout, time_limit=time_limit, **options)


def solve(
    puzzle: Puzzle, method: str = "milp", time_limit: float | None = None, **options
) -> SolveResult:
    """Solve one puzzle with the method registered as ``method``
    (see ``sudoku_models.METHODS``: ``"milp"``, ``"cp"``, ...). ``puzzle``: a
    :class:`Puzzle`, a puzzle string or a grid (:func:`~sudoku_models.puzzle.as_puzzle`).

    ``time_limit`` is in seconds and covers building the model and solving
    (a result over it is TIME_LIMIT); ``options`` go to the method (``log``,
    ``threads``, ``seed``, ``objective`` for MILP, ``solver_options``, ...).
    The model is built afresh: ``build_seconds`` includes building it.
    Raises ``ValueError`` for an unknown method or option value; an
    unsolvable puzzle is a result with status INFEASIBLE, not an error.
    """
    puzzle = as_puzzle(puzzle)
    return make_method(method, puzzle.rules, time_limit, **options).solve(puzzle)


def solve_many(
    puzzles: Iterable[Puzzle], method: str = "milp", time_limit: float | None = None, **options
) -> Iterator[SolveResult]:
    """Solve puzzles in turn, yielding one :class:`SolveResult` each.

    One model is built per :class:`~sudoku_models.rules.Rules` (layout and
    constraints) and reused: each new puzzle with the same rules only changes
    the clues (for the Pyomo MILP, the clue bounds of the model compiled into
    its solver). The first result of a rules carries the build time; later
    ones the time to load the clues. ``time_limit`` applies to each puzzle.
    Arguments as :func:`solve`.
    """
    models = {}
    for puzzle in puzzles:
        puzzle = as_puzzle(puzzle)
        if puzzle.rules not in models:
            models[puzzle.rules] = make_method(method, puzzle.rules, time_limit, **options)
        yield models[puzzle.rules].solve(puzzle)


def count_solutions(puzzle: Puzzle, method: str = "backtracking", limit: int | None = 2,
                    time_limit: float | None = None, **options) -> int:
    """Number of solutions of ``puzzle``, stopping at ``limit`` (None: all).

    ``method``: any registered method that can count
    (:func:`sudoku_models.registry.counting_methods`): ``"backtracking"``
    (the compiled counter, fastest), ``"cp"`` or ``"cp-bool"`` (CP-SAT
    solution enumeration on that model), ``"milp"``, ``"matrix"`` or
    ``"milp-alldiff"`` (the MILP solver, HiGHS or SCIP, re-solving with a
    no-good cut after each solution), ``"sat-minimal"`` or
    ``"sat-extended"`` (SAT with blocking clauses); ``options`` go to the
    method (``solver="scip"``, ...). All agree; the tests check it.
    ``time_limit`` (seconds) or Ctrl-C end the count early with
    :class:`~sudoku_models.limits.CountIncomplete`, whose ``lower_bound`` is
    never to be shown as the count. Raises ``ValueError`` for an unknown
    method, a method that cannot count
    (:class:`~sudoku_models.registry.CapabilityError`) or a limit below 1.
    """
    puzzle = as_puzzle(puzzle)
    check_limit(limit)
    time_limit = validation.time_limit(time_limit)
    if not method_info(method).can_count:
        raise CapabilityError(f"cannot count solutions with {method!r}; choose from "
                              f"{', '.join(counting_methods())}")
    model = make_method(method, puzzle.rules, **options)
    return model.count_solutions(puzzle, limit=limit, time_limit=time_limit)
