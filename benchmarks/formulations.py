"""Every formulation timed on the same puzzles, in one run.

Usage: python benchmarks/formulations.py [--repeat 3] [--first 500] [--slow-limit 60]

1. Pyomo's modelling overhead: the Pyomo MILP (``milp``, batch mode) against
   MATLAB's matrices passed straight to HiGHS (``matrix``), with the same
   objective, on top95 and on the first ``--first`` 17-clue puzzles.
2. The CP formulation (``cp``, batch mode) against a minimal hand-written
   CP-SAT script (build the model, fix the clues, solve, read the cells).
3. Every formulation's median, p90 and max time per puzzle on top95
   (``milp-alldiff`` with a per-puzzle limit of ``--slow-limit`` seconds).

Each time is build (or clue update) plus solve, per puzzle; a figure is the
median over ``--repeat`` passes, the passes of the compared methods
interleaved so that machine noise hits both alike.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np
from ortools.sat.python import cp_model
from tqdm import tqdm

from benchtools import machine
from sudoku_models import METHODS, read_puzzles, solve_many, verify

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


def per_puzzle_times(method, puzzles, **options) -> list[float]:
    """Seconds per puzzle (build or update + solve) of one batch pass."""
    if method == "minimal-cp-sat":
        times = []
        for puzzle in puzzles:
            start = time.perf_counter()
            grid = minimal_cp_sat(puzzle)
            times.append(time.perf_counter() - start)
            assert verify(puzzle, grid)
        return times
    results = list(solve_many(puzzles, method, **options))
    assert all(verify(p, r.grid) for p, r in zip(puzzles, results) if r.status.solved)
    return [r.total_seconds for r in results]


def compare(label, puzzles, pairs, repeat) -> None:
    """Interleaved passes; prints median per-puzzle ms and the ratio."""
    medians = {name: [] for name, _, _ in pairs}
    for _ in tqdm(range(repeat), desc=label, leave=False):
        for name, method, options in pairs:
            medians[name].append(statistics.median(per_puzzle_times(method, puzzles, **options)))
    (first, *_), (second, *_) = pairs
    a, b = statistics.median(medians[first]), statistics.median(medians[second])
    print(f"| {label} | {first} | {1000 * a:.2f} | {second} | {1000 * b:.2f} | {a / b:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--first", type=int, default=500, help="17-clue puzzles (default 500)")
    parser.add_argument("--slow-limit", type=float, default=60.0,
                        help="per-puzzle time limit for slow formulations, seconds")
    args = parser.parse_args()
    top95 = read_puzzles(HERE / "datasets" / "top95.txt")
    seventeen = read_puzzles(HERE / "datasets" / "17clue.txt")[: args.first]
    print(machine(), "\n")
    print("| puzzles | ours | median ms/puzzle | baseline | median ms/puzzle | ratio |")
    print("| --- | --- | ---: | --- | ---: | ---: |")
    for objective in ("feasibility", "tiebreak"):
        for label, puzzles in (("top95", top95), (f"17clue first {len(seventeen)}", seventeen)):
            compare(f"{label}, objective {objective}", puzzles,
                    [(f"milp ({objective})", "milp", {"objective": objective}),
                     (f"matrix ({objective})", "matrix", {"objective": objective})], args.repeat)
    for label, puzzles in (("top95", top95), (f"17clue first {len(seventeen)}", seventeen)):
        compare(label, puzzles, [("cp", "cp", {}), ("minimal CP-SAT script", "minimal-cp-sat", {})],
                args.repeat)

    print("\nEvery formulation on top95 (ms per puzzle, build or clue update + solve; one pass):\n")
    print("| formulation | solved | median | p90 | max |\n| --- | ---: | ---: | ---: | ---: |")
    for name, info in METHODS.items():
        limit = args.slow_limit if info.slow else None
        results = list(tqdm(solve_many(top95, name, time_limit=limit), total=len(top95),
                            desc=name, leave=False))
        ms = 1000 * np.array([r.total_seconds for r in results])
        solved = sum(verify(p, r.grid) for p, r in zip(top95, results))
        print(f"| `{name}` | {solved}/{len(top95)} | {np.median(ms):.1f} | "
              f"{np.percentile(ms, 90):.1f} | {ms.max():.1f} |")


if __name__ == "__main__":
    main()
