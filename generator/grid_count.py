"""How many full grids a layout has, counted exactly (issue 23, item 3).

Method: relabelling the values of a full grid gives a full grid, and
exactly one relabelling of each grid puts ``1, 2, ..., N`` in its first row.
So the count is ``N!`` times the number of grids whose first row is
``1..N``, which the search core enumerates (count with no limit; the first
empty cell's values are shared out between threads, the kernels releasing
the GIL). 4x4: 288 = 24 x 12; 6x6 with 2x3 boxes: 28,200,960 = 720 x
39,168 (Pettersen; OEIS A107739 lists the Sudoku counts).

Only small layouts are counted this way: their completions are thousands
to about a million. The 8x8 (2x4 boxes: 29,136,487,207,403,520 grids) and
9x9 (6,670,903,752,021,072,936,960, Felgenhauer and Jarvis 2005) counts
need band counting (equivalence classes of the top band, completions
counted per class), which this module does not do yet: they raise
``ValueError`` at once rather than search for centuries.
"""

from __future__ import annotations

import math
import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from sudoku_models.counter import ALL, run_search
from sudoku_models.counter.core import new_control
from sudoku_models.geometry import Layout

MAX_ENUMERATED_SIDE = 6  # at side 6, 39,168 (2x3 boxes) to 1,128,960 (Latin) completions


def count_grids(layout: Layout | int, workers: int | None = None) -> int:
    """The number of full grids of ``layout`` (a
    :class:`~sudoku_models.geometry.Layout` or an order: 2 for 4x4), an
    exact int, counted on ``workers`` threads (None: every core).

    Raises ``ValueError`` for a layout whose side is above
    :data:`MAX_ENUMERATED_SIDE` (those need band counting; see the module
    docstring) or a bad worker count."""
    if not isinstance(layout, Layout):
        layout = Layout.square(layout)
    side = layout.side
    if side > MAX_ENUMERATED_SIDE:
        raise ValueError(f"counting the grids of {layout!r} (side {side}) by enumeration would "
                         f"not end; only sides up to {MAX_ENUMERATED_SIDE} are counted (larger "
                         "grids need band counting, not implemented)")
    if workers is None:
        workers = os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1 or None, got {workers!r}")
    first_row = np.zeros(side * side, np.int32)
    first_row[:side] = np.arange(1, side + 1)
    # Share the work out by the values of the first cell of the second row.
    branches = []
    for value in range(1, side + 1):
        grid = first_row.copy()
        grid[side] = value
        branches.append(grid)

    def count(grid: np.ndarray) -> int:
        return run_search(grid, layout, ALL, control=new_control())[0]

    with ThreadPoolExecutor(max_workers=workers) as pool:
        completions = sum(pool.map(count, branches))
    return math.factorial(side) * completions
