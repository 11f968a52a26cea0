"""Every puzzle of a collection on Sukaku Explainer's scale: the rater's ER,
EP and ED (``sudoku_models.logic.rate(p).se``) for each puzzle of top95,
top1465, the generated 9x9 puzzles of the effort study
(``results/difficulty_effort.csv.gz``) and 17clue (all 49,158,
or ``--seventeen N`` drawn at random with seed 0), with the technique that
set ER, the cells the ladder left (ER empty then: never guessed) and the
CPU seconds of each rating (``time.process_time``, one process), the
1-minute load average at its start (``load``) and the core the process is
pinned to (``--core``, default the first of its affinity set; ``core``).

    python -m benchmarks.difficulty se-ratings --core 1 --out benchmarks/difficulty/results/se_ratings.csv.gz

Resumable: a puzzle already in ``--out`` (or in a file given with
``--also``) is not rated again, and the file is rewritten every ``--every``
puzzles, so an interrupted run loses at most that many.
``--budget-minutes`` stops after that much CPU time; ``--shard K/N`` rates
the K-th of every N puzzles, for N processes side by side, each into its
own ``--out`` (``--core`` a different core for each).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import os
import sys
import time
from pathlib import Path

import numpy as np

from benchmarks.studykit.benchtools import machine
from benchmarks.studykit.pinning import add_core_option, pin
from sudoku_models import read_puzzles
from sudoku_models.logic import rate

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "se_ratings.csv.gz"
EFFORT = HERE / "results" / "difficulty_effort.csv.gz"
COLLECTIONS = ("top95", "generated", "top1465", "17clue")
FIELDS = ("set", "puzzle", "er", "ep", "ed", "hardest", "cells_left", "cpu_seconds", "load",
          "core")


def collections(names: list[str], seventeen: int | None,
                effort: Path = EFFORT) -> dict[str, list[str]]:
    """Puzzle lines of each collection ``names`` names (of :data:`COLLECTIONS`,
    read only when named), in the order they are rated: top95, the
    generated 9x9 puzzles of the effort study (``effort``: the CSV of
    ``difficulty_effort.py``), top1465, then 17clue (all, or ``seventeen``
    of them drawn with ``default_rng(0)``, in file order). Within top1465
    and 17clue the puzzles of the effort study come first, so that a run
    cut short still covers them."""
    import pandas as pd

    studied = pd.read_csv(effort)
    studied = studied[studied["order"] == 3]

    def of(name: str) -> list[str]:
        return list(studied.loc[studied["set"].str.startswith(name), "puzzle"])

    def lines(name: str) -> list[str]:
        return [p.to_string() for p in read_puzzles(name)]

    def seventeen_clues() -> list[str]:
        clue17 = lines("17clue")
        if seventeen is not None and seventeen < len(clue17):
            picks = np.random.default_rng(0).choice(len(clue17), size=seventeen, replace=False)
            clue17 = [clue17[i] for i in sorted(picks)]
        return list(dict.fromkeys(of("17clue") + clue17))

    build = {"top95": lambda: lines("top95"), "generated": lambda: of("generated"),
             "top1465": lambda: list(dict.fromkeys(of("top1465") + lines("top1465"))),
             "17clue": seventeen_clues}
    return {name: build[name]() for name in COLLECTIONS if name in names}


def read_rows(path: Path) -> list[dict]:
    """The rows of a recorded ratings CSV (empty when the file does not exist)."""
    if not path.exists():
        return []
    with gzip.open(path, "rt", newline="") as handle:
        return list(csv.DictReader(handle))


def write_rows(path: Path, rows: list[dict]) -> None:
    """Write ``rows`` to ``path`` (gzip CSV) through a temporary file, so an
    interrupt leaves the previous version whole."""
    tmp = path.with_suffix(".tmp")
    with gzip.open(tmp, "wt", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    os.replace(tmp, path)


def rate_row(set_name: str, text: str, core: int | None = None) -> dict:
    """One puzzle's row: its SE ratings, hardest technique, CPU seconds, the
    load average at its start and ``core`` (the core this process is pinned
    to; None: not pinned)."""
    from sudoku_models import Puzzle

    load, start = os.getloadavg()[0], time.process_time()
    rating = rate(Puzzle.from_string(text))
    seconds = time.process_time() - start
    return {"set": set_name, "puzzle": text, "er": rating.se.er, "ep": rating.se.ep,
            "ed": rating.se.ed, "hardest": rating.hardest, "cells_left": rating.cells_left,
            "cpu_seconds": f"{seconds:.4f}", "load": round(load, 2), "core": core}


def run(out: Path, sets: dict[str, list[str]], every: int, budget_minutes: float | None,
        also: tuple[Path, ...] = (), core: int | None = None) -> int:
    """Rate what ``out`` and the files ``also`` lack; returns the number of
    puzzles rated now. ``core``: recorded on each new row."""
    rows = read_rows(out)
    done = {(row["set"], row["puzzle"]) for row in rows + [r for a in also for r in read_rows(a)]}
    start, fresh = time.process_time(), 0
    for set_name, lines in sets.items():
        todo = [text for text in lines if (set_name, text) not in done]
        for text in todo:
            rows.append(rate_row(set_name, text, core))
            done.add((set_name, text))
            fresh += 1
            if fresh % every == 0:
                write_rows(out, rows)
                print(f"{len(rows)} rated ({set_name}); {time.process_time() - start:.0f} "
                      "CPU s", file=sys.stderr, flush=True)
            if budget_minutes is not None and time.process_time() - start > 60 * budget_minutes:
                write_rows(out, rows)
                print(f"budget spent: {len(rows)} rated", file=sys.stderr)
                return fresh
    write_rows(out, rows)
    return fresh


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seventeen", type=int,
                        help="17clue puzzles drawn at random (seed 0; default all 49,158)")
    parser.add_argument("--effort", type=Path, default=EFFORT,
                        help=f"the effort study's CSV, for its generated puzzles (default {EFFORT})")
    parser.add_argument("--sets", default="top95,generated,top1465,17clue",
                        help="comma-separated collections to rate (default all four)")
    parser.add_argument("--every", type=int, default=200,
                        help="rewrite --out every N puzzles (default 200)")
    parser.add_argument("--budget-minutes", type=float, help="stop after this much CPU time")
    parser.add_argument("--shard", default="0/1",
                        help="K/N: rate only the K-th of every N puzzles of each collection, "
                        "to run N processes side by side (default 0/1)")
    parser.add_argument("--also", type=Path, action="append", default=[],
                        help="a CSV of another shard: its puzzles are not rated again")
    add_core_option(parser)
    parser.add_argument("--out", type=Path, default=OUT, help=f"gzip CSV (default {OUT})")
    args = parser.parse_args(argv)
    if args.every < 1 or (args.seventeen is not None and args.seventeen < 1):
        parser.error("--every and --seventeen must be positive")
    try:
        shard, shards = map(int, args.shard.split("/"))
        if not 0 <= shard < shards:
            raise ValueError
    except ValueError:
        parser.error(f"--shard {args.shard}: expected K/N with 0 <= K < N")
    names = [name for name in args.sets.split(",") if name]
    unknown = [name for name in names if name not in COLLECTIONS]
    if unknown:
        parser.error(f"unknown collection {unknown[0]!r}; choose from {', '.join(COLLECTIONS)}")
    core = pin(parser, args.core)
    print(machine())
    print(f"core {core}; load average at start: {os.getloadavg()}", flush=True)
    began = time.perf_counter()
    chosen = collections(names, args.seventeen, args.effort)
    fresh = run(args.out, {name: lines[shard::shards] for name, lines in chosen.items()},
                args.every, args.budget_minutes, tuple(args.also), core)
    print(f"{fresh} puzzles rated now; {len(read_rows(args.out))} in {args.out}")
    print(f"load average at end: {os.getloadavg()}; wall time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
