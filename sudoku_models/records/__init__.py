"""The records of solves: one row per puzzle and method in one schema
(:mod:`.rows`), the resumable results file that holds them
(:mod:`.results`), and their summary per dataset, order and method
(:mod:`.summary`). ``solve --out`` and ``bench run`` both write through
here; the benchmark harness (:mod:`sudoku_models.bench`) plans and runs,
it does not define what a row is."""

from .results import COLUMNS, KEY, STAT_COLUMNS, ResultsFileError, load_results, read_results

__all__ = ["COLUMNS", "KEY", "STAT_COLUMNS", "ResultsFileError", "load_results", "read_results"]
