"""Counting every solution of the empty 4x4 grid (288) with each counting
paradigm (``python -m benchmarks.formulation_strength counting``).

The methods: the compiled counter (``backtracking``), CP-SAT's solution
enumeration (``cp``, ``cp-bool``), and the MILP re-solved with a no-good
cut after each solution (``milp`` on HiGHS and on SCIP), one thread each,
through :func:`sudoku_models.count_solutions` (each count builds its model:
the build is part of the figure). The methods run interleaved in one
process, ``--rounds`` rounds, the order reversed every other round; each
count records CPU seconds of this process (``time.process_time``: every
solver here runs in it, on one thread) and wall seconds, the count (it
must be 288), the load average at its start and the core the process is
pinned to (``--core``, default the first of its affinity set), into
``results/counting_empty4x4.csv``. The counter is compiled (and CP-SAT,
HiGHS and SCIP imported) by a warm-up count of a 4x4 puzzle before the
first round: a compile is not part of a result.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from pathlib import Path

from benchmarks.studykit.pinning import add_core_option, pin

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "counting_empty4x4.csv"
METHODS = {"backtracking": ("backtracking", {}), "cp": ("cp", {}), "cp-bool": ("cp-bool", {}),
           "milp (HiGHS)": ("milp", {}), "milp (SCIP)": ("milp", {"solver": "scip"})}
"""Label -> (method, options)."""
SOLUTIONS = 288
FIELDS = ["round", "position", "label", "method", "options", "count", "cpu_s", "wall_s",
          "load_1min", "core", "timestamp"]


def record(rounds: int, out: Path = OUT, labels=tuple(METHODS), core: int | None = None) -> Path:
    """Count the empty 4x4 grid with each of ``labels`` per round, the
    order reversed every other round; write every count to ``out``, with
    ``core`` (the core this process is pinned to) in each row."""
    from sudoku_models import Puzzle, count_solutions

    empty = Puzzle.from_string("." * 16)
    warm = Puzzle.from_string("1234341221434321"[:12] + "....")
    for label in labels:
        method, options = METHODS[label]
        count_solutions(warm, method, limit=None, threads=1, **options)
    rows = []
    for round_ in range(1, rounds + 1):
        order = list(labels) if round_ % 2 else list(reversed(labels))
        for position, label in enumerate(order, 1):
            method, options = METHODS[label]
            load = os.getloadavg()[0]
            cpu, wall = time.process_time(), time.perf_counter()
            count = count_solutions(empty, method, limit=None, threads=1, **options)
            rows.append({"round": round_, "position": position, "label": label,
                         "method": method,
                         "options": ";".join(f"{k}={v}" for k, v in options.items()),
                         "count": count, "cpu_s": f"{time.process_time() - cpu:.4f}",
                         "wall_s": f"{time.perf_counter() - wall:.4f}",
                         "load_1min": f"{load:.2f}", "core": core,
                         "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())})
            print(rows[-1], file=sys.stderr, flush=True)
            if count != SOLUTIONS:
                raise SystemExit(f"{label}: counted {count} solutions of the empty 4x4 grid, "
                                 f"not {SOLUTIONS}")
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    add_core_option(parser)
    args = parser.parse_args(argv)
    core = pin(parser, args.core)
    print(record(args.rounds, core=core))
    return 0


if __name__ == "__main__":
    sys.exit(main())
