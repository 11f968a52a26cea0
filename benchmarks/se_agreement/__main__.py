"""Does the rater agree with Sudoku Explainer? Rate the shipped SE-rated
sample (``benchmarks/studykit/se-rated-diabolical.txt``: 480 puzzles with
the rating Sukaku Explainer published for them) and record, per puzzle,
the published rating, our ER, EP, ED, the technique that set ER, the
CPU seconds it took, the load average at its start and the core the
process is pinned to (``--core``, default the first of its affinity set).

    python -m benchmarks.se_agreement --core 0 --out benchmarks/se_agreement/results/diabolical.csv
    python -m benchmarks.se_agreement --summary benchmarks/se_agreement/results/diabolical.csv

The summary gives the share of puzzles with ER equal to the published
rating, within 0.1, 0.2 and 0.5, the disagreements by the technique that
set our ER, and puzzles per CPU second by published band.
"""

from __future__ import annotations

import argparse
import csv
import os
import time
from pathlib import Path

from benchmarks.se_agreement.tables import summary
from benchmarks.studykit.pinning import add_core_option, pin
from sudoku_models import Puzzle
from sudoku_models.logic import rate
from benchmarks.studykit.benchtools import SE_SAMPLE

HERE = Path(__file__).resolve().parent
FIELDS = ("puzzle", "published", "er", "ep", "ed", "hardest", "cells_left", "cpu_seconds", "load",
          "core")


def read_sample(path: Path = SE_SAMPLE) -> list[tuple[str, float]]:
    """``[(81-character puzzle, published SE rating)]`` of the sample file."""
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            text, rating = line.split()
            out.append((text, float(rating)))
    return out


def run(out: Path, first: int | None, core: int | None) -> None:
    sample = read_sample()[:first]
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        for number, (text, published) in enumerate(sample, 1):
            load, start = os.getloadavg()[0], time.process_time()
            rating = rate(Puzzle.from_string(text))
            seconds = time.process_time() - start
            writer.writerow({"puzzle": text, "published": published, "er": rating.se.er,
                             "ep": rating.se.ep, "ed": rating.se.ed, "hardest": rating.hardest,
                             "cells_left": rating.cells_left,
                             "cpu_seconds": f"{seconds:.3f}", "load": round(load, 2),
                             "core": core})
            handle.flush()
            print(f"{number}/{len(sample)} published {published} ER {rating.se.er} "
                  f"({rating.hardest}) {seconds:.2f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="record the ratings to this CSV")
    parser.add_argument("--first", type=int, help="rate only the first N puzzles")
    parser.add_argument("--summary", type=Path, help="print the tables of a recorded CSV")
    add_core_option(parser)
    args = parser.parse_args()
    if args.out:
        core = pin(parser, args.core)
        run(args.out, args.first, core)
        print(summary(args.out))
    elif args.summary:
        print(summary(args.summary))
    else:
        parser.error("give --out CSV to record or --summary CSV to print")


if __name__ == "__main__":
    main()
