"""Sudoku as a MILP (Pyomo + HiGHS) and as a CP (OR-Tools CP-SAT), side by side.

Quick use::

    from sudoku_models import Puzzle, solve, verify
    p = Puzzle.from_string("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    r = solve(p, method="cp")
    r.status, r.solve_seconds, verify(p, r.grid)
"""

import importlib

from .counting import COUNTING_METHODS, count_solutions
from .errors import PuzzleFormatError
from .files import read_puzzles
from .puzzle import Conflict, Puzzle
from .result import ModelSize, SolveResult, Status
from .verify import grid_errors, verify

# Pyomo and OR-Tools take about a second to import: load them only when a
# formulation is asked for, so the puzzle type and the generator start fast.
_LAZY = {"FORMULATIONS": ".formulations", "solve": ".solving", "solve_many": ".solving"}


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "COUNTING_METHODS",
    "FORMULATIONS",
    "Conflict",
    "ModelSize",
    "Puzzle",
    "PuzzleFormatError",
    "SolveResult",
    "Status",
    "count_solutions",
    "grid_errors",
    "read_puzzles",
    "solve",
    "solve_many",
    "verify",
]
