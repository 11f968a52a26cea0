"""Sudoku as a MILP (Pyomo + HiGHS) and as a CP (OR-Tools CP-SAT), side by side.

Quick use::

    from sudoku_models import Puzzle, solve, verify
    p = Puzzle.from_string(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    r = solve(p, method="cp")
    r.status, r.solve_seconds, verify(p, r.grid)
"""

import importlib

# Each public name and the module it lives in. Nothing is imported until a
# name is first used (PEP 562): the console script starts with this package
# alone, so that Ctrl-C is handled from its first moment, and no solver
# (Pyomo, OR-Tools, numba) loads before a method that needs it runs.
_WHERE = {
    "CountIncomplete": "errors", "count_solutions": "solving",
    "PuzzleFormatError": "errors",
    "export": "model_files",
    "PuzzleGrids": "formats.files", "read_grids": "formats.files", "read_puzzles": "formats.files",
    "Conflict": "puzzle", "Puzzle": "puzzle",
    "read_puzzle": "formats.puzzle_text", "write_puzzle": "formats.puzzle_text",
    "METHODS": "registry", "MethodInfo": "registry", "counting_methods": "registry",
    "method_class": "registry", "register": "registry",
    "register_model": "formulations.user_models", "unregister_model": "formulations.user_models",
    "ModelSize": "result", "SolveResult": "result", "Status": "result",
    "solve": "solving", "solve_many": "solving",
    "grid_errors": "checking", "verify": "checking",
    "Models": "solving", "Solved": "solving", "solve_each": "solving",
    "TrueCandidates": "solution_space", "true_candidates": "solution_space",
    "iter_solutions": "solution_space",
}


def __getattr__(name):
    if name in _WHERE:
        value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_WHERE))


__version__ = "0.1.0"

__all__ = [
    "METHODS",
    "Conflict",
    "Models",
    "CountIncomplete",
    "MethodInfo",
    "ModelSize",
    "Puzzle",
    "PuzzleFormatError",
    "PuzzleGrids",
    "SolveResult",
    "Solved",
    "Status",
    "TrueCandidates",
    "count_solutions",
    "counting_methods",
    "export",
    "grid_errors",
    "iter_solutions",
    "method_class",
    "read_grids",
    "read_puzzle",
    "read_puzzles",
    "register",
    "register_model",
    "solve",
    "solve_each",
    "solve_many",
    "true_candidates",
    "unregister_model",
    "verify",
    "write_puzzle",
]
