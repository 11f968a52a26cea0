"""Random full (solved) grids, orders 2 to 7 (4x4 to 49x49)."""

from __future__ import annotations

import numpy as np

from sudoku_models.counter import tables
from sudoku_models.counter.core import STOP, new_control

from . import search
from .generation_errors import SeedError

FULL_GRID_ORDERS = range(2, 8)


def as_generator(seed) -> np.random.Generator:
    """``seed`` (None, a whole number >= 0 or a ``numpy.random.Generator``)
    as a Generator. Raises :class:`SeedError` for anything else."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))
                             or seed < 0):
        raise SeedError(f"seed must be a whole number >= 0 (or None), got {seed!r}")
    return np.random.default_rng(seed)


def fill(order: int, rng: np.random.Generator, work: tuple | None = None,
         control: np.ndarray | None = None) -> np.ndarray | None:
    """A random full grid as a flat ``(N,)`` int32 array (``work``: a
    workspace of ``tables(order)`` to reuse, else a fresh one): the
    compiled search fills the empty grid trying each cell's values in an
    independent random order. A fill that needs more than ``4 * N`` branch
    nodes (rare up to order 6, common at order 7; most tries on some
    jigsaws) starts again with new random orders (a restart strategy
    against heavy-tailed backtracking). ``control``: the caller's stop
    request (:func:`~sudoku_models.counter.core.new_control`), polled
    within and between the tries: None once it is set.
    Times per order: ``python -m benchmarks.counter_speed generation``."""
    t = tables(order)
    work = t.workspace() if work is None else work
    solution = np.zeros(t.cells, np.int32)
    control = new_control() if control is None else control
    while not control[STOP]:
        if search.fill_random(rng.integers(2**62), 4 * t.cells, control, solution, t.singles,
                              work) == 1:
            return solution
    return None


def random_full_grid(order: int = 3, seed=None) -> np.ndarray:
    """A random valid full grid of ``order`` (2 to 7).

    ``seed``: None (fresh entropy), a whole number >= 0 (reproducible) or a
    ``numpy.random.Generator``. Returns an ``(n*n, n*n)`` int array.

    Method: the compiled search fills an empty grid, trying each cell's
    values in an independent random order (:func:`fill`); the result is then
    shuffled by the validity-preserving symmetries of Sudoku (relabel the
    values, permute bands, rows within bands, stacks, columns within stacks,
    transpose). The grids are well mixed but not exactly uniform over all
    solution grids. Raises ``ValueError`` for an order outside 2..7 and
    :class:`SeedError` for a bad seed.
    """
    if isinstance(order, bool) or order not in FULL_GRID_ORDERS:
        raise ValueError(f"order must be 2..7, got {order!r}")
    rng = as_generator(seed)
    side = order * order
    grid = fill(order, rng).reshape(side, side).astype(np.int64)
    grid = rng.permutation(side)[grid - 1] + 1  # relabel values
    grid = grid[_line_permutation(order, rng)][:, _line_permutation(order, rng)]
    return grid.T.copy() if rng.random() < 0.5 else grid


def _line_permutation(order: int, rng: np.random.Generator) -> np.ndarray:
    """Rows (or columns) reordered by permuting bands and the lines within each."""
    bands = rng.permutation(order)
    return np.concatenate([band * order + rng.permutation(order) for band in bands])
