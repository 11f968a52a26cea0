"""The 9x9 counter beside tdoku in tdoku's own columns: puzzles per second,
% solved without guessing, guesses per puzzle (one core, count to 2).

Usage::

    python benchmarks/counter_speed/tdoku_columns.py [--tdoku-source ../shared/peers/tdoku]
        [--rounds 5] [--block 500] [--core K]
        [--csv benchmarks/counter_speed/results/tdoku_columns.csv]
        [--all-cores CSV [--only-all-cores]]

tdoku (https://github.com/t-dillon/tdoku, ``TdokuSolverDpllTriadSimd``) is
copied to a temporary directory and built there with its own CMake defaults
(``-O3 -march=native``; clang when present, else the default compiler),
with a C loop over its C API that records each puzzle's count and guesses;
our side is the compiled loop :func:`sudoku_models.counter.kernel9.count9_many`
on one thread. Neither side pays a Python call per puzzle.

Timing: each collection is cut into blocks of ``--block`` puzzles (at
least 8); every round runs every block through both solvers, alternating
which goes first, and records the CPU seconds of this process
(:func:`time.process_time`) for each run in ``--csv``, with the 1-minute
load average at the run's start and the core. ``--core K`` pins the process
to core K (default: the first core of its affinity set); tdoku runs in this
process through ctypes, so both sides share that core. A block's time is
its median over the rounds; a collection's time the sum over its blocks.
The guess columns are counted once, outside the timing (recorded in
``*_effort.csv`` as the number of puzzles with each count): tdoku's ``guesses``
(one per binary decision: a band configuration assumed, its negation
follows without a count), and our branch nodes (one per value tried at a
branching cell, :mod:`sudoku_models.counter.core`), so a cell of two
candidates costs tdoku 1 guess and us 2 nodes; "% without guessing" is
the share of puzzles with 0 guesses (0 branch nodes), the same on both
sides. Every count must be 1 and every solution of ours valid.

``--all-cores`` adds, per collection and round, the wall seconds of the
public batch call on every core (``backtrack_count_many(grids, 2,
workers=None)``) beside tdoku's one-thread loop over the same puzzles
(wall seconds too: CPU seconds would add the cores up), alternating which
goes first; the table gives the median over rounds and our time over
tdoku's. These runs come after every per-core race, with the process's
affinity set back to what it was before ``--core`` pinned it (every core
on purpose): their ``core`` column is that set's text (``0-1``), their
``cpu_seconds`` the CPU seconds of this process over the call (every
thread's, so above the wall seconds when a second core works).
``--only-all-cores`` runs only these (the per-core CSVs are left as they
are). On a machine loaded by other jobs this figure says little: the other
cores are not ours.

Collections: 17clue and top1465 (tdoku's own benchmark sets) and top95
(the hard set here; tdoku's forum_hardest_1905 is not licensed for
redistribution with this project, see ``sudoku_models/collections/SOURCES.md``).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from benchmarks.studykit.pinning import add_core_option, affinity_text, pin

HERE = Path(__file__).resolve().parent
COLLECTIONS = ("17clue", "top1465", "top95")

LOOP_C = r"""
#include <stddef.h>
#include <stdint.h>
size_t TdokuSolverDpllTriadSimd(const char *, size_t, uint32_t, char *, size_t *);
/* n puzzles of 81 chars, each NUL-terminated; counts[i] and guesses[i] get the results. */
void tdoku_loop(const char *puzzles, size_t n, size_t limit, size_t *counts, size_t *guesses) {
    char solution[82];
    for (size_t i = 0; i < n; i++)
        counts[i] = TdokuSolverDpllTriadSimd(puzzles + 82 * i, limit, 0, solution, guesses + i);
}
"""


def build_tdoku(source: Path, work: Path, loop_c: str = LOOP_C,
                last_argument=ctypes.c_void_p) -> tuple[ctypes.CDLL, str]:
    """tdoku's shared library and a C loop over it (``loop_c``, defining
    ``tdoku_loop(puzzles, n, limit, counts, last)``, whose last argument has
    the ctypes type ``last_argument``), built in ``work`` from a copy of
    ``source``; returns the loop library and the compiler's version line."""
    tree = work / "tdoku"
    shutil.copytree(source, tree)
    build = tree / "build"
    build.mkdir()
    clang = bool(shutil.which("clang") and shutil.which("clang++"))
    compilers = ["-DCMAKE_C_COMPILER=clang", "-DCMAKE_CXX_COMPILER=clang++"] if clang else []
    subprocess.run(["cmake", "..", *compilers], cwd=build, check=True, capture_output=True)
    subprocess.run(["make", "tdoku_shared"], cwd=build, check=True, capture_output=True)
    (build / "loop.c").write_text(loop_c)
    cc = "clang" if clang else "cc"
    subprocess.run([cc, "-O2", "-shared", "-fPIC", str(build / "loop.c"), "-o",
                    str(build / "libloop.so"), f"-L{build}", "-ltdoku_shared",
                    f"-Wl,-rpath,{build}"], check=True)
    ctypes.CDLL(str(build / "libtdoku_shared.so"), mode=ctypes.RTLD_GLOBAL)
    lib = ctypes.CDLL(str(build / "libloop.so"))
    lib.tdoku_loop.restype = None
    lib.tdoku_loop.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t,
                               ctypes.c_void_p, last_argument]
    version = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout
    return lib, version.splitlines()[0]


def tdoku_text(grids: np.ndarray) -> bytes:
    """``(P, 81)`` grids (0 = empty) as tdoku reads them: 81 characters,
    ``.`` for an empty cell, each puzzle NUL-terminated."""
    return b"".join(bytes("".join(str(v) if v else "." for v in g), "ascii") + b"\0"
                    for g in grids)


def run_tdoku(lib, text: bytes, n: int) -> tuple[np.ndarray, np.ndarray]:
    counts = np.zeros(n, dtype=np.uint64)
    guesses = np.zeros(n, dtype=np.uint64)
    lib.tdoku_loop(text, n, 2, counts.ctypes.data, guesses.ctypes.data)
    return counts, guesses


def run_ours(grids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    from sudoku_models.counter import kernel9
    from sudoku_models.counter.core import new_control

    counts = np.zeros(len(grids), dtype=np.int64)
    solutions = np.zeros(grids.shape, dtype=np.int32)
    kernel9.count9_many(grids, 2, counts, solutions, new_control())
    return counts, solutions


def our_nodes(grids: np.ndarray) -> np.ndarray:
    """Branch nodes per puzzle (count to 2), one call each."""
    from sudoku_models.counter import run_search9
    from sudoku_models.counter.core import NODES, new_control

    nodes = np.zeros(len(grids), dtype=np.int64)
    for i, grid in enumerate(grids):
        control = new_control()
        run_search9(grid, 2, control=control)
        nodes[i] = control[NODES]
    return nodes


def check(name: str, grids: np.ndarray, counts, solutions, tcounts) -> None:
    from sudoku_models import Puzzle, verify

    if not ((counts == 1).all() and (tcounts == 1).all()):
        sys.exit(f"{name}: a count is not 1")
    for grid, solution in zip(grids, solutions):
        if not verify(Puzzle.from_grid(grid.reshape(9, 9)), solution.reshape(9, 9)):
            sys.exit(f"{name}: a solution of ours breaks a clue or a rule")


def race(lib, name: str, grids: np.ndarray, block: int, rounds: int, core) -> list[dict]:
    """One row per run of a block: collection, block, round, side, puzzles,
    cpu_seconds, load, core."""
    block = max(1, min(block, len(grids) // 8))
    starts = range(0, len(grids), block)
    blocks = [np.ascontiguousarray(grids[i:i + block]) for i in starts]
    texts = [tdoku_text(b) for b in blocks]
    rows = []
    for r in range(rounds):
        for k, (g, text) in enumerate(zip(blocks, texts)):
            sides = [("ours", lambda: run_ours(g)), ("tdoku", lambda: run_tdoku(lib, text, len(g)))]
            if (r + k) % 2:
                sides.reverse()
            for side, action in sides:
                load = os.getloadavg()[0]
                start = time.process_time()
                action()
                rows.append({"collection": name, "block": k, "round": r, "side": side,
                             "puzzles": len(g), "cpu_seconds": time.process_time() - start,
                             "load": round(load, 2), "core": core})
    return rows


def all_cores(lib, name: str, grids: np.ndarray, rounds: int, core: str) -> list[dict]:
    """One row per run: collection, round, side (every core / tdoku),
    wall_seconds, cpu_seconds (this process, every thread), load, core
    (the affinity set's text)."""
    from sudoku_models.counter import backtrack_count_many

    text = tdoku_text(grids)
    sides = [("every core", lambda: backtrack_count_many(grids, 2, workers=None)),
             ("tdoku", lambda: run_tdoku(lib, text, len(grids)))]
    rows = []
    for r in range(rounds):
        for side, action in (sides if r % 2 == 0 else sides[::-1]):
            load = os.getloadavg()[0]
            start, cpu = time.perf_counter(), time.process_time()
            action()
            rows.append({"collection": name, "round": r, "side": side, "puzzles": len(grids),
                         "wall_seconds": time.perf_counter() - start,
                         "cpu_seconds": time.process_time() - cpu, "load": round(load, 2),
                         "core": core})
    return rows


def cores_table(rows) -> str:
    import pandas as pd

    med = pd.DataFrame(rows).groupby(["collection", "side"]).wall_seconds.median()
    lines = ["| collection | every core, ms | tdoku, one thread, ms | ratio | load |",
             "| --- | ---: | ---: | ---: | --- |"]
    for name in dict.fromkeys(r["collection"] for r in rows):
        ours, theirs = med[(name, "every core")], med[(name, "tdoku")]
        loads = [r["load"] for r in rows if r["collection"] == name]
        lines.append(f"| {name} | {1e3 * ours:.1f} | {1e3 * theirs:.1f} | {ours / theirs:.2f}x | "
                     f"{min(loads):.1f}-{max(loads):.1f} |")
    return "\n".join(lines)


def recorded_cores_table(csv: Path) -> str:
    """:func:`cores_table` of the runs recorded in ``csv`` (``--all-cores``)."""
    import pandas as pd

    return cores_table(pd.read_csv(csv).to_dict("records"))


def table(rows, effort: dict) -> str:
    """The Markdown table: per collection and side, puzzles/s from the sum
    over blocks of each block's median CPU seconds, the effort columns, and
    our time over tdoku's."""
    import pandas as pd

    frame = pd.DataFrame(rows)
    per_block = frame.groupby(["collection", "side", "block"]).cpu_seconds.median()
    totals = per_block.groupby(["collection", "side"]).sum()
    puzzles = frame[frame["round"] == 0].groupby(["collection", "side"]).puzzles.sum()
    lines = ["| collection | solver | puzzles/s | us/puzzle | % no guess | guesses/puzzle "
             "| ours / tdoku |", "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for name in dict.fromkeys(frame.collection):
        for side, label in (("tdoku", "tdoku (guesses)"), ("ours", "kernel9 (branch nodes)")):
            seconds = totals[(name, side)]
            n = puzzles[(name, side)]
            guesses = effort[(name, side)]
            ratio = f"{seconds / totals[(name, 'tdoku')]:.2f}x" if side == "ours" else ""
            lines.append(f"| {name} | {label} | {n / seconds:,.0f} | {1e6 * seconds / n:.2f} | "
                         f"{100 * np.mean(guesses == 0):.1f} | {np.mean(guesses):.2f} | {ratio} |")
    return "\n".join(lines)


def recorded_table(runs_csv: Path, effort_csv: Path) -> str:
    """:func:`table` of the runs recorded in ``runs_csv`` and the effort
    histogram in ``effort_csv`` (guesses or nodes, puzzles per count)."""
    import pandas as pd

    recorded = pd.read_csv(effort_csv)
    return table(pd.read_csv(runs_csv).to_dict("records"),
                 {key: np.repeat(group.guesses.to_numpy(), group.puzzles.to_numpy())
                  for key, group in recorded.groupby(["collection", "side"])})


def race_options(parser: argparse.ArgumentParser, csv: str) -> None:
    """The options of both races against tdoku (this one and ``vs_tdoku``):
    ``--rounds``, ``--block`` and ``--csv`` (default ``results/CSV`` here)."""
    parser.add_argument("--rounds", type=int, default=5, help="rounds over every block (default 5)")
    parser.add_argument("--block", type=int, default=500, help="puzzles per timed block")
    parser.add_argument("--csv", type=Path, default=HERE / "results" / csv,
                        help=f"where to record every run (default "
                             f"benchmarks/counter_speed/results/{csv})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tdoku-source", type=Path, default=Path("../shared/peers/tdoku"),
                        help="tdoku's source directory (default ../shared/peers/tdoku)")
    race_options(parser, "tdoku_columns.csv")
    parser.add_argument("--collections", nargs="+", default=list(COLLECTIONS), choices=COLLECTIONS)
    parser.add_argument("--report", action="store_true",
                        help="only print the table of the runs recorded in --csv (and its "
                             "_effort.csv)")
    parser.add_argument("--all-cores", type=Path, metavar="CSV",
                        help="also race the batch call on every core against tdoku's one "
                             "thread (wall seconds) and record those runs in CSV (with "
                             "--report: print their table), on every core of the affinity set "
                             "the process had before --core")
    parser.add_argument("--only-all-cores", action="store_true",
                        help="with --all-cores: only that race (the per-core CSVs untouched)")
    add_core_option(parser)
    args = parser.parse_args()
    if args.only_all_cores and not args.all_cores:
        parser.error("--only-all-cores needs --all-cores CSV")
    every = os.sched_getaffinity(0)
    core = None if args.report or args.only_all_cores else pin(parser, args.core)
    import numba
    import pandas as pd

    effort_csv = args.csv.with_name(args.csv.stem + "_effort.csv")
    if args.report:
        print(recorded_table(args.csv, effort_csv))
        if args.all_cores:
            print("\n" + cores_table(pd.read_csv(args.all_cores).to_dict("records")))
        return

    from sudoku_models import read_grids
    from sudoku_models.counter import warm_up

    warm_up()
    rows, effort, cores = [], {}, []
    with tempfile.TemporaryDirectory() as work:
        lib, compiler = build_tdoku(args.tdoku_source.resolve(), Path(work))
        tdoku_version = f"tdoku (peers copy, commit af426180), {compiler}, -O3 -march=native"
        sets = {name: read_grids(name).grids.reshape(-1, 81).astype(np.int32)
                for name in args.collections}
        for name, grids in sets.items():
            counts, solutions = run_ours(grids)
            tcounts, guesses = run_tdoku(lib, tdoku_text(grids), len(grids))
            check(name, grids, counts, solutions, tcounts)
            if args.only_all_cores:
                continue
            effort[(name, "tdoku")] = guesses.astype(np.int64)
            effort[(name, "ours")] = our_nodes(grids)
            rows += race(lib, name, grids, args.block, args.rounds, core)
            print(f"{name}: done", file=sys.stderr, flush=True)
        if args.all_cores:
            os.sched_setaffinity(0, every)  # every core on purpose, recorded as the set's text
            for name, grids in sets.items():
                cores += all_cores(lib, name, grids, args.rounds, affinity_text())
                print(f"{name}, every core: done", file=sys.stderr, flush=True)
    if rows:
        machine = f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores"
        frame = pd.DataFrame(rows).assign(machine=f"{machine}; numba {numba.__version__}",
                                          tdoku=tdoku_version)
        frame.to_csv(args.csv, index=False)
        effort_rows = [{"collection": c, "side": s, "guesses": int(g), "puzzles": int(n)}
                       for (c, s), values in effort.items()
                       for g, n in zip(*np.unique(values, return_counts=True))]
        pd.DataFrame(effort_rows).to_csv(effort_csv, index=False)
        print(table(rows, effort))
        print(f"\nload average during the runs: median "
              f"{statistics.median(r['load'] for r in rows):.2f}; core {core}")
    if cores:
        pd.DataFrame(cores).assign(tdoku=tdoku_version).to_csv(args.all_cores, index=False)
        print("\n" + cores_table(cores))


if __name__ == "__main__":
    main()
