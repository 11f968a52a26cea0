"""The generator's counter and generator side by side with QQWing.

Usage: python benchmarks/counter_vs_qqwing.py [--repeat 5] [--seeds 20] [--counter-only]

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
empty cache.
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

from benchtools import machine
from generator import count_solutions, generate, solve
from sudoku_models import Puzzle, read_puzzles

HERE = Path(__file__).resolve().parent
DATASETS = HERE / "datasets"


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


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def median_of(repeat: int, action) -> float:
    return statistics.median(timed(action) for _ in range(repeat))


def qqwing_seconds(qqwing: str, args: list[str], lines: list[str], repeat: int) -> float:
    """Median wall time of one qqwing process reading ``lines`` on stdin."""
    text = "\n".join(lines) + "\n"
    return median_of(repeat, lambda: subprocess.run(
        [qqwing, *args], input=text, capture_output=True, text=True, check=True))


def our_process_seconds(lines: list[str], limit: str, repeat: int) -> float:
    """Median wall time of a whole Python process that reads the puzzles
    QQWing is given from a file and counts (interpreter start, imports,
    parsing, counting)."""
    call = "solve(p)" if limit == "solve" else f"count_solutions(p, limit={limit})"
    code = (
        "import sys\nfrom generator import count_solutions, solve\n"
        "from sudoku_models import read_puzzles\n"
        f"[{call} for p in read_puzzles(sys.argv[1])]\n"
    )
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as handle:
        handle.write("\n".join(lines) + "\n")
        handle.flush()
        return median_of(repeat, lambda: subprocess.run(
            [sys.executable, "-c", code, handle.name], check=True))


def compile_seconds() -> tuple[float, float]:
    """(first call with an empty numba cache, first call with a warm cache),
    each in a fresh process, for a uniqueness check and a generation."""
    code = (
        "import time; t = time.perf_counter()\n"
        "import numpy as np, generator\n"
        "generator.count_solutions(np.zeros((9, 9), dtype=int), limit=2)\n"
        "generator.generate(30, seed=0)\n"
        "print(time.perf_counter() - t)\n"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        run = lambda: float(subprocess.run([sys.executable, "-c", code], env=env, check=True,  # noqa: E731
                                           capture_output=True, text=True).stdout)
        return run(), run()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median taken)")
    parser.add_argument("--seeds", type=int, default=20, help="seeds for the 20/21-clue figures")
    parser.add_argument("--generate", type=int, default=1000, help="puzzles for the generation race")
    parser.add_argument("--counter-only", action="store_true", help="skip the generation races")
    args = parser.parse_args()
    qqwing = ensure_qqwing()
    print(f"{machine()}; {qqwing_version(qqwing)}; numba {__import__('numba').__version__}\n")

    cold, warm = compile_seconds()
    print(f"Compilation (fresh process, empty numba cache): {cold:.2f} s; "
          f"with the cache written: {warm:.2f} s (imports included)\n")

    count_solutions(Puzzle.from_string("." * 81), limit=2)  # load the compiled kernels
    seventeen = read_puzzles(DATASETS / "17clue.txt")[:2000]
    top1465 = read_puzzles(DATASETS / "top1465.txt")
    rows = []
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
            ours = median_of(args.repeat, lambda: [solve(p) for p in puzzles])
        else:
            ours = median_of(args.repeat, lambda: [count_solutions(p, limit=limit) for p in puzzles])
        process = our_process_seconds(lines, "solve" if limit == "solve" else repr(limit),
                                      args.repeat)
        theirs = qqwing_seconds(qqwing, qq_args, lines, args.repeat)
        n = len(puzzles)
        rows.append((label, 1000 * ours / n, 1000 * process / n, 1000 * theirs / n, theirs / ours))
    print("| task | ours ms/puzzle (in process) | ours ms/puzzle (whole process) "
          "| QQWing ms/puzzle (whole process) | QQWing / ours (in process) |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label, ours, process, theirs, ratio in rows:
        print(f"| {label} | {ours:.4f} | {process:.4f} | {theirs:.4f} | {ratio:.1f} |")
    if args.counter_only:
        return

    # Generation at QQWing's clue counts.
    text = subprocess.run([qqwing, "--generate", str(args.generate), "--one-line"],
                          capture_output=True, text=True, check=True).stdout
    counts = [sum(ch not in ".0" for ch in line.strip()) for line in text.splitlines() if line.strip()]
    theirs = median_of(args.repeat, lambda: subprocess.run(
        [qqwing, "--generate", str(args.generate), "--one-line"], capture_output=True, check=True))
    ours_runs = []
    for run in range(args.repeat):
        start = time.perf_counter()
        for i, clues in enumerate(tqdm(counts, desc=f"generate run {run + 1}", leave=False)):
            generate(clues, seed=run * len(counts) + i)
        ours_runs.append(time.perf_counter() - start)
    ours = statistics.median(ours_runs)
    print(f"\nGeneration of {len(counts)} unique-solution puzzles at QQWing's clue counts "
          f"({min(counts)} to {max(counts)}, median {statistics.median(counts):g}):")
    print("| generator | ms/puzzle | QQWing / ours |\n| --- | ---: | ---: |")
    print(f"| ours (in process) | {1000 * ours / len(counts):.3f} | {theirs / ours:.1f} |")
    print(f"| QQWing --generate (whole process) | {1000 * theirs / args.generate:.3f} | |")

    print(f"\nLow clue counts, {args.seeds} seeds each (seconds per puzzle):")
    print("| clues | median s | max s |\n| ---: | ---: | ---: |")
    for clues in (21, 20):
        times = [timed(lambda s=seed: generate(clues, seed=s))
                 for seed in tqdm(range(args.seeds), desc=f"{clues} clues", leave=False)]
        print(f"| {clues} | {statistics.median(times):.3f} | {max(times):.3f} |")


if __name__ == "__main__":
    main()
