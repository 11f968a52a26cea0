"""Killer cages in a MILP: one sum row (``cage="sum"``) against the digit sets
(``cage="sets"``, the extended formulation) and the digit sets with the rule
of 45's virtual cages (``cage="sets", rule45=True``), paired on TAREK's
killers.

Usage: python -m benchmarks.killer_formulations [--first 10] [--cpu-limit 30]
       [--wall-limit 600] [--method milp] [--seed 0] [--collection PATH_OR_URL]
       [--part K/N] [--out CSV]
       python -m benchmarks.killer_formulations --table CSV [CSV ...]

The instances: the first ``--first`` killers of TAREK's collection (no
givens, 18-25 cages; the ``TAREK_ALL`` list of the Interactive Sudoku
Solver, github.com/sigh/Interactive-Sudoku-Solver, MIT, file
``data/collections.js``; its source, the rcbroughton.co.uk killer forum).
The file is read from ``--collection`` (a path, or by default downloaded
from the pinned commit into a temporary folder); nothing of it is kept.

Each instance is solved by ``--method`` (default ``milp``: the Pyomo model,
HiGHS, one thread) in each form of :data:`FORMS`, one after the other in one
process, the order rotated from one instance to the next, each with
the same budget of ``--cpu-limit`` CPU seconds, build included (a watcher
thread stops HiGHS through the back-end's ``stop()`` once the process has
used that much CPU time in the solve; the run is then TIME_LIMIT, as at a
time limit). A budget of CPU seconds, not wall seconds: on the shared
machine a 30 s wall limit gave HiGHS 3.6-5.3 CPU seconds (load 15-18 on 2
cores). The wall limit (``--wall-limit``) is only a safety net.

Recorded per run: status, CPU seconds of the solve (``time.process_time``
around ``solve``: build and HiGHS, every thread of the process), wall
seconds (build + solve), B&B nodes, LP iterations, the load average at its
start; and per formulation, apart from the timed solve, its LP relaxation
(``LinearFormulation.lp_relaxation``): how many ``x`` it leaves fractional
with the feasibility objective, and the LP minimum of seeded random costs on
``x`` beside the cost of the solution (the share of that gap a formulation
closes is its strength in that direction). Every grid is checked by
``verify``.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import signal
import sys
import tempfile
import threading
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from sudoku_models import Puzzle, read_puzzles, verify
from sudoku_models.geometry import Layout
from sudoku_models.rules import Cage
from sudoku_models.solving import make_method

HERE = Path(__file__).resolve().parent
COMMIT = "e373f9811c087246b097eb444d838ab492c55f35"
COLLECTION_URL = ("https://raw.githubusercontent.com/sigh/Interactive-Sudoku-Solver/"
                  f"{COMMIT}/data/collections.js")
FORMS = {"sum": {"cage": "sum"}, "sets": {"cage": "sets"},
         "sets+rule45": {"cage": "sets", "rule45": True},
         "sets+rule45 no restart": {"cage": "sets", "rule45": True,
                                    "solver_options": "mip_allow_restart=false"}}
"""The forms that can be compared (``--forms``): a label -> the options of
``--method``; the last adds a HiGHS setting a user can pass
(``solver_options``: no restart of the root after presolve)."""
DEFAULT_FORMS = ("sum", "sets", "sets+rule45")
FIELDS = ("instance", "cages", "form", "order", "status", "verified", "cpu_seconds",
          "wall_seconds", "build_seconds", "nodes", "lp_iterations", "load", "lp_fractional",
          "lp_random_bound", "solution_random_cost", "solver", "cpu_limit", "wall_limit", "seed",
          "collection")
_STEPS = {"<": -1, ">": 1, "^": -9, "v": 9, "`": -10, "'": -8, ",": 8, ".": 10}


def collection_text(source: str | None) -> str:
    """The text of ``data/collections.js``: from ``source`` (a path or a URL)
    or downloaded from :data:`COLLECTION_URL` into a temporary folder."""
    source = source or COLLECTION_URL
    if Path(source).exists():
        return Path(source).read_text()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "collections.js"
        urllib.request.urlretrieve(source, path)
        return path.read_text()


def tarek_killers(text: str) -> list[str]:
    """The puzzles of the ``TAREK_ALL`` collection, in the file's order."""
    block = re.search(r"TAREK_ALL\s*=\s*new PuzzleCollection\((.*?)\n\);", text, re.S)
    if block is None:
        raise ValueError("no TAREK_ALL collection in the file")
    return re.findall(r"'([^']{81})'", block.group(1))


def short_killer(text: str) -> Puzzle:
    """A 9x9 killer from the 81-character "short killer" format of the
    enjoysudoku forum (thread "understandable snarfable killer cages"):
    each cell is either its cage's total (``0-9``, ``A-Z`` for 10-35,
    ``a-j`` for 36-45; 0: a cage with no total) or an arrow to a cell of the same cage (``<``,
    ``>``, ``^``, ``v``, and ``` ` ' , . ``` for the diagonals)."""
    if len(text) != 81:
        raise ValueError(f"a short killer has 81 characters, got {len(text)}")
    head = []
    for cell in range(81):
        seen = 0
        while text[cell] in _STEPS:
            cell += _STEPS[text[cell]]
            seen += 1
            if seen > 81 or not 0 <= cell < 81:
                raise ValueError("the arrows of the short killer do not end in a total")
        head.append(cell)
    cages = []
    for first in sorted(set(head)):
        mark = text[first]
        total = (int(mark) if mark.isdigit() else
                 ord(mark) - ord("A") + 10 if mark.isupper() else ord(mark) - ord("a") + 36)
        cages.append(Cage(tuple(c for c in range(81) if head[c] == first), total or None))
    return Puzzle(np.zeros((9, 9), int), Layout.square(3), constraints=cages)


@contextmanager
def cpu_budget(model, seconds: float):
    """Stop ``model``'s solve (its back-end's ``stop()``) once this process
    has spent ``seconds`` CPU seconds since entering the block."""
    start, done = time.process_time(), threading.Event()

    def watch() -> None:
        while not done.wait(0.05):
            backend = getattr(model, "backend", None)
            if time.process_time() - start > seconds and backend is not None:
                backend.stop()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()


def random_costs(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 10, (9, 9, 9))


def run(puzzles: dict[int, Puzzle], method: str, cpu_limit: float, wall_limit: float,
        out: Path, seed: int = 0, compared=DEFAULT_FORMS, collection: str = "TAREK") -> list[dict]:
    """Solve each of ``puzzles`` (instance number -> puzzle) in every form
    of ``compared`` (labels of :data:`FORMS`), the order rotated from one
    instance to the next; write the rows to ``out`` after each instance."""
    rows = []
    for index, puzzle in puzzles.items():
        shift = (index - 1) % len(compared)
        forms = list(compared)[shift:] + list(compared)[:shift]
        cost = random_costs(index - 1)
        grid = None
        for order, form in enumerate(forms):
            model = make_method(method, puzzle.rules, time_limit=wall_limit, threads=1,
                                seed=seed, **FORMS[form])
            load = os.getloadavg()[0]
            cpu = time.process_time()
            with cpu_budget(model, cpu_limit):
                result = model.solve(puzzle)
            cpu = time.process_time() - cpu
            status = "TIME_LIMIT" if cpu > cpu_limit else result.status.name  # past the budget
            rows.append({"instance": index, "cages": len(puzzle.rules.constraints),
                         "form": form, "order": order, "status": status,
                         "verified": bool(result.status.solved and verify(puzzle, result.grid)),
                         "cpu_seconds": round(cpu, 3),
                         "wall_seconds": round(result.build_seconds + result.solve_seconds, 3),
                         "build_seconds": round(result.build_seconds, 3),
                         "nodes": result.stats.get("B&B nodes"),
                         "lp_iterations": result.stats.get("LP iterations"),
                         "load": round(load, 2), "solver": result.solver,
                         "cpu_limit": cpu_limit, "wall_limit": wall_limit, "seed": seed,
                         "collection": collection})
            print(f"#{index} {form}: {result.status.name} {cpu:.1f} CPU s "
                  f"({rows[-1]['wall_seconds']:.1f} wall s, load {load:.1f}), "
                  f"{rows[-1]['nodes']} nodes", flush=True)
            if rows[-1]["verified"]:
                grid = result.grid
        if grid is None:  # neither form solved it: the solution's cost from CP-SAT, untimed
            answer = make_method("cp", puzzle.rules, time_limit=600).solve(puzzle)
            grid = answer.grid if answer.status.solved and verify(puzzle, answer.grid) else None
        for row in rows[-len(forms):]:
            model = make_method(method, puzzle.rules, **FORMS[row["form"]])
            row["lp_fractional"] = model.lp_relaxation(puzzle).fractional
            row["lp_random_bound"] = round(model.lp_relaxation(puzzle, cost).bound, 3)
            if grid is not None:
                r, c = np.indices(grid.shape)
                row["solution_random_cost"] = int(cost[r, c, grid - 1].sum())
        write(rows, out)
    return rows


def write(rows: list[dict], out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS)
        writer.writeheader()
        writer.writerows(rows)


def _solved(row: dict) -> bool:
    """A recorded row solved within its budget: a verified answer found in
    no more CPU seconds than the budget (a solve past it is a time-out)."""
    return (row["status"] in ("OPTIMAL", "FEASIBLE") and row["verified"] == "True"
            and float(row["cpu_seconds"]) <= float(row["cpu_limit"]))


def form_label(form: str) -> str:
    """A form's options as a user writes them: ``cage="sets", rule45=True``."""
    return ", ".join(f'{k}="{v}"' if isinstance(v, str) else f"{k}={v}"
                     for k, v in FORMS[form].items())


def table(*paths: Path | str) -> str:
    """The README's table from recorded CSVs (their rows together, by
    instance and in the order they ran): per instance and form, the
    status, CPU and wall seconds, B&B nodes, and the LP minimum of the
    random costs as the share of the gap to the solution's cost that the
    form closes over a zero bound; a time-out's CPU seconds are a bound
    (``>= 30``)."""
    rows = []
    for path in paths:
        with Path(path).open() as handle:
            rows += list(csv.DictReader(handle))
    rows.sort(key=lambda row: (int(row["instance"]), int(row["order"])))
    lines = ["| instance | cages | form | status | CPU s | wall s | B&B nodes | LP bound / solution "
             "(random costs) | load |", "| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        solved = _solved(row)
        cpu = float(row["cpu_seconds"])
        shown = f"{cpu:.1f}" if solved else f">= {float(row['cpu_limit']):.0f}"
        gap = (f"{float(row['lp_random_bound']):.1f} / {row['solution_random_cost']}"
               if row["solution_random_cost"] else f"{float(row['lp_random_bound']):.1f} / ?")
        name = row.get("collection") or "TAREK"
        lines.append(f"| {name} #{row['instance']} | {row['cages']} | `{row['form']}` | "
                     f"{row['status']} | {shown} | {float(row['wall_seconds']):.0f} | "
                     f"{row['nodes']} | {gap} | {row['load']} |")
    for form in FORMS:
        runs = [r for r in rows if r["form"] == form]
        won = sorted(float(r["cpu_seconds"]) for r in runs if _solved(r))
        median = (f"median {np.median(won + [np.inf] * (len(runs) - len(won))):.1f} CPU s"
                  if len(won) * 2 > len(runs) else "median not reached (half or more censored)")
        if not runs:
            continue
        lines.append(f"\n`{form_label(form)}`: {len(won)} of {len(runs)} solved within the budget; "
                     f"{median}")
    present = [form for form in FORMS if any(r["form"] == form for r in rows)]
    cpu = {(r["instance"], r["form"]): float(r["cpu_seconds"]) if _solved(r) else np.inf
           for r in rows}
    for form in present[1:]:
        pairs = [(cpu[i, form], cpu[i, present[0]]) for i, f in cpu if f == form
                 and (i, present[0]) in cpu]
        faster = sum(mine < theirs for mine, theirs in pairs)
        lines.append(f"\n`{form_label(form)}` used fewer CPU seconds than "
                     f"`{form_label(present[0])}` on {faster} of {len(pairs)} instances "
                     f"(a time-out counted as more than any solve, two as a tie).")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=10)
    parser.add_argument("--cpu-limit", type=float, default=30.0,
                        help="CPU seconds per solve, build included (default 30)")
    parser.add_argument("--wall-limit", type=float, default=600.0,
                        help="wall seconds per solve, a safety net (default 600)")
    parser.add_argument("--method", default="milp", choices=("milp", "matrix"))
    parser.add_argument("--seed", type=int, default=0, help="HiGHS's random_seed (default 0)")
    parser.add_argument("--collection", help="path or URL of data/collections.js")
    parser.add_argument("--dataset", type=Path,
                        help="solve the puzzles of this file instead of TAREK's (with --skip)")
    parser.add_argument("--skip", type=int, default=0, help="with --dataset: puzzles skipped")
    parser.add_argument("--forms", default=",".join(DEFAULT_FORMS),
                        help=f"the forms compared, of: {', '.join(FORMS)} "
                             f"(default {','.join(DEFAULT_FORMS)})")
    parser.add_argument("--part", default="0/1", metavar="K/N",
                        help="run only the instances i with (i - 1) %% N == K, to run N "
                             "processes side by side (default 0/1: all)")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "tarek.csv")
    parser.add_argument("--table", type=Path, nargs="+", metavar="CSV",
                        help="print the README's table of recorded CSVs and stop")
    args = parser.parse_args(argv)
    # HiGHS checks for stop() only where Ctrl-C can reach Python; a job started
    # in the background has SIGINT ignored, so the CPU budget would not stop it
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if args.table:
        print(table(*args.table))
        return 0
    part, parts = map(int, args.part.split("/"))
    if args.dataset:
        chosen = read_puzzles(args.dataset)[args.skip: args.skip + args.first]
        name = args.dataset.name.split(".")[0]
    else:
        chosen = [short_killer(t) for t in tarek_killers(collection_text(args.collection))]
        chosen, name = chosen[: args.first], "TAREK"
    puzzles = {i: p for i, p in enumerate(chosen, args.skip + 1 if args.dataset else 1)
               if (i - 1) % parts == part}
    compared = tuple(args.forms.split(","))
    unknown = [form for form in compared if form not in FORMS]
    if unknown:
        parser.error(f"unknown form {unknown[0]!r}; choose from {', '.join(FORMS)}")
    run(puzzles, args.method, args.cpu_limit, args.wall_limit, args.out, args.seed, compared,
        name)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
