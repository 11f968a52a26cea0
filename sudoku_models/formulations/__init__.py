"""The formulations, by paradigm, with the same interface
(:class:`~.base.Formulation`): :mod:`.milp` (the binary model and its rows,
the Pyomo and matrix models, the GDP all-different, the MILP back-ends),
:mod:`.cp` (CP-SAT), :mod:`.sat` (CNF encodings apart from the PySAT
solving), :mod:`.matching`; :mod:`.TEMPLATE` is the recipe for a new method
or MILP back-end, and a working method; :mod:`.user_models` registers a
model a user writes (:func:`~.user_models.register_model`; the grid
convention in :mod:`.grid_variables`). Which name maps to which class, what each can do and the
option vocabularies are in :mod:`sudoku_models.registry`; this package
imports no solver until a formulation module is imported."""

from .base import Formulation

__all__ = ["Formulation"]
