"""Houses (rows, columns, boxes) of a grid of order n, as flat
cell indices ``row * n*n + column``."""

from __future__ import annotations

from functools import lru_cache

import numpy as np


@lru_cache(maxsize=None)
def house_cells(order: int) -> np.ndarray:
    """The houses of a grid of order ``n``.

    Returns a read-only ``(3*n*n, n*n)`` int array: rows ``0..n*n-1`` are the
    rows of the grid, then the columns, then the boxes (row-major), each a
    list of flat cell indices.
    """
    side = order * order
    cells = np.arange(side * side).reshape(side, side)
    boxes = (
        cells.reshape(order, order, order, order).transpose(0, 2, 1, 3).reshape(side, side)
    )
    houses = np.concatenate([cells, cells.T, boxes])
    houses.setflags(write=False)
    return houses


def house_name(order: int, house: int) -> str:
    """Readable 1-based name of house number ``house`` of :func:`house_cells`:
    ``"row 3"``, ``"column 1"``, ``"box 9"``."""
    side = order * order
    kind, index = divmod(house, side)
    return f"{('row', 'column', 'box')[kind]} {index + 1}"



@lru_cache(maxsize=None)
def peer_pairs(order: int) -> np.ndarray:
    """Every unordered pair of peers (two cells sharing a house), once each.

    Returns a read-only ``(P, 2)`` int array of flat cell indices with
    ``first < second``; ``P = 810`` for order 3.
    """
    side = order * order
    peers = np.zeros((side * side, side * side), dtype=bool)
    for cells in house_cells(order):
        peers[np.ix_(cells, cells)] = True
    pairs = np.argwhere(np.triu(peers, k=1))
    pairs.setflags(write=False)
    return pairs
