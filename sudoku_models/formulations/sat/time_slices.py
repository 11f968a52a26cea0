"""Solving with PySAT within a time limit and under Ctrl-C.

Time and CPU limits and Ctrl-C: CaDiCaL in PySAT has no ``interrupt()``,
so it runs in slices bounded by a number of conflicts (and, under a limit,
decisions), with the clocks checked in between; the other solvers are
stopped by ``interrupt()`` from a watcher thread at the deadline
(:mod:`sudoku_models.stoppable`). In the main thread PySAT takes Ctrl-C
over during a solver call and jumps out of the solver, whatever the solver;
that solver is then abandoned, not freed (freeing it crashed). A
search stopped by the time limit gives TIME_LIMIT; Ctrl-C raises
``KeyboardInterrupt`` (and the solver, whose state is then unknown, is
discarded).
"""

from __future__ import annotations

from ...deadline import Deadline
from ...stoppable import call_stoppable

_FIRST_SLICE = {"conflicts": 64, "decisions": 1024}  # CaDiCaL budget of the first slice
_MAX_SLICE_CONFLICTS = 4096  # so a slice overruns the time limit by little
_MAX_SLICE_DECISIONS = 1 << 20  # likewise; the budget is a C long (doubling overflowed it)


def solve_limited(solver, assumptions: list[int], expect_interrupt: bool = False):
    """``solver.solve_limited``. In the main thread PySAT takes SIGINT over
    during the call and on Ctrl-C jumps out of the solver (``longjmp``),
    raising "Caught keyboard interrupt": the solver is then abandoned
    (:func:`abandon`) and ``KeyboardInterrupt`` raised."""
    try:
        return solver.solve_limited(assumptions=assumptions, expect_interrupt=expect_interrupt)
    except Exception as error:
        if "keyboard interrupt" not in str(error).lower():
            raise
        abandon(solver)
        raise KeyboardInterrupt from None


def abandon(solver) -> None:
    """Drop the handle of a native solver that PySAT jumped out of: its
    memory is left inconsistent, and freeing it crashed the process
    ("munmap_chunk(): invalid pointer"). The memory is leaked instead;
    ``delete()`` and the garbage collector then leave it alone."""
    native = getattr(solver, "solver", None)
    for name, value in list(vars(native).items()) if native is not None else []:
        if type(value).__name__ == "PyCapsule":
            setattr(native, name, None)


def solve_interruptible(solver, assumptions: list[int], deadline: Deadline):
    """A solver with ``interrupt()``: ``solve_limited`` watched by
    :func:`sudoku_models.stoppable.call_stoppable`, which interrupts it at
    the deadline, wall or CPU (a solver call would otherwise hold off the
    clock until it returned)."""
    answer, reason = call_stoppable(lambda: solve_limited(solver, assumptions, True),
                                    solver.interrupt, deadline.wall, deadline.cpu)
    solver.clear_interrupt()
    if reason == "interrupted":
        raise KeyboardInterrupt
    return answer


def solve_in_slices(solver, assumptions: list[int], deadline: Deadline):
    """CaDiCaL: ``solve_limited`` under a conflict budget, slice after slice,
    so that Python gets control between slices (PySAT's CaDiCaL does not
    take ``interrupt()``; Ctrl-C: :func:`solve_limited`). With a limited
    ``deadline`` the slices start small (64 conflicts, 1,024 decisions) and
    double, and the clocks are checked in between; without one a slice is
    4,096 conflicts, which a 9x9 puzzle never needs, so its statistics are
    those of one call. What the solver learnt is kept across slices."""
    conflicts, decisions = _FIRST_SLICE["conflicts"], _FIRST_SLICE["decisions"]
    if not deadline.limited:
        conflicts, decisions = _MAX_SLICE_CONFLICTS, -1
    while not deadline.passed():
        solver.conf_budget(conflicts)
        solver.dec_budget(decisions)
        answer = solve_limited(solver, assumptions)
        if answer is not None:
            return answer
        conflicts = min(2 * conflicts, _MAX_SLICE_CONFLICTS)
        decisions = -1 if not deadline.limited else min(2 * decisions, _MAX_SLICE_DECISIONS)
    return None
