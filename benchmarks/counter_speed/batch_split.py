"""Does a small batch pay for a pool of threads? ``backtrack_count_many``
on every core against one worker, by batch size.

Usage::

    python benchmarks/counter_speed/batch_split.py [--base DIR] [--rounds 5]
        [--collection top1465] [--core K] [--csv benchmarks/counter_speed/results/batch_split.csv]

For batches of 1 to all puzzles of ``--collection`` (count to 2; the first P
puzzles; top1465 by default, top95 for the hard set) each round times,
in a fresh process per tree and round,
``backtrack_count_many(batch, 2, workers=W)`` for W = 1 and W = every
core: the median wall seconds of ``--repeats`` calls and the process's CPU
seconds over them. With ``--base DIR`` (a checkout of another commit) the
same runs are made on that tree, alternating which tree goes first, so a
change of the batch splitting is measured before and after in one run.
The table gives, per tree and batch size, the median over rounds of each
figure and the speed-up of every core over one worker (above 1: faster):
in wall time, and in CPU time along the critical path (one worker's CPU
seconds over the larger of the calling thread's and the other threads'
CPU seconds in the every-core call: its wall time on cores free of other
jobs). On a loaded machine only the second says what a second core does.
``--idle`` reads the load average as 0 in the measuring processes, so that
the batch call's helpers join as they would on a quiet machine.

Every row has the CPU seconds of the measuring process per call
(``cpu_seconds``; the calling thread's alone in ``caller_cpu_seconds``),
the 1-minute load average read before that process started and the core.
This study needs every core (the every-core call is ``workers`` = the
machine's cores): by default the process is not pinned and ``core`` is the
text of its affinity set (``0-1``). ``--core K`` pins it, and the measuring
processes it starts inherit that, so every thread of the every-core call
shares core K: the split then shows the hand-over's cost, not what a second
core gives.

``--base`` is put first on ``PYTHONPATH`` of the measuring processes: a
checkout of the base commit, or a folder holding only its ``sudoku_models``
and ``generator`` (``git archive BASE sudoku_models generator | tar -x -C
DIR``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = (1, 3, 10, 30, 100, 300, 1000)


def measure(repeats: int, collection: str, idle: bool) -> list[dict]:
    """This tree's figures, one row per batch size and worker count
    (``idle``: the load average read as 0, as on a quiet machine)."""
    import numpy as np

    if idle:
        os.getloadavg = lambda: (0.0, 0.0, 0.0)

    from sudoku_models import read_grids
    from sudoku_models.counter import backtrack_count_many, warm_up

    warm_up()
    grids = read_grids(collection).grids.reshape(-1, 81)
    rows = []
    for size in [size for size in SIZES if size < len(grids)] + [len(grids)]:
        batch = np.ascontiguousarray(grids[:size], dtype=np.int32)
        for workers in (1, os.cpu_count()):
            backtrack_count_many(batch, 2, workers=workers)
            walls = []
            cpu, caller = time.process_time(), time.thread_time()
            for _ in range(repeats):
                start = time.perf_counter()
                counts = backtrack_count_many(batch, 2, workers=workers)
                walls.append(time.perf_counter() - start)
            cpu = (time.process_time() - cpu) / repeats
            caller = (time.thread_time() - caller) / repeats
            assert (counts == 1).all()
            rows.append({"puzzles": size, "workers": workers,
                         "wall_seconds": statistics.median(walls), "cpu_seconds": cpu,
                         "caller_cpu_seconds": caller})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="a checkout of another commit to compare")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=20, help="calls per figure (median)")
    parser.add_argument("--collection", default="top1465", choices=("top1465", "top95", "17clue"))
    parser.add_argument("--csv", type=Path, default=HERE / "results" / "batch_split.csv")
    parser.add_argument("--idle", action="store_true",
                        help="read the load average as 0 (helpers join as on a quiet machine)")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--report", action="store_true",
                        help="only print the table of the runs recorded in --csv")
    parser.add_argument("--core", type=int,
                        help="pin the process, and the measuring processes it starts, to this "
                             "core (default: not pinned, every core of the affinity set, "
                             "recorded as its text)")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.repeats, args.collection, args.idle)))
        return
    if args.report:
        print(report(args.csv))
        return
    import pandas as pd

    from benchmarks.studykit.pinning import pin  # not in --measure: the base's tree

    core = pin(parser, args.core, every_core=True)

    trees = [("this tree", str(HERE.parents[1]))] + ([("base", str(args.base))] if args.base
                                                    else [])
    rows = []
    for r in range(args.rounds):
        for label, path in (trees if r % 2 == 0 else trees[::-1]):
            load = os.getloadavg()[0]
            out = subprocess.run([sys.executable, __file__, "--measure", "--repeats",
                                  str(args.repeats), "--collection", args.collection,
                                  *(["--idle"] if args.idle else [])],
                                 env={**os.environ, "PYTHONPATH": path},
                                 check=True, capture_output=True, text=True).stdout
            rows += [{"collection": args.collection, "idle": args.idle, "tree": label, "round": r,
                      "load": round(load, 2), "core": core, **row}
                     for row in json.loads(out.splitlines()[-1])]
        print(f"round {r + 1} of {args.rounds}", file=sys.stderr, flush=True)
    pd.DataFrame(rows).to_csv(args.csv, index=False)
    print(report(args.csv))


def report(csv: Path) -> str:
    """The table of the runs recorded in ``csv``."""
    import numpy as np
    import pandas as pd

    from benchmarks.studykit.pinning import cores_note

    frame = pd.read_csv(csv)
    frame["path_seconds"] = np.maximum(frame.caller_cpu_seconds,
                                       frame.cpu_seconds - frame.caller_cpu_seconds)
    med = frame.groupby(["tree", "puzzles", "workers"])[
        ["wall_seconds", "cpu_seconds", "caller_cpu_seconds", "path_seconds"]].median()
    many = frame.workers.max()
    lines = ["| tree | puzzles | 1 worker ms (wall) | every core ms (wall) | speed-up (wall) "
             "| 1 worker CPU ms | every core CPU ms | calling thread CPU ms | speed-up (CPU) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for label in dict.fromkeys(frame.tree):
        for size in sorted(set(frame.puzzles)):
            one, all_ = med.loc[(label, size, 1)], med.loc[(label, size, many)]
            lines.append(f"| {label} | {size} | {1e3 * one.wall_seconds:.3f} | "
                         f"{1e3 * all_.wall_seconds:.3f} | "
                         f"{one.wall_seconds / all_.wall_seconds:.2f} | "
                         f"{1e3 * one.cpu_seconds:.3f} | {1e3 * all_.cpu_seconds:.3f} | "
                         f"{1e3 * all_.caller_cpu_seconds:.3f} | "
                         f"{one.cpu_seconds / all_.path_seconds:.2f} |")
    where = cores_note(frame)
    lines.append(f"\nload average: median {frame.load.median():.2f} "
                 f"({frame.load.min():.2f}-{frame.load.max():.2f}); {many} cores{where}"
                 + ("; the load average read as 0 by the batch call" if frame.idle.all() else ""))
    return "\n".join(lines)

if __name__ == "__main__":
    main()
