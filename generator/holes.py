"""Instance families with holes (issue 14): a random full grid with a given
fraction of its cells emptied, in a random, balanced or doubly-balanced
pattern. Satisfiable by construction (the full grid solves it), not
necessarily unique. After Achlioptas, Gomes, Kautz and Selman (2000) and
Ansotegui, Bejar, Fernandez, Gomes and Mateu, "Generating highly balanced
Sudoku problems as hard problems" (balanced hole patterns are harder).

Patterns, for ``h = round(fraction * cells)`` holes on a side ``s`` grid,
``h = q * s + r`` with ``0 <= r < s``:

* ``random``: ``h`` cells drawn uniformly.
* ``balanced``: every row and every column has ``q`` or ``q + 1`` holes
  (``r`` rows and ``r`` columns have ``q + 1``). Built from a second random
  full grid ``L`` (a Latin square) whose rows and columns are permuted at
  random: the holes are the cells where ``L`` takes one of ``q`` randomly
  chosen values, plus ``r`` of the cells of one further value (those lie in
  distinct rows and columns).
* ``doubly-balanced``: the same with ``L`` a random Sudoku grid left as it
  is, so every box also has ``q`` or ``q + 1`` holes (``r`` boxes have
  ``q + 1``).

The pattern grid ``L`` is independent of the grid that gives the clues
(were they the same, the ``q`` hole values would vanish from the clues).
"""

from __future__ import annotations

import numpy as np

from sudoku_models import Puzzle

from .generation_errors import HolesError, SeedError
from .full_grid import as_generator, random_full_grid

PATTERNS = ("random", "balanced", "doubly-balanced")
HOLE_ORDERS = range(2, 7)  # Puzzle holds orders 2 to 6


def _check(order, fraction, pattern) -> None:
    if isinstance(order, bool) or order not in HOLE_ORDERS:
        raise HolesError(f"order must be 2..6, got {order!r}")
    if isinstance(fraction, bool) or not isinstance(fraction, (int, float, np.integer,
                                                               np.floating)) \
            or not 0 <= fraction <= 1:
        raise HolesError(f"fraction of holes must be a number from 0 to 1, got {fraction!r}")
    if pattern not in PATTERNS:
        raise HolesError(f"pattern must be one of {', '.join(PATTERNS)}, got {pattern!r}")


def hole_mask(order: int, holes: int, pattern: str, rng: np.random.Generator) -> np.ndarray:
    """``(s, s)`` bool array with exactly ``holes`` True cells in ``pattern``
    (see the module docstring)."""
    side = order * order
    if pattern == "random":
        mask = np.zeros(side * side, bool)
        mask[rng.choice(side * side, size=holes, replace=False)] = True
        return mask.reshape(side, side)
    latin = random_full_grid(order, rng)
    if pattern == "balanced":
        latin = latin[rng.permutation(side)][:, rng.permutation(side)]
    q, r = divmod(holes, side)
    values = rng.permutation(side) + 1
    mask = np.isin(latin, values[:q])
    if r:
        extra = np.argwhere(latin == values[q])  # one cell per row, column and box
        chosen = extra[rng.choice(side, size=r, replace=False)]
        mask[chosen[:, 0], chosen[:, 1]] = True
    return mask


def holes_puzzle(order: int, fraction: float, pattern: str = "random", seed=None) -> Puzzle:
    """A random full grid of ``order`` (2 to 6) with exactly
    ``round(fraction * cells)`` cells emptied in ``pattern`` (``"random"``,
    ``"balanced"``, ``"doubly-balanced"``; see :mod:`generator.holes`).

    ``seed``: None, a whole number >= 0 (the same seed gives the same
    puzzle) or a ``numpy.random.Generator``. Satisfiable by construction;
    possibly with several solutions. Returns a :class:`~sudoku_models.Puzzle`.
    Raises :class:`HolesError` for a bad argument.
    """
    _check(order, fraction, pattern)
    try:
        rng = as_generator(seed)
    except SeedError as error:
        raise HolesError(str(error)) from None
    side = order * order
    holes = round(fraction * side * side)
    grid = random_full_grid(order, rng)
    grid[hole_mask(order, holes, pattern, rng)] = 0
    return Puzzle(grid, order)


def holes_puzzles(count: int, order: int, fraction: float, pattern: str = "random",
                  seed=None) -> list[Puzzle]:
    """``count`` puzzles of :func:`holes_puzzle` from one random stream
    (``seed`` as there; the same seed gives the same list, and a longer list
    starts with the shorter one). Raises :class:`HolesError` for a bad
    argument."""
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 0:
        raise HolesError(f"count must be a whole number >= 0, got {count!r}")
    _check(order, fraction, pattern)
    try:
        rng = as_generator(seed)
    except SeedError as error:
        raise HolesError(str(error)) from None
    return [holes_puzzle(order, fraction, pattern, rng) for _ in range(count)]
