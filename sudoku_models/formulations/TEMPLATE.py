"""How to add a method, or a MILP back-end: the recipe (no code runs here).

After cpmpy's ``solvers/TEMPLATE.py``: the steps, in the order to take them,
with the files each touches. ``tests/test_registry_claims.py`` then checks
every claim the new entry makes (answers verified, counts against the
counter, exports read back), so a claim that does not hold fails there.

A new method (a formulation a user can name)
--------------------------------------------

1. One module in the paradigm's folder (``milp/``, ``cp/``, ``sat/``, or
   ``formulations/`` for a search of its own), with the source of the model
   (paper, book, program) in its docstring. Subclass the paradigm's base, which
   already does time limits, Ctrl-C, counting and export:

   * a MILP on any back-end: :class:`.milp.linear.LinearFormulation`; state the
     model as a :class:`.milp.backends.LinearProblem` in ``_build_rules`` and
     pass it to ``self._load_backend``; set clue bounds in ``_load_clues``
     with ``self.backend.set_bounds``; read the grid in ``_grid_values``;
   * a Pyomo model: :class:`.milp.pyomo_model.PyomoFormulation`; build
     ``self._model`` in ``_build_rules``, set clue bounds on the Pyomo
     variables and call ``self._send_bounds`` with them;
   * a CP-SAT model: :class:`.cp.cpsat_base.CpSatFormulation`; build
     ``self.model`` with the clue-carrying variables first, load clues with
     ``self._set_domain``;
   * anything else: :class:`.base.Formulation` (``_build_rules``,
     ``_load_clues``, ``_native_model``, ``_run``, ``size``, ``solver_name``).

   Set ``name`` to the registry name and end the module with
   ``build, solve = entry_points(TheClass)``. Check each option with
   ``self._option(key, value)`` (the vocabulary is the registry's).
2. One :class:`~sudoku_models.registry.MethodInfo` in
   :mod:`sudoku_models.registry`'s list: the name, ``"module:Class"``,
   paradigm, model, solver, what it can do (``can_count``,
   ``export_formats``), its ``options`` with their allowed values (a new
   vocabulary is a tuple defined there, once), the ``layouts`` and constraint
   ``kinds`` it models.
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
"""
