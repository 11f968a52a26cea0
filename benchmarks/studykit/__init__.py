"""What the studies share, and the only place they share it: a study
(``benchmarks/<question>/``) imports the library, its own modules and these,
never another study.

- :mod:`.steps`: ``python -m benchmarks.<question> STEP``, a question of
  several scripts as one command;
- :mod:`.pinning`: the ``--core`` option, the pinning it does, and what a
  row records of where it was timed;
- :mod:`.runs`: a study as resumable chunks of the benchmark runner, with
  the load sampled beside it;
- :mod:`.cpu_budget`: a solve stopped after a budget of CPU seconds;
- :mod:`.random_costs`: an LP relaxation's strength in a random direction;
- :mod:`.permuted`: a study run with permuted copies as the library's
  statistics (:func:`sudoku_models.bench.statistics.compare`), its tables and cactus figure;
- :mod:`.benchtools`: the bundled datasets, the machine's line, the puzzle
  sets of the rating studies, a ``run``/``report`` command line;
- :mod:`.published`: every table of a README rebuilt from its recorded CSV.
"""
