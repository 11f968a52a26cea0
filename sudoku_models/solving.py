"""Solving one puzzle or many with any registered method."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .puzzle import Puzzle
from .registry import method_info
from .result import SolveResult


def make_method(method: str, order: int, time_limit: float | None = None, **options):
    """An instance of the method registered as ``method`` for puzzles of
    ``order``. ``options`` are checked against the registry (``objective``,
    ``transformation``, ``filter``, ...) besides the common ``log``,
    ``threads`` and ``seed``. Raises ``ValueError`` (an
    :class:`~sudoku_models.registry.UnknownMethodError` for an unknown name)
    naming what is wrong."""
    info = method_info(method)
    info.check_options({k: v for k, v in options.items() if k not in _COMMON})
    return info.load()(order, time_limit=time_limit, **options)


_COMMON = ("log", "threads", "seed")


def solve(
    puzzle: Puzzle, method: str = "milp", time_limit: float | None = None, **options
) -> SolveResult:
    """Solve one puzzle with the method registered as ``method``
    (see ``sudoku_models.METHODS``: ``"milp"``, ``"cp"``, ...).

    ``time_limit`` is in seconds; ``options`` go to the method (``log``,
    ``threads``, ``seed``, ``objective`` for MILP). The model is built afresh:
    ``build_seconds`` includes building it. Raises ``ValueError`` for an
    unknown method or option value; an unsolvable puzzle is a result with
    status INFEASIBLE, not an error.
    """
    return make_method(method, puzzle.order, time_limit, **options).solve(puzzle)


def solve_many(
    puzzles: Iterable[Puzzle], method: str = "milp", time_limit: float | None = None, **options
) -> Iterator[SolveResult]:
    """Solve puzzles in turn, yielding one :class:`SolveResult` each.

    One model is built per order and reused: each new puzzle only changes the
    clues (for the Pyomo MILP, the clue bounds of the model compiled into HiGHS).
    The first result of an order carries the build time; later ones the time
    to load the clues. Arguments as :func:`solve`.
    """
    models = {}
    for puzzle in puzzles:
        if puzzle.order not in models:
            models[puzzle.order] = make_method(method, puzzle.order, time_limit, **options)
        yield models[puzzle.order].solve(puzzle)
