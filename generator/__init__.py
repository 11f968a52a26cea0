"""Generator of unique-solution puzzles and random full grids, built on the
compiled counter of :mod:`sudoku_models.counter` (re-exported here as
``count_solutions`` and ``solve``, the names this package has always had).

The compiled parts load on first use, so importing the package (as the
command line does for ``sudoku-models generate --help``) is fast.
"""

import importlib

from .symmetry import SYMMETRIES

_LAZY = {
    "count_solutions": "sudoku_models.counter",
    "solve": "sudoku_models.counter",
    "random_full_grid": "generator.full_grid",
    "generate": "generator.puzzles",
    "GenerationError": "generator.puzzles",
}


def __getattr__(name):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["SYMMETRIES", "GenerationError", "count_solutions", "generate", "random_full_grid", "solve"]
