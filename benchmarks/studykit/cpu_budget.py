"""Solving within a budget of CPU seconds, build included: what the killer
and order studies time their forms by.

A watcher thread stops the solve once this process has spent the budget,
as each method can be stopped: HiGHS through the back-end's ``stop()``,
CP-SAT through ``stop_search()`` (its statistics kept), PySAT and the
counter's method by a Ctrl-C the process sends itself (PySAT's CaDiCaL has
no ``interrupt()``). A study calls :func:`ctrl_c_in_background` first, so
that the Ctrl-C reaches Python in a job started in the background too.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from sudoku_models import Puzzle


def ctrl_c_in_background() -> None:
    """Let Ctrl-C (SIGINT) reach Python even in a job started in the
    background, where the shell ignores it: HiGHS checks for ``stop()`` only
    where Ctrl-C can reach Python, and PySAT is stopped by one, so without
    this the CPU budget would not stop them."""
    signal.signal(signal.SIGINT, signal.default_int_handler)


@contextmanager
def cpu_budget(stop: Callable[[], None], seconds: float, repeat: bool = True):
    """Call ``stop()`` once this process has spent ``seconds`` CPU seconds
    since entering the block: every 0.05 s from then on while the block
    runs (``repeat``: a solver that ignores a stop before its search has
    started gets it again), or once (``repeat=False``). Yields an event
    that is set once ``stop`` has been called."""
    start, done, fired = time.process_time(), threading.Event(), threading.Event()

    def watch() -> None:
        while not done.wait(0.05):
            if time.process_time() - start > seconds and (repeat or not fired.is_set()):
                fired.set()
                stop()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield fired
    finally:
        done.set()
        watcher.join()


def _interrupt() -> None:
    """Ctrl-C to this process: how the SAT methods are stopped (PySAT's
    CaDiCaL has no ``interrupt()``; the method's time limit is in wall
    seconds)."""
    os.kill(os.getpid(), signal.SIGINT)


def _highs_stop(model) -> Callable[[], None]:
    """The milp and matrix methods: their back-end's ``stop()`` (HiGHS's
    interrupt callback), once the back-end exists."""
    def stop() -> None:
        backend = getattr(model, "backend", None)
        if backend is not None:
            backend.stop()
    return stop


def _cpsat_stop(model) -> Callable[[], None]:
    """The cp and cp-bool methods: ``stop_search()`` of the CP-SAT solver
    the method makes for its solve (caught as it is made), which keeps the
    solver's statistics of the stopped search."""
    made = []
    make = model._solver

    def solver(time_limit):
        made.append(make(time_limit))
        return made[-1]

    model._solver = solver
    return lambda: made[-1].stop_search() if made else None


def solve_within(model, method: str, puzzle: Puzzle, cpu_limit: float):
    """``model.solve(puzzle)`` (a ``method`` made by ``make_method``) under
    a budget of ``cpu_limit`` CPU seconds of this process, the solver
    stopped as it can be: HiGHS through its back-end's ``stop()``, CP-SAT by
    ``stop_search()`` (both again and again until they return), PySAT and
    the counter's method by one Ctrl-C. Returns the result, or None when
    the budget's stop ended the solve with an interrupt; a Ctrl-C of the
    user's is raised."""
    stop, repeat = ((_highs_stop(model), True) if method in ("milp", "matrix") else
                    (_cpsat_stop(model), True) if method.startswith("cp") else
                    (_interrupt, False))
    stopped = None
    try:
        with cpu_budget(stop, cpu_limit, repeat) as stopped:
            return model.solve(puzzle)
    except KeyboardInterrupt:
        if stopped is None or not stopped.is_set():
            raise  # a Ctrl-C of the user's
        return None
