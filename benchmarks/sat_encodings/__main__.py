"""Every method, SAT included, on the same puzzles in one run (issue 11).

Usage: python -m benchmarks.sat_encodings [--first 2000] [--gen16 8] [--gen25 4]
       [--alldiff 5] [--time-limit 60] [--core K] [--out results.csv]

Datasets: top95, the first ``--first`` of 17clue, and puzzles made by
``generator.generate`` at half the cells as clues (``--gen16`` of 16x16,
``--gen25`` of 25x25, seeds 1, 2, ...). Methods: every registered
formulation in batch mode (one model per order, clues reloaded), ``milp``
also with ``solver="scip"``, the SAT encodings also with clues as unit
clauses (a fresh solver per puzzle), ``milp-alldiff`` only on the first
``--alldiff`` puzzles of top95 (it takes seconds per puzzle).

Fairness on a shared machine: every (method, order) model is built and
warmed on one untimed puzzle first; then for each puzzle the methods run one
after the other, starting with a different method for each puzzle, so load
changes hit every method alike. A time is the clue update plus the solve,
in CPU seconds of this process (one solver thread; ``time.process_time``),
beside its wall seconds, the load average at its start and the core the
process is pinned to (``--core``, default the first of its affinity set).
Every grid is verified.

Reported per dataset and method: solved and verified, median, p90 and max
ms per puzzle, and the share solved "without search": 0 decisions (SAT),
0 B&B nodes (HiGHS, SCIP), 0 branches (CP-SAT, matching). For SAT, CaDiCaL's
decision count leaves out its "lucky" phase and level-0 inprocessing, so a
second table gives the share that unit propagation alone completes (the
clues as assumptions, propagated by PySAT's ``propagate()`` in a solver that
holds only the rules): Lynce and Ouaknine's question, minimal vs extended.
"""

from __future__ import annotations

import argparse
import csv
import os
import time
from pathlib import Path

import numpy as np
from tqdm import tqdm

from benchmarks.studykit.benchtools import machine
from benchmarks.studykit.pinning import add_core_option, pin
from sudoku_models import read_puzzles, verify
from sudoku_models.solving import make_method
from sudoku_models.formulations.sat.encoding import rule_clause_list

HERE = Path(__file__).resolve().parent

# label -> (registry name, options)
METHODS = {
    "milp": ("milp", {}),
    "milp (scip)": ("milp", {"solver": "scip"}),
    "matrix": ("matrix", {}),
    "cp": ("cp", {}),
    "cp-bool": ("cp-bool", {}),
    "matching": ("matching", {}),
    "sat-minimal": ("sat-minimal", {}),
    "sat-extended": ("sat-extended", {}),
    "sat-minimal (units)": ("sat-minimal", {"clues": "units"}),
    "sat-extended (units)": ("sat-extended", {"clues": "units"}),
    "milp-alldiff": ("milp-alldiff", {}),
}
SEARCH_STAT = ("decisions", "B&B nodes", "branches")


def datasets(first: int, gen16: int, gen25: int) -> dict[str, list]:
    from generator import generate  # benchmarks may use the generator; the package never does

    sets = {"top95": read_puzzles("top95"),
            f"17clue first {first}": read_puzzles("17clue")[:first]}
    if gen16:
        sets[f"16x16, 128 clues ({gen16})"] = [generate(128, order=4, seed=i)
                                               for i in range(1, gen16 + 1)]
    if gen25:
        sets[f"25x25, 312 clues ({gen25})"] = [generate(312, order=5, seed=i)
                                               for i in range(1, gen25 + 1)]
    return sets


def searched(stats: dict) -> int | None:
    """The method's count of search steps (decisions, B&B nodes, branches)."""
    for key in SEARCH_STAT:
        if key in stats:
            return stats[key]
    return None


def unit_propagation_completes(puzzles, encoding: str, name: str = "", writer=None) -> float:
    """Share of ``puzzles`` whose clues, unit-propagated through the rules
    of ``encoding``, fix every variable without a conflict; with ``writer``
    one CSV row per puzzle (method ``propagation ENCODING``, status
    ``COMPLETE`` or ``INCOMPLETE``)."""
    from pysat.solvers import Solver

    solvers, done = {}, 0
    for index, p in enumerate(puzzles):
        if p.order not in solvers:
            solvers[p.order] = Solver(name="cadical195",
                                      bootstrap_with=rule_clause_list(p.order, encoding))
        rows, cols = np.nonzero(p.grid)
        clues = (((rows * p.side + cols) * p.side + p.grid[rows, cols] - 1) + 1).tolist()
        ok, literals = solvers[p.order].propagate(assumptions=clues)
        complete = bool(ok) and len(literals) == p.side**3
        done += complete
        if writer:
            writer.writerow([name, index, f"propagation {encoding}",
                             "COMPLETE" if complete else "INCOMPLETE"] + [""] * 6)
    for s in solvers.values():
        s.delete()
    return done / len(puzzles)


def run(name: str, puzzles, labels, time_limit: float, writer, core: int | None) -> list[str]:
    models = {}
    for label in labels:  # build and warm every model on an untimed puzzle
        method, options = METHODS[label]
        for order in sorted({p.order for p in puzzles}):
            models[label, order] = make_method(method, order, time_limit, **options)
            models[label, order].solve(next(p for p in puzzles if p.order == order))
    rows = {label: [] for label in labels}
    for i, puzzle in enumerate(tqdm(puzzles, desc=name, leave=False, disable=None)):
        turn = labels[i % len(labels):] + labels[: i % len(labels)]
        for label in turn:
            load, start = os.getloadavg()[0], time.process_time()
            r = models[label, puzzle.order].solve(puzzle)
            cpu = time.process_time() - start
            ok = r.status.solved and verify(puzzle, r.grid)
            rows[label].append((cpu, ok, searched(r.stats)))
            if writer:
                writer.writerow([name, i, label, r.status.value, ok, cpu, r.total_seconds,
                                 round(load, 2), core, r.stats])
    lines = [f"**{name}** ({len(puzzles)} puzzles)", "",
             "| method | solved, verified | median CPU ms | p90 CPU ms | max CPU ms | no search |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for label, values in rows.items():
        seconds = np.array([v[0] for v in values]) * 1000  # CPU ms
        solved = sum(v[1] for v in values)
        steps = [v[2] for v in values if v[2] is not None]
        share = f"{100 * np.mean(np.array(steps) == 0):.0f}%" if steps else "n/a"
        lines.append(f"| {label} | {solved}/{len(values)} | {np.median(seconds):.2f} | "
                     f"{np.percentile(seconds, 90):.2f} | {seconds.max():.2f} | {share} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=2000, help="17clue puzzles (default 2000)")
    parser.add_argument("--gen16", type=int, default=8, help="generated 16x16 puzzles (default 8)")
    parser.add_argument("--gen25", type=int, default=4, help="generated 25x25 puzzles (default 4)")
    parser.add_argument("--alldiff", type=int, default=5, help="top95 puzzles for milp-alldiff")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per solve")
    parser.add_argument("--methods", default=",".join(m for m in METHODS if m != "milp-alldiff"),
                        help="comma-separated labels of METHODS")
    add_core_option(parser)
    parser.add_argument("--out", help="CSV of every solve and propagation check (the tables of "
                        "benchmarks/README.md are built from it: benchmarks.sat_encodings.tables)")
    args = parser.parse_args()
    labels = args.methods.split(",")
    core = pin(parser, args.core)
    print(machine())
    print(f"load average at start: {os.getloadavg()}\n")
    sets = datasets(args.first, args.gen16, args.gen25)
    handle = open(args.out, "w", newline="") if args.out else None
    writer = csv.writer(handle) if handle else None
    if writer:
        writer.writerow(["dataset", "index", "method", "status", "verified", "cpu_seconds",
                         "wall_seconds", "load", "core", "stats"])
    start = time.perf_counter()
    for name, puzzles in sets.items():
        print("\n".join(run(name, puzzles, labels, args.time_limit, writer, core)), "\n")
    if args.alldiff:
        print("\n".join(run("top95, milp-alldiff sample", sets["top95"][: args.alldiff],
                            ["milp-alldiff", "milp"], args.time_limit, writer, core)), "\n")
    print("Unit propagation alone completes the grid (clues as assumptions, rules only):\n")
    print("| puzzles | minimal | extended |\n| --- | ---: | ---: |")
    for name, puzzles in sets.items():
        print(f"| {name} | "
              f"{100 * unit_propagation_completes(puzzles, 'minimal', name, writer):.0f}% | "
              f"{100 * unit_propagation_completes(puzzles, 'extended', name, writer):.0f}% |")
    print(f"\nload average at end: {os.getloadavg()}; "
          f"wall time {time.perf_counter() - start:.0f} s")
    if handle:
        handle.close()


if __name__ == "__main__":
    main()
