"""Benchmarks: every formulation on real and generated puzzles, resumable,
local or on a Dask cluster, with a markdown report and plots."""

from .datasets import DatasetError, load_dataset
from .report import write_report
from .results import COLUMNS, read_results
from .runner import run_benchmark

__all__ = ["COLUMNS", "DatasetError", "load_dataset", "read_results",
           "run_benchmark", "write_report"]
