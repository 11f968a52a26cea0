"""Human difficulty against solver effort: does a puzzle that is hard for a
person make MILP, CP-SAT or backtracking work harder?

Usage: python -m benchmarks.difficulty.difficulty_effort [--sample 200] [--generated 100]
       [--top1465-every 5] [--order4 20] [--core K] [--out CSV]

The 9x9 puzzles are those of ``rating_vs_qqwing.py`` (top95, every
``--top1465-every``-th puzzle of top1465, a sample of 17clue, generated
puzzles); ``--order4`` adds generated 16x16 puzzles at 100, 105, ..., 120
clues (seed k has 100 + 5 (k mod 5) clues). For each puzzle
:func:`benchmarks.difficulty.effort.measure` gives our rating and: HiGHS
B&B nodes, LP iterations and solve seconds (milp), CP-SAT branches,
conflicts and seconds (cp), both on one thread, as shipped and with presolve
off (with it, both settle every 9x9 puzzle before searching), and the
compiled counter's backtracking nodes (first solution, uniqueness proof) and
seconds.
With the SAT method ``sat-extended`` registered (CaDiCaL through PySAT), its
decisions and conflicts too.

Each row also says where its times were measured (issue 31): beside each
wall ``... seconds`` the CPU seconds of the same call (``... cpu_s``), the
row's total CPU seconds (``cpu_s``), the load average at the start of its
first timed solve (``load``) and the core the process is pinned to
(``--core``, default the first of its affinity set; ``core``).

Writes every measurement to ``--out`` and prints the tables of
benchmarks/README.md from it (:mod:`benchmarks.difficulty.effort_tables`, the
builders the README's markers name): medians per level, the share of puzzles
each solver settles without branching, Spearman rank correlations of our
rating (ER) and level with each measure per order, pooled and within each
collection.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import pandas as pd

from benchmarks.studykit.benchtools import machine, puzzle_sets
from benchmarks.studykit.pinning import add_core_option, pin
from generator import generate
import benchmarks.difficulty.effort_tables as difficulty
from benchmarks.difficulty.effort import measure

OUT = Path(__file__).resolve().parent / "results" / "difficulty_effort.csv.gz"
#: The whole-number options that size the study: (flag, default, what it counts).
SIZES = (("--sample", 200, "17clue puzzles"), ("--generated", 100, "generated 9x9 puzzles"),
         ("--top1465-every", 5, "take every k-th puzzle of top1465"),
         ("--order4", 20, "generated 16x16 puzzles at 100-120 clues"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for flag, default, what in SIZES:
        parser.add_argument(flag, type=int, default=default, help=f"{what} (default {default})")
    parser.add_argument("--out", type=Path, default=OUT,
                        help=f"CSV of every measurement (default {OUT})")
    add_core_option(parser)
    args = parser.parse_args(argv)
    core = pin(parser, args.core)
    print(machine())
    print(f"core {core}; load average at start: {os.getloadavg()}\n", flush=True)
    began = time.perf_counter()

    sets = puzzle_sets(args.sample, args.generated)
    sets["top1465"] = sets["top1465"][::args.top1465_every]
    rows = []
    for set_name, puzzles in sets.items():
        rows += [{"set": set_name, "order": 3, **row} for row in measure(puzzles, core=core)]
    big = [generate(100 + 5 * (seed % 5), order=4, seed=seed) for seed in range(args.order4)]
    rows += [{"set": "16x16 generated (100-120 clues)", "order": 4, **row}
             for row in measure(big, core=core)]
    pd.DataFrame(rows).to_csv(args.out, index=False)
    print(f"load average at end: {os.getloadavg()}; wall time {time.perf_counter() - began:.0f} s\n")
    for order, title in ((3, "9x9"), (4, "16x16")):
        print(f"### {title}\n\nMedians per level:\n\n{difficulty.medians_by_level(args.out, order)}\n")
        print(f"Settled without branching:\n\n{difficulty.settled_shares(args.out, order)}\n")
        print(f"Spearman, pooled:\n\n{difficulty.correlations(args.out, order)}\n")
    print(f"Within each collection (9x9):\n\n{difficulty.within_collection(args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
