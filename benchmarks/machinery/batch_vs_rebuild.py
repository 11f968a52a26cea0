"""Batch mode (one model, new clues per puzzle) against building every model afresh.

Usage::

    python -m benchmarks.machinery.batch_vs_rebuild [--first N] [--methods milp,cp] [--out CSV] [DATASET ...]

For each formulation and dataset, solves every puzzle twice in one run: once
through ``solve_many`` (the model is built once and only the clues change)
and once through ``solve`` (a fresh model per puzzle). Every solve is a row
of ``--out`` (default ``benchmarks/machinery/results/batch_vs_rebuild.csv.gz``);
the table printed (median build, solve and total milliseconds per puzzle and
the ratio of the medians of the totals) is
:func:`benchmarks.machinery.tables.batch_table` of it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd
from tqdm import tqdm

from benchmarks.studykit.benchtools import DATASETS, machine
from sudoku_models import METHODS, read_puzzles, solve, solve_many, verify
from benchmarks.machinery.tables import batch_table

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("datasets", nargs="*", default=["top95.txt", "17clue.txt"],
                        help="file names under benchmarks/datasets (default: top95.txt 17clue.txt)")
    parser.add_argument("--first", type=int, default=500, help="puzzles per dataset (default 500)")
    parser.add_argument("--methods", default=",".join(m for m, info in METHODS.items() if not info.slow),
                        help="comma-separated formulations (default: all but the slow ones)")
    parser.add_argument("--out", type=Path,
                        default=HERE / "results" / "batch_vs_rebuild.csv.gz",
                        help="CSV of every solve (default %(default)s)")
    args = parser.parse_args()
    where, rows = machine(), []
    print(where, "\n")
    for name in args.datasets:
        puzzles = read_puzzles(DATASETS / name)[: args.first]
        for method in args.methods.split(","):
            batch = list(tqdm(solve_many(puzzles, method), total=len(puzzles),
                              desc=f"{name} {method} batch", leave=False))
            fresh = [solve(p, method) for p in tqdm(puzzles, desc=f"{name} {method} fresh", leave=False)]
            for mode, results in (("batch", batch), ("fresh", fresh)):
                for index, (puzzle, result) in enumerate(zip(puzzles, results)):
                    rows.append({"dataset": f"{name} ({len(puzzles)})", "method": method, "mode": mode,
                                 "index": index, "verified": verify(puzzle, result.grid),
                                 "build_s": result.build_seconds, "solve_s": result.solve_seconds,
                                 "total_s": result.total_seconds})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).assign(machine=where).to_csv(args.out, index=False)
    print(batch_table(args.out))


if __name__ == "__main__":
    main()
