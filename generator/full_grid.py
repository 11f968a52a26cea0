"""Random full (solved) grids."""

from __future__ import annotations

import numpy as np

from sudoku_models.counter import run_search


def as_generator(seed) -> np.random.Generator:
    """``seed`` (None, an int or a ``numpy.random.Generator``) as a Generator."""
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def random_full_grid(order: int = 3, seed=None) -> np.ndarray:
    """A random valid full grid of ``order`` (2 to 6).

    ``seed``: None (fresh entropy), an int (reproducible) or a
    ``numpy.random.Generator``. Returns an ``(n*n, n*n)`` int array.

    Method: the backtracking search fills an empty grid, trying each cell's
    values in an independent random order; the result is then shuffled by the
    validity-preserving symmetries of Sudoku (relabel the values, permute
    bands, rows within bands, stacks, columns within stacks, transpose). The
    grids are well mixed but not exactly uniform over all solution grids.
    Raises ``ValueError`` for an order outside 2..6.
    """
    if order not in range(2, 7):
        raise ValueError(f"order must be 2..6, got {order!r}")
    rng = as_generator(seed)
    side = order * order
    value_order = np.argsort(rng.random((side * side, side)), axis=1).astype(np.int64) + 1
    count, solution = run_search(np.zeros(side * side, np.int32), order, 1, value_order)
    assert count == 1, "an empty grid always has a solution"
    grid = solution.reshape(side, side).astype(np.int64)
    grid = rng.permutation(side)[grid - 1] + 1  # relabel values
    grid = grid[_line_permutation(order, rng)][:, _line_permutation(order, rng)]
    return grid.T.copy() if rng.random() < 0.5 else grid


def _line_permutation(order: int, rng: np.random.Generator) -> np.ndarray:
    """Rows (or columns) reordered by permuting bands and the lines within each."""
    bands = rng.permutation(order)
    return np.concatenate([band * order + rng.permutation(order) for band in bands])

