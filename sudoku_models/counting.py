"""Kept for old imports: counting with any method is
:func:`sudoku_models.solving.count_solutions` (also ``sudoku_models.count_solutions``),
and the count's limits and :class:`CountIncomplete` are in
:mod:`sudoku_models.limits`. The compiled counter is :mod:`sudoku_models.counter`."""

from __future__ import annotations

from .limits import CountIncomplete, check_limit  # noqa: F401
from .solving import count_solutions  # noqa: F401


def __getattr__(name):
    if name == "COUNTING_METHODS":  # kept for old code: a view of the registry
        from .registry import counting_methods

        return counting_methods()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
