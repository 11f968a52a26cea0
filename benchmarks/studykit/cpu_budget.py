"""Solving within a budget of CPU seconds, build included: what the killer
and order studies time their forms by, on the library's own CPU limit.

A method's solve gets the budget as its ``cpu_limit``
(:class:`~sudoku_models.formulations.base.Formulation`): the library's
watcher (:mod:`sudoku_models.stoppable`) stops each solver through its own
stop once this process has spent it (HiGHS's interrupt callback, CP-SAT's
``stop_search``, PySAT's ``interrupt`` or CaDiCaL's slices, the counter's
stop flag). A study's own kernel call is stopped by the same watcher
through :func:`sudoku_models.stoppable.cpu_budget`. One mechanism for the
toolkit's users and the studies.
"""

from __future__ import annotations

import signal
from typing import TYPE_CHECKING

from sudoku_models import validation

if TYPE_CHECKING:
    from sudoku_models import Puzzle, SolveResult


def ctrl_c_in_background() -> None:
    """Let SIGINT (``kill -INT``) reach Python even in a study started in
    the background, where the shell ignores it, so that it ends the study
    as Ctrl-C does in the foreground, with the rows written so far."""
    signal.signal(signal.SIGINT, signal.default_int_handler)


def solve_within(model, puzzle: Puzzle, cpu_limit: float) -> SolveResult:
    """``model.solve(puzzle)`` within a budget of ``cpu_limit`` CPU seconds
    of this process, build included: the model's own CPU limit (a model
    made by ``make_method``). Returns the result: TIME_LIMIT when the budget
    ended the solve."""
    model.cpu_limit = validation.time_limit(cpu_limit, "cpu_limit")
    return model.solve(puzzle)
