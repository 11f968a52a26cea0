"""Generator of unique-solution puzzles (by clue count, minimal, or by
difficulty; for any layout: square, rectangular boxes, random jigsaws,
Latin squares), killer puzzles (:func:`generate_killer`), random full
grids, the exact count of all full grids of a layout (up to 9x9), and
hole-pattern instance families, built on
the compiled counter of :mod:`sudoku_models.counter` (``backtrack_count``,
``backtrack_solve``: count and solve there).

The compiled parts load on first use, so importing the package (as the
command line does for ``sudoku-models generate --help``) is fast.
"""

import importlib

from .options import DEFAULT_TIME_LIMIT, LEVELS, SYMMETRIES

_LAZY = {
    "SeedError": "generator.generation_errors",
    "random_full_grid": "generator.full_grid",
    "PATTERNS": "generator.holes",
    "HolesError": "generator.generation_errors",
    "holes_puzzle": "generator.holes",
    "holes_puzzles": "generator.holes",
    "is_minimal": "generator.minimal",
    "removable_clues": "generator.minimal",
    "count_grids": "generator.grid_count",
    "essentially_different_grids": "generator.grid_symmetry",
    "low_clue_puzzles": "generator.low_clue",
    "GenerationError": "generator.generation_errors",
    "fewest_possible_clues": "generator.requests",
    "generate": "generator.puzzles",
    "JigsawError": "generator.jigsaw",
    "random_jigsaw": "generator.jigsaw",
    "generate_killer": "generator.killer",
    "killer_nodes": "generator.killer",
}


def __getattr__(name):
    if name in _LAZY:  # kept as a module attribute: later lookups skip this function
        value = globals()[name] = getattr(importlib.import_module(_LAZY[name]), name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DEFAULT_TIME_LIMIT", "LEVELS", "SYMMETRIES", *_LAZY]
