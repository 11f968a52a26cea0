"""Where MILP and CP part ways, in one run a class can watch:
``python -m benchmarks.teaching_regimes``.

``make`` writes the bundled ``teaching`` collection
(``sudoku_models/collections/teaching.jsonl``, :mod:`.collection`); ``run``
(the default) times :data:`COMMAND`, the run the collection's description
gives, appending its rows to ``results/runs.csv`` and printing the wall
and CPU seconds it took with the load before it. Each row has its CPU
seconds, load and core, as every ``bench run`` row.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.studykit.pinning import children_cpu

from .collection import write

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "runs.csv"
METHODS = "milp,cp,milp[cage=sets],milp-alldiff"
COMMAND = ["bench", "run", "--datasets", "teaching", "--methods", METHODS, "--time-limit", "10",
           "--workers", "2"]
"""The run: every regime (a part of the collection, its own dataset) with
the four configurations its lessons compare, 10 s a solve (wall, the build
included), two workers of one thread each."""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.teaching_regimes",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("action", nargs="?", choices=("run", "make"), default="run")
    parser.add_argument("--out", type=Path, default=RESULTS, help="results CSV (appended to)")
    args = parser.parse_args(argv)
    if args.action == "make":
        print(f"wrote {write()}")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    load = os.getloadavg()[0]
    before, start = children_cpu(), time.perf_counter()
    command = [sys.executable, "-m", "sudoku_models", *COMMAND, "--out", str(args.out)]
    subprocess.run(command, check=True)
    print(f"sudoku-models {shlex.join(COMMAND)}: {time.perf_counter() - start:.1f} s wall, "
          f"{children_cpu() - before:.1f} s CPU, load {load:.1f} before")
    return 0


if __name__ == "__main__":
    sys.exit(main())
