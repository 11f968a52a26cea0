"""Before/after of a change to the search core (issue 20, item 1): branch
nodes and generated puzzles must be identical, and no counting or
generation figure slower.

Usage::

    git worktree add --detach /tmp/core-base <base commit>
    python -m benchmarks.counter_speed.core_ab fingerprint > after.txt
    PYTHONPATH=/tmp/core-base python -m benchmarks.counter_speed.core_ab fingerprint > before.txt
    diff before.txt after.txt                       # must print nothing
    python -m benchmarks.counter_speed.core_ab compare --base /tmp/core-base --rounds 5 [--after DIR] \\
        [--core K] --csv benchmarks/counter_speed/results/core_ab.csv

``fingerprint`` prints, one line each, the branch nodes per puzzle of the
9x9 kernel (count to 2) on every puzzle of 17clue, top1465 and top95, of the
general kernel on top95, top1465 and the first 2,000 of 17clue, and of the
general kernel on 4x4, 16x16 and 25x25 instances with holes (count to 50),
then puzzles generated from fixed seeds (clue counts at orders 2 to 5,
minimal, symmetric, by difficulty) and random full grids of orders 2 to 7.
It uses only names both sides have (``run_search``, ``run_search9`` with a
``(3,)`` control whose slot 2 gets the branch nodes; ``generate``,
``random_full_grid``, ``holes_puzzle``).

``compare`` runs every timed task in a fresh process, alternating the base
tree (``PYTHONPATH=BASE``) and this one (or ``--after``), ``--rounds``
times, records every figure in ``--csv`` and prints the table of
:func:`benchmarks.counter_speed.tables.ab_table` (medians over rounds,
each round's figure being that process's best of its repeats, and the
ratio after / before). The code measured is the tree's ``sudoku_models``
and ``generator``; this script's checkout follows it on ``PYTHONPATH``, so
that a tree from before ``benchmarks/studykit`` still finds this script's
helpers. Trees from before issue 30's names (``count_solutions``,
``count_solutions_many``) are timed under those names.

Every row of ``--csv`` has the 1-minute load average read before its
process started, the core and ``task_cpu_s``: the CPU seconds of the
process that made the figure (:func:`resource.getrusage` of the children;
its imports, warm-up and every repeat included; for ``cli:count`` the timed
process alone). ``--core K`` pins this process to core K (default: the
first core of its affinity set), and every task process inherits that.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np


HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def collection(name: str) -> np.ndarray:
    from sudoku_models import read_grids

    return np.ascontiguousarray(read_grids(name).grids.reshape(-1, 81),
                                dtype=np.int32)


def nodes9(grid, limit=2) -> tuple[int, int]:
    from sudoku_models.counter import run_search9

    control = np.zeros(3, np.int64)
    count, _ = run_search9(grid, limit, control=control)
    return count, int(control[2])


def nodes(grid, order, limit=2) -> tuple[int, int]:
    from sudoku_models.counter import run_search

    control = np.zeros(3, np.int64)
    count, _ = run_search(grid, order, limit, control=control)
    return count, int(control[2])


def fingerprint() -> None:
    from generator import GenerationError, generate, holes_puzzle, random_full_grid

    for name in ("17clue", "top1465", "top95"):
        grids = collection(name)
        print(name, "kernel9", " ".join(f"{c}:{n}" for c, n in map(nodes9, grids)))
        sample = grids[:2000]
        print(name, "general", " ".join(f"{c}:{n}" for c, n in (nodes(g, 3) for g in sample)))
    for order, fraction, count in ((2, 0.7, 30), (4, 0.55, 20), (5, 0.45, 6)):
        for seed in range(count):
            p = holes_puzzle(order, fraction, "balanced", seed=seed)
            print(f"holes order {order} seed {seed}", p.to_string(),
                  nodes(p.grid.ravel().astype(np.int32), order, 50))
    requests = ([dict(clues=c, order=3, seed=s) for c in (20, 22, 25, 30) for s in range(6)]
                + [dict(clues=c, order=2, seed=s) for c in (4, 6) for s in range(4)]
                + [dict(clues=c, order=4, seed=s, time_limit=30) for c in (100, 120)
                   for s in range(3)]
                + [dict(clues=330, order=5, seed=s, time_limit=30) for s in range(2)]
                + [dict(minimal=True, order=o, seed=s) for o in (2, 3, 4) for s in range(8)]
                + [dict(minimal=True, symmetry=y, seed=s) for y in ("rotational", "mirror",
                                                                   "diagonal") for s in range(3)]
                + [dict(clues=28, symmetry="rotational", seed=s) for s in range(3)]
                + [dict(difficulty=d, seed=s) for d in ("easy", "medium", "hard")
                   for s in range(3)])
    for request in requests:
        try:
            puzzle = generate(**request).to_string()
        except GenerationError as error:
            puzzle = f"GenerationError {error}"
        print(json.dumps(request, sort_keys=True), puzzle)
    for order in range(2, 8):
        for seed in range(3):
            grid = random_full_grid(order, seed=seed)
            print(f"full grid order {order} seed {seed}", "".join(f"{v}," for v in grid.ravel()))


# ---------------------------------------------------------------- timed tasks

def _best(repeats: int, action, clock=time.perf_counter) -> float:
    times = []
    for _ in range(repeats):
        start = clock()
        action()
        times.append(clock() - start)
    return min(times)


def _kernel_loop(grids: np.ndarray, limit: int):
    """The compiled 9x9 loop on one thread, whichever signature this tree has."""
    from sudoku_models.counter import kernel9

    counts = np.zeros(len(grids), np.int64)
    solutions = np.zeros(grids.shape, np.int32)
    if hasattr(kernel9, "tables"):  # before issue 20: the tables as arguments
        return lambda: kernel9.count9_many(grids, limit, counts, solutions, np.zeros(2, np.int64),
                                           *kernel9.tables())
    return lambda: kernel9.count9_many(grids, limit, counts, solutions, np.zeros(3, np.int64))


def task(name: str) -> dict[str, float]:
    """Figures of one task (microseconds or milliseconds per item)."""
    from sudoku_models import counter
    from sudoku_models.counter import warm_up

    # the names before issue 30 (one home per public name) in older trees
    backtrack_count = getattr(counter, "backtrack_count", None) or counter.count_solutions
    backtrack_count_many = (getattr(counter, "backtrack_count_many", None)
                            or counter.count_solutions_many)
    warm_up()
    out = {}
    if name.startswith("kernel:") or name.startswith("api:"):
        kind, coll = name.split(":")
        grids = collection(coll)
        if coll == "17clue":
            grids = grids[:10000]
        action = (_kernel_loop(grids, 2) if kind == "kernel"
                  else lambda: backtrack_count_many(grids, 2, workers=1))
        out[name + " us/puzzle"] = 1e6 * _best(5, action) / len(grids)
        out[name + " CPU us/puzzle"] = 1e6 * _best(5, action, time.process_time) / len(grids)
    elif name == "single":
        grids = collection("17clue")[:2000]
        puzzles = [g.reshape(9, 9) for g in grids]
        out["count_solutions(grid) 17clue us/puzzle"] = 1e6 * _best(
            3, lambda: [backtrack_count(p, 2) for p in puzzles]) / len(grids)
    elif name.startswith("generate"):
        from generator import generate

        generate(30, seed=0)
        generate(minimal=True, seed=0)
        if name == "generate:22-29":
            t = _best(3, lambda: [generate(c, seed=1000 * c + s) for c in range(22, 30)
                                  for s in range(20)])
            out["generate 22-29 clues ms/puzzle"] = 1000 * t / 160
        elif name == "generate:21":
            t = _best(1, lambda: [generate(21, seed=21000 + s) for s in range(20)])
            out["generate 21 clues ms/puzzle"] = 1000 * t / 20
        elif name == "generate:20":
            t = _best(1, lambda: [generate(20, seed=20000 + s) for s in range(10)])
            out["generate 20 clues ms/puzzle"] = 1000 * t / 10
        elif name == "generate:minimal":
            t = _best(3, lambda: [generate(minimal=True, seed=s) for s in range(300)])
            out["generate minimal 9x9 ms/puzzle"] = 1000 * t / 300
        elif name == "generate:16x16-90":
            t = _best(1, lambda: [generate(90, order=4, seed=s, time_limit=60) for s in range(3)])
            out["generate 16x16 90 clues s/puzzle"] = t / 3
        elif name == "generate:25x25-281":
            generate(300, order=5, seed=0)
            t = _best(1, lambda: [generate(281, order=5, seed=s, time_limit=60) for s in range(2)])
            out["generate 25x25 281 clues s/puzzle"] = t / 2
    elif name.startswith("grid:"):
        from generator import random_full_grid

        order = int(name.split(":")[1])
        random_full_grid(order, seed=0)
        n = {4: 50, 5: 10, 6: 5, 7: 3}[order]
        t = _best(3, lambda: [random_full_grid(order, seed=s) for s in range(n)])
        out[f"random full grid order {order} ms"] = 1000 * t / n
    return out


TASKS = ["kernel:17clue", "kernel:top1465", "kernel:top95", "api:17clue", "api:top1465",
         "api:top95", "single", "generate:22-29", "generate:21", "generate:20",
         "generate:minimal", "generate:16x16-90", "generate:25x25-281", "grid:4", "grid:5",
         "grid:6", "grid:7", "cli:count"]


def run_task(name: str, pythonpath: str | None) -> tuple[dict[str, float], float]:
    """The figures of task ``name`` from a fresh process on the tree
    ``pythonpath`` (None: this script's checkout), and that process's CPU
    seconds."""
    from benchmarks.studykit.pinning import children_cpu  # the parent's checkout

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(pythonpath)] * bool(pythonpath) + [str(ROOT)])
    if name == "cli:count":
        code = ("import sys; from sudoku_models.console import entry_point; "
                "sys.argv = ['sudoku-models', 'count', '--file', '17clue']; "
                "sys.exit(entry_point())")
        subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
        start, cpu = time.perf_counter(), children_cpu()
        subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
        return ({"count --file 17clue whole process s": time.perf_counter() - start},
                children_cpu() - cpu)
    cpu = children_cpu()
    result = subprocess.run([sys.executable, __file__, "task", name], env=env,
                            capture_output=True, text=True)
    cpu = children_cpu() - cpu
    if result.returncode:
        sys.exit(f"task {name} failed ({pythonpath or 'this tree'}):\n{result.stderr}")
    return json.loads(result.stdout.splitlines()[-1]), cpu


def compare(args, core=None) -> None:
    import pandas as pd

    from benchmarks.counter_speed.tables import ab_table

    rows = []
    for r in range(args.rounds):
        for k, name in enumerate(args.tasks):
            sides = [("before", str(args.base)), ("after", args.after and str(args.after))]
            if (r + k) % 2:
                sides.reverse()
            for side, path in sides:
                load = os.getloadavg()[0]
                figures, cpu = run_task(name, path)
                for key, value in figures.items():
                    rows.append({"figure": key, "side": side, "round": r, "value": value,
                                 "task_cpu_s": round(cpu, 3), "load": round(load, 2),
                                 "core": core})
            print(f"round {r + 1}, {name} done", file=sys.stderr, flush=True)
    pd.DataFrame(rows).to_csv(args.csv, index=False)
    print(ab_table(str(args.csv)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fingerprint", help="branch nodes and generated puzzles, one line each")
    one = sub.add_parser("task", help="time one task in this process (JSON on stdout)")
    one.add_argument("name", choices=TASKS)
    both = sub.add_parser("compare", help="interleaved before/after of every task")
    both.add_argument("--base", type=Path, required=True, help="a checkout of the base commit")
    both.add_argument("--after", type=Path,
                      help="a checkout of the change (default: the tree this script runs from)")
    both.add_argument("--rounds", type=int, default=5)
    both.add_argument("--csv", type=Path, required=True, help="where to record every run")
    both.add_argument("--tasks", nargs="+", default=TASKS, choices=TASKS)
    both.add_argument("--core", type=int,
                      help="pin this process, and every task process it starts, to this core "
                           "(default: the first core of its affinity set)")
    args = parser.parse_args()
    if args.command == "fingerprint":
        fingerprint()
    elif args.command == "task":
        print(json.dumps(task(args.name)))
    else:
        from benchmarks.studykit.pinning import pin

        compare(args, pin(both, args.core))


if __name__ == "__main__":
    main()
