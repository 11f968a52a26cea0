"""Generator of unique-solution puzzles (by clue count, minimal, or by
difficulty), random full grids and hole-pattern instance families, built on
the compiled counter of :mod:`sudoku_models.counter` (re-exported here as
``count_solutions`` and ``solve``, the names this package has always had)."""

from sudoku_models.counter import count_solutions, solve

from .full_grid import SeedError, random_full_grid
from .holes import PATTERNS, HolesError, holes_puzzle, holes_puzzles
from .minimal import is_minimal, removable_clues
from .puzzles import (DEFAULT_TIME_LIMIT, LEVELS, SYMMETRIES, GenerationError,
                      fewest_possible_clues, generate)

__all__ = ["DEFAULT_TIME_LIMIT", "LEVELS", "PATTERNS", "SYMMETRIES", "GenerationError",
           "HolesError", "SeedError", "count_solutions", "fewest_possible_clues", "generate",
           "holes_puzzle", "holes_puzzles", "is_minimal", "random_full_grid", "removable_clues",
           "solve"]
