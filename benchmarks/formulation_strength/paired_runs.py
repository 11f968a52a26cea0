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

The scaling and clue-count runs are plain ``sudoku-models bench run
--interleave`` commands (in the README).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "results"
SEVENTEEN_SAMPLE = 500


def chunks(run: str) -> list:
    """The study chunks of ``run`` (``top95`` or ``seventeen``)."""
    from benchmarks.studykit.runs import StudyChunk
    from sudoku_models.registry import METHODS

    if run == "top95":
        return [StudyChunk("top95 every method", list(METHODS), ["top95"], None, 60.0)]
    return [StudyChunk("17clue sample", ["milp", "cp", "backtracking"], ["17clue"],
                       SEVENTEEN_SAMPLE, None)]


def main(argv=None) -> int:
    from benchmarks.studykit.runs import run_study_chunk

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", choices=("top95", "seventeen"))
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
