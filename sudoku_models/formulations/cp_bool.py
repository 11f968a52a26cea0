"""CP-bool: the binary assignment model of the MILP, solved by CP-SAT.

Source: the binary model of MATLAB's ``sudokuEngine`` (seed 000) and the
JuMP seed (003), with each "exactly one" family written as CP-SAT's
``add_exactly_one`` over Boolean ``x[i, j, k]`` (cell ``(i, j)`` holds
``k + 1``). A clue fixes its variable to 1 (domain ``1..1``). This is the
MILP model on the CP solver: the other diagonal of the model x solver matrix.
"""

from __future__ import annotations

import numpy as np
from ortools.sat.python import cp_model

from ..houses import house_cells
from ..puzzle import Puzzle
from ..result import ModelSize
from .base import entry_points
from .cpsat import CpSatFormulation


class CpBoolFormulation(CpSatFormulation):
    """Boolean x[i, j, k] with exactly-one constraints, solved by CP-SAT.

    After :meth:`build`, ``model`` is the ``CpModel`` and ``x`` the
    ``(n*n, n*n, n*n)`` object array of its ``BoolVar``s (variable number
    ``(i*s + j)*s + k`` in the proto). Options as :class:`~.base.Formulation`.
    """

    name = "cp-bool"
    description = "binary x[i,j,k] with exactly-one constraints, CP-SAT"

    def __init__(self, order: int = 3, **options) -> None:
        super().__init__(order, **options)
        self.x: np.ndarray | None = None
        self._clues: set[int] = set()

    def _build_rules(self) -> None:
        s = self.side
        model = cp_model.CpModel()
        x = np.array(
            [model.new_bool_var(f"x_r{i + 1}c{j + 1}v{k + 1}")
             for i in range(s) for j in range(s) for k in range(s)],
            dtype=object,
        ).reshape(s * s, s)  # [cell, value]
        for cell in range(s * s):
            model.add_exactly_one(x[cell].tolist())
        for house in house_cells(self.order):
            for k in range(s):
                model.add_exactly_one(x[house, k].tolist())
        self.model = model
        self.x = x.reshape(s, s, s)

    def _load_clues(self, puzzle: Puzzle) -> None:
        s = self.side
        clues = {(r * s + c) * s + k for r, c, k in self._clue_cells(puzzle)}
        for index in clues ^ self._clues:
            self._set_domain(index, 1 if index in clues else 0, 1)
        self._clues = clues

    def _native_model(self) -> tuple[cp_model.CpModel, np.ndarray]:
        return self.model, self.x

    def _grid_values(self, solver: cp_model.CpSolver) -> np.ndarray:
        x = np.array([solver.boolean_value(v) for v in self.x.ravel()]).reshape(-1, self.side)
        return np.argmax(x, axis=1) + 1

    def size(self) -> ModelSize:
        s = self.side
        return ModelSize(variables=s**3, constraints=4 * s * s, nonzeros=4 * s**3)


build, solve = entry_points(CpBoolFormulation)
