"""The CP-SAT formulations.

* :mod:`.cpsat_base`: the base of both (:class:`~.cpsat_base.CpSatFormulation`):
  clues as variable domains, the solver's parameters, counting, export;
* :mod:`.integer`: ``cp``, integer cells with AllDifferent per house;
* :mod:`.boolean`: ``cp-bool``, the binary model of the MILP on CP-SAT;
* :mod:`.cpsat_user`: a CP-SAT model a user writes as a function
  (:func:`sudoku_models.register_model`);
* :mod:`.proto_text`: a ``CpModel``'s proto read as text: its size and a
  listing one line per constraint (``show-model``).
"""
