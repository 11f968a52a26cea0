"""Counting solutions by any method that can: the generator's backtracking
counter, CP-SAT's solution enumeration, MILP with no-good cuts, or SAT with
blocking clauses."""

from __future__ import annotations

from .puzzle import Puzzle

COUNTING_METHODS = ("backtracking", "cp", "cp-bool", "milp", "matrix", "sat-minimal", "sat-extended")


class CountIncomplete(Exception):
    """A count cut short, by a time limit or an interrupt (Ctrl-C).

    ``lower_bound``: the solutions found before it stopped (the true count is
    at least this); ``reason``: ``"time limit"`` or ``"interrupted"``. Never
    present ``lower_bound`` as the count.
    """

    def __init__(self, lower_bound: int, reason: str) -> None:
        super().__init__(f"counting stopped ({reason}) after {lower_bound} solutions: "
                         f"the puzzle has at least {lower_bound}")
        self.lower_bound = lower_bound
        self.reason = reason


def check_limit(limit) -> None:
    """``ValueError`` unless ``limit`` is None or a whole number >= 1."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError(f"limit must be a whole number >= 1 or None, got {limit!r}")


def count_solutions(puzzle: Puzzle, method: str = "backtracking", limit: int | None = 2) -> int:
    """Number of solutions of ``puzzle``, stopping at ``limit`` (None: all).

    ``method``: ``"backtracking"`` (the compiled counter of
    :mod:`sudoku_models.counter`, fastest), ``"cp"`` or ``"cp-bool"`` (CP-SAT solution
    enumeration on that model), ``"milp"`` or ``"matrix"`` (HiGHS re-solving
    the binary model with a no-good cut after each solution),
    ``"sat-minimal"`` or ``"sat-extended"`` (CaDiCaL with a blocking clause
    after each solution). All agree; the
    tests check it. Raises ``ValueError`` for another method or a limit
    below 1.
    """
    check_limit(limit)
    if method == "backtracking":
        from .counter import count_solutions as count_by_backtracking

        return count_by_backtracking(puzzle, limit=limit)
    if method not in COUNTING_METHODS:
        raise ValueError(f"cannot count solutions with {method!r}; choose from "
                         f"{', '.join(COUNTING_METHODS)}")
    from .formulations import FORMULATIONS

    return FORMULATIONS[method](puzzle.order).count_solutions(puzzle, limit=limit)
