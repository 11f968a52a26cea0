"""What solvers have to do on a puzzle, beside how hard it is for a person:
the measurements behind the difficulty study (``benchmarks/difficulty_effort.py``,
``notebooks/difficulty.ipynb``).

Imports the solvers (Pyomo, OR-Tools, PySAT, numba) only when called.
"""

from __future__ import annotations

import os
import time

from sudoku_models.logic.grading import rate

# solver configurations measured: label -> (method, presolve); with
# presolve (the default) HiGHS and CP-SAT settle every 9x9 puzzle tried
# before any search, so the study also runs both with presolve off
SOLVERS = {
    "milp": ("milp", True),
    "cp": ("cp", True),
    "sat-extended": ("sat-extended", True),
    "milp (presolve off)": ("milp", False),
    "cp (presolve off)": ("cp", False),
}
STATS = {"milp": ("B&B nodes", "LP iterations"), "cp": ("branches", "conflicts"),
         "sat-extended": ("decisions", "conflicts")}


def _method_class(method: str):
    """The class of a registered method, or None when there is no such method."""
    from sudoku_models.registry import method_class

    try:
        return method_class(method)
    except ValueError:
        return None


def available() -> tuple[str, ...]:
    """The labels of :data:`SOLVERS` whose method exists here."""
    return tuple(label for label, (method, _) in SOLVERS.items()
                 if _method_class(method) is not None)


def columns(labels) -> list[str]:
    """The measurement columns of :func:`measure` for ``labels``: each
    solver's statistics and seconds, then the backtracking counter's."""
    return [f"{label} {stat}" for label in labels
            for stat in STATS[SOLVERS[label][0]] + ("seconds",)] + [
        "backtracking nodes (first)", "backtracking nodes (unique)", "backtracking seconds"]


def _solver(label: str, puzzle):
    """A one-thread method object for ``label`` of :data:`SOLVERS`, ready to
    solve puzzles of ``puzzle``'s order."""
    method, presolve = SOLVERS[label]
    cls = _method_class(method)
    if presolve:
        return cls(puzzle.order, threads=1, seed=0)
    off = {"cp": {"cp_model_presolve": False}, "milp": {"presolve": "off"}}[method]
    return cls(puzzle.order, threads=1, seed=0, solver_options=off)


def backtracking_nodes(puzzle, limit: int = 2) -> int:
    """Branch nodes (values tried) the compiled counter
    (:mod:`sudoku_models.counter`) needs to find ``limit`` solutions, or to
    prove there are fewer: ``limit=2`` is the uniqueness proof, ``limit=1``
    the search for the first solution.

    The counter reports nodes only as "more than ``max_nodes``", so this
    finds the exact count by doubling and bisecting ``max_nodes`` (about
    ``2 log2(nodes)`` searches; the search is deterministic)."""
    from sudoku_models.counter import run_search

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


def measure(puzzles, methods=None, core: int | None = None) -> list[dict]:
    """One row per puzzle: its rating (level, er, hardest, cells_left) and
    what each solver needed: for each formulation in ``methods`` its solve
    seconds and statistics (HiGHS ``B&B nodes`` and ``LP iterations`` for
    milp, CP-SAT ``branches`` and ``conflicts`` for cp; one thread, so the
    counts are reproducible) and the backtracking nodes of the compiled
    counter to the first solution and for the uniqueness proof, with the
    seconds of one full count (limit 2). ``methods``: labels of
    :data:`SOLVERS` (default: :func:`available`); ``sat-extended``
    (CaDiCaL through PySAT) gives ``decisions`` and ``conflicts``; the
    "presolve off" ones switch off HiGHS's presolve (through the
    formulation's HiGHS object) or CP-SAT's ``cp_model_presolve``.

    Where each time was measured (issue 31): ``LABEL seconds`` is the
    solver call's wall time as the method reports it, ``LABEL cpu_s`` the
    CPU seconds of this process over the whole ``solve`` call (clue update,
    solver, reading the grid; the first puzzle of each call also pays for
    building the model); ``backtracking cpu_s`` beside ``backtracking
    seconds`` (one full count); ``cpu_s`` the sum of the row's timed CPU
    seconds; ``load`` the 1-minute load average at the start of the row's
    first timed solve; ``core`` the core the caller pinned the process to
    (``None``: not pinned).

    ``puzzles``: Puzzles with a unique solution. Raises
    ``RuntimeError`` if a solver does not solve one (a wrong answer must not
    enter a correlation)."""
    from sudoku_models.counter import run_search

    methods = available() if methods is None else methods
    solvers = {}
    rows = []
    for puzzle in puzzles:
        rating = rate(puzzle)
        row = {"name": puzzle.name, "puzzle": puzzle.to_string(), "clues": puzzle.num_clues,
               "level": rating.level, "er": rating.se.er, "hardest": rating.hardest,
               "cells_left": rating.cells_left}
        cpu_total = 0.0
        for label in methods:
            key = (label, puzzle.order)
            if key not in solvers:
                solvers[key] = _solver(label, puzzle)
            if "load" not in row:
                row["load"] = round(os.getloadavg()[0], 2)
            start = time.process_time()
            result = solvers[key].solve(puzzle)
            cpu = time.process_time() - start
            if not result.status.solved:
                raise RuntimeError(f"{label} did not solve {puzzle.name or puzzle.to_string()}: "
                                   f"{result.status}")
            row[f"{label} seconds"] = result.solve_seconds
            row[f"{label} cpu_s"] = cpu
            cpu_total += cpu
            for stat in STATS[SOLVERS[label][0]]:
                row[f"{label} {stat}"] = result.stats[stat]
        row["backtracking nodes (first)"] = backtracking_nodes(puzzle, 1)
        row["backtracking nodes (unique)"] = backtracking_nodes(puzzle, 2)
        if "load" not in row:
            row["load"] = round(os.getloadavg()[0], 2)
        start, cpu_start = time.perf_counter(), time.process_time()
        run_search(puzzle.grid.ravel(), puzzle.order, 2)
        cpu = time.process_time() - cpu_start
        row["backtracking seconds"] = time.perf_counter() - start
        row["backtracking cpu_s"] = cpu
        row["cpu_s"] = cpu_total + cpu
        row["core"] = core
        rows.append(row)
    return rows
