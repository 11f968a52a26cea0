"""Studies of the toolkit: the questions ``benchmarks/README.md`` answers,
above the generic harness (:mod:`sudoku_models.bench`) in the layers.

* :mod:`.runs`: running a study in resumable chunks on a shared machine
  (one worker, methods interleaved per instance, load recorded);
* :mod:`.censoring`: statistics of runs cut by a time limit (bounds, not
  guesses);
* :mod:`.phase`: the hardness peak of Sudoku with holes, located by effort;
* :mod:`.seed`: the Engee/JuMP seed's own comparison (``milp`` against
  ``milp-alldiff``);
* :mod:`.milp_sweep`: the MILP given a fair chance (limits, root LP
  algorithm, SCIP);
* :mod:`.tails`: run-time tails over solver seeds (Kaplan-Meier, power law
  against lognormal);
* :mod:`.effort`: what solvers do on a puzzle beside its human difficulty,
  and :mod:`.difficulty`, :mod:`.rating`: the tables of that study and of
  our rating against QQWing's;
* :mod:`.recorded`: tables of the recorded ``bench run`` files;
  :mod:`.counter_speed`: the counter's speed tables (helper core's);
  :mod:`.encodings`: the SAT encodings' tables;
* :mod:`.published`: every table of ``benchmarks/README.md`` regenerated
  from its CSV (and checked by a test).

Nothing in :mod:`sudoku_models` below this package imports it.
"""
