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
  1' to '3'); ``sums``: every puzzle of the file with a lunchbox, a
  sandwich or an X-sum that the toolkit reads (:func:`.thermo_snipes.sums_between`),

all read from ``data/collections.js`` of sigh's Interactive Sudoku Solver
(github.com/sigh/Interactive-Sudoku-Solver, MIT; ``--iss DIR``, a checkout
of it, needs Node.js); and ``examples``: its example puzzles
(``data/example_puzzles.js``) that the toolkit reads, each distinct
string once (57 of its 62; :func:`readable_examples` names the others).
Nothing of it is shipped.

``--copies K`` runs each puzzle in ``K`` isomorphic copies
(:func:`sudoku_models.symmetry.copies`, seed 0: rows, columns, bands,
transposition and values moved as every constraint of the puzzle admits),
each written as the solver's constraint string
(:func:`sudoku_models.formats.iss.to_iss`; copy 0 the collection's own
string): both programs read the same string. A search's order follows the
layout, so the copies give each puzzle's own variability, and a
difference is a claim only beyond it.

Each round times, for every puzzle copy in turn, both programs on the same
core, the first of the two alternating from copy to copy:

- the toolkit: ``solve(puzzle, "backtracking", cpu_limit=--limit)``, the
  public call that proves the answer unique (a count to two), from the
  puzzle object (read untimed from the string, as the solver's benchmark
  leaves its parse and build out of its time) to the verified result, the
  puzzle's lowered constraints, line automata and the counter's tables
  built inside the call; CPU seconds (``time.process_time``) around the call, its branch
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

Rows to ``results/race.csv`` (``--out``): set, name, copy, program, round,
status, solutions, nodes (the counter's branch nodes, the solver's
guesses), cpu_s (the counter's) or solve_s (the solver's), run_cpu_s, load
(1-minute load average at the start of the timed call) and core.
:func:`table` makes the README's table.

``--core K`` pins the process to core K; the node processes inherit that
affinity, so both programs run on the same one core.

Usage::

    python -m benchmarks.interactive_solver race --iss DIR --set tarek,hs [--repeat 3] \\
        [--copies 5] [--limit 60] [--core 1] [--out FILE]
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks.studykit.pinning import add_core_option, children_cpu, pin

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "race.csv"
SETS = ("tarek", "hs", "hard", "snipes", "renban", "little", "pills", "sums", "examples")
COLUMNS = ("set", "name", "copy", "program", "round", "status", "solutions", "nodes", "cpu_s", "solve_s",
           "run_cpu_s", "load", "core")
# A count to two ended: the counter found its solutions or none; the solver's statuses
# (tools/lib/solver_analysis.js: "capped" stopped at its limit, "wrong" is not its answer).
DECIDED = ("OPTIMAL", "INFEASIBLE", "unique", "multiple", "no-solution")
SET_NAMES = {"tarek": "TAREK's 42 killers", "hs": "HS killers", "hard": "extreme and Mathemagic killers",
             "snipes": "hard thermometers and 16x16", "renban": "hard renban",
             "little": "little-killer snipes", "pills": "long pill arrows",
             "sums": "lunchboxes, sandwiches, X-sums", "examples": "the solver's examples"}


def puzzles_of(text: str, chosen: list[str], examples: str = "") -> list[tuple[str, str, str]]:
    """``(set, name, puzzle text)`` of the chosen sets, in :data:`SETS` order;
    ``text`` is the solver's ``data/collections.js``, ``examples`` its
    ``data/example_puzzles.js`` (for the set ``examples``)."""
    from .tarek_killers import hard_killers, tarek_killers
    from .thermo_snipes import LISTS, NAMED, listed, named, snipes, sums_between

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
        elif group == "examples":
            found += [(group, name, source) for name, source in readable_examples(examples)]
        elif group == "sums":
            found += [(group, name, source) for name, source in sums_between(text)]
        elif group in LISTS:
            found += [(group, name, source) for name, source in listed(text, LISTS[group])]
        else:
            found += [(group, name, source) for name, source in named(text, NAMED[group])]
    return found


def readable_examples(text: str) -> list[tuple[str, str]]:
    """``(name, constraint string)`` of the solver's example puzzles
    (``data/example_puzzles.js``, :func:`.read_and_solve.entries`) that the
    toolkit reads, each distinct string once; the others are named on
    stdout with what the reader refused."""
    from .thermo_snipes import readable_entries

    found, refused = readable_entries("example_puzzles.js", text)
    for name, error in refused:
        print(f"examples: {name} left out, not read: {error}", flush=True)
    return found


def time_counter(source: str, limit_s: float) -> dict:
    """One timed public count to two of the constraint string ``source``
    (module docstring), read untimed as the solver's benchmark reads it,
    then its lowered constraints, line automata and tables built inside
    the call: the puzzle object, the process's automata caches and the
    counter's latest 64 tables would otherwise have kept the warm-up's
    (and an earlier round's)."""
    from sudoku_models import solve, verify
    from sudoku_models.counter import forget_tables
    from sudoku_models.formats.puzzle_text import read_puzzle

    puzzle = read_puzzle(source)
    forget_tables()
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


def copies_of(source: str, k: int) -> list[tuple[int, str]]:
    """``(copy, constraint string)`` of ``k`` isomorphic copies of the
    puzzle ``source`` (module docstring; fewer where the puzzle admits
    fewer moves, or where the solver's format cannot say a copy's kinds),
    copy 0 ``source`` itself."""
    from sudoku_models.errors import PuzzleFormatError
    from sudoku_models.formats.iss import to_iss
    from sudoku_models.formats.puzzle_text import read_puzzle
    from sudoku_models.symmetry import copies

    found = [(0, source)]
    for moved in copies(read_puzzle(source), k, seed=0)[1:]:
        try:
            found.append((moved.index, to_iss(moved.puzzle)))
        except PuzzleFormatError as error:
            print(f"copy {moved.index} left out, not written: {error}", flush=True)
    return found


def run(folder: str, chosen: list[str], repeat: int, copies: int, limit_s: float, out: Path,
        core: int | None) -> None:
    """Every round of both programs on the chosen sets' puzzle copies, rows
    to ``out``."""
    from sudoku_models import solve
    from sudoku_models.formats.puzzle_text import read_puzzle
    from sudoku_models.registry import CapabilityError

    data = Path(folder) / "data"
    text = (data / "collections.js").read_text()
    examples = (data / "example_puzzles.js").read_text() if "examples" in chosen else ""
    items = [(group, name, copy, moved, read_puzzle(moved))
             for group, name, source in puzzles_of(text, chosen, examples)
             for copy, moved in copies_of(source, copies)]
    kept = []
    for item in items:  # untimed: the kernel compiled, the process warm
        try:
            solve(item[-1], "backtracking", cpu_limit=min(limit_s, 2.0))
        except CapabilityError as error:  # a layout the counter does not take
            print(f"{item[0]} {item[1]} copy {item[2]} left out: {error}", flush=True)
            continue
        kept.append(item)
    items = kept
    with open(out, "w", newline="") as handle, tempfile.TemporaryDirectory() as temp:
        writer = csv.DictWriter(handle, COLUMNS)
        writer.writeheader()
        for round_ in range(1, repeat + 1):
            for index, (group, name, copy, source, _) in enumerate(items):
                order = ("counter", "iss") if (index + round_) % 2 else ("iss", "counter")
                for program in order:
                    load = os.getloadavg()[0]
                    row = (time_counter(source, limit_s) if program == "counter"
                           else time_solver(folder, source, temp, limit_s))
                    writer.writerow(dict(row, set=group, name=name, copy=copy, round=round_,
                                         load=f"{load:.2f}", core=core))
                    handle.flush()
                    print(f"{round_} {group:7s} {name:32s} {copy:2d} {program:8s} "
                          f"{row['status']:11s} nodes {row['nodes']!s:>9} "
                          f"{row.get('cpu_s') or row.get('solve_s')} s", flush=True)


def _ratio_of_means_interval(mine, theirs) -> tuple[float, float]:
    """The percentile bootstrap 95% interval of ``sum(mine) / sum(theirs)``,
    the puzzles (paired entries, each the sum over its copies) resampled
    (9999 resamples, seed 0); NaN for fewer than 3 puzzles."""
    import numpy as np
    from scipy import stats

    if len(mine) < 3:
        return math.nan, math.nan
    found = stats.bootstrap((np.asarray(mine), np.asarray(theirs)),
                            lambda a, b, axis=-1: a.sum(axis) / b.sum(axis), paired=True,
                            vectorized=True, n_resamples=9999, method="percentile",
                            random_state=np.random.default_rng(0))
    return float(found.confidence_interval.low), float(found.confidence_interval.high)


def _paired(copies) -> dict:
    """The library's paired comparison (:func:`sudoku_models.bench.
    statistics.compare`) of the counter against the solver on one set's
    puzzle copies (each its median over the rounds): each puzzle the median
    over its copies, a copy either program left undecided censored at the
    time it was stopped."""
    import pandas as pd

    from benchmarks.studykit.permuted import pair_row
    from sudoku_models.bench import statistics as st

    frame = pd.DataFrame({
        "dataset": "race", "order": 3, "options": "",
        "method": copies["program"], "index": copies["puzzle"], "permutation": copies["copy"],
        "status": copies["decided"].map({True: "OPTIMAL", False: "TIME_LIMIT"}),
        "total_s": copies["seconds"],
        "time_limit_s": copies["seconds"].where(~copies["decided"], math.inf)})
    return pair_row(st.compare(frame), "counter", "iss")


def _per_copy(csv_paths):
    """The rows of recorded runs together (a run before ``--copies``: copy
    0), with ``decided`` and ``seconds`` (the counter's CPU, the solver's
    solve seconds), and one row per set, puzzle, copy and program: its
    median seconds and nodes over the rounds, and whether every round
    decided it."""
    import pandas as pd

    runs = pd.concat([pd.read_csv(p) for p in csv_paths], ignore_index=True)
    runs["copy"] = runs["copy"].fillna(0).astype(int) if "copy" in runs else 0
    runs["decided"] = runs["status"].isin(DECIDED)
    runs["seconds"] = runs["cpu_s"].where(runs["program"] == "counter", runs["solve_s"])
    per = runs.groupby(["set", "name", "copy", "program"], sort=False).agg(
        seconds=("seconds", "median"), nodes=("nodes", "median"),
        decided=("decided", "all")).reset_index()
    return runs, per


def table(*csv_paths: str | Path) -> str:
    """The README's table of one or more recorded runs (their rows
    together, each set from one run). Per set: its puzzles (and their
    copies, a puzzle that admits fewer moves having fewer); the puzzle
    copies both programs decided in every round, and over them the
    mean of each copy's median (over the rounds) counter CPU seconds and
    solver solve seconds, their ratio (counter / solver; below 1: the
    counter ahead) with a bootstrap 95% interval over the puzzles, the mean
    branch nodes and guesses; on the puzzles (each the median over its
    copies) how many each program was faster on, and the library's verdict
    on the median ratio with the sign test's p-value and the copies'
    spread (the median over puzzles of their slowest over fastest copy: a
    difference inside it is said so); the puzzle copies either program left
    undecided within the limit (a time there is a bound, never averaged
    in); then the rounds, loads and core."""
    import pandas as pd

    runs, per = _per_copy(csv_paths)
    keys = ["set", "name", "copy", "program"]
    per["puzzle"] = per.groupby("set", sort=False)["name"].transform(
        lambda names: pd.factorize(names)[0])
    lines = ["| collection | puzzles (copies) | both decided | counter: mean CPU s (branch nodes) "
             "| solver: mean solve s (guesses) | ratio of means (95% CI) "
             "| faster on puzzles: counter : solver | verdict | not decided: counter, solver |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"]
    for group, rows in per.groupby("set", sort=False):
        wide = rows.pivot_table(index=["puzzle", "copy"], columns="program",
                                values=["seconds", "nodes", "decided"], aggfunc="first")
        both = wide["decided"].all(axis=1).astype(bool)
        ok = wide[both.to_numpy()]
        mine, theirs = ok["seconds"]["counter"], ok["seconds"]["iss"]
        sums = pd.DataFrame({"mine": mine, "theirs": theirs}).groupby(level="puzzle").sum()
        low, high = _ratio_of_means_interval(sums["mine"], sums["theirs"])
        ci = "" if math.isnan(low) else f" ({low:.2f}-{high:.2f})"
        pair = _paired(rows)
        undecided = (~wide["decided"].astype(bool)).sum()
        verdict = (pair["verdict"].replace("iss faster", "solver faster")
                   + f" (sign p {pair['sign_p']:.2g}"
                   + ("" if math.isnan(pair["variability"]) else
                      f", copies' spread {pair['variability']:.1f}x") + ")")
        lines.append(f"| {SET_NAMES.get(group, group)} | {rows['puzzle'].nunique()} "
                     f"({len(wide)}) | {len(ok)} "
                     f"| {mine.mean():.4f} ({ok['nodes']['counter'].mean():,.0f}) "
                     f"| {theirs.mean():.4f} ({ok['nodes']['iss'].mean():,.0f}) "
                     f"| {mine.mean() / theirs.mean():.2f}x{ci} "
                     f"| {pair['a_faster']} : {pair['b_faster']} | {verdict} "
                     f"| {int(undecided['counter'])}, {int(undecided['iss'])} |")
    rounds = "-".join(str(n) for n in sorted({runs.groupby(keys)["round"].nunique().min(),
                                                runs.groupby(keys)["round"].nunique().max()}))
    cores = ", ".join(str(int(c)) for c in runs["core"].dropna().unique())
    lines += ["", f"Each puzzle copy's median of {rounds} round(s) per program, the programs "
              f"alternating; load average (1 min) at the start of each call "
              f"{runs['load'].min():.2f} to {runs['load'].max():.2f}; pinned to core {cores}."]
    return "\n".join(lines)


def layouts_table(*csv_paths: str | Path) -> str:
    """The collections' own layouts (copy 0) against the moved copies (1 and
    up) of recorded runs with ``--copies``: per set, on the puzzle copies
    both programs decided in every round (each its median over the rounds),
    the mean branch nodes, guesses and seconds of each program on each, and
    the ratio of the means' seconds (counter / solver)."""
    _, per = _per_copy(csv_paths)
    wide = per.pivot_table(index=["set", "name", "copy"], columns="program",
                           values=["seconds", "nodes", "decided"], aggfunc="first", sort=False)
    wide = wide[wide["decided"].all(axis=1).astype(bool).to_numpy()]
    lines = ["| collection | layout | copies | counter: mean branch nodes | solver: mean guesses "
             "| counter: mean CPU s | solver: mean solve s | ratio of means |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for group in dict.fromkeys(wide.index.get_level_values("set")):
        rows = wide.loc[group]
        own = rows.index.get_level_values("copy") == 0
        for layout, chosen in (("own", rows[own]), ("moved", rows[~own])):
            mine, theirs = chosen["seconds"]["counter"].mean(), chosen["seconds"]["iss"].mean()
            lines.append(f"| {SET_NAMES.get(group, group)} | {layout} | {len(chosen)} "
                         f"| {chosen['nodes']['counter'].mean():,.0f} "
                         f"| {chosen['nodes']['iss'].mean():,.0f} | {mine:.4f} | {theirs:.4f} "
                         f"| {mine / theirs:.2f}x |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iss", required=True, metavar="DIR",
                        help="a checkout of the Interactive Sudoku Solver (its puzzles and its "
                             "benchmark; needs Node.js)")
    parser.add_argument("--set", default="tarek", help=f"comma-separated, of {', '.join(SETS)}")
    parser.add_argument("--repeat", type=int, default=3, help="rounds")
    parser.add_argument("--copies", type=int, default=1, metavar="K",
                        help="isomorphic copies of each puzzle, both programs reading the same "
                             "constraint string (1: the puzzle alone)")
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
    if args.repeat < 1 or args.copies < 1:
        parser.error("--repeat and --copies: whole numbers of at least 1")
    if not (Path(args.iss) / "tools" / "perf" / "benchmark_puzzles.js").exists():
        parser.error(f"--iss {args.iss}: no tools/perf/benchmark_puzzles.js there")
    core = pin(parser, args.core)
    run(args.iss, chosen, args.repeat, args.copies, args.limit, Path(args.out), core)
    print(table(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
