"""The SAT formulations: CNF encodings solved by PySAT, the encoding apart
from the solving.

* :mod:`.encoding`: the classic rules' clauses (minimal and extended);
* :mod:`.variant_clauses`: a variant's clauses (cages, arrows, relations);
* :mod:`.time_slices`: running a PySAT solver within a time limit, Ctrl-C;
* :mod:`.pysat_model`: the methods ``sat-minimal`` and ``sat-extended``.
"""
