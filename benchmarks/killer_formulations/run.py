"""Killer cages in every paradigm, each way the toolkit can write them:
the MILP's sum row, digit sets and rule of 45 (``milp``), CP-SAT's sum,
table, digit sets and rule of 45 (``cp``; ``cp-bool`` on request), the SAT
digit-set selectors and totalizer (``sat-extended``), and the counter's two
cage rules, paired on the same killers.

Usage: python -m benchmarks.killer_formulations [--forms F1,F2,...]
       [--cpu-limit 30] [--wall-limit 600] [--seed 0]
       [--collection PATH_OR_URL | --dataset JSONL [--skip N]] [--first 10]
       [--part K/N] [--redo CSV ...] [--out CSV]
       python -m benchmarks.killer_formulations --table CSV [CSV ...]

The instances: the first ``--first`` killers of TAREK's collection (no
givens, 18-25 cages; the ``TAREK_ALL`` list of the Interactive Sudoku
Solver, github.com/sigh/Interactive-Sudoku-Solver, MIT, file
``data/collections.js``; its source, the rcbroughton.co.uk killer forum),
read from ``--collection`` (a path, or by default downloaded from the
pinned commit into a temporary folder; nothing of it is kept), or the
puzzles of ``--dataset`` after ``--skip``.

Each instance is solved in each form of ``--forms`` (labels of
:data:`FORMS`), one after the other in one process, the order rotated from
one instance to the next, one thread each, each with the same budget of
``--cpu-limit`` CPU seconds of this process, build included: the
library's CPU limit (:mod:`benchmarks.studykit.cpu_budget`), whose watcher
stops each method through its own stop (HiGHS's interrupt callback,
CP-SAT's ``stop_search()`` with its statistics kept, CaDiCaL between its
conflict-bounded slices, the counter's stop flag). The run is then
TIME_LIMIT; a solve whose CPU seconds pass the budget (HiGHS checks
for the stop only between phases) is TIME_LIMIT whatever it found. The
wall limit (``--wall-limit``) is only a safety net. ``--redo CSV ...``
solves only the (instance, form) pairs those runs did not solve within
their budget (the longer budget's run).

Recorded per run: status, CPU seconds (``time.process_time`` around the
solve: build and solver, every thread of the process), wall seconds (build
+ solve), build seconds, the effort each method reports (B&B nodes and LP
iterations; CP-SAT's conflicts and branches; CaDiCaL's conflicts and
decisions, the latter in ``branches``; the counter's branch nodes), the
load average at its start; for the MILP forms, apart from the timed solve,
the LP relaxation (``LinearFormulation.lp_relaxation``): how many ``x`` it
leaves fractional with the feasibility objective, and the LP minimum of
seeded random costs on ``x`` beside the cost of the solution (the share of
that gap a formulation closes is its strength in that direction). Every
answer is checked by ``verify``; a solved answer it refuses stops the run.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import numpy as np

from benchmarks.studykit.cpu_budget import ctrl_c_in_background, solve_within
from benchmarks.studykit.pinning import add_core_option, pin
from benchmarks.studykit.random_costs import random_costs, solution_cost
from sudoku_models import Puzzle, read_puzzles, verify
from sudoku_models import cores
from sudoku_models.counter.kernel_tables import build_rules
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import Cage
from sudoku_models.solving import make_method
from sudoku_models.stoppable import cpu_budget

HERE = Path(__file__).resolve().parent
COMMIT = "e373f9811c087246b097eb444d838ab492c55f35"
COLLECTION_URL = ("https://raw.githubusercontent.com/sigh/Interactive-Sudoku-Solver/"
                  f"{COMMIT}/data/collections.js")
FORMS = {
    "milp sum": ("milp", {"cage": "sum"}),
    "milp sets": ("milp", {"cage": "sets"}),
    "milp sets+rule45": ("milp", {"cage": "sets", "rule45": True}),
    "milp sum+rule45": ("milp", {"cage": "sum", "rule45": True}),
    "scip sum": ("milp", {"cage": "sum", "solver": "scip"}),
    "scip sets+rule45": ("milp", {"cage": "sets", "rule45": True, "solver": "scip"}),
    "milp sets+rule45 no restart": ("milp", {"cage": "sets", "rule45": True,
                                             "solver_options": "mip_allow_restart=false"}),
    "cp sum": ("cp", {"cage": "sum"}),
    "cp table": ("cp", {"cage": "table"}),
    "cp sets": ("cp", {"cage": "sets"}),
    "cp sets+rule45": ("cp", {"cage": "sets", "rule45": True}),
    "cp sum+rule45": ("cp", {"cage": "sum", "rule45": True}),
    "cp portfolio sum+rule45": ("cp", {"cage": "sum", "rule45": True, "threads": 8}),
    "cp-bool sum": ("cp-bool", {"cage": "sum"}),
    "cp-bool sets": ("cp-bool", {"cage": "sets"}),
    "sat sets": ("sat-extended", {"cage": "sets"}),
    "sat totalizer": ("sat-extended", {"cage": "totalizer"}),
    "counter sets": ("backtracking", {"cage_rule": "sets"}),
    "counter bounds": ("backtracking", {"cage_rule": "bounds"}),
}
"""The forms that can be compared (``--forms``): a label (paradigm, then
option) -> the method and its options (for the counter, the cage rule of
its tables, :func:`sudoku_models.counter.kernel_tables.build_rules`; a
``threads`` entry: the solver's threads, 1 otherwise: CP-SAT's portfolio of
8 workers, its CPU seconds those of every thread); "milp sets+rule45 no
restart" adds a HiGHS setting a user can pass (``solver_options``: no
restart of the root after presolve); "scip": the MILP on SCIP."""
DEFAULT_FORMS = tuple(form for form in FORMS
                      if form != "milp sets+rule45 no restart" and not form.startswith("cp-bool")
                      and not form.startswith(("scip", "cp portfolio")))
LP_LIMIT = 120.0
"""Seconds for each untimed LP relaxation of a MILP form (past it, the row's
LP columns stay empty)."""
FIELDS = ("instance", "permutation", "cages", "form", "order", "status", "verified",
          "cpu_seconds",
          "wall_seconds", "build_seconds", "nodes", "lp_iterations", "conflicts", "branches",
          "load", "core", "lp_fractional", "lp_random_bound", "solution_random_cost", "solver",
          "cpu_limit", "wall_limit", "seed", "collection")
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


def solve_counter(puzzle: Puzzle, cage_rule: str, cpu_limit: float) -> dict:
    """The counter (the ``backtracking`` method's general kernel) counting
    ``puzzle``'s solutions to two, as ``solve(p, "backtracking")`` does,
    with the cage rule ``cage_rule`` (:data:`~sudoku_models.counter.
    kernel_tables.CAGE_RULES`; the method uses ``"sets"``), stopped
    through its control array once ``cpu_limit`` CPU seconds are spent.
    The tables are built inside the timing (the build), the kernel is
    compiled before (:func:`warm_up`). Returns the row's status,
    grid, seconds and ``branches``."""
    from sudoku_models.counter import kernel
    from sudoku_models.counter.core import NO_LIMIT, NODES, STOP, STOPPED, new_control

    control = new_control()
    wall = time.perf_counter()
    with cpu_budget(lambda: control.__setitem__(STOP, 1), cpu_limit):
        tables = build_rules(puzzle.rules, cage_rule)
        built = time.perf_counter()
        solution = np.zeros(tables.cells, np.int32)
        clues = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int32)
        found = kernel.count(clues, 2, NO_LIMIT, tables.identity, control, solution,
                             tables.locked, tables.workspace())
    done = time.perf_counter()
    status = ("TIME_LIMIT" if control[STOPPED] else "INFEASIBLE" if found == 0 else
              "OPTIMAL" if found == 1 else "NOT_UNIQUE")
    return {"status": status, "grid": solution.reshape(puzzle.grid.shape) if found >= 1 else None,
            "wall": done - wall, "build": built - wall, "branches": int(control[NODES])}


def warm_up(puzzle: Puzzle, compared) -> None:
    """Before any timing: the counter's variant kernel compiled or loaded
    (one count of ``puzzle`` in each cage rule), and every other form's
    method warmed up on a small fixed killer of its own
    (:func:`sudoku_models.solving.warm_up`), so that no first row of the
    run carries its solver's set-up."""
    from sudoku_models.solving import warm_up as warm_method

    for form in compared:
        method, options = FORMS[form]
        if method == "backtracking":
            solve_counter(puzzle, options["cage_rule"], 600)
        else:
            options = dict(options)
            threads = options.pop("threads", 1)
            warm_method(method, puzzle.rules, {**options, "threads": threads})


def solve_form(puzzle: Puzzle, form: str, cpu_limit: float, wall_limit: float,
               seed: int) -> dict:
    """One timed solve of ``puzzle`` by ``form`` (a label of :data:`FORMS`)
    within ``cpu_limit`` CPU seconds, build included, each method stopped as
    it can be (module docstring). Returns the row's fields of the solve and
    ``grid`` (None unless solved; verified against ``puzzle``: a copy's
    answer is moved back and verified by the caller)."""
    method, options = FORMS[form]
    options = dict(options)
    threads = options.pop("threads", 1)
    load = os.getloadavg()[0]
    cpu = time.process_time()
    if method == "backtracking":
        answer = solve_counter(puzzle, options["cage_rule"], cpu_limit)
        stats = {"branches": answer["branches"]}
        solver = "numba backtracking (the counter)"
    else:
        model = make_method(method, puzzle.rules, time_limit=wall_limit, threads=threads,
                            seed=seed, **options)
        result = solve_within(model, puzzle, cpu_limit)
        answer = {"status": result.status.name, "grid": result.grid,
                  "wall": result.build_seconds + result.solve_seconds,
                  "build": result.build_seconds}
        stats = result.stats
        solver = model.solver_name()
    cpu = time.process_time() - cpu
    status = "TIME_LIMIT" if cpu > cpu_limit else answer["status"]  # past the budget
    solved = status in ("OPTIMAL", "FEASIBLE")
    verified = bool(solved and verify(puzzle, answer["grid"]))
    wall = answer["wall"]
    return {"form": form, "status": status, "verified": verified,
            "cpu_seconds": round(cpu, 3),
            "wall_seconds": None if wall is None else round(wall, 3),
            "build_seconds": None if answer["build"] is None else round(answer["build"], 3),
            "nodes": stats.get("B&B nodes"), "lp_iterations": stats.get("LP iterations"),
            "conflicts": stats.get("conflicts"),
            "branches": stats.get("branches", stats.get("decisions")),
            "load": round(load, 2), "core": cores.pinned(), "solver": solver, "cpu_limit": cpu_limit,
            "wall_limit": wall_limit, "seed": seed,
            "grid": answer["grid"] if verified else None}


def run(puzzles: dict[int, Puzzle], cpu_limit: float, wall_limit: float, out: Path,
        seed: int = 0, compared=DEFAULT_FORMS, collection: str = "TAREK",
        pairs: set[tuple[int, str]] | None = None, lp_limit: float = LP_LIMIT,
        permutations: int = 1) -> list[dict]:
    """Solve each of ``puzzles`` (instance number -> puzzle) in every form
    of ``compared`` (labels of :data:`FORMS`; with ``pairs``, only the
    (instance, form) pairs in it), the order rotated from one instance to
    the next, after the warm-up (:func:`warm_up`); with ``permutations``,
    in that many isomorphic copies of each instance
    (:func:`sudoku_models.symmetry.copies`, drawn with the instance number;
    copy 0 the instance itself), each copy's answer moved back and verified
    against the instance. The rows ``out`` holds already (instance,
    permutation, form) are kept and not solved again; the file is written
    after each copy. A solved answer that ``verify`` refuses stops the run.
    Each MILP form's LP relaxation is solved apart, on the instance itself,
    within ``lp_limit`` seconds (0: not at all)."""
    from sudoku_models.symmetry import copies

    rows = read_rows(out) if out.exists() else []
    held = {(int(r["instance"]), int(r["permutation"] or 0), r["form"]) for r in rows}
    if puzzles:
        warm_up(next(iter(puzzles.values())), compared)
    for index, puzzle in puzzles.items():
        shift = (index - 1) % len(compared)
        rotated = list(compared)[shift:] + list(compared)[:shift]
        cost = random_costs(index - 1, puzzle.side)
        grid = None
        for copy in copies(puzzle, permutations, seed=index):
            forms = [form for form in rotated if (pairs is None or (index, form) in pairs)
                     and (index, copy.index, form) not in held]
            for order, form in enumerate(forms):
                row = solve_form(copy.puzzle, form, cpu_limit, wall_limit, seed)
                if row["status"] in ("OPTIMAL", "FEASIBLE") and not row["verified"]:
                    raise SystemExit(f"#{index} copy {copy.index} {form}: an answer that "
                                     f"breaks the rules")
                answer = row.pop("grid")
                if answer is not None:
                    answer = copy.original_grid(answer)
                    if not verify(puzzle, answer):
                        raise SystemExit(f"#{index} copy {copy.index} {form}: the answer moved "
                                         f"back breaks the instance's rules")
                    grid = answer
                rows.append({"instance": index, "permutation": copy.index,
                             "cages": len(puzzle.rules.constraints), "order": order, **row,
                             "collection": collection})
                print(f"#{index}.{copy.index} {form}: {row['status']} {row['cpu_seconds']:.1f} "
                      f"CPU s (load {row['load']:.1f}), nodes {row['nodes']}, conflicts "
                      f"{row['conflicts']}, branches {row['branches']}", flush=True)
                if copy.index == 0:
                    _lp_strength(rows[-1], puzzle, cost, lp_limit)
            write(rows, out)
        if grid is not None:
            for row in rows:
                if int(row["instance"]) == index and row.get("lp_random_bound") not in (None, "") \
                        and row.get("solution_random_cost") in (None, ""):
                    row["solution_random_cost"] = solution_cost(cost, grid)
        write(rows, out)
    return rows


def _lp_strength(row: dict, puzzle: Puzzle, cost, lp_limit: float) -> None:
    """A MILP form's LP relaxation of the instance, untimed: the ``x`` it
    leaves fractional with the feasibility objective, and the LP minimum of
    the random ``cost``; left empty past ``lp_limit`` seconds (0: not
    solved)."""
    method, options = FORMS[row["form"]]
    if method not in ("milp", "matrix") or not lp_limit or options.get("solver") == "scip":
        return
    model = make_method(method, puzzle.rules, **options)
    try:
        row["lp_fractional"] = model.lp_relaxation(puzzle, time_limit=lp_limit).fractional
        row["lp_random_bound"] = round(
            model.lp_relaxation(puzzle, cost, time_limit=lp_limit).bound, 3)
    except TimeoutError:  # left empty: a 16x16 LP can take half an hour
        pass


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
    """A form as a user writes it: ``milp cage="sets", rule45=True`` (the
    counter: the cage rule of its tables)."""
    method, options = FORMS[form]
    text = ", ".join(f'{k}="{v}"' if isinstance(v, str) else f"{k}={v}"
                     for k, v in options.items())
    return f"counter {text}" if method == "backtracking" else f"{method} {text}"


def read_rows(*paths: Path | str) -> list[dict]:
    """The rows of recorded CSVs, together."""
    rows = []
    for path in paths:
        with Path(path).open() as handle:
            rows += list(csv.DictReader(handle))
    return rows


def censored(rows: list[dict]) -> set[tuple[int, str]]:
    """The (instance, form) pairs of ``rows`` not solved within their budget."""
    return {(int(r["instance"]), r["form"]) for r in rows if not _solved(r)}


EFFORT = {"milp": ("nodes", "B&B nodes"), "matrix": ("nodes", "B&B nodes"),
          "cp": ("conflicts", "conflicts"), "cp-bool": ("conflicts", "conflicts"),
          "sat-extended": ("conflicts", "conflicts"), "backtracking": ("branches", "branches")}
"""The effort each method reports that the summary shows: column, name."""


def _by_limit(rows: list[dict]) -> tuple[float, dict, dict]:
    """The shortest budget of ``rows``, its rows and the longer budget's
    rows by (instance, form)."""
    low = min(float(r["cpu_limit"]) for r in rows)
    first = {(int(r["instance"]), r["form"]): r for r in rows if float(r["cpu_limit"]) == low}
    again = {(int(r["instance"]), r["form"]): r for r in rows if float(r["cpu_limit"]) > low}
    return low, first, again


def _median(values: list[float], digits: int = 1) -> str:
    """The median over all runs with the censored ones at infinity (a
    bound ``>= x`` never enters it), given only when more than half are
    solved."""
    finite = sum(v < np.inf for v in values)
    if finite * 2 <= len(values):
        return "-"
    median = float(np.median(values))
    return f"{median:,.{digits}f}" if digits else f"{median:,.0f}"


def options_table(*paths: Path | str) -> str:
    """Per form: instances solved within the short budget (the main run) and
    within the long one (the censored pairs run again with the longer
    budget; a one-thread solve that finished under the short budget is the
    same solve under the long one), the median CPU seconds at each budget
    and the median effort at the long one (censored runs at infinity,
    given when more than half are solved), and for the MILP forms the
    median of LP minimum / solution cost of the random costs."""
    rows = read_rows(*paths)
    low, first, again = _by_limit(rows)
    high = max((float(r["cpu_limit"]) for r in again.values()), default=None)
    head = (f"| form | solved, {low:.0f} CPU s | median CPU s, {low:.0f} s |"
            + (f" solved, {high:.0f} CPU s | median CPU s, {high:.0f} s |" if high else "")
            + " median effort | LP bound / solution |")
    lines = [head, "| --- | ---: | ---: |" + (" ---: | ---: |" if high else "") + " ---: | ---: |"]
    for form in FORMS:
        mine = {key: row for key, row in first.items() if key[1] == form}
        if not mine:
            continue
        cpu = [float(r["cpu_seconds"]) if _solved(r) else np.inf for r in mine.values()]
        final = [again.get(key, row) for key, row in mine.items()]
        cpu_high = [float(r["cpu_seconds"]) if _solved(r) else np.inf for r in final]
        column, unit = EFFORT[FORMS[form][0]]
        effort = [float(r[column]) if _solved(r) and r.get(column) else np.inf for r in final]
        ratio = [float(r["lp_random_bound"]) / float(r["solution_random_cost"])
                 for r in mine.values() if r.get("lp_random_bound") and
                 r.get("solution_random_cost")]
        cells = [f"`{form}`", f"{sum(c < np.inf for c in cpu)} of {len(cpu)}", _median(cpu)]
        if high:
            cells += [f"{sum(c < np.inf for c in cpu_high)} of {len(cpu)}", _median(cpu_high)]
        shown = _median(effort, 0)
        cells += [f"{shown} {unit}" if shown != "-" else "-",
                  f"{np.median(ratio):.3f}" if ratio else ""]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def groups_table(*paths: Path | str, per_group: int = 10) -> str:
    """Instances solved within the short budget per group of ``per_group``
    consecutive instances (the collection's groups by number of cages)."""
    low, first, _ = _by_limit(read_rows(*paths))
    groups = sorted({(i - 1) // per_group for i, _ in first})
    cages = {g: sorted({int(r["cages"]) for (i, _), r in first.items()
                        if (i - 1) // per_group == g}) for g in groups}
    spans = {g: f"{c[0]}-{c[-1]}" if c[0] != c[-1] else f"{c[0]}" for g, c in cages.items()}
    lines = ["| form | " + " | ".join(f"#{g * per_group + 1}-{(g + 1) * per_group} "
                                       f"({spans[g]} cages)" for g in groups)
             + " |", "| --- |" + " ---: |" * len(groups)]
    for form in FORMS:
        cells = []
        for g in groups:
            mine = [r for (i, f), r in first.items() if f == form and (i - 1) // per_group == g]
            cells.append(f"{sum(map(_solved, mine))} of {len(mine)}" if mine else "")
        if any(cells):
            lines.append(f"| `{form}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + f"\n\nSolved within {low:.0f} CPU seconds, build included."


def same_solve_table(*paths: Path | str) -> str:
    """The pairs (instance, form) recorded under two budgets, side by side:
    the CPU seconds and the effort of each, to show that a one-thread solve
    within the short budget is the same solve under the long one."""
    low, first, again = _by_limit(read_rows(*paths))
    lines = ["| instance | form | status | CPU s, short | CPU s, long | effort, short | "
             "effort, long | load, short / long |", "| --- | --- | --- | ---: | ---: | ---: | "
             "---: | --- |"]
    for key in sorted(again):
        if key not in first:
            continue
        short, long = first[key], again[key]
        column, unit = EFFORT[FORMS[key[1]][0]]
        lines.append(f"| #{key[0]} | `{key[1]}` | {short['status']} / {long['status']} | "
                     f"{float(short['cpu_seconds']):.2f} ({low:.0f}) | "
                     f"{float(long['cpu_seconds']):.2f} ({float(long['cpu_limit']):.0f}) | "
                     f"{short[column]} {unit} | {long[column]} {unit} | "
                     f"{short['load']} / {long['load']} |")
    return "\n".join(lines)


def _faster(mine: float, theirs: float) -> bool:
    """``mine`` took less than ``theirs`` by more than :data:`SAME` (a
    time-out, infinite, takes more than any solve)."""
    return theirs - mine > max(SAME[0] * mine, SAME[1])


SAME = (0.2, 0.05)
"""Two CPU times are "about the same" within 20% or 0.05 s: the spread of
one solve's CPU seconds from run to run on the loaded machine."""


def paired_table(*paths: Path | str) -> str:
    """Within each paradigm, every pair of forms compared on the instances
    of the main run (one interleaved run, the short budget; CPU seconds;
    a time-out counts as more than any solve): A faster, B faster (by more
    than 20% and 0.05 s), about the same (both solved), both timed out."""
    _, first, _ = _by_limit(read_rows(*paths))
    lines = ["| paradigm | A | B | A faster | B faster | about the same | both timed out "
             "| instances |", "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    present = [f for f in FORMS if any(key[1] == f for key in first)]
    cpu = {key: float(r["cpu_seconds"]) if _solved(r) else np.inf for key, r in first.items()}
    for k, a in enumerate(present):
        for b in present[k + 1:]:
            if a.split()[0] != b.split()[0]:
                continue
            pairs = [(cpu[i, a], cpu[i, b]) for i, f in cpu if f == a and (i, b) in cpu]
            ahead = sum(_faster(x, y) for x, y in pairs)
            behind = sum(_faster(y, x) for x, y in pairs)
            out = sum(x == y == np.inf for x, y in pairs)
            lines.append(f"| {a.split()[0]} | `{a}` | `{b}` | {ahead} | {behind} | "
                         f"{len(pairs) - ahead - behind - out} | {out} | {len(pairs)} |")
    return "\n".join(lines)


def _whole(seconds: str) -> str:
    """Seconds shown whole, or empty where a stopped run recorded none."""
    return f"{float(seconds):.0f}" if seconds else ""


def table(*paths: Path | str) -> str:
    """The README's table from recorded CSVs (their rows together, by
    instance and in the order they ran): per instance and form, the
    status, CPU and wall seconds, B&B nodes, and the LP minimum of the
    random costs as the share of the gap to the solution's cost that the
    form closes over a zero bound; a time-out's CPU seconds are a bound
    (``>= 30``)."""
    rows = read_rows(*paths)
    rows.sort(key=lambda row: (int(row["instance"]), int(row["order"])))
    lines = ["| instance | cages | form | status | CPU s | wall s | B&B nodes | LP bound / solution "
             "(random costs) | load |", "| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        solved = _solved(row)
        cpu = float(row["cpu_seconds"])
        shown = f"{cpu:.1f}" if solved else f">= {float(row['cpu_limit']):.0f}"
        gap = ("" if not row["lp_random_bound"] else  # not solved (not a MILP, or past its limit)
               f"{float(row['lp_random_bound']):.1f} / {row['solution_random_cost'] or '?'}")
        name = row.get("collection") or "TAREK"
        lines.append(f"| {name} #{row['instance']} | {row['cages']} | `{row['form']}` | "
                     f"{row['status']} | {shown} | {_whole(row['wall_seconds'])} | "
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
    parser.add_argument("--lp-limit", type=float, default=LP_LIMIT,
                        help="seconds for each MILP form's untimed LP relaxation (0: skip it; "
                             f"default {LP_LIMIT:g})")
    add_core_option(parser, by_part=True)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "tarek.csv")
    parser.add_argument("--redo", type=Path, nargs="+", metavar="CSV",
                        help="solve only the (instance, form) pairs these recorded runs did "
                             "not solve within their budget (with a longer --cpu-limit)")
    parser.add_argument("--permutations", type=int, default=1, metavar="K",
                        help="solve each instance in K isomorphic copies (sudoku_models."
                             "symmetry.copies; copy 0 the instance itself; default 1)")
    parser.add_argument("--table", type=Path, nargs="+", metavar="CSV",
                        help="print the README's table of recorded CSVs and stop")
    args = parser.parse_args(argv)
    ctrl_c_in_background()
    if args.table:
        print(table(*args.table))
        return 0
    part, parts = map(int, args.part.split("/"))
    pin(parser, args.core, part=part, parts=parts)
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
    pairs = censored(read_rows(*args.redo)) if args.redo else None
    run(puzzles, args.cpu_limit, args.wall_limit, args.out, args.seed, compared, name, pairs,
        args.lp_limit, args.permutations)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
