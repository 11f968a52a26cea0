"""Batch mode (one model, new clues per puzzle) against building every model afresh.

Usage: python benchmarks/batch_vs_rebuild.py [--first N] [--methods milp,cp] [DATASET ...]

For each formulation and dataset, solves every puzzle twice in one run: once
through ``solve_many`` (the model is built once and only the clues change)
and once through ``solve`` (a fresh model per puzzle). Prints a markdown table
of median build, solve and total milliseconds per puzzle and the ratio of the
medians of the totals, with the machine and versions.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from tqdm import tqdm

from benchtools import machine
from sudoku_models import METHODS, read_puzzles, solve, solve_many, verify

HERE = Path(__file__).resolve().parent


def median_ms(values) -> float:
    return 1000 * statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("datasets", nargs="*", default=["top95.txt", "17clue.txt"],
                        help="file names under benchmarks/datasets (default: top95.txt 17clue.txt)")
    parser.add_argument("--first", type=int, default=500, help="puzzles per dataset (default 500)")
    parser.add_argument("--methods", default=",".join(m for m, info in METHODS.items() if not info.slow),
                        help="comma-separated formulations (default: all but the slow ones)")
    args = parser.parse_args()
    print(machine(), "\n")
    print("| dataset | method | mode | median build ms | median solve ms | median total ms "
          "| total ratio fresh/batch |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for name in args.datasets:
        puzzles = read_puzzles(HERE / "datasets" / name)[: args.first]
        for method in args.methods.split(","):
            batch = list(tqdm(solve_many(puzzles, method), total=len(puzzles),
                              desc=f"{name} {method} batch", leave=False))
            fresh = [solve(p, method) for p in tqdm(puzzles, desc=f"{name} {method} fresh", leave=False)]
            assert all(verify(p, r.grid) for p, r in zip(puzzles, batch + fresh))
            totals = {}
            for mode, results in (("batch", batch), ("fresh", fresh)):
                totals[mode] = median_ms([r.total_seconds for r in results])
                ratio = f"{totals['fresh'] / totals['batch']:.2f}" if mode == "fresh" else ""
                print(f"| {name} ({len(puzzles)}) | {method} | {mode} | "
                      f"{median_ms([r.build_seconds for r in results]):.2f} | "
                      f"{median_ms([r.solve_seconds for r in results]):.2f} | {totals[mode]:.2f} | {ratio} |")


if __name__ == "__main__":
    main()
