"""Generation speed (issue 13 part 5, issue 14's full grids).

Sections (``--sections``, default all):

* ``grids``: milliseconds per random full grid, orders 2 to 7.
* ``nine``: 9x9 puzzles at a clue count, in process: 22 to 29 clues (the
  counts QQWing makes) and 21 and 20 clues, ``--seeds`` seeds per count;
  milliseconds per puzzle (issue 12: the uniqueness checks on the counter's
  bitboard kernel).
* ``targets``: seconds per unique puzzle, median over ``--seeds`` seeds, at
  the issue's goals (16x16 at 90 and 80 clues, 25x25 at 281, 36x36 at 648 =
  50%), each run under ``--time-limit`` seconds (a run that hits it counts as
  not reached).
* ``curve``: the fewest clues reached against time, orders 4 to 6, one run of
  ``--curve-seconds`` per order asking for an unreachable count.
* ``low``: puzzles with 20 or fewer clues in ``--low-seconds``, the pool
  search (``generator.low_clue_puzzles``) against tdoku's evolutionary
  generator, alternating ``--low-rounds`` times (``--low-csv`` records them).
* ``low16``: 16x16 puzzles with at most ``--low16-clues`` clues (default
  88) in ``--low16-seconds`` (default 60), the pool search against plain
  minimal generation (``generate(order=4, minimal=True)`` in a loop, every
  puzzle kept), alternating ``--low-rounds`` times: no peer generates
  16x16, so the baseline is our own minimal generator, and the clue counts
  of both document the pool search's bias (``--low16-csv`` records them).
* ``tdoku``: 9x9 minimal puzzles, ours against tdoku's ``TdokuConstrain`` +
  ``TdokuMinimize`` (in process through ctypes, interleaved in one run), and
  the puzzles with 20 or fewer clues made in ``--low-seconds`` seconds,
  ours (``generate(20)`` in a loop) against tdoku's evolutionary generator
  (``generate -p0 -s0 -e0 -a1``, distinct puzzles counted). Needs tdoku
  built: ``--tdoku-build DIR`` (a build directory holding
  ``libtdoku_shared.so`` and ``generate``), else it is built in a temporary
  directory from ``--tdoku-source`` (cmake and clang; about a minute).

    python -m benchmarks.counter_speed.generation_speed --seeds 10 --tdoku-source ../shared/peers/tdoku
"""

from __future__ import annotations

import argparse
import ctypes
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

import generator
from generator import GenerationError, generate, random_full_grid
from generator.puzzles import _Generator
from sudoku_models.counter.core import new_control

TARGETS = [(4, 90), (4, 80), (5, 281), (6, 648)]


def grids(args) -> None:
    print("| order | side | ms per full grid (median of 5) |\n|---|---|---|")
    for order in range(2, 8):
        random_full_grid(order, seed=0)
        times = []
        for seed in range(5):
            start = time.perf_counter()
            random_full_grid(order, seed=seed)
            times.append(time.perf_counter() - start)
        print(f"| {order} | {order * order} | {1000 * statistics.median(times):.1f} |")


def nine(args) -> None:
    generate(30, seed=0)  # compiled kernels loaded before timing
    rows = [("22-29", range(22, 30)), ("21", [21]), ("20", [20])]
    print("| clues | puzzles | mean ms | median ms | max ms |\n|---|---|---|---|---|")
    for label, counts in rows:
        times = []
        for clues in counts:
            for seed in range(args.seeds):
                start = time.perf_counter()
                generate(clues, seed=1000 * clues + seed)
                times.append(1000 * (time.perf_counter() - start))
        print(f"| {label} | {len(times)} | {statistics.mean(times):.2f} | "
              f"{statistics.median(times):.2f} | {max(times):.2f} |", flush=True)


def targets(args) -> None:
    print(f"| grid | clues | share | reached | median s (unreached count as {args.time_limit:g}) |"
          "\n|---|---|---|---|---|")
    for order, clues in TARGETS:
        times, reached = [], 0
        for seed in range(args.seeds):
            start = time.perf_counter()
            try:
                generate(clues, order=order, seed=seed, time_limit=args.time_limit)
                reached += 1
                times.append(time.perf_counter() - start)
            except GenerationError:
                times.append(args.time_limit)
        side = order * order
        print(f"| {side}x{side} | {clues} | {clues / side**2:.0%} | {reached}/{args.seeds} | "
              f"{statistics.median(times):.2f} |", flush=True)


def curve(args) -> None:
    marks = [1, 2, 5, 10, 20, 30, 60, 120]
    marks = [m for m in marks if m <= args.curve_seconds]
    print("| grid | " + " | ".join(f"{m} s" for m in marks) + " |\n|" + "---|" * (len(marks) + 1))
    for order in (4, 5, 6):
        control = new_control()
        target = generator.fewest_possible_clues(order)
        request = _Generator(target, order, np.random.default_rng(0), None, None, False, control)
        thread = threading.Thread(target=request.run, daemon=True)
        start = time.perf_counter()
        thread.start()
        row = []
        for mark in marks:
            time.sleep(max(0.0, start + mark - time.perf_counter()))
            row.append(request.fewest)
        control[0] = 1
        thread.join()
        side = order * order
        print(f"| {side}x{side} | " + " | ".join(str(x) for x in row) + " |", flush=True)


def build_tdoku(source: Path) -> Path:
    build = Path(tempfile.mkdtemp(prefix="tdoku-")) / "tdoku"
    shutil.copytree(source, build)
    (build / "build").mkdir()
    compilers = ["-DCMAKE_C_COMPILER=clang", "-DCMAKE_CXX_COMPILER=clang++"]
    subprocess.run(["cmake", "..", *compilers], cwd=build / "build", check=True,
                   capture_output=True)
    subprocess.run(["make", "tdoku_shared", "generate"], cwd=build / "build", check=True,
                   capture_output=True)
    return build / "build"


def tdoku(args) -> None:
    build = Path(args.tdoku_build) if args.tdoku_build else build_tdoku(Path(args.tdoku_source))
    lib = ctypes.CDLL(str(build / "libtdoku_shared.so"))
    lib.TdokuConstrain.argtypes = [ctypes.c_bool, ctypes.c_char_p]
    lib.TdokuMinimize.argtypes = [ctypes.c_bool, ctypes.c_bool, ctypes.c_char_p]
    lib.TdokuConstrain.restype = lib.TdokuMinimize.restype = ctypes.c_bool

    def tdoku_minimal() -> int:
        buffer = ctypes.create_string_buffer(b"." * 81, 82)
        lib.TdokuConstrain(False, buffer)
        lib.TdokuMinimize(False, False, buffer)
        return 81 - buffer.value.count(b".")

    generate(minimal=True, seed=0)
    ours_t, theirs_t, ours_c, theirs_c = 0.0, 0.0, [], []
    for batch in range(args.batches):
        start = time.perf_counter()
        for i in range(args.batch):
            ours_c.append(generate(minimal=True, seed=batch * args.batch + i).num_clues)
        ours_t += time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(args.batch):
            theirs_c.append(tdoku_minimal())
        theirs_t += time.perf_counter() - start
    n = args.batch * args.batches
    print("| 9x9 minimal puzzles | ms per puzzle | mean clues |\n|---|---|---|")
    print(f"| ours, generate(minimal=True) | {1000 * ours_t / n:.3f} | {np.mean(ours_c):.1f} |")
    print(f"| tdoku, TdokuConstrain + TdokuMinimize | {1000 * theirs_t / n:.3f} | "
          f"{np.mean(theirs_c):.1f} |")
    print(f"| ratio ours / tdoku | {ours_t / theirs_t:.1f} | |", flush=True)

    ours = set()
    end = time.perf_counter() + args.low_seconds
    seed = 0
    while (left := end - time.perf_counter()) > 0:
        try:
            ours.add(generate(20, seed=seed, time_limit=left).to_string())
        except GenerationError:
            break
        seed += 1
    theirs = tdoku_low_clue(build, args.low_seconds)
    print(f"\n| puzzles with <= 20 clues in {args.low_seconds:g} s | distinct |\n|---|---|")
    print(f"| ours, generate(20) in a loop | {len(ours)} |")
    print(f"| tdoku, generate -p0 -s0 -e0 -a1 | {len(theirs)} |")


def tdoku_low_clue(build: Path, seconds: float) -> set[str]:
    """The distinct 9x9 puzzles of at most 20 clues tdoku's evolutionary
    generator (``generate -p0 -s0 -e0 -a1``) prints within ``seconds``."""
    try:
        output = subprocess.run([str(build / "generate"), "-p0", "-s0", "-e0", "-a1"],
                                capture_output=True, text=True, timeout=seconds).stdout
    except subprocess.TimeoutExpired as stopped:
        output = (stopped.stdout or b"").decode()
    return {line.split()[0] for line in output.splitlines()
            if line.split() and len(line.split()[0]) == 81
            and 81 - line.split()[0].count(".") <= 20}


def low(args) -> None:
    """Puzzles with at most 20 clues in ``--low-seconds``: the pool search
    (``generator.low_clue_puzzles``) against tdoku's evolutionary generator,
    alternating ``--low-rounds`` times, with the clue counts of each side.
    ``--low-csv``: record one row per puzzle found (side, round, clues)."""
    import collections

    from generator import low_clue_puzzles

    build = Path(args.tdoku_build) if args.tdoku_build else build_tdoku(Path(args.tdoku_source))
    low_clue_puzzles(22, seconds=0.5, seed=0)  # compiled kernels loaded
    rows = []
    for r in range(args.low_rounds):
        sides = ["ours", "tdoku"] if r % 2 == 0 else ["tdoku", "ours"]
        for side in sides:
            if side == "ours":
                found = {p.to_string() for p in low_clue_puzzles(20, seconds=args.low_seconds,
                                                                seed=r)}
            else:
                found = tdoku_low_clue(build, args.low_seconds)
            rows += [{"side": side, "round": r, "clues": 81 - p.count(".") if "." in p
                      else sum(c != "0" for c in p)} for p in found]
            print(f"round {r + 1}: {side} {len(found)}", flush=True)
    if args.low_csv:
        import pandas as pd

        pd.DataFrame(rows).to_csv(args.low_csv, index=False)
    counts = collections.Counter((row["side"], row["clues"]) for row in rows)
    print("\n| clues | ours | tdoku |\n|---|---:|---:|")
    for clues in sorted({c for _, c in counts}):
        print(f"| {clues} | {counts[('ours', clues)]} | {counts[('tdoku', clues)]} |")


def low16(args) -> None:
    """16x16 puzzles with at most ``--low16-clues`` clues in
    ``--low16-seconds``: the pool search against minimal puzzles generated
    one after the other, alternating ``--low-rounds`` times.
    ``--low16-csv``: one row per puzzle (side, round, clues)."""
    from generator import generate, low_clue_puzzles

    low_clue_puzzles(250, seconds=0.5, order=4, seed=0)  # compiled kernels loaded
    rows = []
    for r in range(args.low_rounds):
        sides = ["pool", "minimal"] if r % 2 == 0 else ["minimal", "pool"]
        for side in sides:
            if side == "pool":
                clues = [p.num_clues for p in low_clue_puzzles(
                    args.low16_clues, seconds=args.low16_seconds, order=4, seed=r)]
            else:
                clues, end, seed = [], time.perf_counter() + args.low16_seconds, 1000 * r
                while time.perf_counter() < end:
                    clues.append(generate(order=4, minimal=True, seed=seed).num_clues)
                    seed += 1
            rows += [{"side": side, "round": r, "clues": c} for c in clues]
            print(f"round {r + 1}: {side} {len(clues)} puzzles, fewest clues {min(clues, default=None)}",
                  flush=True)
    if args.low16_csv:
        import pandas as pd

        from benchmarks.counter_speed.tables import low_clue_16_table

        pd.DataFrame(rows).to_csv(args.low16_csv, index=False)
        print(low_clue_16_table(args.low16_csv, args.low16_clues))


SECTIONS = {"grids": grids, "nine": nine, "targets": targets, "curve": curve, "tdoku": tdoku,
            "low": low, "low16": low16}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sections", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--curve-seconds", type=float, default=60.0)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--batches", type=int, default=10)
    parser.add_argument("--low-seconds", type=float, default=20.0)
    parser.add_argument("--low-rounds", type=int, default=3)
    parser.add_argument("--low-csv", help="record the low section's puzzles (side, round, clues)")
    parser.add_argument("--low16-clues", type=int, default=88)
    parser.add_argument("--low16-seconds", type=float, default=60.0)
    parser.add_argument("--low16-csv", help="record the low16 section's puzzles (side, round, clues)")
    parser.add_argument("--tdoku-build", help="a tdoku build directory (else build one)")
    parser.add_argument("--tdoku-source", default="../shared/peers/tdoku")
    args = parser.parse_args()
    for name in args.sections:
        print(f"\n### {name}\n", flush=True)
        SECTIONS[name](args)


if __name__ == "__main__":
    main()
