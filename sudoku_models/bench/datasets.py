"""The puzzle sets a benchmark runs on, named by short specs.

* ``top95``, ``top1465``, ``17clue``: the bundled collections
  (``benchmarks/datasets/`` of the repository), or any file path;
* ``gen:N``: generated 9x9 puzzles with exactly N clues and one solution
  (``gen:17`` takes 17-clue puzzles from the bundled collection: no generator
  reaches 17 in reasonable time);
* ``order:N``: generated puzzles of order N (2 to 6) with 60% of the cells
  given, for the scaling study.

Generated puzzles are reproducible: puzzle ``i`` of a spec depends only on
the spec, ``i`` and the run's seed, so a resumed run sees the same puzzles.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from ..files import read_puzzles
from ..puzzle import Puzzle

BUNDLED = {"top95": "top95.txt", "top1465": "top1465.txt", "17clue": "17clue.txt"}
DATASET_DIR = Path(__file__).resolve().parents[2] / "benchmarks" / "datasets"
SCALING_SHARE = 0.6  # share of cells given in the order:N puzzles (36x36 at 50% takes minutes to generate)


class DatasetError(ValueError):
    """A dataset spec that names nothing usable."""


def puzzle_hash(puzzle: Puzzle) -> str:
    """Short content hash of a puzzle (first 12 hex digits of SHA-1 of its line)."""
    return hashlib.sha1(puzzle.to_string().encode()).hexdigest()[:12]


def load_dataset(spec: str, sample: int | None, seed: int) -> list[Puzzle]:
    """The puzzles of ``spec`` (see module docstring), the first ``sample`` of
    them (None: all; generated sets need a sample). Raises
    :class:`DatasetError` for an unknown spec or a bad number."""
    kind, _, value = spec.partition(":")
    if spec in BUNDLED or (not value and Path(spec).exists()):
        path = DATASET_DIR / BUNDLED[spec] if spec in BUNDLED else Path(spec)
        if not path.exists():
            raise DatasetError(f"{spec}: {path} not found (run from a checkout of the repository)")
        return read_puzzles(path)[:sample]
    if kind not in ("gen", "order") or not value.isdigit():
        raise DatasetError(f"unknown dataset {spec!r}: use top95, top1465, 17clue, a file, "
                           f"gen:N (N clues) or order:N (order N)")
    if sample is None:
        raise DatasetError(f"{spec}: generated sets need --sample")
    number = int(value)
    if kind == "gen" and number == 17:
        return load_dataset("17clue", sample, seed)
    from generator import generate  # numba: only when generating

    order = 3 if kind == "gen" else number
    if kind == "order" and order not in range(2, 7):
        raise DatasetError(f"{spec}: order must be 2..6")
    clues = number if kind == "gen" else int(np.ceil(SCALING_SHARE * order**4))
    puzzles = []
    for index in range(sample):
        rng = np.random.default_rng([seed, order, clues, index])
        puzzle = generate(clues, order=order, seed=rng)
        puzzles.append(Puzzle(puzzle.grid, order, name=f"{spec}#{index + 1}"))
    return puzzles
