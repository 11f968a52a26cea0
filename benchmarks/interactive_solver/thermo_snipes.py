"""Does the counter's variant kernel now search the hard thermometer snipes
and the 16x16 X and windoku examples of the Interactive Sudoku Solver in
fewer branch nodes and less CPU time than before, without slowing the
killers and the shipped variant datasets (issue 33)?

The puzzles (``--set``):

- ``snipes``: the solver's ``HARD_THERMOS`` ('I want to break free', 'A
  kind of magic', 'Bicycle race': two-cell thermometers, no givens) and its
  four 16x16 examples ('16x16: Sudoku X', '... very hard', '... hard',
  '16x16: Windoku'), read from ``data/collections.js`` of sigh's Interactive
  Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT);
- ``tarek``: tarek's 42 hard killers of the same file (``TAREK_ALL``);
- ``hard``: its 4 extreme killers and 14 Mathemagic killers
  (``tarek_killers.hard_killers``: 7 to 25 CPU s per count);
- ``datasets``: the shipped ``sudoku_models/collections/thermo-9x9.jsonl``,
  ``arrow-9x9.jsonl`` and ``killer-9x9.jsonl``;
- ``hs``: its 9 ``HS_KILLERS``; ``renban``: its 3 ``HARD_RENBAN``;
  ``little``: its 15 ``LITTLE_KILLER_SNIPES``; ``pills``: its 3 long pill
  arrows ('Long sums 1' to '3'); ``sums``: every puzzle with a lunchbox, a
  sandwich or an X-sum (:func:`sums_between`) (issue 47).

The file is downloaded into a temporary folder (``--collections FILE``
reads a copy). The "before" kernel is the counter's ``kernel.py``,
``kernel_tables.py``, ``core.py`` and ``line_diagrams.py`` at the git revision ``--before``
(default ``5d66f00``, the branch point), copied into a temporary package
and compiled there; the "after" kernel is the working tree's. For each
puzzle both count to two solutions from their own tables (built before the
clock), in alternating order from puzzle to puzzle, ``--repeat`` times, in
one process: CPU seconds (``time.process_time``; both kernels compiled before the first
clock), branch nodes, the count
(``-1``: more than ``--max-nodes`` branch nodes, a censored run) and
whether the answer passes ``sudoku_models.verify``. Both kernels must give
the same count when neither is censored. Rows go to
``results/thermo_snipes.csv`` (``--out``) beside this script.

``--rules sets,bounds`` times each puzzle under each listed killer-cage
rule (:data:`sudoku_models.counter.kernel_tables.CAGE_RULES`: a cage pruned
by its admissible digit sets, the default, or by its sum bounds), the
rules in alternating order from puzzle to puzzle and both kernels paired
within each rule (the ``cage_rule`` column; a puzzle without killer cages
under the first rule only); every rule and kernel must give the same count.
``--set tarek --rules sets,bounds --before 78be218^`` pairs the kernel of
before the two-way search with today's on tarek's killers under both rules
(``results/tarek_two_way.csv``, :func:`killers_table`).

``--iss DIR`` (a checkout of the Interactive Sudoku Solver; needs Node.js)
runs its own benchmark on the ``snipes`` instead, ``node
tools/perf/benchmark_puzzles.js --max-backtracks none --input-file F
--solutions 2 --json`` per puzzle, ``--repeat`` times, and writes its rows
to ``results/thermo_snipes_iss.csv`` (beside ``--out``): status, guesses (its branch points),
nodes searched and the wall seconds of the solve as it reports them (no
per-solve CPU time in JavaScript), and ``run_cpu_s``, the CPU seconds of
that puzzle's whole node process (``getrusage`` of the child: start-up and
compilation included, an upper bound on the solve's CPU time).

``--copies K`` solves each puzzle in ``K`` isomorphic copies
(:func:`sudoku_models.symmetry.copies`, seed 0: copy 0 is the puzzle, the
others named ``NAME / copy i``), so that a kernel's gain can be told from
the search order's own variability; :func:`pairs_table` sums such a run
up per set.

``--core K`` pins the process to core K (default: the first core of its
affinity set); the node processes of ``--iss`` inherit that affinity, so
the solver runs on the same one core as the kernels, its helper threads
included. Every row records that core (``core``) and the 1-minute load
average read at the start of its timed count or node run (``load``).

Usage::

    python -m benchmarks.interactive_solver.thermo_snipes [--set snipes,tarek,datasets] \
        [--collections FILE] [--before REV] [--rules sets,bounds] [--repeat 3] \
        [--max-nodes 5000000] [--copies 1] [--iss DIR] [--core K]
"""

from __future__ import annotations

import argparse
import csv
import importlib
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from benchmarks.studykit.pinning import add_core_option, pin
from benchmarks.studykit.benchtools import collection_text
from benchmarks.interactive_solver.solver_benchmark import iss_benchmark

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = HERE / "results" / "thermo_snipes.csv"
OUT_ISS = HERE / "results" / "thermo_snipes_iss.csv"
SNIPES = ("I want to break free", "A kind of magic", "Bicycle race", "16x16: Sudoku X",
          "16x16: Sudoku X, very hard", "16x16: Sudoku X, hard", "16x16: Windoku")
DATASETS = ("thermo-9x9.jsonl", "arrow-9x9.jsonl", "killer-9x9.jsonl")
LISTS = {"hs": "HS_KILLERS#", "little": "LITTLE_KILLER_SNIPES#"}
NAMED = {"renban": ("Hard renban 1", "Hard renban 2", "Hard renban 3"),
         "pills": ("Long sums 1", "Long sums 2", "Long sums 3")}
COLUMNS = ("set", "name", "cage_rule", "kernel", "revision", "round", "count", "verified", "nodes",
           "cpu_s", "load", "core")
ISS_COLUMNS = ("name", "round", "status", "solutions", "guesses", "nodes", "wall_s", "run_cpu_s",
               "load", "core")


def snipes(text: str) -> list[tuple[str, str]]:
    """``(name, puzzle text)`` of :data:`SNIPES` in ``collections.js``."""
    from .read_and_solve import entries

    found = {}
    for name, source, _ in entries("collections.js", text):
        found.setdefault(name, source)
    return [(name, found[name]) for name in SNIPES]


def listed(text: str, prefix: str) -> list[tuple[str, str]]:
    """``(name, puzzle text)`` of a collection's list (``HS_KILLERS#``,
    ``LITTLE_KILLER_SNIPES#``) in ``collections.js``."""
    from .read_and_solve import entries

    return [(name, source) for name, source, _ in entries("collections.js", text)
            if name.startswith(prefix)]


def named(text: str, names) -> list[tuple[str, str]]:
    """``(name, puzzle text)`` of the puzzles ``names`` in ``collections.js``."""
    from .read_and_solve import entries

    found = {}
    for name, source, _ in entries("collections.js", text):
        found.setdefault(name, source)
    return [(name, found[name]) for name in names]


def sums_between(text: str) -> list[tuple[str, str]]:
    """``(name, constraint string)`` of the puzzles of ``collections.js``
    with a lunchbox, a sandwich or an X-sum that the toolkit reads, each
    distinct string once."""
    return readable_entries("collections.js", text,
                            lambda source: re.search(r"\.(Lunchbox|Sandwich|XSum)~", source))[0]


def readable_entries(file: str, text: str, wanted=lambda source: True) -> tuple[list, list]:
    """The entries of the solver's data ``file`` (its ``text``) whose
    string ``wanted`` takes, each distinct string once: ``(name, string)``
    of those the toolkit reads, and ``(name, error)`` of those it refuses."""
    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.formats.puzzle_text import read_puzzle

    from .read_and_solve import entries

    found, refused, seen = [], [], set()
    for name, source, _ in entries(file, text):
        if source in seen or not wanted(source):
            continue
        seen.add(source)
        try:
            read_puzzle(source)
        except PuzzleFormatError as error:
            refused.append((name, error))
            continue
        found.append((name, source))
    return found, refused


def datasets() -> list[tuple[str, str]]:
    """``(file#line, JSON text)`` of the shipped variant datasets."""
    rows = []
    for name in DATASETS:
        lines = collection_text(name.removesuffix(".jsonl")).splitlines()
        rows += [(f"{name}#{i}", line) for i, line in enumerate(lines, start=1) if line.strip()]
    return rows


def before_kernel(revision: str, folder: str):
    """``(kernel, kernel_tables)`` modules of the counter at ``revision``,
    copied into a package in ``folder`` with the modules they import
    (``core``, ``line_diagrams`` where it exists; their imports of the rest
    of ``sudoku_models`` made absolute)."""
    package = Path(folder) / "counter_before"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name in ("kernel.py", "kernel_tables.py", "core.py", "line_diagrams.py"):
        shown = subprocess.run(["git", "-C", str(ROOT), "show",
                                f"{revision}:sudoku_models/counter/{name}"],
                               capture_output=True, text=True)
        if shown.returncode and name == "line_diagrams.py":
            continue  # before bd42b31: the lines' tables were their automata
        shown.check_returncode()
        text = shown.stdout
        text = re.sub(r"from \.\.([\w.]+) import", r"from sudoku_models.\1 import", text)
        text = text.replace("from .. import", "from sudoku_models import")
        text = text.replace("from . import compile_cache",
                            "from sudoku_models.counter import compile_cache")
        (package / name).write_text(text)
    sys.path.insert(0, folder)
    return (importlib.import_module("counter_before.kernel"),
            importlib.import_module("counter_before.kernel_tables"))


def _has_cages(puzzle) -> bool:
    """Whether a cage rule (``--rules``) can matter: the puzzle has killer cages."""
    from sudoku_models.core.cell_kinds import Cage

    return any(isinstance(c, Cage) for c in puzzle.rules.constraints)


def count_two(kernel, tables, puzzle, max_nodes: int):
    """``(count, solution, branch nodes, CPU seconds)`` of a count to two
    (-1: more than ``max_nodes`` branch nodes)."""
    from sudoku_models.counter.core import NODES, new_control

    control = new_control()
    solution = np.zeros(tables.cells, np.int32)
    clues = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int32)
    work = tables.workspace()
    started = time.process_time()
    found = kernel.count(clues, 2, max_nodes, tables.identity, control, solution, tables.locked,
                         work)
    cpu = time.process_time() - started
    return int(found), solution, int(control[NODES]), cpu


def run_iss(folder: str, puzzles: list[tuple[str, str]], repeat: int, out: Path,
            core: int | None = None) -> None:
    """The Interactive Sudoku Solver's rows (module docstring)."""
    with open(out, "w", newline="") as handle, tempfile.TemporaryDirectory() as temp:
        writer = csv.DictWriter(handle, ISS_COLUMNS)
        writer.writeheader()
        for round_ in range(1, repeat + 1):
            for name, source in puzzles:
                load = os.getloadavg()[0]
                row, run_cpu = iss_benchmark(folder, source, temp)
                writer.writerow(dict(name=name, round=round_, status=row["status"],
                                     solutions=row["solutions"], guesses=row["guesses"],
                                     nodes=row["nodesSearched"], wall_s=f"{row['ms'] / 1000:.4f}",
                                     run_cpu_s=f"{run_cpu:.3f}", load=f"{load:.2f}", core=core))
                handle.flush()
                print(f"{round_} {name:32s} iss    {row['status']} guesses {row['guesses']:9d} "
                      f"wall {row['ms'] / 1000:8.3f} node cpu {run_cpu:8.3f}", flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="snipes,tarek,datasets",
                        help="comma-separated: snipes, tarek, datasets, hard, hs, renban, "
                             "little, pills, sums")
    parser.add_argument("--collections", help="a copy of the solver's data/collections.js")
    parser.add_argument("--before", default="5d66f00", help="git revision of the old kernel")
    parser.add_argument("--rules", default="sets",
                        help="comma-separated killer-cage rules to time each puzzle under: sets, "
                             "bounds")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--max-nodes", type=int, default=5_000_000)
    parser.add_argument("--copies", type=int, default=1,
                        help="isomorphic copies of each puzzle (1: the puzzle alone)")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--iss", help="a checkout of the Interactive Sudoku Solver: run it on "
                                      "the snipes instead")
    add_core_option(parser)
    args = parser.parse_args(argv)

    core = pin(parser, args.core)
    if args.iss:
        from .tarek_killers import read_source

        run_iss(args.iss, snipes(read_source(args.collections)), args.repeat,
                Path(args.out).with_name(OUT_ISS.name), core)
        return 0
    from sudoku_models import verify
    from sudoku_models.counter import kernel as after
    from sudoku_models.counter import kernel_tables as after_tables
    from sudoku_models.formats.puzzle_text import read_puzzle
    from .tarek_killers import hard_killers, read_source, tarek_killers

    chosen = args.set.split(",")
    rules = args.rules.split(",")
    if not rules or set(rules) - set(after_tables.CAGE_RULES):
        parser.error(f"--rules: comma-separated, of {', '.join(after_tables.CAGE_RULES)}")
    text = read_source(args.collections) \
        if {"snipes", "tarek", "hard", "hs", "renban", "little", "pills", "sums"} & set(chosen) else ""
    puzzles = []
    if "snipes" in chosen:
        puzzles += [("snipes", name, read_puzzle(source)) for name, source in snipes(text)]
    if "tarek" in chosen:
        puzzles += [("tarek", f"tarek #{i}", read_puzzle(source))
                    for i, source in enumerate(tarek_killers(text), start=1)]
    if "hard" in chosen:
        puzzles += [("hard", name, read_puzzle(source)) for _, name, source in hard_killers(text)]
    for group, prefix in LISTS.items():
        if group in chosen:
            puzzles += [(group, name, read_puzzle(source)) for name, source in listed(text, prefix)]
    for group, names in NAMED.items():
        if group in chosen:
            puzzles += [(group, name, read_puzzle(source)) for name, source in named(text, names)]
    if "sums" in chosen:
        puzzles += [("sums", name, read_puzzle(source)) for name, source in sums_between(text)]
    if "datasets" in chosen:
        puzzles += [("datasets", name, read_puzzle(source)) for name, source in datasets()]
    if args.copies < 1:
        parser.error("--copies: a whole number of at least 1")
    if args.copies > 1:
        from sudoku_models.symmetry import copies

        puzzles = [(group, name if made.index == 0 else f"{name} / copy {made.index}",
                    made.puzzle)
                   for group, name, puzzle in puzzles for made in copies(puzzle, args.copies)]
    with tempfile.TemporaryDirectory() as folder, open(args.out, "w", newline="") as handle:
        kernel_before, tables_before = before_kernel(args.before, folder)
        kernels = {"before": (kernel_before, tables_before.build_rules),
                   "after": (after, after_tables.build_rules)}
        for _, _, puzzle in puzzles:  # compile both before any clock
            for kernel, build in kernels.values():
                for rule in rules:
                    count_two(kernel, build(puzzle.rules, rule), puzzle, 1)
        writer = csv.DictWriter(handle, COLUMNS)
        writer.writeheader()
        for round_ in range(1, args.repeat + 1):
            for index, (group, name, puzzle) in enumerate(puzzles):
                order = ["before", "after"] if (index + round_) % 2 else ["after", "before"]
                counts = {}
                mine = rules if _has_cages(puzzle) else rules[:1]
                for rule in mine if (index + round_) % 2 else mine[::-1]:
                    for label in order:
                        kernel, build = kernels[label]
                        tables = build(puzzle.rules, rule)
                        load = os.getloadavg()[0]
                        found, solution, nodes, cpu = count_two(kernel, tables, puzzle,
                                                                args.max_nodes)
                        counts[rule, label] = found
                        verified = bool(verify(puzzle, solution.reshape(puzzle.side,
                                                                        puzzle.side))) \
                            if found > 0 else ""
                        writer.writerow(dict(set=group, name=name, cage_rule=rule, kernel=label,
                                             revision=args.before if label == "before"
                                             else "working", round=round_, count=found,
                                             verified=verified, nodes=nodes, cpu_s=f"{cpu:.4f}",
                                             load=f"{load:.2f}", core=core))
                        handle.flush()
                        print(f"{round_} {name:32s} {rule:6s} {label:6s} count {found:2d} "
                              f"nodes {nodes:9d} cpu {cpu:8.3f}", flush=True)
                done = {found for found in counts.values() if found >= 0}
                if len(done) > 1:
                    raise SystemExit(f"{name}: the kernels or rules disagree: {counts}")
    return 0



def table(csv_path: str, iss_csv: str) -> str:
    """The README's two tables of a recorded run: per snipe, the median CPU
    seconds of the count to two (over the rounds) and its branch nodes, for
    the kernel before and after, beside the Interactive Sudoku Solver's
    median wall seconds and guesses and the median CPU seconds of its node
    process (``>``: stopped at the node cap, a bound); per guard set, the
    mean CPU seconds and branch nodes per count; the loads and the core."""
    import pandas as pd

    runs = pd.read_csv(csv_path)
    iss_runs = pd.read_csv(iss_csv)
    iss = iss_runs.groupby("name")[["wall_s", "guesses", "run_cpu_s"]].median()

    def shown(rows) -> str:
        censored = (rows["count"] < 0).any()
        mark = "> " if censored else ""
        return (f"{mark}{rows['cpu_s'].median():.2f} ({mark}"
                f"{int(rows['nodes'].median()):,})")

    lines = ["| puzzle | before: CPU s (branch nodes) | after | the solver: wall s (guesses) "
             "| its node process: CPU s |",
             "| --- | ---: | ---: | ---: | ---: |"]
    snipes = runs[runs["set"] == "snipes"]
    for name in dict.fromkeys(snipes["name"]):
        rows = snipes[snipes["name"] == name]
        theirs = (f"{iss.loc[name, 'wall_s']:.2f} ({int(iss.loc[name, 'guesses']):,}) "
                  f"| {iss.loc[name, 'run_cpu_s']:.2f}" if name in iss.index else " | ")
        lines.append(f"| {name} | {shown(rows[rows['kernel'] == 'before'])} "
                     f"| {shown(rows[rows['kernel'] == 'after'])} | {theirs} |")
    lines += ["", "| guard set | puzzles | before: mean CPU s (branch nodes) per count | after |",
              "| --- | ---: | ---: | ---: |"]
    guards = runs[runs["set"] != "snipes"].copy()
    guards["group"] = np.where(guards["set"] == "tarek", "tarek's 42 killers",
                               guards["name"].str.replace(r"#.*", "", regex=True))
    for group in dict.fromkeys(guards["group"]):
        rows = guards[guards["group"] == group]
        cells = []
        for kernel in ("before", "after"):
            mine = rows[rows["kernel"] == kernel]
            cells.append(f"{mine['cpu_s'].mean():.4f} ({int(mine['nodes'].mean()):,})")
        lines.append(f"| {group} | {rows['name'].nunique()} | {cells[0]} | {cells[1]} |")
    load, theirs = runs["load"], iss_runs["load"]
    cores = sorted({int(c) for c in pd.concat([runs["core"], iss_runs["core"]]).dropna()})
    pinned = (f"; every process pinned to core {', '.join(map(str, cores))}, the solver's "
              "node processes too" if cores else "")
    lines += ["", f"Load average (1 min) at the start of each count {load.min():.1f} to "
              f"{load.max():.1f}, of each of the solver's runs {theirs.min():.1f} to "
              f"{theirs.max():.1f}{pinned}."]
    return "\n".join(lines)


RULE_NAMES = {"sets": "digit sets (the default)", "bounds": "sum bounds"}


def killers_table(csv_path: str, slowest: int = 4, after: str = "two-way") -> str:
    """The README's table of a ``--rules`` run: for tarek's killers (when the
    run has them), per cage rule and kernel, the mean and median over the
    puzzles of each puzzle's median CPU seconds (over the rounds) and of its
    branch nodes, and on how many puzzles the kernel after (named ``after``)
    took less CPU time than the one before; under it, per rule, the
    ``slowest`` puzzles that lost the most time and the ``slowest`` that
    gained the most; then the other sets of the run (:func:`guard_lines`);
    the rounds, loads and core."""
    import pandas as pd

    every = pd.read_csv(csv_path)
    runs = every[every["set"] == "tarek"]
    revision = every.loc[every["kernel"] == "before", "revision"].iloc[0]
    lines = [] if runs.empty else killer_lines(runs, revision, after, slowest)
    if (every["set"] != "tarek").any():
        head = [""] if lines else [f"Kernels: before ({revision}), after ({after}).", ""]
        lines += [*head, *guard_lines(every[every["set"] != "tarek"])]
    load = every["load"]
    cores = ", ".join(str(int(c)) for c in every["core"].dropna().unique())
    rounds = every["round"].nunique()
    each = f"median of {rounds} rounds" if rounds > 1 else "one count"
    lines += ["", f"Each puzzle's {each} per kernel (the two kernels interleaved in one "
              f"process); load average (1 min) at the start of each count {load.min():.1f} "
              f"to {load.max():.1f}; pinned to core {cores}."]
    return "\n".join(lines)


def killer_lines(runs, revision: str, after: str, slowest: int) -> list[str]:
    """:func:`killers_table`'s table of tarek's killers and its notes."""
    per = (runs.groupby(["cage_rule", "kernel", "name"], sort=False)
           .agg(cpu=("cpu_s", "median"), nodes=("nodes", "median")).reset_index())
    lines = ["| cage rule | kernel | mean CPU s | median CPU s | mean branch nodes "
             "| median branch nodes | faster than before |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    notes = []
    for rule in sorted(dict.fromkeys(per["cage_rule"]), key=list(RULE_NAMES).index):
        mine = per[per["cage_rule"] == rule]
        cpu = mine.pivot(index="name", columns="kernel", values="cpu")
        for kernel in ("before", "after"):
            rows = mine[mine["kernel"] == kernel]
            label = f"before ({revision})" if kernel == "before" else f"after ({after})"
            faster = (f"{int((cpu['after'] < cpu['before']).sum())} of {len(cpu)}"
                      if kernel == "after" else "")
            lines.append(f"| {RULE_NAMES.get(rule, rule) if kernel == 'before' else ''} "
                         f"| {label} | {rows['cpu'].mean():.4f} | {rows['cpu'].median():.4f} "
                         f"| {rows['nodes'].mean():,.0f} | {rows['nodes'].median():,.0f} "
                         f"| {faster} |")
        change = (cpu["after"] - cpu["before"]).sort_values()

        def listed(names) -> str:
            return ", ".join(f"{name.replace('tarek ', '')} {cpu.loc[name, 'before']:.3f} to "
                             f"{cpu.loc[name, 'after']:.3f} s" for name in names)

        notes.append(f"{RULE_NAMES.get(rule, rule).capitalize()}: most CPU time added "
                     f"{listed(change.index[::-1][:slowest])} (together "
                     f"{change.iloc[::-1][:slowest].sum():+.2f} s, all "
                     f"{len(change)} {change.sum():+.2f} s); most saved "
                     f"{listed(change.index[:slowest])}.")
    return [*lines, "", *notes]


def guard_lines(runs) -> list[str]:
    """Table lines of the snipes (per puzzle: median CPU seconds and branch
    nodes over the rounds, ``>`` when stopped at the node cap), of the
    shipped datasets (per file: the mean over its puzzles of each one's
    median) and of the hard killers (per collection, the same), for the
    kernels before and after, under the first cage rule."""
    runs = runs[runs["cage_rule"] == runs["cage_rule"].iloc[0]]
    lines = ["| puzzle or set | puzzles | before: CPU s (branch nodes) | after |",
             "| --- | ---: | ---: | ---: |"]
    per = (runs.groupby(["set", "name", "kernel"], sort=False)
           .agg(cpu=("cpu_s", "median"), nodes=("nodes", "median"),
                censored=("count", lambda c: bool((c < 0).any()))).reset_index())
    per["group"] = per["name"].where(per["set"] == "snipes",
                                     per["name"].str.replace(r"#.*", "", regex=True))
    hard = per["set"] == "hard"
    per.loc[hard, "group"] = np.where(per.loc[hard, "name"].str.startswith("Mathemagic"),
                                      "Mathemagic killers", "extreme killers")
    for group in dict.fromkeys(per["group"]):
        rows = per[per["group"] == group]
        cells = []
        for kernel in ("before", "after"):
            mine = rows[rows["kernel"] == kernel]
            mark = "> " if mine["censored"].any() else ""
            how = "" if len(mine) == 1 else "mean "
            cells.append(f"{how}{mark}{mine['cpu'].mean():.4f} ({mark}"
                         f"{mine['nodes'].mean():,.0f})")
        lines.append(f"| {group} | {rows['name'].nunique()} | {cells[0]} | {cells[1]} |")
    return lines


if __name__ == "__main__":
    raise SystemExit(main())


def pairs_table(*csv_paths: str) -> str:
    """The README's table of ``--copies`` runs with one cage rule (their rows
    together, each set from one run): per set,
    the counts (puzzles x copies), the mean CPU seconds and branch nodes per
    count before and after, on how many counts the kernel after needed
    fewer and more nodes, the two-sided sign test on those (scipy's
    ``binomtest``) and the median of the per-count CPU ratios after/before.
    Censored counts (``count`` -1) are left out of the means and named."""
    import pandas as pd
    from scipy.stats import binomtest

    runs = pd.concat([pd.read_csv(path) for path in csv_paths], ignore_index=True)
    paired = runs.pivot_table(index=["set", "name"], columns="kernel",
                              values=["cpu_s", "nodes", "count"], aggfunc="median")
    lines = ["| set | counts | before: mean CPU s (branch nodes) | after | after fewer : more "
             "nodes | sign test p | median CPU ratio after/before |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for group in dict.fromkeys(runs["set"]):
        rows = paired.loc[group]
        done = rows[(rows["count"] >= 0).all(axis=1)]
        fewer = int((done["nodes", "after"] < done["nodes", "before"]).sum())
        more = int((done["nodes", "after"] > done["nodes", "before"]).sum())
        p = binomtest(fewer, fewer + more).pvalue if fewer + more else 1.0
        ratio = (done["cpu_s", "after"] / done["cpu_s", "before"]).median()
        censored = len(rows) - len(done)
        lines.append(
            f"| {group} | {len(done)}{f' (+{censored} censored)' if censored else ''} "
            f"| {done['cpu_s', 'before'].mean():.4f} ({done['nodes', 'before'].mean():,.0f}) "
            f"| {done['cpu_s', 'after'].mean():.4f} ({done['nodes', 'after'].mean():,.0f}) "
            f"| {fewer} : {more} | {p:.3g} | {ratio:.2f} |")
    loads = runs["load"]
    return "\n".join(lines) + (f"\n\nOne round, the kernels alternating; load average (1 min) "
                               f"{loads.min():.2f} to {loads.max():.2f}; pinned to core "
                               f"{runs['core'].iloc[0]}.")
