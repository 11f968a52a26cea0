"""Our difficulty rating against QQWing's on the same 9x9 puzzles.

Usage: python -m benchmarks.difficulty.rating_vs_qqwing [--sample 500] [--generated 200] [--out CSV]
                                             [--core K]

Rates top95, top1465, a random sample of 17clue (``--sample``, fixed seed)
and ``--generated`` puzzles from ``generator.generate`` (clue counts 22 to 36,
seeds 0..) with :func:`sudoku_models.logic.rate` and with
``qqwing --solve --stats`` (Debian package ``qqwing``; puzzles on its
standard input, one per line), then prints, as Markdown for
benchmarks/README.md:

1. the level counts per set, ours and QQWing's, and our rating time;
2. the agreement table (our level x QQWing's difficulty) over all puzzles;
3. the agreement on the matching scale (our easy = QQWing Simple or Easy,
   medium = Intermediate, hard / expert / needs search = Expert: QQWing
   knows only singles, pairs and intersections and guesses beyond them);
4. Spearman rank correlations of our rating (ER) with QQWing's level
   (Simple < Easy < Intermediate < Expert) and with its guess count.

Generation by difficulty, checked by QQWing, is its own step
(:mod:`benchmarks.difficulty.by_level`).

``--out`` writes one row per puzzle (set, name, puzzle, our level, ER,
hardest, cells_left, QQWing level and guesses) for the difficulty study,
with where its times were measured (issue 31): ``rate ms`` the wall and
``cpu_s`` the CPU seconds of our rating of the puzzle (in process),
``load`` the 1-minute load average at its start, ``core`` the core the
process is pinned to (``--core``, default the first of its affinity set;
the qqwing processes inherit it); ``qqwing ms`` and ``qqwing cpu ms`` the
wall and CPU milliseconds per puzzle of the set's qqwing process (CPU from
``getrusage(RUSAGE_CHILDREN)``; one process rates the whole set) and
``qqwing load`` the load average at its start.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pandas as pd

from benchmarks.studykit.benchtools import machine, puzzle_sets
from benchmarks.studykit.pinning import add_core_option, children_cpu, pin
from sudoku_models.logic import rate
import benchmarks.difficulty.rating_tables as rating



def qqwing_ratings(puzzles, count: bool = False) -> list[tuple]:
    """QQWing's (difficulty, guesses) for each puzzle, in order; with
    ``count``, (difficulty, guesses, number of solutions), QQWing counting
    every solution (only for puzzles with few)."""
    text = "\n".join(p.to_string() for p in puzzles) + "\n"
    command = ["qqwing", "--solve", "--stats", "--nosolution"] + ["--count-solutions"] * count
    out = subprocess.run(command, input=text, capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()
    levels = [line.split(":", 1)[1].strip() for line in lines if line.startswith("Difficulty:")]
    guesses = [int(line.split(":", 1)[1]) for line in lines
               if line.startswith("Number of Guesses:")]
    columns = [levels, guesses]
    if count:  # "The solution to the puzzle is unique." or "There are N solutions ..."
        columns.append([1 if "is unique" in line else int(line.split()[2]) for line in lines
                        if "is unique" in line or line.startswith("There are ")])
    if any(len(column) != len(puzzles) for column in columns):
        raise RuntimeError(f"qqwing rated {len(levels)} of {len(puzzles)} puzzles")
    return list(zip(*columns))


def timed_qqwing(puzzles, count: bool = False) -> tuple[list[tuple], dict]:
    """:func:`qqwing_ratings` with where it was measured: the load average
    at the start of the qqwing process, its wall and CPU milliseconds per
    puzzle."""
    load, before, start = os.getloadavg()[0], children_cpu(), time.perf_counter()
    ratings = qqwing_ratings(puzzles, count)
    wall, cpu = time.perf_counter() - start, children_cpu() - before
    return ratings, {"qqwing ms": 1000 * wall / len(puzzles),
                     "qqwing cpu ms": 1000 * cpu / len(puzzles), "qqwing load": round(load, 2)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=500, help="17clue puzzles (default 500)")
    parser.add_argument("--generated", type=int, default=200,
                        help="generated puzzles (default 200)")
    parser.add_argument("--out", help="CSV of every rating")
    add_core_option(parser)
    args = parser.parse_args(argv)
    if shutil.which("qqwing") is None:
        sys.exit("qqwing not found: apt-get install qqwing")
    core = pin(parser, args.core)
    print(machine())
    print(f"core {core}; load average at start: {os.getloadavg()}\n", flush=True)
    began = time.perf_counter()

    rows = []
    for set_name, puzzles in puzzle_sets(args.sample, args.generated).items():
        ratings = []
        for puzzle in puzzles:
            load, start, cpu = os.getloadavg()[0], time.perf_counter(), time.process_time()
            ours = rate(puzzle)
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            ratings.append((ours, {"rate ms": 1000 * seconds, "cpu_s": cpu,
                                   "load": round(load, 2), "core": core}))
        theirs, qqwing_times = timed_qqwing(puzzles)
        for puzzle, (ours, times), (level, guesses) in zip(puzzles, ratings, theirs):
            rows.append({"set": set_name, "name": puzzle.name, "puzzle": puzzle.to_string(),
                         "level": ours.level, "er": ours.se.er, "hardest": ours.hardest,
                         "cells_left": ours.cells_left, "qqwing": level,
                         "qqwing guesses": guesses, **times, **qqwing_times})
    frame = pd.DataFrame(rows)
    print(f"load average at end: {os.getloadavg()}; wall time {time.perf_counter() - began:.0f} s\n")

    out = args.out or Path(tempfile.mkdtemp()) / "ratings.csv"
    frame.to_csv(out, index=False)
    print(f"### Levels per set\n\n{rating.levels_per_set(out)}\n")
    print(f"### Agreement table (all puzzles; rows ours, columns QQWing)\n\n"
          f"{rating.agreement(out)}\n")
    print(f"### Agreement and rank correlation\n\n{rating.rank_agreement(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
