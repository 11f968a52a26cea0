"""Convert results files of the first schema (``bench run`` before issue 10:
``hash``, ``build_seconds``, ``verified`` yes/no, ``B&B nodes``, no settings)
to the current one (:data:`sudoku_models.bench.COLUMNS`).

The old files do not record their settings, so they are given here, from
the commands in ``benchmarks/README.md`` that wrote them. Rows keep their
times, statuses and hashes; ``solution_hash`` is empty (the old schema did
not keep the grid). ``gen:17`` of the old runs was the *first* N puzzles of
the 17-clue collection, so those rows get ``first`` = N and no ``sample``
(today ``gen:17 --sample N`` draws a random sample).

    python benchmarks/convert_v1_results.py OLD.csv[.gz] NEW.csv --sample 100 --workers 2
"""

from __future__ import annotations

import argparse
import csv
import gzip
from pathlib import Path

from sudoku_models.bench.results import STAT_NAMES, ResultsFile
from sudoku_models.bench.runner import method_options

RENAMED = {"hash": "puzzle_hash", "build_seconds": "build_s", "solve_seconds": "solve_s",
           **STAT_NAMES}


def convert(old: Path, new: Path, sample, time_limit, warmup, workers, seed) -> int:
    """Write every row of ``old`` to ``new`` (replaced) in the current
    schema with the given settings; returns the number of rows."""
    opener = gzip.open if old.suffix == ".gz" else open
    results = ResultsFile(new, overwrite=True)
    count = 0
    with opener(old, "rt", newline="") as handle:
        for row in csv.DictReader(handle):
            row = {RENAMED.get(k, k): v for k, v in row.items()}
            first17 = row["dataset"] == "gen:17"
            row.update(
                verified={"yes": True, "no": False}.get(row["verified"]),
                options=method_options(row["method"], None), seed=seed,
                sample=None if first17 else sample, first=sample if first17 else None,
                time_limit_s=time_limit, warmup=warmup, workers=workers, threads=1,
                executor="local")
            results.append(row)
            count += 1
    results.close()
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--sample", type=int)
    parser.add_argument("--time-limit", type=float)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    count = convert(args.old, args.new, args.sample, args.time_limit, args.warmup, args.workers,
                    args.seed)
    print(f"wrote {count} rows to {args.new}")


if __name__ == "__main__":
    main()
