"""An LP relaxation's strength in a random direction: seeded integer costs
on every ``x[r, c, k]``, the relaxation's minimum of them (the study's
``lp_random_bound``) set beside the cost of the solution
(``solution_random_cost``). The share of that gap a formulation closes is
its strength in that direction; the killer and order studies record both."""

from __future__ import annotations

import numpy as np


def random_costs(seed: int, side: int = 9) -> np.ndarray:
    """Seeded integer costs 0-9 on every ``x[r, c, k]``, ``(side, side, side)``."""
    return np.random.default_rng(seed).integers(0, 10, (side, side, side))


def solution_cost(cost: np.ndarray, grid: np.ndarray) -> int:
    """The cost of a solved ``grid`` (digits 1 to side) under ``cost``."""
    r, c = np.indices(grid.shape)
    return int(cost[r, c, grid - 1].sum())
