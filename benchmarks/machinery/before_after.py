"""Per-puzzle solve time of the same methods under two revisions of the code,
interleaved: did a change make solving slower?

Usage: python -m benchmarks.machinery.before_after --before REV [--after REV] [--rounds 9]
           [--methods milp,cp] [--dataset top95] [--core K] --out CSV

Each revision is unpacked with ``git archive`` into a temporary directory;
every round runs one process per revision (their order alternating from
round to round), and each process times ``solve_many`` over the dataset
for each method after a warm-up of 5 puzzles and records the median
per-puzzle ``solve_seconds`` (the solver's wall clock) and ``run_cpu_s``,
the CPU seconds of the whole timed pass over the dataset (``solve_many``'s
builds and clue updates included). One CSV row per (round, revision,
method), with the load average when the process started, so noisy rounds
show, and the core every process ran on (``--core``: this process is
pinned and the timed ones inherit it; default the first of its affinity
set). The published table (``benchmarks.machinery.before_after_tables:table``)
gives medians over rounds and the median of the per-round after/before
ratios, pairing each revision with the other of the same round.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.studykit.benchtools import collection_on_disk, machine
from benchmarks.studykit.pinning import add_core_option, pin

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = ["round", "tree", "revision", "method", "dataset", "puzzles", "median_solve_ms",
           "run_cpu_s", "load_1min", "core", "machine"]
_TIMER = """
import json, statistics, sys, time
from sudoku_models import read_puzzles, solve_many
puzzles = read_puzzles(sys.argv[1])
out, cpu = {}, {}
for method in sys.argv[2:]:
    list(solve_many(puzzles[:5], method))
    start = time.process_time()
    seconds = [r.solve_seconds for r in solve_many(puzzles, method)]
    cpu[method] = time.process_time() - start
    out[method] = statistics.median(seconds) * 1e3
print(json.dumps({"puzzles": len(puzzles), "ms": out, "cpu_s": cpu}))
"""


def unpack(revision: str, into: Path) -> str:
    """``revision``'s tree unpacked into ``into``; returns its full hash."""
    full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", revision], check=True,
                          capture_output=True, text=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", full], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return full


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, metavar="REV")
    parser.add_argument("--after", default="HEAD", metavar="REV")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--methods", default="milp,cp")
    parser.add_argument("--dataset", default="top95", help="a bundled collection (default top95)")
    add_core_option(parser)
    parser.add_argument("--out", required=True, metavar="CSV")
    args = parser.parse_args(argv)
    core = pin(parser, args.core)
    methods = args.methods.split(",")
    where = machine()
    with tempfile.TemporaryDirectory() as scratch, open(args.out, "w", newline="") as handle:
        trees = {}
        for name, revision in (("before", args.before), ("after", args.after)):
            folder = Path(scratch) / name
            folder.mkdir()
            trees[name] = (folder, unpack(revision, folder))
        dataset = collection_on_disk(args.dataset, Path(scratch))  # older trees read files
        writer = csv.DictWriter(handle, COLUMNS)
        writer.writeheader()
        for number in range(1, args.rounds + 1):
            names = ["before", "after"] if number % 2 else ["after", "before"]
            for name in names:
                folder, full = trees[name]
                load = os.getloadavg()[0]
                run = subprocess.run([sys.executable, "-c", _TIMER, str(dataset), *methods],
                                     env=dict(os.environ, PYTHONPATH=str(folder)), cwd=scratch,
                                     check=True, capture_output=True, text=True)
                timed = json.loads(run.stdout.strip().splitlines()[-1])
                for method, ms in timed["ms"].items():
                    writer.writerow({"round": number, "tree": name, "revision": full[:7],
                                     "method": method, "dataset": args.dataset,
                                     "puzzles": timed["puzzles"], "median_solve_ms": round(ms, 4),
                                     "run_cpu_s": round(timed["cpu_s"][method], 4),
                                     "load_1min": round(load, 2), "core": core, "machine": where})
                handle.flush()
            print(f"round {number}/{args.rounds} done", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
