"""The CP-SAT formulations.

* :mod:`.cpsat_base`: the base of both (:class:`~.cpsat_base.CpSatFormulation`):
  clues as variable domains, the solver's parameters, counting, export;
* :mod:`.integer`: ``cp``, integer cells with AllDifferent per house;
* :mod:`.boolean`: ``cp-bool``, the binary model of the MILP on CP-SAT.
"""
