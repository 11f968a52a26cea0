"""The MILP formulations and the solvers they run on.

* :mod:`.binary_model`: the binary assignment model ``x[i, j, k]`` described
  once (its "exactly one" groups), read by every binary formulation of every
  paradigm (MILP, CP-SAT's ``cp-bool``, the SAT encodings);
* :mod:`.binary_rules`: a variant's constraints as linear rows over ``x``;
* :mod:`.linear`: the base of every MILP method (:class:`~.linear.LinearFormulation`):
  a :class:`~.backends.LinearProblem` handed to a back-end;
* :mod:`.backends`: the back-end protocol; :mod:`.highs` and :mod:`.scip` its
  implementations (their names in :data:`sudoku_models.registry.MILP_BACKENDS`);
* :mod:`.pyomo_model`: the base of the Pyomo methods (compiled into a back-end);
* the methods: :mod:`.pyomo_binary` (``milp``), :mod:`.matrix` (``matrix``,
  MATLAB's arrays straight into HiGHS), :mod:`.alldiff` (``milp-alldiff``,
  integer cells with GDP disjunctions); :mod:`.objectives` their objective;
* :mod:`.pyomo_user`: a Pyomo model a user writes as a function
  (:func:`sudoku_models.register_model`), compiled as ``milp``'s is.
"""
