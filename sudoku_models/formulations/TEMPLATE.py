"""How to add a method, or a MILP back-end: the recipe, and a method that follows it.

After cpmpy's ``solvers/TEMPLATE.py``: the steps, in the order to take them,
with the files each touches; the code below is step 1 done for a small
textbook model, :class:`TemplateFormulation`, which ``tests/test_template.py``
registers (with :data:`ENTRY`, the line of step 2) and puts through every
check of ``tests/test_registry_claims.py`` (answers verified, counts
against the counter, exports read back, the layouts it claims), so the
recipe cannot drift from the code. Copy this file to start a method.

A model of your own outside the package needs none of this:
``sudoku_models.register_model("name", build_function, paradigm="MILP")``
(or ``"CP"``, or a class like the one below) registers it in one call
(:mod:`sudoku_models.formulations.user_models`).

A new method (a formulation a user can name)
--------------------------------------------

1. One module in the paradigm's folder (``milp/``, ``cp/``, ``sat/``, or
   ``formulations/`` for a search of its own), with the source of the model
   (paper, book, program) in its docstring. Subclass the paradigm's base, which
   already does time limits, Ctrl-C, counting and export:

   * a Pyomo model (as below): :class:`.milp.pyomo_model.PyomoFormulation`;
     build ``self._model`` in ``_build_rules``, give each puzzle's clues as
     bounds with ``self._set_bounds``, read the grid in ``_grid_values``
     from the columns of ``x`` (``self._columns``), and name them in
     ``_binary_columns`` to count;
   * a MILP on any back-end without Pyomo: :class:`.milp.linear.LinearFormulation`;
     state the model as a :class:`.milp.backends.LinearProblem` in
     ``_build_rules`` and pass it to ``self._load_backend``; set clue bounds
     in ``_load_clues`` with ``self.backend.set_bounds``; read the grid in
     ``_grid_values``;
   * a CP-SAT model: :class:`.cp.cpsat_base.CpSatFormulation`; build
     ``self.model`` with the clue-carrying variables first, load clues with
     ``self._set_domain``, read the grid in ``_grid_values``;
   * anything else: :class:`.base.Formulation` (``_build_rules``,
     ``_load_clues``, ``_native_model``, ``_run``, ``size``, ``solver_name``).

   Set ``name`` to the registry name and end the module with
   ``build, solve = entry_points(TheClass)``. Check each option with
   ``self._option(key, value)`` (the vocabulary is the registry's).
2. One :class:`~sudoku_models.registry.MethodInfo` in
   :mod:`sudoku_models.registry`'s list (as :data:`ENTRY`): the name,
   ``"module:Class"``, paradigm, model, solver, what it can do
   (``can_count``, ``export_formats``), its ``options`` with their allowed
   values (a new vocabulary is a tuple defined there, once), the
   ``layouts`` and constraint ``kinds`` it models.
3. Tests: the claims test covers the entry; add what is particular to the
   model (its size against the textbook, an option's effect) to the
   paradigm's test file.

A new MILP back-end (a solver the ``solver`` option can name)
--------------------------------------------------------------

1. One module in ``milp/`` (as :mod:`.milp.highs`, :mod:`.milp.scip`) with a
   :class:`.milp.backends.Backend` subclass: ``name`` (the ``solver`` value),
   ``SOLVER`` and ``_release`` (its version), ``_scratch``,
   ``_parameter_type`` and ``_try_parameter`` (the solver's own parameters,
   checked by ``Backend.parameters``), ``native``, ``set_bounds``, ``run``
   (an :class:`.milp.backends.Outcome`, ``B&B nodes`` and ``LP iterations``
   in its statistics), ``write`` (LP and MPS), ``add_no_good`` and
   ``remove_no_goods``. Import the solver at the top of that module only:
   back-ends are imported when a method runs on them.
2. One line in :data:`sudoku_models.registry.MILP_BACKENDS` (name ->
   ``"module:Class"``): the one list of back-ends, which the ``solver``
   option of every MILP method, :func:`.milp.backends.backend_class` and the
   tests read.
3. If the solver is not a dependency, an extra in ``pyproject.toml``
   (as ``[scip]``); ``tests/test_backends.py`` runs every back-end installed.

The method below
----------------

The binary assignment model as textbooks write it (Bartlett, Chartier,
Langville and Rankin, "An Integer Programming Model for the Sudoku
Problem", *Journal of Online Mathematics and its Applications* 8, 2008;
JuMP's Sudoku tutorial): ``x[c, k] = 1`` when cell ``c`` holds
value ``k``, one "exactly one" row per cell and per house and value, over
the houses of any layout (rows, columns, boxes or jigsaw regions), so it
models every layout kind; the clues are lower bounds of 1, so one compiled
model serves every puzzle of a layout. It is ``milp`` without the variants'
rows, the objective option and the readable export names: the same model
size (``tests/test_template.py`` compares them).
"""

from __future__ import annotations

import numpy as np
import pyomo.core as pyo  # not pyomo.environ: its solver plugins cost 0.2 s of start-up

from ..puzzle import Puzzle
from ..registry import FREE, MILP_SOLVERS, STATS_LEVELS, MethodInfo
from .base import entry_points
from .milp.pyomo_model import PyomoFormulation


class TemplateFormulation(PyomoFormulation):
    """The textbook binary model in Pyomo, solved by a MILP back-end (the
    module docstring gives the model and its source). Options as
    :class:`~.milp.linear.LinearFormulation` (``solver``, ``solver_options``,
    ``stats``)."""

    name = "template"

    def _build_rules(self) -> None:
        s = self.side
        m = pyo.ConcreteModel(name=f"template_{s}x{s}")
        m.C = pyo.RangeSet(0, s * s - 1)  # cells, row by row
        m.K = pyo.RangeSet(1, s)  # values
        m.H = pyo.RangeSet(0, self.layout.num_houses - 1)  # rows, columns, regions
        m.x = pyo.Var(m.C, m.K, domain=pyo.Binary)
        houses = [h.tolist() for h in self.layout.houses]
        m.cell = pyo.Constraint(m.C, rule=lambda m, c: sum(m.x[c, k] for k in m.K) == 1)
        m.house = pyo.Constraint(m.H, m.K,
                                 rule=lambda m, h, k: sum(m.x[c, k] for c in houses[h]) == 1)
        m.objective = pyo.Objective(expr=0)  # feasibility: any grid will do
        self._model = m

    def _load_clues(self, puzzle: Puzzle) -> None:
        """Each clue a lower bound of 1 on its ``x`` (the others 0)."""
        grid = puzzle.grid.ravel()
        lower = np.zeros(len(grid) * self.side)
        clues = np.flatnonzero(grid)
        lower[clues * self.side + grid[clues] - 1] = 1
        self._set_bounds(self._model.x, lower, np.ones_like(lower))

    def _binary_columns(self) -> np.ndarray:
        """The columns of ``x`` in index order (cell, value): what counting
        cuts off, solution by solution."""
        if "x" not in self._cache:
            self._cache["x"] = self._columns(self._model.x.values())
        return self._cache["x"]

    def _grid_values(self, column_values: np.ndarray) -> np.ndarray:
        x = column_values[self._binary_columns()].reshape(-1, self.side)
        return np.argmax(x, axis=1) + 1

    def _var_name(self, var) -> str:
        """``x_r1_c2_v4`` for ``x[cell, value]`` in the LP and MPS files (the
        toolkit's 1-based names, which ``tests/test_registry_claims.py``
        reads back); other variables keep their Pyomo names."""
        if var.parent_component() is self._model.x:
            cell, value = var.index()
            return f"x_r{cell // self.side + 1}_c{cell % self.side + 1}_v{value}"
        return super()._var_name(var)


ENTRY = MethodInfo(
    "template", "sudoku_models.formulations.TEMPLATE:TemplateFormulation",
    "the textbook binary x[c,k] model over the layout's houses, Pyomo, HiGHS (the recipe's "
    "example)", "MILP", "binary x[i,j,k]", "HiGHS", can_count=True, export_formats=("lp", "mps"),
    options={"solver": MILP_SOLVERS, "solver_options": FREE, "stats": STATS_LEVELS}, seeded=True)
"""The method's registry entry: step 2 of the recipe, as it would stand in
:mod:`sudoku_models.registry`'s list; the tests register it."""

build, solve = entry_points(TemplateFormulation)
