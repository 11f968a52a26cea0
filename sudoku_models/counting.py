"""Counting solutions with any method that can: the compiled backtracking
counter, CP-SAT's solution enumeration, or MILP with no-good cuts (the
methods whose registry entry says ``can_count``)."""

from __future__ import annotations

from .puzzle import Puzzle


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


def count_solutions(puzzle: Puzzle, method: str = "backtracking", limit: int | None = 2,
                    time_limit: float | None = None) -> int:
    """Number of solutions of ``puzzle``, stopping at ``limit`` (None: all).

    ``method``: any registered method that can count
    (:func:`sudoku_models.registry.counting_methods`): ``"backtracking"``
    (the compiled counter, fastest), ``"cp"`` or ``"cp-bool"`` (CP-SAT
    solution enumeration on that model), ``"milp"`` or ``"matrix"`` (HiGHS
    re-solving the binary model with a no-good cut after each solution),
    ``"sat-minimal"`` or ``"sat-extended"`` (SAT with blocking clauses). All
    agree; the tests check it. ``time_limit`` (seconds) or Ctrl-C end the
    count early with :class:`CountIncomplete`, whose ``lower_bound`` is never
    to be shown as the count. Raises ``ValueError`` for an unknown method, a
    method that cannot count
    (:class:`~sudoku_models.registry.CapabilityError`) or a limit below 1.
    """
    from .registry import CapabilityError, method_info

    check_limit(limit)
    info = method_info(method)
    if not info.can_count:
        from .registry import counting_methods

        raise CapabilityError(f"cannot count solutions with {method!r}; choose from "
                              f"{', '.join(counting_methods())}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time limit must be a positive number of seconds, got {time_limit!r}")
    return info.load()(puzzle.order).count_solutions(puzzle, limit=limit, time_limit=time_limit)


def __getattr__(name):
    if name == "COUNTING_METHODS":  # kept for old code: a view of the registry
        from .registry import counting_methods

        return counting_methods()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
