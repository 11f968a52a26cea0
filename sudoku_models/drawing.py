"""Drawing a grid with matplotlib, after the seeds' ``drawSudoku`` (MATLAB)
and ``plot_sudoku`` (Julia).

Importing this module does not import matplotlib; :func:`draw_sudoku` does.
"""

from __future__ import annotations

import numpy as np

from .puzzle import SYMBOLS, Puzzle

CLUE_STYLE = {"color": "black", "fontweight": "bold"}
FILLED_STYLE = {"color": "tab:blue", "fontweight": "normal"}


def _symbol(value: int, side: int) -> str:
    return SYMBOLS[value - 1] if side <= len(SYMBOLS) else str(value)


def draw_sudoku(puzzle: Puzzle, solution=None, ax=None, title: str | None = None):
    """Draw ``puzzle`` on matplotlib axes and return them.

    Clues are bold black; with ``solution`` (``(n*n, n*n)`` ints) the other
    cells are filled in blue, normal weight. Box lines are heavy, cell lines
    thin; any order. Row ``r``, column ``c`` (0-based) is the unit square
    with lower-left corner ``(c, n*n - 1 - r)``; each digit is a text artist
    at its centre, with ``gid`` ``"clue"`` or ``"filled"``. A new figure is
    made when ``ax`` is None. Raises ``ValueError`` for a solution of the
    wrong shape.
    """
    import matplotlib.pyplot as plt

    n, side = puzzle.order, puzzle.side
    if solution is not None and np.shape(solution) != (side, side):
        raise ValueError(f"solution shape {np.shape(solution)} is not ({side}, {side})")
    if ax is None:
        _, ax = plt.subplots(figsize=(0.45 * side + 1, 0.45 * side + 1))
    ax.set_xlim(0, side)
    ax.set_ylim(0, side)
    ax.set_aspect("equal")
    ax.axis("off")
    for k in range(side + 1):
        width = 2.5 if k % n == 0 else 0.6
        ax.plot([k, k], [0, side], color="black", linewidth=width, solid_capstyle="butt")
        ax.plot([0, side], [k, k], color="black", linewidth=width, solid_capstyle="butt")
    size = max(5, 14 - 0.3 * side)
    for (r, c), value in np.ndenumerate(puzzle.grid):
        filled = solution is not None and not value
        value = int(solution[r][c]) if filled else int(value)
        if value:
            style = FILLED_STYLE if filled else CLUE_STYLE
            ax.text(c + 0.5, side - r - 0.5, _symbol(value, side), ha="center", va="center",
                    fontsize=size, gid="filled" if filled else "clue", **style)
    if title:
        ax.set_title(title)
    return ax
