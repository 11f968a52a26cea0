"""CP: integer cells with AllDifferent on every house, solved by CP-SAT.

Source: the Engee/JuMP MILP vs. CP example (seed 003, its ``AllDifferent``
model), written for OR-Tools CP-SAT (``CpModel.add_all_different``). One
integer variable per cell with domain ``1..n*n``; one AllDifferent constraint
per house of the layout (row, column, box or jigsaw region); a clue shrinks
its cell's domain to one value.
"""

from __future__ import annotations

import numpy as np
from ortools.sat.python import cp_model

from ..puzzle import Puzzle
from ..result import ModelSize
from .base import entry_points
from .cpsat import CpSatFormulation


class CpFormulation(CpSatFormulation):
    """Integer cells 1..n*n with AllDifferent per house, solved by CP-SAT.

    After :meth:`build`, ``model`` is the ``CpModel`` and ``cells`` the
    ``(n*n, n*n)`` object array of its ``IntVar`` cells. Options as
    :class:`~.base.Formulation`.
    """

    name = "cp"

    def __init__(self, layout=3, **options) -> None:
        super().__init__(layout, **options)
        self.cells: np.ndarray | None = None

    def _build_rules(self) -> None:
        s = self.side
        model = cp_model.CpModel()
        cells = np.array(
            [model.new_int_var(1, s, f"cell_r{r + 1}_c{c + 1}") for r in range(s) for c in range(s)],
            dtype=object,
        )
        for house in self.layout.houses:
            model.add_all_different(cells[house].tolist())
        self.model = model
        self.cells = cells.reshape(s, s)

    def _load_clues(self, puzzle: Puzzle) -> None:
        for index, value in enumerate(puzzle.grid.ravel()):  # cell variables come first
            self._set_domain(index, *((value, value) if value else (1, self.side)))

    def _native_model(self) -> tuple[cp_model.CpModel, np.ndarray]:
        return self.model, self.cells

    def _grid_values(self, solver: cp_model.CpSolver) -> np.ndarray:
        return np.array([solver.value(v) for v in self.cells.ravel()])

    def size(self) -> ModelSize:
        s = self.side
        houses = self.layout.num_houses
        return ModelSize(variables=s * s, constraints=houses, nonzeros=houses * s)


build, solve = entry_points(CpFormulation)
