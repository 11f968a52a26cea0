"""Does the rater agree with Sudoku Explainer? Rate the shipped SE-rated
sample (``benchmarks/datasets/se-rated-diabolical.txt``: 480 puzzles with
the rating Sukaku Explainer published for them) and record, per puzzle,
the published rating, our ER, EP, ED, the technique that set ER and the
CPU seconds it took (one process, one core).

    python -m benchmarks.se_agreement --out benchmarks/se_agreement/results/diabolical.csv
    python -m benchmarks.se_agreement --summary benchmarks/se_agreement/results/diabolical.csv

The summary gives the share of puzzles with ER equal to the published
rating, within 0.1, 0.2 and 0.5, the disagreements by the technique that
set our ER, and puzzles per CPU second by published band.
"""

from __future__ import annotations

import argparse
import csv
import time
from collections import Counter, defaultdict
from pathlib import Path

from sudoku_models import Puzzle
from sudoku_models.logic import rate

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent / "datasets" / "se-rated-diabolical.txt"
FIELDS = ("puzzle", "published", "er", "ep", "ed", "hardest", "cells_left", "cpu_seconds")


def read_sample(path: Path = SAMPLE) -> list[tuple[str, float]]:
    """``[(81-character puzzle, published SE rating)]`` of the sample file."""
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            text, rating = line.split()
            out.append((text, float(rating)))
    return out


def run(out: Path, first: int | None) -> None:
    sample = read_sample()[:first]
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        for number, (text, published) in enumerate(sample, 1):
            start = time.process_time()
            rating = rate(Puzzle.from_string(text))
            seconds = time.process_time() - start
            writer.writerow({"puzzle": text, "published": published, "er": rating.se.er,
                             "ep": rating.se.ep, "ed": rating.se.ed, "hardest": rating.hardest,
                             "cells_left": rating.cells_left,
                             "cpu_seconds": f"{seconds:.3f}"})
            handle.flush()
            print(f"{number}/{len(sample)} published {published} ER {rating.se.er} "
                  f"({rating.hardest}) {seconds:.2f} s", flush=True)


def band(rating: float) -> str:
    low = int(rating * 2) / 2
    return f"{low:.1f}-{low + 0.4:.1f}"


def summary(path: Path) -> str:
    """The agreement and speed tables of a recorded CSV, in Markdown."""
    rows = list(csv.DictReader(path.open()))
    n = len(rows)
    diffs = []
    for row in rows:
        er = float(row["er"]) if row["er"] else None
        diffs.append(None if er is None else round(er - float(row["published"]), 1))
    rated = [d for d in diffs if d is not None]
    lines = [f"{n} puzzles; ER unknown (ladder stopped) on {n - len(rated)}.", "",
             "| ER vs published | puzzles | share |", "| --- | ---: | ---: |"]
    for label, test in (("equal", lambda d: d == 0), ("within 0.1", lambda d: abs(d) <= 0.1),
                        ("within 0.2", lambda d: abs(d) <= 0.2),
                        ("within 0.5", lambda d: abs(d) <= 0.5),
                        ("ours higher", lambda d: d > 0), ("ours lower", lambda d: d < 0)):
        k = sum(1 for d in rated if test(d))
        lines.append(f"| {label} | {k} | {k / n:.1%} |")
    lines += ["", "| technique that set our ER | puzzles | ER equal | ours higher | ours lower |",
              "| --- | ---: | ---: | ---: | ---: |"]
    by_tech = defaultdict(Counter)
    for row, d in zip(rows, diffs):
        key = "equal" if d == 0 else ("higher" if d is not None and d > 0 else "lower")
        by_tech[row["hardest"]][key] += 1
    for tech, c in sorted(by_tech.items(), key=lambda kv: -sum(kv[1].values())):
        lines.append(f"| {tech} | {sum(c.values())} | {c['equal']} | {c['higher']} | "
                     f"{c['lower']} |")
    lines += ["", "| published band | puzzles | CPU seconds | puzzles per CPU second |",
              "| --- | ---: | ---: | ---: |"]
    by_band = defaultdict(list)
    for row in rows:
        by_band[band(float(row["published"]))].append(float(row["cpu_seconds"]))
    for key in sorted(by_band):
        secs = by_band[key]
        lines.append(f"| {key} | {len(secs)} | {sum(secs):.1f} | {len(secs) / sum(secs):.2f} |")
    total = sum(float(r["cpu_seconds"]) for r in rows)
    lines.append(f"| all | {n} | {total:.1f} | {n / total:.2f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="record the ratings to this CSV")
    parser.add_argument("--first", type=int, help="rate only the first N puzzles")
    parser.add_argument("--summary", type=Path, help="print the tables of a recorded CSV")
    args = parser.parse_args()
    if args.out:
        run(args.out, args.first)
        print(summary(args.out))
    elif args.summary:
        print(summary(args.summary))
    else:
        parser.error("give --out CSV to record or --summary CSV to print")


if __name__ == "__main__":
    main()
