"""Solving one puzzle or many with any registered formulation."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .formulations import Formulation, formulation_class
from .puzzle import Puzzle
from .result import SolveResult


def solve(
    puzzle: Puzzle, method: str = "milp", time_limit: float | None = None, **options
) -> SolveResult:
    """Solve one puzzle with the formulation registered as ``method``
    (see ``sudoku_models.FORMULATIONS``: ``"milp"``, ``"cp"``, ...).

    ``time_limit`` is in seconds; ``options`` go to the formulation (``log``,
    ``threads``, ``seed``, ``objective`` for MILP). The model is built afresh:
    ``build_seconds`` includes building it. Raises ``ValueError`` for an
    unknown method or option value; an unsolvable puzzle is a result with
    status INFEASIBLE, not an error.
    """
    return formulation_class(method)(puzzle.order, time_limit=time_limit, **options).solve(puzzle)


def solve_many(
    puzzles: Iterable[Puzzle], method: str = "milp", time_limit: float | None = None, **options
) -> Iterator[SolveResult]:
    """Solve puzzles in turn, yielding one :class:`SolveResult` each.

    One model is built per order and reused: each new puzzle only changes the
    clues (for the Pyomo MILP, the clue bounds of the model compiled into HiGHS).
    The first result of an order carries the build time; later ones the time
    to load the clues. Arguments as :func:`solve`.
    """
    cls = formulation_class(method)
    models: dict[int, Formulation] = {}
    for puzzle in puzzles:
        if puzzle.order not in models:
            models[puzzle.order] = cls(puzzle.order, time_limit=time_limit, **options)
        yield models[puzzle.order].solve(puzzle)
