"""A MILP a user writes as a function: the Pyomo model compiled into the
toolkit's MILP back-ends, as ``milp``'s is.

:func:`sudoku_models.register_model` with ``paradigm="MILP"`` makes a
subclass of :class:`PyomoUserModel` around the user's function
``build(puzzle)``, which returns a Pyomo ``ConcreteModel`` (with the binary
variables named ``x``, indexed by (row, column, value)) or ``(model, x)``:
the grid convention of :mod:`..grid_variables`. The function writes the
clues itself (``x[i, j, k].fix(1)``, a bound, or a constraint), so it is
called once per new puzzle and that call is the result's build time; the
model is then compiled by :func:`.pyomo_model.standard_form`, solved,
counted (no-good cuts over the ``x`` columns) and written (LP, MPS) by the
back-end as ``milp``'s model is, with the same options (``solver``,
``solver_options``, ``stats``). A model without an active objective gets
``feasibility`` (0), as JuMP's tutorial solves a model without one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import numpy as np
import pyomo.core as pyo  # not pyomo.environ: its solver plugins cost 0.2 s of start-up

from ...puzzle import Puzzle
from ..grid_variables import GridVariables, ModelConventionError, grid_variables
from .pyomo_model import PyomoFormulation


class PyomoUserModel(PyomoFormulation):
    """A MILP whose Pyomo model the class's ``build_model(puzzle)`` (a
    user's function) returns, solved by a MILP back-end. Options as
    :class:`~.linear.LinearFormulation` (``solver``, ``solver_options``,
    ``stats``). After :meth:`build`, the model handed out is the function's
    for that puzzle: a change made to it is part of the next solve of the
    same puzzle (a new puzzle calls the function again). Raises
    :class:`~..grid_variables.ModelConventionError` (a ``ValueError``) when
    the function returns something else than a ``ConcreteModel`` with
    binary ``x`` (see :mod:`..grid_variables`)."""

    build_model: ClassVar[Callable]

    def __init__(self, layout=3, **options) -> None:
        super().__init__(layout, **options)
        self._built_for: bytes | None = None  # the clues the model was built with
        self._x: GridVariables | None = None

    def _build_rules(self) -> None:
        """Nothing: the user's function builds the rules and the clues together."""

    def _load_clues(self, puzzle: Puzzle) -> None:
        """The user's model of ``puzzle`` (the model already built for the
        same clues is kept, with any change made to it)."""
        if self._model is not None and puzzle.grid.tobytes() == self._built_for:
            return
        where = f"method {self.name!r} ({type(self).build_model.__qualname__})"
        built = type(self).build_model(puzzle)
        model, x = built if isinstance(built, tuple) and len(built) == 2 else (built, None)
        if not isinstance(model, pyo.ConcreteModel):
            raise ModelConventionError(
                f"{where} must return a Pyomo ConcreteModel or (model, x), got "
                f"{type(built).__name__}")
        if x is None:
            x = model.component("x")
            if x is None:
                raise ModelConventionError(
                    f"{where}: the model has no component x; name the binary "
                    f"x[row, column, value] variables x or return (model, x)")
        found = grid_variables(x, self.side, self.num_values, where)
        if found.kind != "x":
            raise ModelConventionError(
                f"{where}: a MILP reads its grid from binary x[row, column, value] variables "
                f"(counting cuts them off), not from the cells' values")
        if not any(True for _ in model.component_data_objects(pyo.Objective, active=True)):
            model.feasibility = pyo.Objective(expr=0)
        self._model, self._x, self._built_for = model, found, puzzle.grid.tobytes()
        self.backend = None  # compiled on the next _attach_solver
        self._cache.clear()

    def _x_places(self) -> tuple[np.ndarray, np.ndarray]:
        """The back-end column of each entry of ``x`` (-1 where the compiled
        model has none: a fixed variable, which Pyomo's standard form moves
        into the bounds, an unused or a missing one) and the value those
        entries hold (a fixed variable's value, else 0)."""
        if "x places" not in self._cache:
            columns = np.array([self._column[v] if v is not None and v in self._column else -1
                                for v in self._x.variables])
            fixed = np.array([float(v.value) if v is not None and v.fixed else 0.0
                              for v in self._x.variables])
            self._cache["x places"] = (columns, fixed)
        return self._cache["x places"]

    def _grid_values(self, column_values: np.ndarray) -> np.ndarray:
        columns, fixed = self._x_places()
        values = np.where(columns >= 0, column_values[np.maximum(columns, 0)], fixed)
        return self._x.grid(values, self.side).ravel()

    def _binary_columns(self) -> np.ndarray:
        columns, _ = self._x_places()
        return columns[columns >= 0]

    def size(self):
        """Size of the model handed to the solver (built for an empty grid
        when no puzzle has been loaded yet)."""
        if self._model is None:
            self._load_clues(Puzzle(np.zeros((self.side, self.side), dtype=int), self.rules))
        return super().size()
