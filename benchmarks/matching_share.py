"""Share of puzzles the bipartite-matching deduction solves without guessing.

Usage: python benchmarks/matching_share.py [--seventeen 49158] [--generated 100]

The paper behind the ``matching`` formulation (seed 002) reports that its
deduction solved puzzles with more than 25 clues and failed on Gordon
Royle's 17-clue puzzles. This runs the same deduction (forbidden edges of
every house deleted to a fixed point, Régin's filter) on the bundled sets and
on generated puzzles at chosen clue counts, and prints the share solved by
deduction alone. With branching (``solve(..., method="matching")``) every
puzzle solves; the tests check that.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from tqdm import tqdm

from generator import generate
from sudoku_models import read_puzzles
from sudoku_models.formulations.matching import deduce, initial_candidates

HERE = Path(__file__).resolve().parent


def share_row(label: str, puzzles) -> str:
    outcomes = [deduce(initial_candidates(p), p.order).status
                for p in tqdm(puzzles, desc=label, leave=False)]
    solved = outcomes.count("solved")
    clues = [p.num_clues for p in puzzles]
    clue_text = str(clues[0]) if min(clues) == max(clues) else f"{min(clues)}-{max(clues)}"
    return (f"| {label} | {len(puzzles):,} | {clue_text} | {solved:,} | "
            f"{100 * solved / len(puzzles):.1f}% |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seventeen", type=int, default=49158, help="17-clue puzzles to use")
    parser.add_argument("--generated", type=int, default=100, help="generated puzzles per clue count")
    parser.add_argument("--clues", type=int, nargs="+", default=[20, 22, 25, 28, 30, 35, 40])
    args = parser.parse_args()
    print("| puzzles | count | clues | solved by deduction alone | share |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name in ("top95.txt", "top1465.txt"):
        print(share_row(name, read_puzzles(HERE / "datasets" / name)))
    print(share_row("17clue.txt", read_puzzles(HERE / "datasets" / "17clue.txt")[: args.seventeen]))
    for clues in args.clues:
        rng = np.random.default_rng(clues)
        puzzles = [generate(clues, seed=rng) for _ in range(args.generated)]
        print(share_row(f"generated, {clues} clues", puzzles))


if __name__ == "__main__":
    main()
