"""Backtracking solver, solution counter and generator of unique-solution puzzles."""

from .backtracking import count_solutions, solve
from .full_grid import random_full_grid
from .puzzles import SYMMETRIES, GenerationError, generate

__all__ = ["SYMMETRIES", "GenerationError", "count_solutions", "generate", "random_full_grid", "solve"]
