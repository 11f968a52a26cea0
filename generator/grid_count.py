"""How many full grids a layout has, counted exactly (issue 23, item 3).

Method: relabelling the values of a full grid gives a full grid, and
exactly one relabelling of each grid puts ``1, 2, ..., N`` in its first row.
So the count is ``N!`` times the number of grids whose first row is
``1..N``, which the search core enumerates (count with no limit; the first
empty cell's values are shared out between threads, the kernels releasing
the GIL). 4x4: 288 = 24 x 12; 6x6 with 2x3 boxes: 28,200,960 = 720 x
39,168 (Pettersen; OEIS A107739 lists the Sudoku counts).

Only small layouts are counted this way: their completions are thousands
to about a million. Larger grids with boxes, the 8x8 (2x4 boxes:
29,136,487,207,403,520 grids) and the 9x9 (6,670,903,752,021,072,936,960,
Felgenhauer and Jarvis 2005), are counted band by band
(:mod:`generator.bands`: classes of band signatures, completions counted
per class), in seconds. Other layouts above side 6 raise ``ValueError`` at
once rather than search for centuries.

Essentially different grids (no relabelling, band, stack, row, column
permutation or transposition maps one onto another) are counted by
Burnside's lemma in :mod:`generator.grid_symmetry`, on top of this module:
2 for 4x4, 5,472,730,538 for 9x9 (Russell and Jarvis 2006).
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from sudoku_models import cores
from sudoku_models.counter import ALL, run_search
from sudoku_models.counter.core import new_control
from sudoku_models.core.geometry import Layout

MAX_ENUMERATED_SIDE = 6  # at side 6, 39,168 (2x3 boxes) to 1,128,960 (Latin) completions
COUNT_METHODS = ("auto", "enumerate", "bands")


def count_grids(layout: Layout | int, workers: int | None = None, method: str = "auto") -> int:
    """The number of full grids of ``layout`` (a
    :class:`~sudoku_models.core.geometry.Layout` or an order: 2 for 4x4, 3 for
    9x9), an exact int.

    ``method``: ``"enumerate"`` (first row fixed, completions enumerated on
    ``workers`` threads, None: every core this process may run on; sides up to
    :data:`MAX_ENUMERATED_SIDE`), ``"bands"`` (band signatures,
    :func:`generator.bands.count_by_bands`; layouts with boxes 2 or 3 cells
    wide one way, sides up to 9, one thread) or ``"auto"``: enumeration up to
    side 6, bands above. 9x9 takes about 5 s of CPU by bands.

    Essentially different grids (up to the symmetries of Sudoku):
    :func:`generator.grid_symmetry.essentially_different_grids`.

    Raises ``ValueError`` for a layout neither method counts (a Latin square
    or jigsaw above side 6, boxes above side 9), an unknown method or a bad
    worker count."""
    if not isinstance(layout, Layout):
        layout = Layout.square(layout)
    if method not in COUNT_METHODS:
        raise ValueError(f"method must be one of {', '.join(COUNT_METHODS)}, got {method!r}")
    if workers is None:
        workers = cores.usable()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number >= 1 or None, got {workers!r}")
    side = layout.side
    if method == "auto":
        method = "enumerate" if side <= MAX_ENUMERATED_SIDE else "bands"
    if method == "bands":
        if layout.box_shape is None:
            raise ValueError(f"band counting needs a layout with boxes, not {layout!r}")
        from .bands import count_by_bands

        return count_by_bands(*layout.box_shape).grids
    if side > MAX_ENUMERATED_SIDE:
        raise ValueError(f"counting the grids of {layout!r} (side {side}) by enumeration would "
                         f"not end; only sides up to {MAX_ENUMERATED_SIDE} are enumerated (grids "
                         "with boxes up to side 9 are counted by bands)")
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
