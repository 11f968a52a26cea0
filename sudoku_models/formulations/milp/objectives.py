"""The objectives of the binary MILP models.

Source: MATLAB's ``sudokuEngine`` (seed 000): "the objective can be anything,
but having nonconstant f can speed the solver", with ``f = (1:N)'`` over the
column-major vector ``x(:)`` of the 9 x 9 x 9 array.
"""

from __future__ import annotations

import numpy as np


def tiebreak_costs(side: int, values: int | None = None) -> np.ndarray:
    """MATLAB's ``f`` as an ``(s, s, V)`` array indexed ``[row, column, value-1]``
    (0-based; ``V = values``, the side by default): the 1-based position of
    ``x(i, j, k)`` in column-major order, ``1 + i + s*j + s*s*k``."""
    i, j, k = np.indices((side, side, side if values is None else values))
    return 1 + i + side * j + side * side * k
