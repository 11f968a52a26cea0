"""Is the counter ahead of the Interactive Sudoku Solver on the mean of each
of its collections, counting to two solutions as a user pays for it
(issue 47)?

One command per collection (``--set``, one or more, comma-separated):

- ``tarek``: tarek's 42 hard killers (``TAREK_ALL``);
- ``hs``: the 9 ``HS_KILLERS``; ``hard``: the 4 ``EXTREME_KILLERS`` and the
  14 ``MATHEMAGIC_KILLERS``;
- ``snipes``: the 3 ``HARD_THERMOS`` and the four 16x16 examples (X and
  windoku);
- ``renban``: the 3 ``HARD_RENBAN``; ``little``: the 15
  ``LITTLE_KILLER_SNIPES``; ``pills``: the 3 long pill arrows ('Long sums
  1' to '3'),

all read from ``data/collections.js`` of sigh's Interactive Sudoku Solver
(github.com/sigh/Interactive-Sudoku-Solver, MIT; ``--iss DIR``, a checkout
of it, needs Node.js). Nothing of it is shipped.

Each round times, for every puzzle in turn, both programs on the same
core, the first of the two alternating from puzzle to puzzle:

- the toolkit: ``solve(puzzle, "backtracking", cpu_limit=--limit)``, the
  public call that proves the answer unique (a count to two), from the
  puzzle object to the verified result, the counter's tables built inside
  the call; CPU seconds (``time.process_time``) around the call, its branch
  nodes (``stats['branches']``), status, and whether the answer passes
  ``sudoku_models.verify``; one untimed solve of each puzzle before the first
  round (the kernel compiled, the process warm, as a second call in a
  session is);
- the solver: its own benchmark, ``node tools/perf/benchmark_puzzles.js
  --max-backtracks none --input-file F --solutions 2 --repeat 3 --json``,
  one node process per puzzle: the best of its three solves' wall seconds
  as the tool reports them (``ms``; its first solve of a process runs
  before the JavaScript is compiled, as the toolkit's warm-up does before
  the first round; JavaScript gives no per-solve CPU time, and on a pinned
  core of a quiet machine wall and CPU differ little), its status, solutions,
  guesses (branch points) and nodes searched, and ``run_cpu_s``, the CPU
  seconds of the whole node process (start-up and compilation included,
  an upper bound on what its solve used). It has no time limit of its
  own: a node process still running after three times ``--limit`` plus 10
  s of wall time is stopped and its row is ``TIME_LIMIT`` with ``solve_s``
  the limit, a bound (its three solves took at least that much each on
  average).

Rows to ``results/race.csv`` (``--out``): set, name, program, round,
status, solutions, nodes (the counter's branch nodes, the solver's
guesses), cpu_s (the counter's) or solve_s (the solver's), run_cpu_s, load
(1-minute load average at the start of the timed call) and core.
:func:`table` makes the README's table.

``--core K`` pins the process to core K; the node processes inherit that
affinity, so both programs run on the same one core.

Usage::

    python -m benchmarks.interactive_solver race --iss DIR --set tarek,hs [--repeat 3] \\
        [--limit 60] [--core 1] [--out FILE]
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.studykit.pinning import add_core_option, children_cpu, pin

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "race.csv"
SETS = ("tarek", "hs", "hard", "snipes", "renban", "little", "pills")
COLUMNS = ("set", "name", "program", "round", "status", "solutions", "nodes", "cpu_s", "solve_s",
           "run_cpu_s", "load", "core")
SET_NAMES = {"tarek": "TAREK's 42 killers", "hs": "HS killers", "hard": "extreme and Mathemagic killers",
             "snipes": "hard thermometers and 16x16", "renban": "hard renban",
             "little": "little-killer snipes", "pills": "long pill arrows"}


def puzzles_of(text: str, chosen: list[str]) -> list[tuple[str, str, str]]:
    """``(set, name, puzzle text)`` of the chosen sets, in :data:`SETS` order."""
    from .tarek_killers import hard_killers, tarek_killers
    from .thermo_snipes import LISTS, NAMED, listed, named, snipes

    found = []
    for group in SETS:
        if group not in chosen:
            continue
        if group == "tarek":
            found += [(group, f"tarek #{i}", source)
                      for i, source in enumerate(tarek_killers(text), start=1)]
        elif group == "hard":
            found += [(group, name, source) for _, name, source in hard_killers(text)]
        elif group == "snipes":
            found += [(group, name, source) for name, source in snipes(text)]
        elif group in LISTS:
            found += [(group, name, source) for name, source in listed(text, LISTS[group])]
        else:
            found += [(group, name, source) for name, source in named(text, NAMED[group])]
    return found


def time_counter(puzzle, limit_s: float) -> dict:
    """One timed public count to two (module docstring)."""
    from sudoku_models import solve, verify

    started = time.process_time()
    result = solve(puzzle, "backtracking", cpu_limit=limit_s)
    cpu = time.process_time() - started
    right = result.grid is not None and bool(verify(puzzle, result.grid))
    solved = result.status.name == "OPTIMAL"
    if solved and not right:
        raise SystemExit(f"the counter's answer does not verify: {result}")
    return dict(program="counter", status=result.status.name,
                solutions=result.stats.get("solutions", ""), nodes=result.stats.get("branches", ""),
                cpu_s=f"{cpu:.4f}")


def time_solver(folder: str, source: str, temp: str, limit_s: float) -> dict:
    """One run of the solver's own benchmark on one puzzle (module docstring)."""
    from .solver_benchmark import iss_benchmark

    before = children_cpu()
    try:
        row, run_cpu = iss_benchmark(folder, source, temp, "--repeat", "3",
                                     timeout=3 * limit_s + 10)
    except subprocess.TimeoutExpired:
        return dict(program="iss", status="TIME_LIMIT", solutions="", nodes="",
                    solve_s=f"{limit_s:.4f}", run_cpu_s=f"{children_cpu() - before:.3f}")
    return dict(program="iss", status=row["status"], solutions=row["solutions"],
                nodes=row["guesses"], solve_s=f"{row['ms'] / 1000:.4f}", run_cpu_s=f"{run_cpu:.3f}")


def run(folder: str, chosen: list[str], repeat: int, limit_s: float, out: Path,
        core: int | None) -> None:
    """Every round of both programs on the chosen sets, rows to ``out``."""
    from sudoku_models.formats.puzzle_text import read_puzzle

    text = (Path(folder) / "data" / "collections.js").read_text()
    puzzles = [(group, name, source, read_puzzle(source))
               for group, name, source in puzzles_of(text, chosen)]
    from sudoku_models import solve

    for _, _, _, puzzle in puzzles:  # untimed: the kernel compiled, the process warm
        solve(puzzle, "backtracking", cpu_limit=min(limit_s, 2.0))
    with open(out, "w", newline="") as handle, tempfile.TemporaryDirectory() as temp:
        writer = csv.DictWriter(handle, COLUMNS)
        writer.writeheader()
        for round_ in range(1, repeat + 1):
            for index, (group, name, source, puzzle) in enumerate(puzzles):
                order = ("counter", "iss") if (index + round_) % 2 else ("iss", "counter")
                for program in order:
                    load = os.getloadavg()[0]
                    row = (time_counter(puzzle, limit_s) if program == "counter"
                           else time_solver(folder, source, temp, limit_s))
                    writer.writerow(dict(row, set=group, name=name, round=round_,
                                         load=f"{load:.2f}", core=core))
                    handle.flush()
                    print(f"{round_} {group:7s} {name:32s} {program:8s} {row['status']:11s} "
                          f"nodes {row['nodes']!s:>9} "
                          f"{row.get('cpu_s') or row.get('solve_s')} s", flush=True)


def table(*csv_paths: str | Path) -> str:
    """The README's table of one or more recorded runs (their rows
    together, each set from one run): per set, the puzzles both programs
    decided in every round, the mean over them of each puzzle's median
    (over the rounds) counter CPU seconds and solver solve seconds, their
    ratio (counter / solver; below 1: the counter ahead), the mean branch
    nodes and guesses; puzzles either program left undecided within the
    limit are counted apart (a time there is a bound, never averaged in);
    then the rounds, loads and core."""
    import pandas as pd

    runs = pd.concat([pd.read_csv(p) for p in csv_paths], ignore_index=True)
    runs["decided"] = runs["status"].isin(("OPTIMAL", "unique"))
    mine = runs[runs["program"] == "counter"]
    theirs = runs[runs["program"] == "iss"]
    decided = runs.groupby("name")["decided"].all()
    stopped_mine = mine.groupby("name")["decided"].all().eq(False)
    stopped_theirs = theirs.groupby("name")["decided"].all().eq(False)
    per_mine = mine.groupby(["set", "name"], sort=False).agg(cpu=("cpu_s", "median"),
                                                             nodes=("nodes", "median"))
    per_theirs = theirs.groupby(["set", "name"], sort=False).agg(
        solve=("solve_s", "median"), guesses=("nodes", "median"), run=("run_cpu_s", "median"))
    both = per_mine.join(per_theirs)
    lines = ["| collection | puzzles | both decided | counter: mean CPU s (branch nodes) "
             "| solver: mean solve s (guesses) | ratio | not decided: counter, solver |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for group in dict.fromkeys(runs["set"]):
        rows = both.loc[group]
        ok = rows[decided.reindex(rows.index).to_numpy()]
        ratio = ok["cpu"].mean() / ok["solve"].mean() if len(ok) else float("nan")
        lines.append(f"| {SET_NAMES.get(group, group)} | {len(rows)} | {len(ok)} "
                     f"| {ok['cpu'].mean():.4f} ({ok['nodes'].mean():,.0f}) "
                     f"| {ok['solve'].mean():.4f} ({ok['guesses'].mean():,.0f}) "
                     f"| {ratio:.2f}x | {int(stopped_mine.reindex(rows.index).sum())}, "
                     f"{int(stopped_theirs.reindex(rows.index).sum())} |")
    rounds = "-".join(str(n) for n in sorted({runs.groupby("name")["round"].nunique().min(),
                                                runs.groupby("name")["round"].nunique().max()}))
    cores = ", ".join(str(int(c)) for c in runs["core"].dropna().unique())
    lines += ["", f"Each puzzle's median of {rounds} round(s) per program, the programs "
              f"alternating; load average (1 min) at the start of each call "
              f"{runs['load'].min():.2f} to {runs['load'].max():.2f}; pinned to core {cores}."]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iss", required=True, metavar="DIR",
                        help="a checkout of the Interactive Sudoku Solver (its puzzles and its "
                             "benchmark; needs Node.js)")
    parser.add_argument("--set", default="tarek", help=f"comma-separated, of {', '.join(SETS)}")
    parser.add_argument("--repeat", type=int, default=3, help="rounds")
    parser.add_argument("--limit", type=float, default=60.0,
                        help="the counter's CPU-second limit per puzzle")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--table", nargs="+", metavar="CSV",
                        help="print the table of these recorded runs and stop")
    add_core_option(parser)
    args = parser.parse_args(argv)
    if args.table:
        print(table(*args.table))
        return 0
    chosen = args.set.split(",")
    if set(chosen) - set(SETS):
        parser.error(f"--set: comma-separated, of {', '.join(SETS)}")
    if not (Path(args.iss) / "tools" / "perf" / "benchmark_puzzles.js").exists():
        parser.error(f"--iss {args.iss}: no tools/perf/benchmark_puzzles.js there")
    core = pin(parser, args.core)
    run(args.iss, chosen, args.repeat, args.limit, Path(args.out), core)
    print(table(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
