"""Benchmarks: every method on real and generated puzzles, on top of the
solving pipeline (:mod:`sudoku_models.solving`), in supervised worker
processes or on a Dask cluster, resumable, with a report that compares like
with like. The rows it writes, their file and summary:
:mod:`sudoku_models.records`.

Light to import: the runner and the report (solvers, pandas, matplotlib)
load on first use of their names.
"""

from .datasets import DatasetError, load_dataset, register_dataset_kind

_LAZY = {"run_benchmark": "runner", "RunError": "runner", "RunOutcome": "runner", "RunSpec": "runner",
         "methods": "runner", "write_report": "report", "summarise": "report",
         "compare": "statistics", "Comparison": "statistics"}


def __getattr__(name):
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Comparison", "DatasetError", "RunError", "RunOutcome", "RunSpec", "compare",
           "load_dataset", "methods", "register_dataset_kind", "run_benchmark", "summarise",
           "write_report"]
