"""Houses of the classic grids of order ``n``, kept for code written before
:mod:`sudoku_models.geometry`: each function is the square
:class:`~sudoku_models.geometry.Layout`'s table of the same name (see the
README's changelog)."""

from __future__ import annotations

import numpy as np

from .geometry import Layout


def house_cells(order: int) -> np.ndarray:
    """``Layout.square(order).houses``: read-only ``(3*n*n, n*n)`` int array,
    the rows, then the columns, then the boxes (row-major), as flat cells."""
    return Layout.square(order).houses


def house_name(order: int, house: int) -> str:
    """``Layout.square(order).house_name(house)``: ``"row 3"``, ``"column 1"``, ``"box 9"``."""
    return Layout.square(order).house_name(house)


def peer_pairs(order: int) -> np.ndarray:
    """``Layout.square(order).peer_pairs``: read-only ``(P, 2)`` int array of
    peer pairs, ``first < second``; ``P = 810`` for order 3."""
    return Layout.square(order).peer_pairs
