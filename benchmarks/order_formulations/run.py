"""Thermometers and arrows in every paradigm, and the two binary-MILP forms
of each side by side: ``order="values"`` against ``order="cumulative"`` on
the thermometer collection, ``arrow="sum"`` against ``arrow="sets"`` on the
arrow collection; CP-SAT on the same binary model (``cp-bool``) in both
forms, CP-SAT's integer model (``cp``), CaDiCaL on the extended CNF
(``sat-extended``) and the compiled counter (``backtracking``) beside them.

Usage: python -m benchmarks.order_formulations [--kind thermo|arrow]
       [--cpu-limit 10] [--forms LABEL,...] [--first N] [--skip K]
       [--censored CSV] [--out CSV]
       python -m benchmarks.order_formulations --table CSV [CSV ...]

The instances: ``sudoku_models/collections/thermo-9x9.jsonl`` or
``arrow-9x9.jsonl`` (made by :mod:`.collection`). Each instance is solved by
every form of the kind (:data:`.forms.FORMS`), one after the other in one process,
the order rotated from one instance to the next, one thread each, with the
same budget of ``--cpu-limit`` CPU seconds, build included: every solver
is stopped once the process has used that much CPU time
(:func:`benchmarks.studykit.cpu_budget.solve_within`, as in the killer
study), with a wall limit of :data:`WALL_FACTOR` times the budget as a
safety net, and a run past the budget in CPU seconds is recorded
TIME_LIMIT, as at a limit. ``--censored CSV`` runs only the (instance, form) pairs that the
recorded CSV left censored (the 60 s step after the 10 s one).

Recorded per run: status, CPU seconds (``time.process_time`` around
``solve``: build and solve, every thread of the process), wall seconds,
B&B nodes and LP iterations (HiGHS), conflicts and branches (CP-SAT,
CaDiCaL: its decisions; the counter: branch nodes), the load average at its
start; for the MILP forms their LP relaxation
(``LinearFormulation.lp_relaxation``, as in ``killer_formulations``): how
many ``x`` it leaves fractional with the feasibility objective and the LP
minimum of seeded random costs on ``x`` beside the cost of the solution.
Every answer is checked by ``verify``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

from benchmarks.order_formulations.forms import DEFAULT_FORMS, FORMS
from benchmarks.order_formulations.recorded import censored, read, write
from benchmarks.order_formulations.tables import milp_pairs, summary
from benchmarks.studykit.cpu_budget import ctrl_c_in_background, solve_within
from benchmarks.studykit.pinning import add_core_option, pin
from benchmarks.studykit.random_costs import random_costs, solution_cost
from sudoku_models import Puzzle, read_puzzles, verify
from sudoku_models import cores
from sudoku_models.counter import backtrack_solve
from sudoku_models.core.cell_kinds import Arrow, Thermometer
from sudoku_models.solving import make_method

HERE = Path(__file__).resolve().parent
WALL_FACTOR = 8
"""A non-HiGHS solver's wall limit, in multiples of the CPU budget."""


def _effort(method: str, stats: dict) -> dict:
    branches = stats.get("decisions") if method.startswith("sat") else stats.get("branches")
    return {"nodes": stats.get("B&B nodes"), "lp_iterations": stats.get("LP iterations"),
            "conflicts": stats.get("conflicts"), "branches": branches}


def solve_once(puzzle: Puzzle, method: str, options: dict, cpu_limit: float,
               seed: int) -> tuple[dict, np.ndarray | None]:
    """One timed solve within the CPU budget: its row's measured fields and
    the verified grid (None when not solved within the budget)."""
    model = make_method(method, puzzle.rules, time_limit=cpu_limit * WALL_FACTOR, threads=1,
                        seed=seed, **options)
    load = os.getloadavg()[0]
    cpu = time.process_time()
    result = solve_within(model, puzzle, cpu_limit)
    cpu = time.process_time() - cpu
    status = "TIME_LIMIT" if cpu > cpu_limit else result.status.name
    verified = bool(result.status.solved and verify(puzzle, result.grid))
    wall = round(result.build_seconds + result.solve_seconds, 3)
    solver, stats = result.solver, result.stats
    row = {"method": method, "status": status, "verified": verified,
           "cpu_seconds": round(cpu, 3), "wall_seconds": wall, "load": round(load, 2),
           "core": cores.pinned(), "solver": solver, "cpu_limit": cpu_limit, "seed": seed,
           **_effort(method, stats)}
    return row, result.grid if verified and status != "TIME_LIMIT" else None


def relaxation(puzzle: Puzzle, method: str, options: dict, cost: np.ndarray) -> dict:
    """The LP relaxation's fractional ``x`` and its random-cost minimum."""
    model = make_method(method, puzzle.rules, **options)
    return {"lp_fractional": model.lp_relaxation(puzzle).fractional,
            "lp_random_bound": round(model.lp_relaxation(puzzle, cost).bound, 3)}


def run(puzzles: dict[int, Puzzle], kind: str, compared, cpu_limit: float, out: Path,
        seed: int = 0, dataset: str = "", only: set | None = None,
        permutations: int = 1) -> list[dict]:
    """Solve each of ``puzzles`` (instance number -> puzzle) in every form of
    ``compared`` (labels of :data:`.forms.FORMS` for ``kind``; with ``only``, just
    the ``(instance, form)`` pairs in it), the order rotated from one
    instance to the next, after a warm-up of every form; with
    ``permutations``, in that many isomorphic copies of each instance
    (:func:`sudoku_models.symmetry.copies`, drawn with the instance number;
    copy 0 the instance itself; each answer moved back and verified against
    the instance). The rows ``out`` holds already are kept, not solved
    again; the file is written after each copy. The LP relaxations: on the
    instance itself."""
    from sudoku_models.solving import warm_up
    from sudoku_models.symmetry import copies

    rows = read(out) if out.exists() else []
    held = {(int(r["instance"]), int(r["permutation"] or 0), r["form"]) for r in rows}
    if puzzles:
        first = next(iter(puzzles.values()))
        for form in compared:
            method, options = FORMS[kind][form]
            warm_up(method, first.rules, {**options, "threads": 1})
    for index, puzzle in puzzles.items():
        shift = (index - 1) % len(compared)
        rotated = [f for f in list(compared)[shift:] + list(compared)[:shift]
                   if only is None or (index, f) in only]
        cost = random_costs(index - 1)
        cost_of_solution = solution_cost(cost, backtrack_solve(puzzle))  # untimed
        marked = sum(isinstance(x, (Thermometer, Arrow)) for x in puzzle.rules.constraints)
        for copy in copies(puzzle, permutations, seed=index):
            forms = [f for f in rotated if (index, copy.index, f) not in held]
            for order, form in enumerate(forms):
                method, options = FORMS[kind][form]
                row, grid = solve_once(copy.puzzle, method, options, cpu_limit, seed)
                if grid is not None and not verify(puzzle, copy.original_grid(grid)):
                    raise SystemExit(f"#{index} copy {copy.index} {form}: the answer moved "
                                     f"back breaks the instance's rules")
                row.update(instance=index, permutation=copy.index,
                           givens=int(np.count_nonzero(puzzle.grid)), constraints=marked,
                           form=form, order=order, dataset=dataset)
                if method in ("milp", "matrix") and copy.index == 0:
                    row.update(relaxation(puzzle, method, options, cost),
                               solution_random_cost=cost_of_solution)
                rows.append(row)
                print(f"#{index}.{copy.index} {form}: {row['status']} "
                      f"{row['cpu_seconds']:.2f} CPU s (load {row['load']:.1f}), nodes "
                      f"{row['nodes']} conflicts {row['conflicts']} branches {row['branches']}",
                      flush=True)
            write(rows, out)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=tuple(FORMS), default="thermo")
    parser.add_argument("--cpu-limit", type=float, default=10.0,
                        help="CPU seconds per solve, build included (default 10)")
    parser.add_argument("--forms", help="the forms compared, labels of FORMS (default: all "
                                        "but matrix)")
    parser.add_argument("--first", type=int, help="only the first N instances")
    parser.add_argument("--seed", type=int, default=0, help="the solvers' seed (default 0)")
    parser.add_argument("--skip", type=int, default=0, help="instances skipped first")
    parser.add_argument("--censored", type=Path, metavar="CSV",
                        help="run only the pairs this recorded CSV left censored")
    add_core_option(parser, by_part=True)
    parser.add_argument("--permutations", type=int, default=1, metavar="K",
                        help="solve each instance in K isomorphic copies (sudoku_models."
                             "symmetry.copies; copy 0 the instance itself; default 1)")
    parser.add_argument("--part", default="0/1", metavar="K/N",
                        help="run only the instances i with (i - 1) %% N == K (default 0/1: all)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--table", type=Path, nargs="+", metavar="CSV",
                        help="print the README's tables of recorded CSVs and stop")
    args = parser.parse_args(argv)
    ctrl_c_in_background()
    if args.table:
        print(summary(*args.table))
        for method in ("milp", "matrix"):
            print(f"\n{milp_pairs(*args.table, method=method)}")
        return 0
    part, parts = map(int, args.part.split("/"))
    pin(parser, args.core, part=part, parts=parts)
    compared = tuple(args.forms.split(",")) if args.forms else DEFAULT_FORMS[args.kind]
    unknown = [form for form in compared if form not in FORMS[args.kind]]
    if unknown:
        parser.error(f"unknown form {unknown[0]!r} for {args.kind}; choose from "
                     f"{', '.join(FORMS[args.kind])}")
    dataset = f"{args.kind}-9x9"
    puzzles = read_puzzles(dataset)
    chosen = {i: p for i, p in list(enumerate(puzzles, 1))[args.skip:][: args.first]
              if (i - 1) % parts == part}
    only = censored(args.censored) if args.censored else None
    out = args.out or HERE / "results" / f"{args.kind}_{args.cpu_limit:g}s.csv"
    make_method("backtracking", puzzles[0].rules).warm_up()  # no compile inside a result
    run(chosen, args.kind, compared, args.cpu_limit, out, args.seed, dataset, only,
        args.permutations)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
