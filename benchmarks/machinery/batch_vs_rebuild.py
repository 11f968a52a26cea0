"""Batch mode (one model, new clues per puzzle) against building every model afresh.

Usage::

    python -m benchmarks.machinery.batch_vs_rebuild [--first N] [--methods milp,cp] [--core K]
        [--out CSV] [DATASET ...]

For each formulation and dataset, solves every puzzle twice in one run: once
through ``solve_many`` (the model is built once and only the clues change)
and once through ``solve`` (a fresh model per puzzle), the two modes
interleaved puzzle by puzzle (batch first on even puzzles, fresh first on
odd ones), so that a change in the machine's load falls on both alike
(issue 31). Each solve records its CPU seconds (``time.process_time`` of
this process around the call: every solver runs in it, on one thread)
beside the solver's wall times, the load average at its start and the
core the process is pinned to (``--core``, default the first of its
affinity set). Every
solve is a row of ``--out`` (default
``benchmarks/machinery/results/batch_vs_rebuild.csv.gz``); the table
printed (the median CPU milliseconds per puzzle and the ratio of the
medians) is
:func:`benchmarks.machinery.tables.batch_table` of it.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import pandas as pd
from tqdm import tqdm

from benchmarks.studykit.benchtools import machine
from benchmarks.studykit.pinning import add_core_option, pin
from sudoku_models import METHODS, read_puzzles, solve, solve_many, verify
from benchmarks.machinery.tables import batch_table

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("datasets", nargs="*", default=["top95.txt", "17clue.txt"],
                        help="bundled collections (default: top95.txt 17clue.txt)")
    parser.add_argument("--first", type=int, default=500, help="puzzles per dataset (default 500)")
    parser.add_argument("--methods", default=",".join(m for m, info in METHODS.items() if not info.slow),
                        help="comma-separated formulations (default: all but the slow ones)")
    parser.add_argument("--out", type=Path,
                        default=HERE / "results" / "batch_vs_rebuild.csv.gz",
                        help="CSV of every solve (default %(default)s)")
    add_core_option(parser)
    args = parser.parse_args()
    core = pin(parser, args.core)
    where, rows = machine(), []
    print(where, "\n")
    for name in args.datasets:
        puzzles = read_puzzles(name.removesuffix(".txt"))[: args.first]
        for method in args.methods.split(","):
            batch = solve_many(puzzles, method)
            modes = {"batch": lambda _: next(batch), "fresh": lambda p: solve(p, method)}
            for index, puzzle in enumerate(tqdm(puzzles, desc=f"{name} {method}", leave=False)):
                for mode in sorted(modes, reverse=index % 2 == 1):
                    load, start = os.getloadavg()[0], time.process_time()
                    result = modes[mode](puzzle)
                    cpu = time.process_time() - start
                    rows.append({"dataset": f"{name} ({len(puzzles)})", "method": method, "mode": mode,
                                 "index": index, "verified": verify(puzzle, result.grid),
                                 "build_s": result.build_seconds, "solve_s": result.solve_seconds,
                                 "total_s": result.total_seconds, "cpu_s": cpu,
                                 "load_1min": load, "core": core})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).assign(machine=where).to_csv(args.out, index=False)
    print(batch_table(args.out))


if __name__ == "__main__":
    main()
