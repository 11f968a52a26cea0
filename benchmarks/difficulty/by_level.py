"""Generation by difficulty, checked by our rater and by QQWing.

Usage: python -m benchmarks.difficulty by-level [--per-level 50] [--levels easy,...]
                                                [--core K] [--out CSV]

For each level, ``--per-level`` puzzles from ``generate(seed=0.., difficulty=level,
time_limit=60)``, each rated by :func:`sudoku_models.logic.rate` and checked by
``qqwing --solve --count-solutions --stats`` (Debian package ``qqwing``: an
independent solver that counts every solution, so "exactly one" is checked
outside the toolkit), with QQWing's level for it. One row per puzzle in
``--out`` (default ``results/by_level.csv``): ``level`` asked, ``seed``,
``puzzle``, ``clues``, ``generate s`` and ``cpu_s`` (wall and CPU seconds of
its generation), ``load`` (1-minute load average at its start), ``core``
(the core the process is pinned to, ``--core``; qqwing inherits it), ``our
level``, ``qqwing`` and ``qqwing solutions``. The table is
:func:`benchmarks.difficulty.rating_tables.by_level_table` of it.

The default levels are easy to expert: at 9x9 ``generate`` no longer finds a
"needs search" puzzle (the ladder has chains; it raises ``GenerationError``
at its time limit), so asking for that level costs the limit per seed and
gives nothing. ``--levels`` takes any of :data:`sudoku_models.logic.LEVELS`.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

import pandas as pd

from benchmarks.difficulty.rating_tables import by_level_table
from benchmarks.difficulty.rating_vs_qqwing import qqwing_ratings
from benchmarks.studykit.benchtools import machine
from benchmarks.studykit.pinning import add_core_option, pin
from generator import generate
from sudoku_models import Puzzle
from sudoku_models.logic import LEVELS, rate

OUT = Path(__file__).resolve().parent / "results" / "by_level.csv"
DEFAULT_LEVELS = LEVELS[:-1]  # every level but "needs search" (see the module's docstring)


def by_level(levels, per_level: int, core: int | None = None) -> pd.DataFrame:
    """``per_level`` puzzles per level of ``levels`` (``generate(seed=0..,
    difficulty=level)``), one row each (the columns of the module's
    docstring), checked by QQWing in one process at the end.

    Raises ``generator.GenerationError`` when a level yields no puzzle
    within 60 s."""
    rows = []
    for level in levels:
        for seed in range(per_level):
            load, start, cpu = os.getloadavg()[0], time.perf_counter(), time.process_time()
            puzzle = generate(seed=seed, difficulty=level, time_limit=60)
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            rows.append({"level": level, "seed": seed, "puzzle": puzzle.to_string(),
                         "clues": puzzle.num_clues, "generate s": seconds, "cpu_s": cpu,
                         "load": round(load, 2), "core": core,
                         "our level": rate(puzzle).level})
    frame = pd.DataFrame(rows)
    checks = qqwing_ratings([Puzzle.from_string(line) for line in frame["puzzle"]], count=True)
    frame["qqwing"] = [c[0] for c in checks]
    frame["qqwing solutions"] = [c[2] for c in checks]
    return frame


def level_list(text: str) -> list[str]:
    """``--levels``: comma-separated names of :data:`LEVELS`."""
    levels = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in levels if name not in LEVELS]
    if unknown or not levels:
        raise argparse.ArgumentTypeError(
            f"unknown level {', '.join(unknown) or '(none given)'}: choose from {', '.join(LEVELS)}")
    return levels


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-level", type=int, default=50, metavar="N",
                        help="puzzles per level, seeds 0..N-1 (default 50)")
    parser.add_argument("--levels", type=level_list, default=list(DEFAULT_LEVELS),
                        help=f"comma-separated levels (default {','.join(DEFAULT_LEVELS)}: "
                             "'needs search' is not found at 9x9 any more)")
    parser.add_argument("--out", type=Path, default=OUT, help=f"results CSV (default {OUT})")
    add_core_option(parser)
    args = parser.parse_args(argv)
    if args.per_level < 1:
        parser.error("--per-level must be 1 or more")
    if shutil.which("qqwing") is None:
        sys.exit("qqwing not found: apt-get install qqwing")
    core = pin(parser, args.core)
    print(machine())
    print(f"core {core}; load average at start: {os.getloadavg()}\n", flush=True)
    by_level(args.levels, args.per_level, core).to_csv(args.out, index=False)
    print(by_level_table(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
