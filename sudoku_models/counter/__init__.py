"""Backtracking solver and solution counter for any order (2 to 6): the
compiled search of :mod:`.kernel` behind a Python interface. The generator
(:mod:`generator`) builds on it."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from functools import cache

import numpy as np

from ..counting import CountIncomplete, check_limit
from ..houses import house_cells
from ..puzzle import Puzzle
from .kernel import count_kernel

ALL = np.iinfo(np.int64).max  # "no limit" for the counter


@dataclass(frozen=True)
class Tables:
    """Per-order constants of the search: ``peers`` ``(N, P)`` flat indices
    of each cell's peers, ``houses`` ``(3*s, s)``, ``full`` the bitmask of all
    ``s`` values, ``identity`` ``(N, s)`` the value order 1..s for every cell."""

    order: int
    peers: np.ndarray
    houses: np.ndarray
    full: int
    identity: np.ndarray

    @property
    def cells(self) -> int:
        return self.houses.shape[1] ** 2

    def workspace(self):
        """Fresh scratch arrays for :func:`~sudoku_models.counter.kernel.count_kernel`."""
        n = self.cells
        return (np.empty((n + 1, n), np.int64), np.empty((n + 1, n), np.int32),
                np.empty(n + 1, np.int64), np.empty(n + 1, np.int64), np.empty(n, np.int32))


@cache
def tables(order: int) -> Tables:
    """The :class:`Tables` of an order, built once."""
    side = order * order
    houses = np.ascontiguousarray(house_cells(order), dtype=np.int64)
    peer_sets = [set() for _ in range(side * side)]
    for house in houses:
        for cell in house:
            peer_sets[cell].update(int(c) for c in house if c != cell)
    peers = np.array([sorted(p) for p in peer_sets], dtype=np.int64)
    identity = np.tile(np.arange(1, side + 1, dtype=np.int64), (side * side, 1))
    return Tables(order, peers, houses, (1 << side) - 1, identity)


def run_search(grid: np.ndarray, order: int, limit: int, value_order: np.ndarray | None = None,
               max_nodes: int = ALL, control: np.ndarray | None = None):
    """Count solutions of a flat ``(N,)`` grid up to ``limit``; returns the
    count (-1 when more than ``max_nodes`` branch nodes were needed) and the
    first solution found as a flat ``(N,)`` int32 array (only meaningful when
    the count is positive). ``control``: the kernel's stop flag (see
    :func:`~sudoku_models.counter.kernel.count_kernel`); after a stop,
    ``control[1]`` is 1 and the count is a lower bound."""
    t = tables(order)
    work_cand, work_grid, work_cell, work_next, solution = t.workspace()
    count = count_kernel(
        np.ascontiguousarray(grid, dtype=np.int32), t.peers, t.houses, t.full, limit, max_nodes,
        t.identity if value_order is None else value_order,
        work_cand, work_grid, work_cell, work_next, solution,
        np.zeros(2, dtype=np.int64) if control is None else control,
    )
    return int(count), solution


def run_stoppable(grid: np.ndarray, order: int, limit: int, time_limit: float | None = None):
    """:func:`run_search` in a worker thread (the kernel releases the GIL),
    so that Ctrl-C and ``time_limit`` (seconds) stop it. Returns ``(count,
    solution)``; raises :class:`~sudoku_models.counting.CountIncomplete`
    with the solutions found so far when stopped."""
    control = np.zeros(2, dtype=np.int64)
    outcome = []
    done = threading.Event()  # not Thread.join: a join cut by Ctrl-C can return early

    def work() -> None:
        try:
            outcome.append(run_search(grid, order, limit, control=control))
        finally:
            done.set()

    deadline = None if time_limit is None else time.monotonic() + time_limit
    reason = "time limit"
    threading.Thread(target=work, daemon=True).start()
    try:
        while not done.is_set():
            wait = 0.05 if deadline is None else max(0.0, min(0.05, deadline - time.monotonic()))
            done.wait(wait)
            if deadline is not None and time.monotonic() >= deadline:
                control[0] = 1
    except KeyboardInterrupt:
        reason = "interrupted"
        control[0] = 1
    done.wait()
    count, solution = outcome[0]
    if control[1]:
        raise CountIncomplete(count, reason)
    return count, solution


def _as_puzzle(puzzle) -> Puzzle:
    return puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_grid(puzzle)


def count_solutions(puzzle, limit: int | None = 2, time_limit: float | None = None) -> int:
    """Number of solutions of ``puzzle``, stopping at ``limit``.

    ``puzzle``: a :class:`~sudoku_models.Puzzle` or anything
    ``Puzzle.from_grid`` takes (``(n*n, n*n)`` ints, 0 = empty).
    ``limit=2`` (default) answers "none, one or several"; ``limit=None``
    counts every solution. A puzzle with contradictory clues has 0.
    ``time_limit`` (seconds) or Ctrl-C stop the count with
    :class:`~sudoku_models.counting.CountIncomplete` (its ``lower_bound``
    is the solutions found so far). Raises ``ValueError`` for a limit below 1 and
    :class:`~sudoku_models.PuzzleFormatError` for a malformed grid.

    Source: depth-first search with naked and hidden singles and
    most-constrained-cell branching (see :mod:`sudoku_models.counter.kernel`).
    """
    check_limit(limit)
    p = _as_puzzle(puzzle)
    return run_stoppable(p.grid.ravel(), p.order, ALL if limit is None else limit, time_limit)[0]


def solve(puzzle) -> np.ndarray | None:
    """A solution of ``puzzle`` as an ``(n*n, n*n)`` int array, or None when
    it has none. Arguments and errors as :func:`count_solutions`."""
    p = _as_puzzle(puzzle)
    count, solution = run_search(p.grid.ravel(), p.order, 1)
    return solution.reshape(p.side, p.side).astype(np.int64) if count else None
