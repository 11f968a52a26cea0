"""Share of puzzles the bipartite-matching deduction solves without guessing.

Usage: python -m benchmarks.difficulty.matching_share [--seventeen 49158] [--generated 100] [--out CSV]

The paper behind the ``matching`` formulation (seed 002) reports that its
deduction solved puzzles with more than 25 clues and failed on Gordon
Royle's 17-clue puzzles. This runs the same deduction (forbidden edges of
every house deleted to a fixed point, Régin's filter) on the bundled sets and
on generated puzzles at chosen clue counts, and prints the share solved by
deduction alone. With branching (``solve(..., method="matching")``) every
puzzle solves; the tests check that. Every puzzle is a row of ``--out``
(default ``benchmarks/difficulty/results/matching_share.csv.gz``); the table is
:func:`benchmarks.difficulty.matching_share_tables.matching_share_table` of it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pandas as pd
from tqdm import tqdm

from generator import generate
from sudoku_models import read_puzzles
from sudoku_models.formulations.matching import deduce, initial_candidates
from benchmarks.difficulty.matching_share_tables import matching_share_table

HERE = Path(__file__).resolve().parent


def outcome_rows(label: str, puzzles) -> list[dict]:
    """One row per puzzle: the set, its index, clues and the deduction's
    status (``solved``, ``stalled``, ``infeasible``; see
    :class:`~sudoku_models.formulations.matching.Deduction`)."""
    return [{"puzzles": label, "index": index, "clues": puzzle.num_clues,
             "status": deduce(initial_candidates(puzzle), puzzle.order).status}
            for index, puzzle in enumerate(tqdm(puzzles, desc=label, leave=False))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seventeen", type=int, default=49158, help="17-clue puzzles to use")
    parser.add_argument("--generated", type=int, default=100, help="generated puzzles per clue count")
    parser.add_argument("--clues", type=int, nargs="+", default=[20, 22, 25, 28, 30, 35, 40])
    parser.add_argument("--out", type=Path, default=HERE / "results" / "matching_share.csv.gz",
                        help="CSV of every puzzle's outcome (default %(default)s)")
    args = parser.parse_args()
    rows = []
    for name in ("top95.txt", "top1465.txt"):
        rows += outcome_rows(name, read_puzzles(name.removesuffix(".txt")))
    rows += outcome_rows("17clue.txt", read_puzzles("17clue")[: args.seventeen])
    for clues in args.clues:
        rng = np.random.default_rng(clues)
        rows += outcome_rows(f"generated, {clues} clues",
                             [generate(clues, seed=rng) for _ in range(args.generated)])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pd.DataFrame(rows).to_csv(args.out, index=False)
    print(matching_share_table(args.out))


if __name__ == "__main__":
    main()
