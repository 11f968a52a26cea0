"""Random jigsaw layouts: ``N`` connected regions of ``N`` cells each that
some full grid fills.

Method: start from the usual boxes of the side (rows for a prime side) and
swap cells across region borders many times: pick a cell ``a`` of region
``A`` that touches region ``B`` and a cell ``b`` of ``B`` that touches ``A``,
give ``a`` to ``B`` and ``b`` to ``A``, and keep the swap when both regions
stay connected (sizes never change). After ``swaps`` accepted swaps
(default ``4 * N * N``) the shapes are well mixed. A layout is kept only
when the compiled search fills it within a node budget (not every
partition into regions has a solution grid: a region that holds a whole
row's cells but one, say, can leave no place for a value); otherwise it
starts again. This is the swap-based shuffling of jigsaw generators (as in
the "random walk" of irregular region generators); the test of a solution
grid is the counter's.
"""

from __future__ import annotations

import time

import numpy as np

from sudoku_models.counter import tables
from sudoku_models.counter.core import new_control
from sudoku_models import validation
from sudoku_models.core.geometry import Layout

from . import search
from .full_grid import SeedError, as_generator

FILL_TRIES = 20  # fills (each with a 4 N^2 branch-node budget) before a layout is dropped


class JigsawError(ValueError):
    """A side the generator cannot make a jigsaw for (outside 4..36), a bad
    seed, swap count or time limit, or no layout found within the time
    limit."""


def _connected(regions: np.ndarray, label: int, side: int) -> bool:
    """Whether the cells of ``label`` in the flat ``regions`` are one
    orthogonally connected piece."""
    cells = np.flatnonzero(regions == label)
    todo = [int(cells[0])]
    seen = {todo[0]}
    while todo:
        cell = todo.pop()
        r, c = divmod(cell, side)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            other = rr * side + cc
            if 0 <= rr < side and 0 <= cc < side and other not in seen and \
                    regions[other] == label:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def _border_pairs(regions: np.ndarray, side: int) -> np.ndarray:
    """Every ordered pair ``(a, b)`` of orthogonal neighbours in different
    regions, ``(P, 2)``."""
    grid = regions.reshape(side, side)
    cells = np.arange(side * side).reshape(side, side)
    pairs = []
    for a, b, ga, gb in ((cells[:, :-1], cells[:, 1:], grid[:, :-1], grid[:, 1:]),
                         (cells[:-1], cells[1:], grid[:-1], grid[1:])):
        differ = ga != gb
        pairs.append(np.stack([a[differ], b[differ]], axis=1))
    both = np.concatenate(pairs)
    return np.concatenate([both, both[:, ::-1]])


def _shuffled(side: int, rng: np.random.Generator, swaps: int, deadline) -> np.ndarray:
    """The region map (``(N, N)`` labels) after ``swaps`` accepted swaps;
    :class:`JigsawError` past ``deadline`` (a ``time.monotonic()`` value or None)."""
    start = Layout.for_side(side)
    regions = (start.regions.ravel().copy() if start.regions is not None
               else np.repeat(np.arange(side), side))
    done = 0
    tries = 0
    while done < swaps and tries < 50 * swaps:
        tries += 1
        if deadline is not None and tries % 64 == 0 and time.monotonic() > deadline:
            _late(side)
        pairs = _border_pairs(regions, side)
        a, toward = pairs[rng.integers(len(pairs))]
        region_a, region_b = regions[a], regions[toward]
        # b: a cell of region B touching region A (other than `toward` itself, or it)
        back = pairs[(regions[pairs[:, 0]] == region_b) & (regions[pairs[:, 1]] == region_a)]
        b = back[rng.integers(len(back)), 0]
        regions[a], regions[b] = region_b, region_a
        if _connected(regions, region_a, side) and _connected(regions, region_b, side):
            done += 1
        else:
            regions[a], regions[b] = region_a, region_b
    return regions.reshape(side, side)


def fillable(layout: Layout, rng: np.random.Generator, tries: int = FILL_TRIES,
             deadline: float | None = None) -> bool:
    """Whether the compiled search fills ``layout`` with a full grid within
    ``tries`` random fills of ``4 * N * N`` branch nodes each (False may
    still have a grid, but such layouts are rare and slow to fill); False
    too once ``deadline`` (``time.monotonic()``) has passed."""
    t = tables(layout)
    work = t.workspace()
    solution = np.zeros(t.cells, np.int32)
    control = new_control()
    for _ in range(tries):
        if deadline is not None and time.monotonic() > deadline:
            return False
        if search.fill_random(rng.integers(2**62), 4 * t.cells, control, solution, t.singles,
                              work) == 1:
            return True
    return False


def _late(side: int):
    raise JigsawError(f"no {side}x{side} jigsaw layout found within the time limit; allow "
                      "more time or fewer swaps")


def random_jigsaw(side: int = 9, seed=None, swaps: int | None = None,
                  time_limit: float | None = None) -> Layout:
    """A random jigsaw :class:`~sudoku_models.core.geometry.Layout` of ``side``
    (4 to 36): ``side`` connected regions of ``side`` cells, with a full
    grid (see the module docstring for the method).

    ``seed``: None, a whole number >= 0 or a ``numpy.random.Generator`` (the
    same seed gives the same layout); ``swaps``: accepted border swaps
    (default ``4 * side * side``); ``time_limit``: seconds (None: no limit)
    after which it gives up with :class:`JigsawError` (checked between swaps
    and between fills, so it holds to a fraction of a second; a 25x25 takes
    seconds, a 36x36 tens of seconds). Raises :class:`JigsawError` for a
    side outside 4..36, a bad seed, a negative swap count, a bad time limit,
    or the time limit passed."""
    if isinstance(side, bool) or not isinstance(side, (int, np.integer)) or not 4 <= side <= 36:
        raise JigsawError(f"a jigsaw's side must be a whole number in 4..36, got {side!r}")
    if swaps is None:
        swaps = 4 * side * side
    if isinstance(swaps, bool) or not isinstance(swaps, (int, np.integer)) or swaps < 0:
        raise JigsawError(f"swaps must be a whole number >= 0, got {swaps!r}")
    try:
        rng = as_generator(seed)
        limit = validation.time_limit(time_limit)
    except (SeedError, ValueError, TypeError) as error:
        raise JigsawError(str(error)) from None
    deadline = None if limit is None else time.monotonic() + limit
    while True:
        layout = Layout.jigsaw(_shuffled(int(side), rng, swaps, deadline))
        if layout.kind == "jigsaw" and fillable(layout, rng, deadline=deadline):
            return layout
        if deadline is not None and time.monotonic() > deadline:
            _late(int(side))
