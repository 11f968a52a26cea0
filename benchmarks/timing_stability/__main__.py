"""Do the toolkit's timings hold from run to run? The same instances twice,
once on a quiet machine and once beside a CPU-hungry neighbour.

Each run is an ordinary ``bench run`` (one worker pinned to a core, the
methods interleaved per instance, CPU seconds recorded beside wall
seconds) on instances that need search: order-4 puzzles with holes near the
hardness peak (``holes:4:0.6:random``) and hard 9x9 killers. During the
``loaded`` run, ``--neighbours`` busy processes (pure Python loops) are
pinned to the worker's core, so that the worker gets a share of its core's
time slices: its wall time grows, its CPU time should not. Rows land in
``results/quiet.csv`` and ``results/loaded.csv``; ``compare`` pairs them
per instance and method where the effort (branches, conflicts, B&B nodes)
is identical and writes the table of this folder's README.

Usage (from the repository root)::

    python -m benchmarks.timing_stability loaded         # beside a neighbour, about 5 min
    python -m benchmarks.timing_stability quiet          # the machine otherwise idle
    python -m benchmarks.timing_stability compare        # the table from the two CSVs
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "results"
METHODS = ("backtracking", "cp", "sat-extended", "milp")
DATASETS = ("holes:4:0.6:random", "killer-9x9")
EFFORT = ("branches", "conflicts", "bb_nodes")


def _spin(core: int | None) -> None:
    if core is not None:
        os.sched_setaffinity(0, {core})
    while True:
        pass


def record(name: str, neighbours: int, sample: int, time_limit: float) -> Path:
    """One run into ``results/<name>.csv`` with ``neighbours`` busy
    processes on the worker's core (the first core of this process)."""
    from sudoku_models.bench import RunSpec, run_benchmark
    from sudoku_models.bench.local import worker_cores

    core = worker_cores(1)[0]
    spinners = [multiprocessing.Process(target=_spin, args=(core,), daemon=True)
                for _ in range(neighbours)]
    for spinner in spinners:
        spinner.start()
    OUT.mkdir(exist_ok=True)
    out = OUT / f"{name}.csv"
    try:
        run_benchmark(RunSpec(list(METHODS), list(DATASETS), out, sample=sample,
                              time_limit=time_limit, workers=1, interleave=True))
    finally:
        for spinner in spinners:
            spinner.kill()
    return out


def compare_table(quiet, loaded) -> str:
    """Per dataset and method: instances paired (same puzzle, both solved
    or both censored, identical effort), the median loaded/quiet ratio of
    CPU seconds and of wall seconds (build + solve), and the share of
    pairs whose CPU ratio is within 20%."""
    import pandas as pd

    from benchmarks.studykit.published import markdown
    from sudoku_models.records import load_results

    a, b = load_results(quiet), load_results(loaded)
    key = ["dataset", "index", "method"]
    pairs = a.merge(b, on=key, suffixes=("_quiet", "_loaded"))
    same = pd.Series(True, index=pairs.index)
    for column in EFFORT:
        left, right = pairs[f"{column}_quiet"], pairs[f"{column}_loaded"]
        same &= (left == right) | (left.isna() & right.isna())
    same &= pairs["status_quiet"] == pairs["status_loaded"]
    pairs = pairs[same & (pairs["status_quiet"] == "OPTIMAL")]
    pairs = pairs.assign(
        cpu=pairs["cpu_s_loaded"] / pairs["cpu_s_quiet"],
        wall=(pairs["build_s_loaded"] + pairs["solve_s_loaded"])
        / (pairs["build_s_quiet"] + pairs["solve_s_quiet"]))
    rows = []
    for (dataset, method), group in pairs.groupby(["dataset", "method"], sort=True):
        rows.append({"dataset": dataset, "method": method, "pairs": len(group),
                     "median CPU ratio": f"{group['cpu'].median():.2f}",
                     "CPU within 20%": f"{((group['cpu'] - 1).abs() <= 0.2).mean():.0%}",
                     "median wall ratio": f"{group['wall'].median():.2f}"})
    return markdown(pd.DataFrame(rows))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.timing_stability",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("quiet", "loaded", "compare"))
    parser.add_argument("--sample", type=int, default=10, help="instances per dataset")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--neighbours", type=int, default=1,
                        help="busy processes on the worker's core in the loaded run")
    args = parser.parse_args(argv)
    if args.step != "compare":
        record(args.step, args.neighbours if args.step == "loaded" else 0, args.sample,
               args.time_limit)
    if (OUT / "quiet.csv").exists() and (OUT / "loaded.csv").exists():
        print(compare_table(OUT / "quiet.csv", OUT / "loaded.csv"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
