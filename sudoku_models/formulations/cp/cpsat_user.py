"""A constraint program a user writes as a function: the CP-SAT model solved
and counted as ``cp``'s is.

:func:`sudoku_models.register_model` with ``paradigm="CP"`` makes a
subclass of :class:`CpSatUserModel` around the user's function
``build(puzzle)``, which returns ``(model, cells)``: a CP-SAT ``CpModel``
and its grid variables, the cells' integer variables (an ``N x N`` nested
list or array, or a dict keyed by ``(row, column)``) or Boolean
``x[row, column, value]`` (a dict keyed by triples): the convention of
:mod:`..grid_variables`. The function writes the clues itself (a domain, or
``model.add(cell == v)``), so it is called once per new puzzle and that call
is the result's build time; the model is then solved with the settings of
every CP-SAT method (one worker unless ``threads``, ``seed``,
``solver_options``), counted by CP-SAT's enumeration (distinct grids) and
written as the proto's text (``pbtxt``), as ``cp``'s is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np
from ortools.sat.python import cp_model

from ...puzzle import Puzzle
from ...result import ModelSize
from ..grid_variables import GridVariables, ModelConventionError, grid_variables
from .cpsat_base import CpSatFormulation
from .proto_text import proto_size


class CpSatUserModel(CpSatFormulation):
    """A constraint program whose CP-SAT model the class's
    ``build_model(puzzle)`` (a user's function) returns with its grid
    variables. ``solver_options`` as :class:`~.cpsat_base.CpSatFormulation`.
    After :meth:`build` (which returns what the function returned), a
    change made to the model is part of the next solve of the same puzzle
    (a new puzzle calls the function again). Raises
    :class:`~..grid_variables.ModelConventionError` (a ``ValueError``) when
    the function returns something else (see :mod:`..grid_variables`)."""

    build_model: ClassVar[Callable]

    def __init__(self, layout=3, **options) -> None:
        super().__init__(layout, **options)
        self._built_for: bytes | None = None  # the clues the model was built with
        self._returned: Any = None  # what the function returned, for build()
        self._grid: GridVariables | None = None

    def _build_rules(self) -> None:
        """Nothing: the user's function builds the rules and the clues together."""

    def _load_clues(self, puzzle: Puzzle) -> None:
        """The user's model of ``puzzle`` (the model already built for the
        same clues is kept, with any change made to it)."""
        if self.model is not None and puzzle.grid.tobytes() == self._built_for:
            return
        where = f"method {self.name!r} ({type(self).build_model.__qualname__})"
        built = type(self).build_model(puzzle)
        if not (isinstance(built, tuple) and len(built) == 2
                and isinstance(built[0], cp_model.CpModel)):
            raise ModelConventionError(
                f"{where} must return (model, cells): a CP-SAT CpModel and its grid variables, "
                f"got {type(built).__name__}")
        self._grid = grid_variables(built[1], self.side, self.num_values, where)
        self.model, self._returned, self._built_for = built[0], built, puzzle.grid.tobytes()

    def _remember_handed_out_model(self) -> None:
        """Nothing to remember: the clues are the function's, which the
        toolkit never rewrites, so every change a user makes is kept."""

    def _model_changed_by_user(self) -> None:
        """Nothing to do: the solver reads the model itself."""

    def _native_model(self) -> tuple:
        return self._returned

    def _grid_values(self, solver) -> np.ndarray:
        values = [0 if v is None else solver.value(v) for v in self._grid.variables]
        return self._grid.grid(values, self.side).ravel()

    def size(self) -> ModelSize:
        """Variables and constraints of the model's proto and their
        variable occurrences (:func:`.proto_text.proto_size`), built for an
        empty grid when no puzzle has been loaded yet."""
        if self.model is None:
            self._load_clues(Puzzle(np.zeros((self.side, self.side), dtype=int), self.rules))
        return proto_size(self.model)
