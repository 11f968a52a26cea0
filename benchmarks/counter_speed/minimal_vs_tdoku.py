"""Minimal 9x9 puzzles: ``generate(minimal=True)`` beside tdoku's minimiser
(``TdokuConstrain`` then ``TdokuMinimize``), CPU milliseconds per puzzle.

Usage::

    python benchmarks/counter_speed/minimal_vs_tdoku.py [--tdoku-source ../shared/peers/tdoku]
        [--batches 20] [--batch 50] [--core K]
        [--csv benchmarks/counter_speed/results/minimal_vs_tdoku.csv]

tdoku is built in a temporary directory as in ``tdoku_columns.py`` and
called in this process through ctypes: from an empty grid,
``TdokuConstrain`` adds random clues until the puzzle has one solution,
``TdokuMinimize`` (not pencilmark, not monotonic) then removes every clue
it can, so both sides make a random minimal puzzle from nothing. Ours:
``generator.generate(minimal=True, seed=s)``, the public call, seeds 0,
1, .... Batches of ``--batch`` puzzles alternate between the sides (which
goes first alternates too); each batch's CPU seconds of this process
(:func:`time.process_time`) is a row of ``--csv``, with the 1-minute load
average at the batch's start and the core: ``--core K`` pins the process
to core K (default: the first core of its affinity set), and tdoku, called
in this process, runs on the same core. The table gives the median over
batches of the milliseconds per puzzle, the mean clue count, and the ratio
of the medians.

The code measured is the one on ``PYTHONPATH`` (``generator``,
``sudoku_models``): run with a checkout of another commit first on it, this
script times that commit's generator (``--csv`` elsewhere) beside tdoku.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.studykit.pinning import add_core_option, cores_note, pin
from benchmarks.counter_speed.tdoku_columns import build_tdoku

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tdoku-source", type=Path, default=Path("../shared/peers/tdoku"))
    parser.add_argument("--batches", type=int, default=20, help="batches per side (default 20)")
    parser.add_argument("--batch", type=int, default=50, help="puzzles per batch (default 50)")
    parser.add_argument("--csv", type=Path, default=HERE / "results" / "minimal_vs_tdoku.csv")
    parser.add_argument("--report", action="store_true",
                        help="only print the table of the runs recorded in --csv")
    add_core_option(parser)
    args = parser.parse_args()
    if args.report:
        print(report(args.csv))
        return
    core = pin(parser, args.core)
    import pandas as pd

    from generator import generate
    from sudoku_models import Puzzle
    from sudoku_models.counter import backtrack_count

    generate(minimal=True, seed=0)  # kernels loaded before timing
    rows = []
    with tempfile.TemporaryDirectory() as work:
        loop, compiler = build_tdoku(args.tdoku_source.resolve(), Path(work))
        version = f"tdoku (peers copy, commit af426180), {compiler}, -O3 -march=native"
        lib = ctypes.CDLL(str(Path(work) / "tdoku" / "build" / "libtdoku_shared.so"))
        lib.TdokuConstrain.argtypes = [ctypes.c_bool, ctypes.c_char_p]
        lib.TdokuMinimize.argtypes = [ctypes.c_bool, ctypes.c_bool, ctypes.c_char_p]
        lib.TdokuConstrain.restype = lib.TdokuMinimize.restype = ctypes.c_bool

        def tdoku_batch(n: int) -> list[str]:
            made = []
            for _ in range(n):
                buffer = ctypes.create_string_buffer(b"." * 81, 82)
                lib.TdokuConstrain(False, buffer)
                lib.TdokuMinimize(False, False, buffer)
                made.append(buffer.value.decode())
            return made

        def ours_batch(first: int, n: int) -> list[str]:
            return [generate(minimal=True, seed=first + i).to_string() for i in range(n)]

        for b in range(args.batches):
            sides = [("ours", lambda: ours_batch(b * args.batch, args.batch)),
                     ("tdoku", lambda: tdoku_batch(args.batch))]
            for side, action in (sides if b % 2 == 0 else sides[::-1]):
                load = os.getloadavg()[0]
                start = time.process_time()
                made = action()
                seconds = time.process_time() - start
                clues = [81 - p.count(".") for p in made]
                rows.append({"side": side, "batch": b, "puzzles": len(made),
                             "cpu_seconds": seconds, "mean_clues": statistics.mean(clues),
                             "load": round(load, 2), "core": core, "tdoku": version})
                if b == 0:  # every puzzle proper
                    assert all(backtrack_count(Puzzle.from_string(p), 2) == 1 for p in made)
    pd.DataFrame(rows).to_csv(args.csv, index=False)
    print(report(args.csv))


def minimal_table(csv: Path) -> str:
    """The Markdown table of the runs recorded in ``csv``: CPU ms per
    puzzle (median over batches) and mean clues per side, and the ratio."""
    import pandas as pd

    frame = pd.read_csv(csv)
    per = frame.assign(ms=1000 * frame.cpu_seconds / frame.puzzles).groupby("side")
    ms, clues = per.ms.median(), per.mean_clues.mean()
    return "\n".join([
        "| 9x9 minimal puzzles | CPU ms per puzzle | mean clues |",
        "| --- | ---: | ---: |",
        f"| ours, generate(minimal=True) | {ms['ours']:.3f} | {clues['ours']:.1f} |",
        f"| tdoku, TdokuConstrain + TdokuMinimize | {ms['tdoku']:.3f} | {clues['tdoku']:.1f} |",
        f"| ratio ours / tdoku | {ms['ours'] / ms['tdoku']:.2f}x | |"])


def report(csv: Path) -> str:
    """:func:`minimal_table` and the median load of the runs."""
    import pandas as pd

    frame = pd.read_csv(csv)
    where = cores_note(frame)
    return (f"{minimal_table(csv)}\n\nload average: median {frame.load.median():.2f} "
            f"({frame.load.min():.2f}-{frame.load.max():.2f}){where}")

if __name__ == "__main__":
    main()
