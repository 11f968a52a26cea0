"""Sudoku as a MILP (Pyomo + HiGHS) and as a CP (OR-Tools CP-SAT), side by side.

Quick use::

    from sudoku_models import Puzzle, solve, verify
    p = Puzzle.from_string("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    r = solve(p, method="cp")
    r.status, r.solve_seconds, verify(p, r.grid)
"""

from .errors import PuzzleFormatError
from .files import read_puzzles
from .formulations import FORMULATIONS
from .puzzle import Conflict, Puzzle
from .result import ModelSize, SolveResult, Status
from .solving import solve, solve_many
from .verify import grid_errors, verify

__version__ = "0.1.0"

__all__ = [
    "FORMULATIONS",
    "Conflict",
    "ModelSize",
    "Puzzle",
    "PuzzleFormatError",
    "SolveResult",
    "Status",
    "grid_errors",
    "read_puzzles",
    "solve",
    "solve_many",
    "verify",
]
