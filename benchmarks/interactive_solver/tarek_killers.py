"""Does pruning a cage by its admissible digit sets beat pruning it by its
sum bounds in the counter, on the hard killers the Interactive Sudoku
Solver is measured on (issue 33)?

The puzzles are tarek's 42 hard killers, the ``TAREK_ALL`` list of sigh's
Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver,
``data/collections.js``, MIT; from tarek's thread on the rcbroughton.co.uk
Sudoku forum), in the short killer format the toolkit reads
(:func:`sudoku_models.formats.iss.from_short_killer`). They are not shipped: the
script downloads ``collections.js`` into a temporary folder at run time
(``--collections FILE`` reads a copy instead).

For each puzzle the general kernel counts to two solutions (the proof that
the answer is unique, as ``solve(p, "backtracking")`` does) once per cage
rule (:data:`sudoku_models.counter.kernel_tables.CAGE_RULES`), the rules in
alternating order from puzzle to puzzle, ``--repeat`` times; each row holds
the CPU seconds of that count (``time.process_time``; the tables are built
before, the kernel compiled before the first timed count), its branch
nodes, the count and whether the answer passes ``sudoku_models.verify``.
Both rules must give the same count and answer. Rows go to
``results/tarek_killers.csv`` beside this script.

``--iss DIR`` (a checkout of the Interactive Sudoku Solver; needs Node.js)
also runs its own benchmark, ``node tools/perf/benchmark_puzzles.js
--max-backtracks none --puzzles TAREK_ALL --solutions 2 --json``, with the
same ``--repeat``, and writes its rows to ``results/tarek_killers_iss.csv``:
per puzzle the best and the median wall time of its solves as it reports
them (JavaScript gives no per-solve CPU time: wall seconds, on the same
machine and core), its guesses (branch points), nodes searched and status,
and ``run_cpu_s``, the CPU seconds of the whole node process (every solve
of every puzzle, start-up and compilation included: an upper bound on the
CPU time of its solves that load does not inflate).

``--hard`` runs the solver's hard killers instead: its 4 "extreme" killers
(``EXTREME_KILLERS``: Wecoc #1, #1 [mod A], #2, tarek unsolvable #41, in
the long killer format) and the 14 of ``MATHEMAGIC_KILLERS`` (generated
with that solver by the forum user Mathemagic), each counted to two with
the default cage rule within ``--limit`` CPU seconds (the kernel runs in a
thread, watched by the CPU clock of that thread, and is asked to stop at
the limit: status ``TIME_LIMIT``); rows to ``results/hard_killers.csv``,
and with ``--iss`` the solver's own rows for the two collections (no limit:
it has none but a backtrack budget) to ``results/hard_killers_iss.csv``.

``--core K`` pins the process to core K (default: the first core of its
affinity set); the node process of ``--iss`` inherits that affinity, so
the solver runs on the same one core as the counter, its helper threads
(garbage collection, compilation) included. Every row records that core
(``core``) and the 1-minute load average read at the start of its timed
count (``load``; for the solver's rows, at the start of its node run,
which times every puzzle of the run).

Usage::

    python -m benchmarks.interactive_solver tarek-killers [--collections FILE] [--repeat 3] \
        [--iss DIR] [--hard [--limit 60]] [--core K]
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "tarek_killers.csv"
HARD_OUT = HERE / "results" / "hard_killers.csv"
EXTREME = ("Wecoc #1", "Wecoc #1 [mod A]", "Wecoc #2", "tarek unsolvable #41")
SOURCE = ("https://raw.githubusercontent.com/sigh/Interactive-Sudoku-Solver/"
          "e373f98/data/collections.js")
TAREK = 42
COLUMNS = ("index", "cage_rule", "repeat", "solutions", "verified", "branches", "cpu_s", "load",
           "core")
ISS_COLUMNS = ("index", "puzzle", "status", "solutions", "guesses", "nodes", "best_wall_s",
               "median_wall_s", "repeat", "run_cpu_s", "load", "core")
HARD_COLUMNS = ("index", "collection", "name", "status", "solutions", "verified", "branches",
                "cpu_s", "limit_s", "load", "core")


def tarek_killers(text: str) -> list[str]:
    """The first :data:`TAREK` short-format killers of ``TAREK_ALL`` in the
    text of ``collections.js`` (the list's entries 1 to 42 are tarek's
    thread's; it goes on with other killers)."""
    block = re.search(r"TAREK_ALL\s*=\s*new PuzzleCollection\((.*?)\]\s*,?\s*\)", text, re.S)
    if block is None:
        raise SystemExit("no TAREK_ALL list in the collections file")
    return re.findall(r"'([^']{81})'", block[1])[:TAREK]


def hard_killers(text: str) -> list[tuple[str, str, str]]:
    """``(collection, name, puzzle text)`` of the solver's 4 extreme killers
    (by name, their ``input`` in the long format) and of
    ``MATHEMAGIC_KILLERS`` (short format) in ``collections.js``."""
    found = []
    for name in EXTREME:
        entry = re.search(r"name: '" + re.escape(name) + r"',.*?input: '([^']+)'", text, re.S)
        if entry is None:
            raise SystemExit(f"no extreme killer {name!r} in the collections file")
        found.append(("EXTREME_KILLERS", name, entry[1]))
    block = re.search(r"MATHEMAGIC_KILLERS\s*=\s*new PuzzleCollection\((.*?)\]\s*,?\s*\)", text,
                      re.S)
    if block is None:
        raise SystemExit("no MATHEMAGIC_KILLERS list in the collections file")
    found += [("MATHEMAGIC_KILLERS", f"Mathemagic {i}", killer)
              for i, killer in enumerate(re.findall(r"'([^']{81})'", block[1]), start=1)]
    return found


def read_source(path: str | None) -> str:
    if path:
        return Path(path).read_text()
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "collections.js"
        urllib.request.urlretrieve(SOURCE, target)
        return target.read_text()


def count_two(puzzle, tables, work):
    """``(count, solution, branch nodes, CPU seconds)`` of a count to two."""
    from sudoku_models.counter import kernel
    from sudoku_models.counter.core import NO_LIMIT, NODES, new_control

    control = new_control()
    solution = np.zeros(tables.cells, np.int32)
    clues = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int32)
    started = time.process_time()
    found = kernel.count(clues, 2, NO_LIMIT, tables.identity, control, solution, tables.locked, work)
    cpu = time.process_time() - started
    return int(found), solution, int(control[NODES]), cpu


def count_within(puzzle, tables, limit_s: float):
    """:func:`count_two` in a thread stopped after ``limit_s`` CPU seconds of
    that thread: ``(count, solution, branch nodes, CPU seconds, stopped)``."""
    from sudoku_models.counter import kernel
    from sudoku_models.counter.core import NO_LIMIT, NODES, STOP, STOPPED, new_control

    control = new_control()
    solution = np.zeros(tables.cells, np.int32)
    clues = np.ascontiguousarray(puzzle.grid.ravel(), dtype=np.int32)
    work = tables.workspace()
    result = {}

    def run():
        started = time.thread_time()
        result["found"] = kernel.count(clues, 2, NO_LIMIT, tables.identity, control, solution,
                                       tables.locked, work)
        result["cpu"] = time.thread_time() - started

    worker = threading.Thread(target=run)
    worker.start()
    clock = time.pthread_getcpuclockid(worker.ident)
    start = time.clock_gettime(clock)
    while worker.is_alive():
        worker.join(0.05)
        if worker.is_alive() and time.clock_gettime(clock) - start >= limit_s:
            control[STOP] = 1
    return (int(result["found"]), solution, int(control[NODES]), result["cpu"],
            bool(control[STOPPED]))


def run_hard(text: str, limit_s: float, out: Path, core: int | None = None) -> None:
    """The counter on the solver's hard killers (module docstring)."""
    from sudoku_models import verify
    from sudoku_models.counter.kernel_tables import build_rules
    from sudoku_models.formats.puzzle_text import read_puzzle

    entries = hard_killers(text)
    puzzles = [read_puzzle(killer, name=name) for _, name, killer in entries]
    built = [build_rules(p.rules) for p in puzzles]
    count_two(puzzles[0], built[0], built[0].workspace())  # compile outside every timing
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", newline="") as handle:
        writer = csv.DictWriter(handle, HARD_COLUMNS)
        writer.writeheader()
        for index, ((collection, name, _), puzzle, tables) in enumerate(
                zip(entries, puzzles, built), start=1):
            load = os.getloadavg()[0]
            found, solution, nodes, cpu, stopped = count_within(puzzle, tables, limit_s)
            verified = found > 0 and bool(verify(puzzle, solution.reshape(puzzle.grid.shape)))
            status = "TIME_LIMIT" if stopped else {0: "INFEASIBLE", 1: "UNIQUE"}.get(found,
                                                                                   "MULTIPLE")
            writer.writerow(dict(index=index, collection=collection, name=name, status=status,
                                 solutions=found, verified=verified, branches=nodes,
                                 cpu_s=f"{cpu:.6f}", limit_s=limit_s, load=f"{load:.2f}",
                                 core=core))
            handle.flush()
            print(f"{name}: {status} {cpu:.3f} s CPU, {nodes} nodes, verified {verified}",
                  flush=True)


def run_iss(folder: str, repeat: int, out: Path, collections: str = "TAREK_ALL",
            core: int | None = None) -> None:
    """The Interactive Sudoku Solver's own benchmark of ``collections`` (module docstring)."""
    from .solver_benchmark import iss_rows

    load = os.getloadavg()[0]
    found, run_cpu = iss_rows(folder, "--puzzles", collections, "--repeat", str(repeat))
    rows = [dict(index=i, puzzle=row["puzzle"], status=row["status"],
                 solutions=row["solutions"], guesses=row["guesses"],
                 nodes=row.get("nodesSearched", ""), best_wall_s=f"{row['ms'] / 1000:.6f}",
                 median_wall_s=f"{row.get('msMedian', row['ms']) / 1000:.6f}", repeat=repeat,
                 run_cpu_s=f"{run_cpu:.3f}", load=f"{load:.2f}", core=core)
            for i, row in enumerate(found, start=1)]
    with open(out, "w", newline="") as handle:
        writer = csv.DictWriter(handle, ISS_COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    best = np.array([float(r["best_wall_s"]) for r in rows])
    print(f"Interactive Sudoku Solver: mean {best.mean():.3f} s, median {np.median(best):.3f} s, "
          f"max {best.max():.3f} s wall (best of {repeat}) over {len(rows)} puzzles; the node "
          f"process used {run_cpu:.1f} CPU s for the {len(rows) * repeat} solves")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--collections", help="a copy of the solver's data/collections.js")
    parser.add_argument("--repeat", type=int, default=1, help="counts per puzzle and rule")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--iss", metavar="DIR",
                        help="a checkout of the Interactive Sudoku Solver: time it too (Node.js)")
    parser.add_argument("--iss-only", action="store_true", help="time only the solver of --iss")
    parser.add_argument("--hard", action="store_true",
                        help="the solver's 4 extreme and 14 Mathemagic killers instead")
    parser.add_argument("--limit", type=float, default=60.0,
                        help="CPU seconds per hard killer (--hard)")
    parser.add_argument("--core", type=int, help="pin the process (and the solver's node "
                        "process) to this core (default: the first of its affinity set)")
    args = parser.parse_args(argv)
    from benchmarks.studykit.pinning import pin

    core = pin(parser, args.core)
    if args.hard:
        out = Path(args.out) if args.out != str(OUT) else HARD_OUT
        if args.iss:
            run_iss(args.iss, args.repeat, out.with_name("hard_killers_iss.csv"),
                    "EXTREME_KILLERS,MATHEMAGIC_KILLERS", core)
        if not args.iss_only:
            run_hard(read_source(args.collections), args.limit, out, core)
        return 0
    if args.iss:
        run_iss(args.iss, args.repeat, Path(args.out).with_name("tarek_killers_iss.csv"),
                core=core)
        if args.iss_only:
            return 0
    from sudoku_models import verify
    from sudoku_models.counter.kernel_tables import CAGE_RULES, build_rules
    from sudoku_models.formats.puzzle_text import read_puzzle

    puzzles = [read_puzzle(text, name=f"tarek {i}")
               for i, text in enumerate(tarek_killers(read_source(args.collections)), start=1)]
    built = {rule: [build_rules(p.rules, rule) for p in puzzles] for rule in CAGE_RULES}
    for rule in CAGE_RULES:  # compile (and warm) outside every timing
        count_two(puzzles[0], built[rule][0], built[rule][0].workspace())
    rows = []
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", newline="") as handle:  # row by row: a long run keeps what it did
        writer = csv.DictWriter(handle, COLUMNS)
        writer.writeheader()
        for index, puzzle in enumerate(puzzles):
            answers = set()
            for repeat in range(args.repeat):
                order = CAGE_RULES if (index + repeat) % 2 == 0 else CAGE_RULES[::-1]
                for rule in order:
                    tables = built[rule][index]
                    work = tables.workspace()
                    load = os.getloadavg()[0]
                    found, solution, nodes, cpu = count_two(puzzle, tables, work)
                    answers.add((found, solution.tobytes()))
                    answer = solution.reshape(puzzle.grid.shape)
                    rows.append(dict(index=index + 1, cage_rule=rule, repeat=repeat,
                                     solutions=found, verified=bool(verify(puzzle, answer)),
                                     branches=nodes, cpu_s=f"{cpu:.6f}", load=f"{load:.2f}",
                                     core=core))
                    writer.writerow(rows[-1])
            handle.flush()
            if len(answers) != 1:
                raise SystemExit(f"tarek {index + 1}: the cage rules disagree")
            print(f"tarek {index + 1}: " + ", ".join(
                f"{r['cage_rule']} {r['cpu_s']} s {r['branches']} nodes" for r in rows[-2:]),
                flush=True)
    for rule in CAGE_RULES:
        mine = [r for r in rows if r["cage_rule"] == rule]
        cpu = np.array([float(r["cpu_s"]) for r in mine])
        print(f"{rule}: mean {cpu.mean():.3f} s, median {np.median(cpu):.3f} s, max "
              f"{cpu.max():.3f} s CPU; mean branch nodes "
              f"{np.mean([r['branches'] for r in mine]):.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
