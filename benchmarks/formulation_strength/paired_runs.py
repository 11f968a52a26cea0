"""The paired runs of this question, each one interleaved run (issue 31):
``python -m benchmarks.formulation_strength paired RUN [--workers N]``.

Each run is a study chunk (:mod:`benchmarks.studykit.runs`): the methods
interleaved puzzle by puzzle (every method on a puzzle before the next
puzzle, the order rotated), one solver thread per worker and one worker
per core, every row with its CPU seconds, load and core; the load is
sampled into ``load.csv`` and the run logged in ``chunks.jsonl`` in
``results/``. The tables pair the methods on CPU seconds of these rows;
when a run is complete its performance profile on CPU seconds is drawn
into ``results/RUN_paired_profile.png``
(:func:`benchmarks.formulation_strength.tables.cpu_profile`).

``top95``
    Every registered method on the 95 puzzles of top95, 60 s per puzzle
    (build included), into ``results/top95_paired.csv``.
``seventeen``
    ``milp``, ``cp`` and the counter on an even sample (``SEVENTEEN_SAMPLE``
    puzzles, seed 0) of the 49,158 17-clue puzzles, no limit, into
    ``results/seventeen_paired.csv``.
``clues``
    The clue-count comparison (``CLUE_METHODS``) on ``CLUES_SAMPLE`` puzzles
    per clue count (``gen:17``: the first of the 17-clue collection; the
    other counts generated with seed 0), into ``results/clues_paired.csv``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "results"
SEVENTEEN_SAMPLE = 500
CLUES_SAMPLE = 20
CLUE_METHODS = ["milp", "cp", "cp-bool", "matrix", "matching", "backtracking"]
GENERATED = ["gen:20", "gen:22", "gen:25", "gen:28", "gen:30", "gen:35", "gen:40"]


def chunks(run: str) -> list:
    """The study chunks of ``run`` (``top95``, ``seventeen`` or ``clues``)."""
    from benchmarks.studykit.runs import StudyChunk
    from sudoku_models.registry import METHODS

    if run == "top95":
        return [StudyChunk("top95 every method", list(METHODS), ["top95"], None, 60.0)]
    if run == "seventeen":
        return [StudyChunk("17clue sample", ["milp", "cp", "backtracking"], ["17clue"],
                           SEVENTEEN_SAMPLE, None)]
    return [StudyChunk("clues", CLUE_METHODS, ["gen:17", *GENERATED], CLUES_SAMPLE, None)]


def main(argv=None) -> int:
    from benchmarks.studykit.runs import run_study_chunk

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", choices=("top95", "seventeen", "clues"))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--budget-minutes", type=float, default=60)
    args = parser.parse_args(argv)
    from benchmarks.formulation_strength.tables import cpu_profile

    out = OUT / f"{args.run}_paired.csv"
    for chunk in chunks(args.run):
        end = run_study_chunk(chunk, out, 60 * args.budget_minutes, workers=args.workers)
        print(end)
        if end["stopped"]:
            return 1
    print(cpu_profile(out, OUT / f"{args.run}_paired_profile.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
