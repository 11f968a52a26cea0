"""CP-bool: the binary assignment model of the MILP, solved by CP-SAT.

Source: the binary model of MATLAB's ``sudokuEngine`` (seed 000) and the
JuMP seed (003), as described once in :mod:`..milp.binary_model`,
with each "exactly one" group written as CP-SAT's ``add_exactly_one`` over
Boolean ``x[i, j, k]`` (cell ``(i, j)`` holds ``k + 1``). A clue fixes its
variable to 1 (domain ``1..1``). This is the MILP model on the CP solver:
the other diagonal of the model x solver matrix. A variant adds the rows of
:mod:`..milp.binary_rules` (at-most-one, exactly-one, linear), as the MILP does.
With more values than cells per house (``k`` in ``0..V-1``, ``V > N``) the
row, column and box groups are ``add_at_most_one``.
"""

from __future__ import annotations

import numpy as np
from ortools.sat.python import cp_model

from ..binary.model import FAMILIES, binary_model
from ...puzzle import Puzzle
from ...result import ModelSize
from ..base import entry_points
from ..binary.variant_rows import BinaryRowOptions, binary_rules
from .cpsat_base import CpSatFormulation


class CpBoolFormulation(BinaryRowOptions, CpSatFormulation):
    """Boolean x[i, j, k] with exactly-one constraints, solved by CP-SAT.

    After :meth:`build`, ``model`` is the ``CpModel`` and ``x`` the
    ``(n*n, n*n, V)`` object array of its ``BoolVar``s (``V = n*n`` values
    unless more; variable number ``(i*s + j)*V + k`` in the proto; the
    digit-set Booleans follow).
    ``cage``, ``order``, ``arrow``, ``prune`` and ``rule45``: the forms of a variant's
    rows, as for ``milp`` (:class:`~..milp.pyomo_binary.MilpFormulation`;
    sources and what each strengthens: :mod:`..milp.binary_rules`);
    ``solver_options`` as :class:`~.cpsat_base.CpSatFormulation`.
    """

    name = "cp-bool"

    def __init__(self, layout=3, **options) -> None:
        super().__init__(layout, **options)
        self.x: np.ndarray | None = None
        self._clues: set[int] = set()

    def _build_rules(self) -> None:
        description = binary_model(self.layout)
        model = cp_model.CpModel()
        x = np.array([model.new_bool_var(description.var_name(v))
                      for v in range(description.num_vars)], dtype=object)
        for family in FAMILIES:
            once = model.add_exactly_one if family == "cell" or description.exact else \
                model.add_at_most_one  # more values than cells: a value at most once per house
            for group in description.groups[family]:
                once(x[group].tolist())
        if not self.rules.classic:  # the variant's rows (binary_rules), as the MILP has them
            described = binary_rules(self.rules, **self.forms)
            terms_of = np.array([*x, *(model.new_bool_var(name) for name in described.extra)],
                                dtype=object)
            for row in described.rows:
                terms = terms_of[row.variables].tolist()
                if row.at_most_one and row.lower is None:
                    model.add_at_most_one(terms)
                elif row.at_most_one and row.lower == 1:
                    model.add_exactly_one(terms)
                else:
                    expr = sum(int(a) * t for a, t in zip(row.coefficients.tolist(), terms))
                    model.add_linear_constraint(
                        expr, cp_model.INT_MIN if row.lower is None else int(row.lower),
                        cp_model.INT_MAX if row.upper is None else int(row.upper))
            for variable in described.zeros.tolist():
                model.add(x[variable] == 0)
        self.model = model
        self.x = x.reshape(self.side, self.side, self.num_values)

    def _load_clues(self, puzzle: Puzzle) -> None:
        clues = set(binary_model(self.layout).clue_vars(puzzle.grid).tolist())
        for index in clues ^ self._clues:
            self._set_domain(index, 1 if index in clues else 0, 1)
        self._clues = clues

    def _clue_variables(self) -> int:
        return self.layout.cells * self.num_values

    def _native_model(self) -> tuple[cp_model.CpModel, np.ndarray]:
        return self.model, self.x

    def _grid_values(self, solver: cp_model.CpSolver) -> np.ndarray:
        x = np.array([solver.boolean_value(v) for v in self.x.ravel()]).reshape(
            -1, self.num_values)
        return np.argmax(x, axis=1) + 1

    def size(self) -> ModelSize:
        groups = binary_model(self.layout).groups.values()
        return ModelSize(variables=self._clue_variables(), constraints=sum(map(len, groups)),
                         nonzeros=sum(g.size for g in groups))


build, solve = entry_points(CpBoolFormulation)
