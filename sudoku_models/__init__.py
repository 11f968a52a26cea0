"""Sudoku as a MILP (Pyomo + HiGHS) and as a CP (OR-Tools CP-SAT), side by side.

Quick use::

    from sudoku_models import Puzzle, solve, verify
    p = Puzzle.from_string("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    r = solve(p, method="cp")
    r.status, r.solve_seconds, verify(p, r.grid)
"""

from .counting import CountIncomplete, count_solutions
from .errors import PuzzleFormatError
from .export import export
from .files import PuzzleGrids, read_grids, read_puzzles
from .puzzle import Conflict, Puzzle
from .registry import METHODS, MethodInfo, counting_methods, method_class, register
from .result import ModelSize, SolveResult, Status
from .solving import solve, solve_many
from .verify import grid_errors, verify

# No solver is imported here: Pyomo, OR-Tools and numba load when a method
# that needs them runs (see sudoku_models.registry), so the CLI starts fast.


def __getattr__(name):
    if name == "COUNTING_METHODS":  # kept for old code: a view of the registry
        return counting_methods()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "METHODS",
    "Conflict",
    "CountIncomplete",
    "MethodInfo",
    "ModelSize",
    "Puzzle",
    "PuzzleFormatError",
    "PuzzleGrids",
    "SolveResult",
    "Status",
    "count_solutions",
    "counting_methods",
    "export",
    "grid_errors",
    "method_class",
    "read_grids",
    "read_puzzles",
    "register",
    "solve",
    "solve_many",
    "verify",
]
