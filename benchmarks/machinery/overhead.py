"""Pyomo's modelling overhead and the CP formulation against hand-written baselines.

Usage: python -m benchmarks.machinery.overhead [--repeat 3] [--first 500] [--core K] [--out CSV]

1. Pyomo's modelling overhead: the Pyomo MILP (``milp``, batch mode) against
   MATLAB's matrices passed straight to HiGHS (``matrix``), with the same
   objective, on top95 and on the first ``--first`` 17-clue puzzles.
2. The CP formulation (``cp``, batch mode) against a minimal hand-written
   CP-SAT script (build the model, fix the clues, solve, read the cells).

Each time is build (or clue update) plus solve, per puzzle, in CPU seconds
of this process (wall seconds beside); the compared methods are
interleaved puzzle by puzzle in every pass so that machine noise hits both
alike (issue 31), the process pinned to one core (``--core``, default the
first of its affinity set; recorded per row with the load at the solve's
start). Every solve is a row of ``--out`` (default
``benchmarks/machinery/results/overhead.csv.gz``); the table is
:func:`benchmarks.machinery.tables.overhead_table` of it (median over
passes of the per-pass median). Every formulation's time per puzzle on
top95 is a ``bench run`` (see benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

import numpy as np
from ortools.sat.python import cp_model
from tqdm import tqdm

from benchmarks.studykit.benchtools import machine
from benchmarks.studykit.pinning import add_core_option, pin
from sudoku_models import read_puzzles, solve_many, verify

HERE = Path(__file__).resolve().parent


def minimal_cp_sat(puzzle) -> np.ndarray:
    """The shortest honest CP-SAT Sudoku: a new model per puzzle."""
    n, s = puzzle.order, puzzle.side
    model = cp_model.CpModel()
    x = [[model.new_int_var(1, s, "") for _ in range(s)] for _ in range(s)]
    for i in range(s):
        model.add_all_different(x[i])
        model.add_all_different([x[r][i] for r in range(s)])
    for b in range(s):
        r0, c0 = n * (b // n), n * (b % n)
        model.add_all_different([x[r0 + a // n][c0 + a % n] for a in range(s)])
    for (r, c), v in np.ndenumerate(puzzle.grid):
        if v:
            model.add(x[r][c] == int(v))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.solve(model)
    return np.array([[solver.value(x[r][c]) for c in range(s)] for r in range(s)])


def solver(method, puzzles, **options):
    """A function of a puzzle that solves it (batch mode for the toolkit's
    methods: one ``solve_many`` over ``puzzles``, advanced one puzzle per
    call) and returns its grid."""
    if method == "minimal-cp-sat":
        return minimal_cp_sat
    results = solve_many(puzzles, method, **options)
    return lambda puzzle: next(results).grid


def compare(label, puzzles, pairs, repeat, record, core: int | None = None) -> None:
    """``repeat`` passes over ``puzzles`` with each (name, method, options)
    of ``pairs``, the two interleaved puzzle by puzzle (ours first on even
    puzzles, the baseline first on odd ones); every solve is a row given to
    ``record``, with the CPU seconds of the call (``time.process_time``:
    the solver runs in this process, on one thread), its wall seconds and
    the load average at its start and ``core``, the core this process is
    pinned to."""
    for repeat_index in tqdm(range(repeat), desc=label, leave=False):
        roles = {role: (name, solver(method, puzzles, **options))
                 for role, (name, method, options) in zip(("ours", "baseline"), pairs)}
        for index, puzzle in enumerate(puzzles):
            for role in sorted(roles, reverse=index % 2 == 1):
                name, solve_one = roles[role]
                load, cpu, wall = os.getloadavg()[0], time.process_time(), time.perf_counter()
                grid = solve_one(puzzle)
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
                if not verify(puzzle, grid):
                    raise SystemExit(f"{name} on {label} #{index}: the grid breaks the rules")
                record({"comparison": label, "role": role, "name": name, "pass": repeat_index,
                        "index": index, "cpu_s": cpu, "seconds": wall, "load_1min": load,
                        "core": core})


def main() -> None:
    import pandas as pd

    from benchmarks.machinery.tables import overhead_table

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--first", type=int, default=500, help="17-clue puzzles (default 500)")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "overhead.csv.gz",
                        help="CSV of every solve (default %(default)s)")
    add_core_option(parser)
    args = parser.parse_args()
    core = pin(parser, args.core)
    top95 = read_puzzles("top95")
    seventeen = read_puzzles("17clue")[: args.first]
    rows, where = [], machine()
    print(where, "\n")
    for objective in ("feasibility", "tiebreak"):
        for label, puzzles in (("top95", top95), (f"17clue first {len(seventeen)}", seventeen)):
            compare(f"{label}, objective {objective}", puzzles,
                    [(f"milp ({objective})", "milp", {"objective": objective}),
                     (f"matrix ({objective})", "matrix", {"objective": objective})],
                    args.repeat, rows.append, core)
    for label, puzzles in (("top95", top95), (f"17clue first {len(seventeen)}", seventeen)):
        compare(label, puzzles, [("cp", "cp", {}), ("minimal CP-SAT script", "minimal-cp-sat", {})],
                args.repeat, rows.append, core)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).assign(machine=where).to_csv(args.out, index=False)
    print(overhead_table(args.out))


if __name__ == "__main__":
    main()
