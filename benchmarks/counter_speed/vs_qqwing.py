"""The generator's counter and generator side by side with QQWing.

Usage: python -m benchmarks.counter_speed.vs_qqwing [--repeat 5] [--seeds 20] [--counter-only] [--core K]
       [--csv CSV]

Needs Debian's ``qqwing`` package (C++ generator and solver); run as root it
installs it with apt-get, otherwise it says how. Everything is measured in
this one run on this machine, each figure the median of ``--repeat`` runs:

1. like with like: our first-solution ``solve`` against ``qqwing --solve``
   (which stops at the first solution), our uniqueness check
   ``count_solutions(limit=2)`` and our count of all solutions against
   ``qqwing --solve --count-solutions`` (which counts them all), over the
   first 2,000 puzzles of 17clue.txt and over top1465 (QQWing has no
   count-to-2; on these unique puzzles both take the same search);
2. (``--counter-only`` stops here)
3. generating unique-solution puzzles at QQWing's own clue counts: QQWing's
   ``--generate`` output fixes the clue counts, we generate one puzzle for
   each of those counts;
4. generating 20- and 21-clue puzzles: median and max over ``--seeds`` seeds.

QQWing's times are whole-process wall times divided by the puzzles; ours are
in-process (steady state, compiled code loaded), with our whole-process time
(interpreter start, imports, file parsing) given beside them. The compilation
time of the numba kernels is measured separately, in a fresh process with an
empty cache. Before any timing the in-process calls are made once (their
kernels loaded). Every timed run is a row of ``--csv`` (default
``benchmarks/counter_speed/results/vs_qqwing.csv``: ``table``, ``task``, ``side``,
``round``, ``seconds`` (wall), ``cpu_seconds``, ``load``, ``core``,
``puzzles``); the tables printed are the builders ``qqwing_counter_table``,
``qqwing_generation_table`` and ``qqwing_low_clue_table`` of
:mod:`benchmarks.counter_speed.tables` on it, all in wall seconds.

``cpu_seconds``: of this process (:func:`time.process_time`) for an
in-process run, of the finished child (``resource.getrusage`` of the
children, user and system) for a whole-process run, QQWing's or ours.
``load``: the 1-minute load average at the run's start. ``--core K`` pins
this process to core K (default: the first core of its affinity set); the
QQWing and Python processes it starts inherit that, so every side runs on
core K.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tqdm import tqdm

from benchmarks.studykit.pinning import add_core_option, children_cpu, pin
from benchmarks.studykit.benchtools import machine
from generator import generate
from sudoku_models import Puzzle, read_puzzles
from sudoku_models.counter import backtrack_count, backtrack_solve

HERE = Path(__file__).resolve().parent


def ensure_qqwing() -> str:
    """Path of the qqwing binary, installing Debian's package when root."""
    path = shutil.which("qqwing")
    if path:
        return path
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "update", "-qq"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "qqwing"], check=True)
        return shutil.which("qqwing")
    sys.exit("qqwing is not installed: run `sudo apt-get install qqwing` and try again")


def qqwing_version(qqwing: str) -> str:
    return subprocess.run([qqwing, "--version"], capture_output=True, text=True).stdout.strip()


def timed(action, children: bool = False) -> dict:
    """One run of ``action``: its wall seconds, CPU seconds (this process's,
    or with ``children`` those of the child processes it ran and waited
    for) and the 1-minute load average at its start."""
    load = os.getloadavg()[0]
    clock = children_cpu if children else time.process_time
    cpu, start = clock(), time.perf_counter()
    action()
    wall = time.perf_counter() - start
    return {"seconds": wall, "cpu_seconds": clock() - cpu, "load": round(load, 2)}


def rounds(repeat: int, action, children: bool = False) -> list[dict]:
    """:func:`timed` of ``repeat`` runs of ``action``."""
    return [timed(action, children) for _ in range(repeat)]


def qqwing_seconds(qqwing: str, args: list[str], lines: list[str], repeat: int) -> list[dict]:
    """Timed runs of ``repeat`` qqwing processes reading ``lines`` on stdin."""
    text = "\n".join(lines) + "\n"
    return rounds(repeat, lambda: subprocess.run(
        [qqwing, *args], input=text, capture_output=True, text=True, check=True), children=True)


def our_process_seconds(lines: list[str], limit: str, repeat: int) -> list[dict]:
    """Timed runs of ``repeat`` whole Python processes that read the puzzles
    QQWing is given from a file and counts (interpreter start, imports,
    parsing, counting)."""
    call = "backtrack_solve(p)" if limit == "solve" else f"backtrack_count(p, limit={limit})"
    code = (
        "import sys\nfrom sudoku_models.counter import backtrack_count, backtrack_solve\n"
        "from sudoku_models import read_puzzles\n"
        f"[{call} for p in read_puzzles(sys.argv[1])]\n"
    )
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as handle:
        handle.write("\n".join(lines) + "\n")
        handle.flush()
        return rounds(repeat, lambda: subprocess.run(
            [sys.executable, "-c", code, handle.name], check=True), children=True)


def compile_seconds() -> tuple[dict, dict]:
    """(first call with an empty numba cache, first call with a warm cache),
    each in a fresh process, for a uniqueness check and a generation: the
    seconds the process measured itself (imports included, not the
    interpreter's start), its CPU seconds and the load at its start."""
    code = (
        "import time; t = time.perf_counter()\n"
        "import numpy as np, generator\n"
        "from sudoku_models.counter import backtrack_count\n"
        "backtrack_count(np.zeros((9, 9), dtype=int), limit=2)\n"
        "generator.generate(30, seed=0)\n"
        "print(time.perf_counter() - t)\n"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}

        def run() -> dict:
            out = []
            times = timed(lambda: out.append(float(subprocess.run(
                [sys.executable, "-c", code], env=env, check=True, capture_output=True,
                text=True).stdout)), children=True)
            return {**times, "seconds": out[0]}

        return run(), run()


def main() -> None:
    import pandas as pd

    from benchmarks.counter_speed.tables import (qqwing_counter_table, qqwing_generation_table,
                                                     qqwing_low_clue_table)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median taken)")
    parser.add_argument("--seeds", type=int, default=20, help="seeds for the 20/21-clue figures")
    parser.add_argument("--generate", type=int, default=1000, help="puzzles for the generation race")
    parser.add_argument("--counter-only", action="store_true", help="skip the generation races")
    parser.add_argument("--csv", type=Path, default=HERE / "results" / "vs_qqwing.csv",
                        help="CSV of every timed run (default %(default)s)")
    add_core_option(parser)
    args = parser.parse_args()
    core = pin(parser, args.core)
    qqwing = ensure_qqwing()
    print(f"{machine()}; {qqwing_version(qqwing)}; numba {__import__('numba').__version__}; "
          f"load {os.getloadavg()[0]:.1f}; core {core}\n")
    rows = []

    def record(table: str, task: str, side: str, times: list[dict], puzzles: int) -> None:
        rows.extend({"table": table, "task": task, "side": side, "round": r, **t, "core": core,
                     "puzzles": puzzles} for r, t in enumerate(times))

    cold, warm = compile_seconds()
    record("compile", "first call, empty numba cache", "ours", [cold], 1)
    record("compile", "first call, cache written", "ours", [warm], 1)
    print(f"Compilation (fresh process, empty numba cache): {cold['seconds']:.2f} s; "
          f"with the cache written: {warm['seconds']:.2f} s (imports included)\n")

    seventeen = read_puzzles("17clue")[:2000]
    # every in-process call once, untimed: its kernels loaded before any timing
    backtrack_count(Puzzle.from_string("." * 81), limit=2)
    backtrack_solve(seventeen[0])
    backtrack_count(seventeen[0], limit=None)
    generate(30, seed=0)
    generate(21, seed=10**6)
    top1465 = read_puzzles("top1465")
    solve_args, count_args = ["--solve"], ["--solve", "--count-solutions"]
    for label, puzzles, limit, qq_args in [
        ("first solution, 17clue first 2,000", seventeen, "solve", solve_args),
        ("first solution, top1465", top1465, "solve", solve_args),
        ("count to 2 vs count all, 17clue first 2,000", seventeen, 2, count_args),
        ("count to 2 vs count all, top1465", top1465, 2, count_args),
        ("count all, top1465", top1465, None, count_args),
    ]:
        lines = [p.to_string() for p in puzzles]
        if limit == "solve":
            ours = rounds(args.repeat, lambda: [backtrack_solve(p) for p in puzzles])
        else:
            ours = rounds(args.repeat, lambda: [backtrack_count(p, limit=limit) for p in puzzles])
        record("counter", label, "ours in process", ours, len(puzzles))
        record("counter", label, "ours whole process",
               our_process_seconds(lines, "solve" if limit == "solve" else repr(limit), args.repeat),
               len(puzzles))
        record("counter", label, "QQWing whole process",
               qqwing_seconds(qqwing, qq_args, lines, args.repeat), len(puzzles))
    if not args.counter_only:
        # Generation at QQWing's clue counts.
        text = subprocess.run([qqwing, "--generate", str(args.generate), "--one-line"],
                              capture_output=True, text=True, check=True).stdout
        counts = [sum(ch not in ".0" for ch in line.strip()) for line in text.splitlines()
                  if line.strip()]
        task = (f"{len(counts)} puzzles at QQWing's clue counts ({min(counts)} to {max(counts)}, "
                f"median {statistics.median(counts):g})")
        record("generation", task, "QQWing --generate (whole process)", rounds(
            args.repeat, lambda: subprocess.run([qqwing, "--generate", str(args.generate),
                                                 "--one-line"], capture_output=True, check=True),
            children=True), args.generate)
        ours_runs = []
        for run in range(args.repeat):
            ours_runs.append(timed(lambda: [
                generate(clues, seed=run * len(counts) + i)
                for i, clues in enumerate(tqdm(counts, desc=f"generate run {run + 1}",
                                               leave=False))]))
        record("generation", task, "ours (in process)", ours_runs, len(counts))
        for clues in (21, 20):
            record("low clues", f"{clues} clues", "ours (in process)",
                   [timed(lambda s=seed: generate(clues, seed=s))
                    for seed in tqdm(range(args.seeds), desc=f"{clues} clues", leave=False)], 1)
    args.csv.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).to_csv(args.csv, index=False)
    print(qqwing_counter_table(args.csv))
    if not args.counter_only:
        print(f"\n{qqwing_generation_table(args.csv)}\n\n{qqwing_low_clue_table(args.csv)}")


if __name__ == "__main__":
    main()
