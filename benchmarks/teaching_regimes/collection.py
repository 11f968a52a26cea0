"""The bundled ``teaching`` collection: a few puzzles per regime where MILP
and CP part ways, each picked from a recorded study and tagged with why.

``python -m benchmarks.teaching_regimes make`` writes
``sudoku_models/collections/teaching.jsonl`` from :data:`PARTS`: one JSON
line per puzzle, its ``name`` ``"PART/K: why"`` (the part is the regime;
``bench run --datasets teaching`` runs each part as its own dataset,
``teaching:PART``) and its ``source`` where it comes from (a collection and
line, or a dataset spec of the generator and its index). The same command
writes the same file.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "sudoku_models" / "collections" / "teaching.jsonl"

SEED_PUZZLE = ".2..3..4.6.......3..4...5.....8.6...8...1...6...7.5.....7...6..4.......8.3..4..2."
"""The seed's puzzle (the Engee/JuMP example, 21 clues): tests/helpers.SEED_STRING."""

PARTS = [
    ("root", "decided before any search by both: HiGHS 0 B&B nodes and 0 LP iterations, "
             "CP-SAT 0 branches (what every classic puzzle shows)",
     [("top95", 1), ("17clue", 1)]),
    ("milp-faster", "25x25 with 80% holes: the LP relaxation is nearly integral, HiGHS about "
                    "twice as fast as CP-SAT (phase_transition, paired run)",
     [("holes:5:0.8:random", 1), ("holes:5:0.8:random", 2), ("holes:5:0.8:random", 3)]),
    ("cp-faster", "25x25 with 60% holes, the hard region: CP-SAT propagates to a solution in a "
                  "tenth of a second where HiGHS's LP bound is useless (phase_transition: "
                  "HiGHS stopped at 10 s)",
     [("holes:5:0.6:random", 1), ("holes:5:0.6:random", 2)]),
    ("formulation", "a killer: the same MILP with each cage as one sum row (cage=sum) or as "
                    "its digit sets (cage=sets, the extended formulation) "
                    "(killer_formulations: sum 27-94 times the sets' CPU seconds)",
     [("killer-unselected-9x9", 8), ("killer-unselected-9x9", 18)]),
    ("alldiff", "the seed's puzzle: the binary MILP (milp) against AllDifferent bridged to the "
                "MILP as pairwise disjunctions (milp-alldiff), one solver "
                "(seed_comparison: about 20 times the CPU seconds at 9x9)",
     [("seed", 1)]),
]
"""``(part, why, [(dataset, index), ...])``: the dataset a puzzle is taken
from (a bundled collection, a generator spec drawn as ``bench run --sample
6 --seed 0`` draws it, or ``seed`` for :data:`SEED_PUZZLE`) and its
1-based index there."""


def puzzle_of(dataset: str, index: int):
    """Puzzle ``index`` of ``dataset`` as the recorded studies ran it."""
    from sudoku_models import Puzzle
    from sudoku_models.bench.datasets import load_dataset

    if dataset == "seed":
        return Puzzle.from_string(SEED_PUZZLE)
    sample = 6 if dataset.startswith("holes:") else None
    return dict(load_dataset(dataset, sample=sample, seed=0))[index]


def lines() -> list[str]:
    """The collection's JSON lines."""
    from sudoku_models.formats.toolkit_json import to_json

    out = []
    for part, why, picks in PARTS:
        for k, (dataset, index) in enumerate(picks, start=1):
            puzzle = puzzle_of(dataset, index)
            source = ("the seed's puzzle (tests/helpers.SEED_STRING)" if dataset == "seed" else
                      f"{dataset} #{index}" + (" (bench run --sample 6 --seed 0)"
                                               if dataset.startswith("holes:") else ""))
            data = {**to_json(puzzle), "name": f"{part}/{k}: {why}",
                    "source": f"{source}; python -m benchmarks.teaching_regimes make"}
            out.append(json.dumps(data, separators=(",", ":")))
    return out


def write(target: Path = TARGET) -> Path:
    target.write_text("\n".join(lines()) + "\n")
    return target
