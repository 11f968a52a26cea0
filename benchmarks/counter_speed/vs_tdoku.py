"""The 9x9 counter side by side with tdoku, the fastest open-source solver.

Usage: python -m benchmarks.counter_speed.vs_tdoku TDOKU_SOURCE [--rounds 5] [--core K] [--csv CSV]

``TDOKU_SOURCE``: a copy of tdoku's source (https://github.com/t-dillon/tdoku;
for this project ``../shared/peers/tdoku``). The script copies it to a
temporary directory and builds ``libtdoku_shared.so`` with its own CMake
defaults (``-O3 -march=native``; needs cmake and clang, else the default
C++ compiler), then a 20-line C loop over tdoku's C API
(``TdokuSolverDpllTriadSimd``) so that neither side pays a Python call per
puzzle: our side is the compiled loop of
:func:`sudoku_models.counter.kernel9.count9_many` on one thread.

For each collection (17clue, top1465, top95) and task (first solution,
count to 2, count all solutions), the puzzles are cut into blocks of
``--block`` (at least 8 blocks); each round runs every block through both
solvers, alternating which goes first, so load on the machine hits both
alike. Every run of a block is a row of ``--csv`` (default
``benchmarks/counter_speed/results/vs_tdoku.csv``), published with
:func:`benchmarks.counter_speed.tables.race_table`: for each block the
fastest round (the least disturbed by other jobs), then the median over
blocks, and the ratio of whole-collection times. Every answer is checked:
both counts must be 1, our solutions valid for the clues and the rules,
and equal to tdoku's (which it returns for the first-solution task).

``--api CSV`` races the public API instead (the batch calls, one call per
puzzle, every core) beside the compiled loop and tdoku's loop, counting to
2 (:func:`benchmarks.counter_speed.tables.api_table`); every call is made
once untimed first, so that no kernel is loaded inside a timed run.

Every row has the wall seconds (``seconds``, what the tables use), the CPU
seconds of this process (``cpu_seconds``, :func:`time.process_time`), the
1-minute load average at the run's start and the core. ``--core K`` pins
the process to core K (default: the first core of its affinity set); tdoku
runs in this process through ctypes, on the same core. The API's every-core
call (``workers=None``, one thread per core of the machine) is left out of
a run pinned to one core: its threads would share that core.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from benchmarks.studykit.pinning import add_core_option, pin
from benchmarks.studykit.benchtools import machine
from sudoku_models import read_grids
from sudoku_models.counter import backtrack_count_many, kernel9, warm_up
from sudoku_models.counter.core import new_control
from benchmarks.counter_speed.tables import KERNEL, TDOKU
from benchmarks.counter_speed.tdoku_columns import build_tdoku, race_options, tdoku_text


LOOP_C = r"""
#include <stddef.h>
#include <stdint.h>
size_t TdokuSolverDpllTriadSimd(const char *, size_t, uint32_t, char *, size_t *);
/* Solve n puzzles of 81 chars, each NUL-terminated (tdoku reads 729 chars as pencilmarks);
   counts[i] and solutions + 82*i get the results. */
void tdoku_loop(const char *puzzles, size_t n, size_t limit, size_t *counts, char *solutions) {
    size_t guesses;
    for (size_t i = 0; i < n; i++)
        counts[i] = TdokuSolverDpllTriadSimd(puzzles + 82 * i, limit, 0, solutions + 82 * i,
                                             &guesses);
}
"""


def tdoku_build(source: Path, work: Path) -> tuple[ctypes.CDLL, str]:
    """:func:`~benchmarks.counter_speed.tdoku_columns.build_tdoku` with this
    script's loop (solutions out); returns the library and a description
    (source commit if known, compiler)."""
    lib, compiler = build_tdoku(source, work, LOOP_C, ctypes.c_char_p)
    commit = subprocess.run(["git", "-C", str(source), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    readme = (source.parent / "README.md")
    if not commit and readme.exists():
        found = re.search(r"commit (\w{7,40})", readme.read_text())
        commit = found.group(1) if found else ""
    return lib, f"tdoku {commit or '(commit unknown)'}, {compiler}, -O3 -march=native"


def ours(grids: np.ndarray, limit: int):
    counts = np.zeros(len(grids), dtype=np.int64)
    solutions = np.zeros(grids.shape, dtype=np.int32)
    kernel9.count9_many(grids, limit, counts, solutions, new_control())
    return counts, solutions


def tdoku(lib, text: bytes, n: int, limit: int):
    counts = np.zeros(n, dtype=np.uint64)
    out = ctypes.create_string_buffer(82 * n)
    lib.tdoku_loop(text, n, limit, counts.ctypes.data, out)
    return counts, out.raw


def check(grids: np.ndarray, counts, solutions, tcounts, traw: bytes, label: str) -> None:
    """Every count 1 on both sides, our solutions valid for the clues, and
    equal to tdoku's when it gives them (it does only for ``limit=1``)."""
    if not ((counts == 1).all() and (tcounts == 1).all()):
        sys.exit(f"{label}: a count is not 1 (ours {set(counts.tolist())}, "
                 f"tdoku {set(tcounts.tolist())})")
    theirs = np.frombuffer(traw, dtype=np.uint8).reshape(-1, 82)[:, :81].astype(np.int32) - ord("0")
    if "first solution" in label and not (theirs == solutions).all():
        i = np.argwhere((theirs != solutions).any(axis=1))[0, 0]
        sys.exit(f"{label}: our solution of puzzle {i} of a block differs from tdoku's:\n"
                 f"{''.join(map(str, solutions[i]))}\n{''.join(map(str, theirs[i]))}")
    grid = solutions.reshape(-1, 9, 9)
    if not (solutions[grids > 0] == grids[grids > 0]).all():
        sys.exit(f"{label}: a solution contradicts a clue")
    boxes = grid.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    for houses in (grid, grid.transpose(0, 2, 1), boxes):
        if not (np.sort(houses, axis=2) == np.arange(1, 10)).all():
            sys.exit(f"{label}: a solution breaks a rule")


def race(lib, grids: np.ndarray, limit: int, block: int, rounds: int, label: str,
         core=None) -> list[dict]:
    """Every run of every block on both sides (at least 8 blocks), one row
    each: ``block``, ``round``, ``side`` (ours / tdoku), ``puzzles``,
    ``seconds`` (wall), ``cpu_seconds``, ``load``, ``core``; the sides
    alternate which goes first."""
    block = max(1, min(block, len(grids) // 8))
    starts = range(0, len(grids), block)
    texts = [tdoku_text(grids[i:i + block]) for i in starts]
    blocks = [np.ascontiguousarray(grids[i:i + block]) for i in starts]
    rows = []

    def timed(side, k, r, action):
        load = os.getloadavg()[0]
        start, cpu = time.perf_counter(), time.process_time()
        result = action()
        rows.append({"block": k, "round": r, "side": side, "puzzles": len(blocks[k]),
                     "seconds": time.perf_counter() - start,
                     "cpu_seconds": time.process_time() - cpu, "load": round(load, 2),
                     "core": core})
        return result

    for r in range(rounds):
        for k, (g, text) in enumerate(zip(blocks, texts)):
            def run_ours():
                return timed("ours", k, r, lambda: ours(g, limit))

            def run_tdoku():
                return timed("tdoku", k, r, lambda: tdoku(lib, text, len(g), limit))

            if (r + k) % 2:
                a, b = run_ours(), run_tdoku()
            else:
                b, a = run_tdoku(), run_ours()
            if r == 0:
                check(g, *a, *b, label)
    return rows


def api_runs(lib, rounds: int, single: int, core=None) -> list[dict]:
    """The public API beside the compiled loop and tdoku's loop, counting to
    2, per collection: every call once untimed, then once per round, their
    order rotating from round to round; one row per run. Single-puzzle calls
    run on the first ``single`` puzzles of a collection (timed per puzzle
    like the rest). The every-core call only when the process may use more
    than one core."""
    from sudoku_models import Puzzle
    from sudoku_models.counter import backtrack_count, backtrack_solve_many

    rows = []
    for name in ("17clue", "top1465", "top95"):
        grids = read_grids(name).grids.reshape(-1, 81).astype(np.int32)
        puzzles = [Puzzle(g.reshape(9, 9).astype(np.int64), 3) for g in grids]
        text = tdoku_text(grids)
        few = puzzles[:single]
        arrays = [g.reshape(9, 9) for g in grids[:single]]

        def checked(counts):
            if not (np.asarray(counts) == 1).all():
                sys.exit(f"{name}: a count is not 1")

        calls = {
            KERNEL: (1, len(grids), lambda: checked(ours(grids, 2)[0])),
            "count_solutions_many(array)": (1, len(grids), lambda: checked(
                backtrack_count_many(grids, 2, workers=1))),
            "count_solutions_many(list of Puzzle)": (1, len(grids), lambda: checked(
                backtrack_count_many(puzzles, 2, workers=1))),
            "solve_many(array)": (1, len(grids), lambda: backtrack_solve_many(grids, workers=1)),
            "count_solutions(Puzzle), one call each": (1, len(few), lambda: checked(
                [backtrack_count(p, 2) for p in few])),
            "count_solutions(array), one call each": (1, len(few), lambda: checked(
                [backtrack_count(a, 2) for a in arrays])),
            "count_solutions_many(array), every core": (os.cpu_count(), len(grids), lambda: checked(
                backtrack_count_many(grids, 2, workers=None))),
            TDOKU: (1, len(grids), lambda: checked(tdoku(lib, text, len(grids), 2)[0])),
        }
        if len(os.sched_getaffinity(0)) < 2:
            del calls["count_solutions_many(array), every core"]
        names = list(calls)
        for call in names:  # untimed: whatever a call loads is loaded before the rounds
            calls[call][2]()
        for r in range(rounds):
            for k in range(len(names)):
                call = names[(k + r) % len(names)]
                threads, count, action = calls[call]
                load = os.getloadavg()[0]
                start, cpu = time.perf_counter(), time.process_time()
                action()
                rows.append({"collection": name, "call": call, "threads": threads, "round": r,
                             "puzzles": count, "seconds": time.perf_counter() - start,
                             "cpu_seconds": time.process_time() - cpu, "load": round(load, 2),
                             "core": core})
            print(f"{name}: round {r + 1} of {rounds}", file=sys.stderr, flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tdoku_source", type=Path, help="tdoku's source directory")
    race_options(parser, "vs_tdoku.csv")
    parser.add_argument("--api", type=Path, metavar="CSV",
                        help="only race the public API, the compiled loop and tdoku (count to 2) "
                             "and record the runs in CSV (published with "
                             "benchmarks.counter_speed.tables.api_table)")
    parser.add_argument("--single", type=int, default=5000,
                        help="puzzles per collection for the one-call-each rows (default 5000)")
    add_core_option(parser)
    args = parser.parse_args()
    core = pin(parser, args.core)
    warm_up()
    import pandas as pd

    from benchmarks.counter_speed.tables import api_table, race_table

    with tempfile.TemporaryDirectory() as work:
        lib, tdoku_version = tdoku_build(args.tdoku_source.resolve(), Path(work))
        if args.api:
            pd.DataFrame(api_runs(lib, args.rounds, args.single, core)).to_csv(args.api,
                                                                               index=False)
            print(api_table(str(args.api)))
            return
        rows = []
        for name in ("17clue", "top1465", "top95"):
            grids = read_grids(name).grids.reshape(-1, 81).astype(np.int32)
            for task, limit in (("first solution", 1), ("count to 2", 2), ("count all", 2**62)):
                label = f"{name} ({len(grids):,}), {task}"
                rows += [{"collection": name, "task": task, **row}
                         for row in race(lib, grids, limit, args.block, args.rounds, label,
                                         core)]
                print(f"{label}: done", file=sys.stderr, flush=True)
    frame = pd.DataFrame(rows).assign(
        machine=f"{machine()}; numba {__import__('numba').__version__}", tdoku=tdoku_version)
    frame.to_csv(args.csv, index=False)
    print(race_table(str(args.csv)))


if __name__ == "__main__":
    main()
