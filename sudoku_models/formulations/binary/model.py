"""The binary assignment model of Sudoku, described once.

Binary ``x[i, j, k] = 1`` when cell ``(i, j)`` holds value ``k + 1`` (0-based
indices), numbered row-major: variable ``(i*s + j)*V + k`` for side ``s``
and ``V`` values (``V = s`` unless the layout has more values than cells
per house, :meth:`~sudoku_models.core.geometry.Layout.with_values`).
Four families of "exactly one" constraints (MATLAB's ``sudokuEngine``, seed
000; the Engee/JuMP MILP, seed 003; the "extended encoding" of Lynce and
Ouaknine 2006, "Sudoku as a SAT problem"):

* ``cell``: every cell holds one value, one group per cell ``(i, j)``;
* ``row``: every value once in every row, one group per ``(i, k)``;
* ``column``: every value once in every column, one group per ``(j, k)``;
* ``box``: every value once in every box (or jigsaw region), one group per
  ``(b, k)``; none for a Latin square.

With more values than cells (``V > s``) the house families say "at most
once" (:attr:`BinaryModel.exact` is False): a house holds ``s`` different
values of ``V``.

Each family is an ``(G, s)`` int array: one row per constraint, holding the
variable numbers it sums (``G = s*V``, for ``cell`` ``s*s`` rows of ``V``;
0 for the boxes of a Latin square).
The rows, columns and boxes are the houses of the layout
(:class:`sudoku_models.core.geometry.Layout`), so every formulation built on this
description agrees with the rest of the toolkit on what a box is, for square
or rectangular boxes, jigsaw regions or none. The MILP formulations write
each group as ``sum = 1``, CP-SAT as ``add_exactly_one``, SAT as clauses.
A variant's constraints are :class:`Row` objects over the same variables
(:mod:`.variant_rows`, :mod:`.automaton_rows`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from ...core.geometry import Layout

FAMILIES = ("cell", "row", "column", "box")


@dataclass(frozen=True)
class BinaryModel:
    """The index sets of the binary model of one layout.

    ``layout``: the :class:`~sudoku_models.core.geometry.Layout`; ``order``: its
    box size ``n`` for square boxes, else None; ``side``: ``s``;
    ``values``: ``V``; ``num_vars``: ``s*s*V``; ``groups``: family name ->
    read-only int64 array of variable numbers, a row per constraint (see
    module docstring). :meth:`labels`
    names the constraints, :meth:`var_name` the variables, 1-based.
    """

    order: int | None
    side: int
    num_vars: int
    groups: dict[str, np.ndarray]
    layout: Layout
    values: int

    @property
    def exact(self) -> bool:
        """Whether a house holds every value once (``sum = 1``), not at most
        once (``sum <= 1``, more values than cells)."""
        return self.values == self.side

    def var(self, row, column, value):
        """Variable number of ``x[row, column, value]`` (0-based; ``value`` is
        the digit minus 1). Works elementwise on int arrays."""
        return (np.asarray(row) * self.side + np.asarray(column)) * self.values + \
            np.asarray(value)

    def cell_value(self, var):
        """Inverse of :meth:`var`: ``(row, column, value)``, 0-based."""
        cell, value = np.divmod(np.asarray(var), self.values)
        row, column = np.divmod(cell, self.side)
        return row, column, value

    def var_name(self, var: int) -> str:
        """1-based readable name of a variable: ``x_r1_c2_v4`` is digit 4 in
        row 1, column 2."""
        r, c, v = (int(a) + 1 for a in self.cell_value(var))
        return f"x_r{r}_c{c}_v{v}"

    def labels(self, family: str) -> list[str]:
        """1-based names of the constraints of ``family``, in the order of
        ``groups[family]``. Raises ``KeyError`` for an unknown family."""
        s = self.side if family == "cell" else self.values
        first, second = {"cell": ("r", "c"), "row": ("r", "v"), "column": ("c", "v"),
                         "box": ("b", "v")}[family]
        groups = len(self.groups[family]) // s
        name = "region" if family == "box" and self.layout.kind == "jigsaw" else family
        return [f"{name}_{first}{a + 1}_{second}{b + 1}" for a in range(groups) for b in range(s)]

    def clue_vars(self, grid: np.ndarray) -> np.ndarray:
        """Variable numbers set to 1 by the clues of an ``(s, s)`` grid
        (0 = empty), sorted."""
        rows, cols = np.nonzero(grid)
        return np.sort(self.var(rows, cols, np.asarray(grid)[rows, cols] - 1))

    def solution_grid(self, ones) -> np.ndarray:
        """The ``(s, s)`` grid of a solution given by the variables at 1
        (exactly one per cell)."""
        row, column, value = self.cell_value(ones)
        grid = np.zeros((self.side, self.side), dtype=np.int64)
        grid[row, column] = value + 1
        return grid


def binary_model(layout: int | Layout) -> BinaryModel:
    """The :class:`BinaryModel` of ``layout`` (a
    :class:`~sudoku_models.core.geometry.Layout`, or an int order for the square
    boxes), built once per layout."""
    return _binary_model(layout if isinstance(layout, Layout) else Layout.square(layout))


@cache
def _binary_model(layout: Layout) -> BinaryModel:
    s, v = layout.side, layout.values
    x = np.arange(s * s * v, dtype=np.int64).reshape(s * s, v)  # [cell, value]
    houses = layout.houses

    def family(lines: np.ndarray) -> np.ndarray:
        # one group per (house, value): the variables of that value in the house's cells
        return x[lines].transpose(0, 2, 1).reshape(-1, s)

    groups = {
        "cell": x.copy(),
        "row": family(houses[:s]),
        "column": family(houses[s: 2 * s]),
        "box": family(houses[2 * s:]),
    }
    for array in groups.values():
        array.setflags(write=False)
    return BinaryModel(layout.order, s, s * s * v, groups, layout, v)


@dataclass(frozen=True, eq=False)
class Row:
    """``lower <= sum(coefficients * x[variables]) <= upper`` (None: no
    bound on that side).

    ``family``: the constraint kind it comes from (``cage-total`` for a
    cage's sum); ``label``: a unique 1-based name for export files;
    ``variables``, ``coefficients``: ``(m,)`` int64 arrays (binary model
    variable numbers)."""

    family: str
    label: str
    variables: np.ndarray
    coefficients: np.ndarray
    lower: int | None
    upper: int | None

    @property
    def at_most_one(self) -> bool:
        """A plain at-most-one (or exactly-one) row: coefficients 1, upper 1."""
        return self.upper == 1 and bool(np.all(self.coefficients == 1))
