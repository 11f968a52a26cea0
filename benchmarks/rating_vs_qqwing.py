"""Our difficulty rating against QQWing's on the same 9x9 puzzles.

Usage: python benchmarks/rating_vs_qqwing.py [--sample 500] [--generated 200] [--out CSV]
                                             [--by-level 10]

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
4. Spearman rank correlations of our score with QQWing's level (Simple <
   Easy < Intermediate < Expert) and with its guess count;
5. generation by difficulty: ``--by-level`` puzzles per level from
   ``generate(difficulty=level, seed=0..)``, each rated by us and checked by
   ``qqwing --solve --count-solutions`` (an independent solver: exactly one
   solution), with QQWing's levels for them.

``--out`` writes one row per puzzle (set, name, puzzle, our level, score,
hardest, cells_left, QQWing level and guesses) for the difficulty study.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

from benchtools import puzzle_sets
from generator import generate
from sudoku_models.logic import LEVELS, rate
from sudoku_models.studies import rating
from sudoku_models.studies.rating import QQWING_LEVELS



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


def by_level(per_level: int) -> pd.DataFrame:
    """Generation by difficulty checked by our rater and QQWing: per level,
    ``per_level`` puzzles (seeds 0..), how many rate at that level, how many
    QQWing proves unique, QQWing's levels, clues and seconds per puzzle."""
    rows = []
    for level in LEVELS:
        start = time.perf_counter()
        puzzles = [generate(seed=seed, difficulty=level, time_limit=60)
                   for seed in range(per_level)]
        seconds = (time.perf_counter() - start) / per_level
        checks = qqwing_ratings(puzzles, count=True)
        theirs = pd.Series([c[0] for c in checks]).value_counts()
        rows.append({"level": level, "puzzles": per_level,
                     "rated at that level by us": sum(rate(p).level == level for p in puzzles),
                     "unique by QQWing": sum(c[2] == 1 for c in checks),
                     "QQWing's levels": ", ".join(f"{name} {theirs[name]}"
                                                  for name in QQWING_LEVELS if name in theirs),
                     "mean clues": round(np.mean([p.num_clues for p in puzzles]), 1),
                     "s per puzzle": round(seconds, 2)})
    return pd.DataFrame(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=500, help="17clue puzzles (default 500)")
    parser.add_argument("--generated", type=int, default=200,
                        help="generated puzzles (default 200)")
    parser.add_argument("--out", help="CSV of every rating")
    parser.add_argument("--by-level", type=int, default=10, metavar="N",
                        help="generated puzzles per difficulty level, checked by QQWing "
                        "(default 10; 0 skips)")
    args = parser.parse_args(argv)
    if shutil.which("qqwing") is None:
        sys.exit("qqwing not found: apt-get install qqwing")

    rows = []
    for set_name, puzzles in puzzle_sets(args.sample, args.generated).items():
        start = time.perf_counter()
        ratings = [rate(p) for p in puzzles]
        seconds = time.perf_counter() - start
        theirs = qqwing_ratings(puzzles)
        for puzzle, ours, (level, guesses) in zip(puzzles, ratings, theirs):
            rows.append({"set": set_name, "name": puzzle.name, "puzzle": puzzle.to_string(),
                         "level": ours.level, "score": ours.score, "hardest": ours.hardest,
                         "cells_left": ours.cells_left, "qqwing": level,
                         "qqwing guesses": guesses, "rate ms": 1000 * seconds / len(puzzles)})
    frame = pd.DataFrame(rows)

    out = args.out or Path(tempfile.mkdtemp()) / "ratings.csv"
    frame.to_csv(out, index=False)
    print(f"### Levels per set\n\n{rating.levels_per_set(out)}\n")
    print(f"### Agreement table (all puzzles; rows ours, columns QQWing)\n\n"
          f"{rating.agreement(out)}\n")
    print(f"### Agreement and rank correlation\n\n{rating.rank_agreement(out)}")

    if args.by_level:
        print("\n### Generated by difficulty, checked by QQWing\n")
        print(by_level(args.by_level).to_markdown(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
