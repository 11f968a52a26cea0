"""Generator of unique-solution puzzles and random full grids, built on the
compiled counter of :mod:`sudoku_models.counter` (re-exported here as
``count_solutions`` and ``solve``, the names this package has always had)."""

from sudoku_models.counter import count_solutions, solve

from .full_grid import random_full_grid
from .puzzles import SYMMETRIES, GenerationError, generate

__all__ = ["SYMMETRIES", "GenerationError", "count_solutions", "generate", "random_full_grid", "solve"]
