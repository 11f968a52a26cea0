"""What solvers have to do on a puzzle, beside how hard it is for a person:
the measurements behind the difficulty study (``benchmarks/difficulty_effort.py``,
``notebooks/difficulty.ipynb``).

Imports the solvers (Pyomo, OR-Tools, numba) only when called.
"""

from __future__ import annotations

import time

from .rating import rate

# the solver measures, in the order of the tables: (column, formulation, stat)
SOLVER_STATS = (
    ("milp B&B nodes", "milp", "B&B nodes"),
    ("milp LP iterations", "milp", "LP iterations"),
    ("cp branches", "cp", "branches"),
    ("cp conflicts", "cp", "conflicts"),
)


def backtracking_nodes(puzzle, limit: int = 2) -> int:
    """Branch nodes (values tried) the compiled counter
    (:mod:`sudoku_models.counter`) needs to find ``limit`` solutions, or to
    prove there are fewer: ``limit=2`` is the uniqueness proof, ``limit=1``
    the search for the first solution.

    The counter reports nodes only as "more than ``max_nodes``", so this
    finds the exact count by doubling and bisecting ``max_nodes`` (about
    ``2 log2(nodes)`` searches; the search is deterministic)."""
    from ..counter import run_search

    grid = puzzle.grid.ravel()

    def fits(budget: int) -> bool:
        return run_search(grid, puzzle.order, limit, max_nodes=budget)[0] != -1

    high = 1
    while not fits(high):
        high *= 2
    if fits(0):
        return 0
    low = high // 2  # fits(low) is False (or low == 0, checked above)
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle
    return high


def measure(puzzles, methods=("milp", "cp")) -> list[dict]:
    """One row per puzzle: its rating (level, score, hardest, cells_left) and
    what each solver needed: for each formulation in ``methods`` its solve
    seconds and statistics (HiGHS ``B&B nodes`` and ``LP iterations`` for
    milp, CP-SAT ``branches`` and ``conflicts`` for cp; one thread, so the
    counts are reproducible) and the backtracking nodes of the compiled
    counter to the first solution and for the uniqueness proof, with the
    seconds of one full count (limit 2).

    ``puzzles``: Puzzles of one order with a unique solution. Raises
    ``RuntimeError`` if a solver does not solve one (a wrong answer must not
    enter a correlation)."""
    from ..counter import run_search
    from ..formulations import FORMULATIONS

    solvers = {}
    rows = []
    for puzzle in puzzles:
        rating = rate(puzzle)
        row = {"name": puzzle.name, "puzzle": puzzle.to_string(), "clues": puzzle.num_clues,
               "level": rating.level, "score": rating.score, "hardest": rating.hardest,
               "cells_left": rating.cells_left}
        for method in methods:
            if method not in solvers:
                solvers[method] = FORMULATIONS[method](puzzle.order, threads=1, seed=0)
            result = solvers[method].solve(puzzle)
            if not result.status.solved:
                raise RuntimeError(f"{method} did not solve {puzzle.name or puzzle.to_string()}: "
                                   f"{result.status}")
            row[f"{method} seconds"] = result.solve_seconds
            for column, name, stat in SOLVER_STATS:
                if name == method:
                    row[column] = result.stats.get(stat)
        row["backtracking nodes (first)"] = backtracking_nodes(puzzle, 1)
        row["backtracking nodes (unique)"] = backtracking_nodes(puzzle, 2)
        start = time.perf_counter()
        run_search(puzzle.grid.ravel(), puzzle.order, 2)
        row["backtracking seconds"] = time.perf_counter() - start
        rows.append(row)
    return rows
