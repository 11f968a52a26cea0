"""Small things the study scripts share: where the bundled datasets are, the
line that records the machine and versions, the 9x9 puzzle sets of the
rating studies, and the ``run``/``report`` command line of a study run in
chunks.
"""

from __future__ import annotations

import sys
from pathlib import Path

DATASETS = Path(__file__).resolve().parents[1] / "datasets"
"""The shipped puzzle collections (``benchmarks/datasets``)."""


def machine() -> str:
    """CPU model, core count, Python and solver versions, for the record."""
    from sudoku_models import METHODS
    from sudoku_models.records.rows import environment

    env = environment()
    solvers = ", ".join(sorted({info.load().solver_name() for info in METHODS.values()}))
    return (f"{env['machine']}, {env['cores']} cores; Python {env['python']}; "
            f"sudoku-models {env['toolkit']}; {solvers}")


def puzzle_sets(sample: int, generated: int) -> dict[str, list]:
    """The 9x9 puzzle sets of the rating comparisons, by name: top95, top1465,
    ``sample`` 17-clue puzzles drawn with seed 0, ``generated`` puzzles of
    22 to 36 clues (seeds 0, 1, ...)."""
    import numpy as np

    from generator import generate
    from sudoku_models import read_puzzles

    seventeen = read_puzzles(DATASETS / "17clue.txt")
    picks = np.random.default_rng(0).choice(len(seventeen), size=sample, replace=False)
    made = []
    for seed in range(generated):
        puzzle = generate(22 + seed % 15, seed=seed)
        made.append(type(puzzle)(puzzle.grid, 3, f"generate({puzzle.num_clues}, seed={seed})"))
    return {"top95": read_puzzles(DATASETS / "top95.txt"),
            "top1465": read_puzzles(DATASETS / "top1465.txt"),
            f"17clue ({sample} sampled)": [seventeen[i] for i in sorted(picks)],
            "generated": made}


def study_main(doc: str, out: Path, run, report, argv=None) -> int:
    """The command line of a study script: ``run`` (resumable chunks, at most
    ``--budget-minutes`` each) or ``report``, into ``--out`` (default
    ``out``). ``run(out, budget_minutes)`` runs; ``report(out)`` returns the
    text to print."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=("run", "report"))
    parser.add_argument("--out", type=Path, default=out, help=f"results folder (default {out})")
    parser.add_argument("--budget-minutes", type=float, default=110,
                        help="stop a chunk after this wall time (resume by re-running)")
    args = parser.parse_args(argv)
    try:
        if args.step == "run":
            run(args.out, args.budget_minutes)
        else:
            print(report(args.out))
    except (ValueError, OSError) as exc:  # bad settings or results: one line, exit 2
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
