"""Data and helpers shared by the tests."""

import gzip
import os
import tempfile
from pathlib import Path

import numpy as np

from sudoku_models import Puzzle
from sudoku_models.formats import collection_file, collection_names


def _collections_as_files() -> Path:
    """The bundled collections as plain files in one folder (``top95.txt``,
    ``17clue.txt`` decompressed, ``killer-9x9.jsonl``, ...), made once per
    content: the tests read some as bytes or hand them to a shell."""
    folder = Path(tempfile.gettempdir()) / f"sudoku-models-test-collections-{os.getuid()}"
    folder.mkdir(exist_ok=True)
    for name in collection_names():
        source = collection_file(name)
        data = source.read_bytes()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        target = folder / source.name.removesuffix(".gz")
        if not target.exists() or target.read_bytes() != data:
            partial = target.with_suffix(f".{os.getpid()}.part")
            partial.write_bytes(data)
            partial.replace(target)  # atomic: parallel test workers see whole files
    return folder


DATASETS = _collections_as_files()

# The clue matrix B of MATLAB's "Solve Sudoku Puzzles via Integer Programming:
# Solver-Based" example (seed 000), 21 clues, 1-based (row, column, value).
SEED_B = [
    [1, 2, 2], [1, 5, 3], [1, 8, 4], [2, 1, 6], [2, 9, 3], [3, 3, 4], [3, 7, 5],
    [4, 4, 8], [4, 6, 6], [5, 1, 8], [5, 5, 1], [5, 9, 6], [6, 4, 7], [6, 6, 5],
    [7, 3, 7], [7, 7, 6], [8, 1, 4], [8, 9, 8], [9, 2, 3], [9, 5, 4], [9, 8, 2],
]
# The same puzzle typed row by row from the seed's picture.
SEED_STRING = (
    ".2..3..4." "6.......3" "..4...5.." "...8.6..." "8...1...6"
    "...7.5..." "..7...6.." "4.......8" ".3..4..2."
)


def pattern_grid(order: int) -> np.ndarray:
    """A valid full grid of any order from the classic shifting pattern:
    value = (n*(r mod n) + r div n + c) mod n^2 + 1."""
    side = order * order
    r, c = np.indices((side, side))
    return (order * (r % order) + r // order + c) % side + 1


def holes(grid: np.ndarray, share: float, seed: int) -> Puzzle:
    """A puzzle made from a full grid by emptying about ``share`` of the cells."""
    rng = np.random.default_rng(seed)
    kept = np.where(rng.random(grid.shape) < share, 0, grid)
    return Puzzle.from_grid(kept)


def solve_stats(result) -> dict:
    """A result's statistics of its own solve: without ``warm_up_s``, the
    one-time cost the first solve of a configuration in a process reports."""
    return {key: value for key, value in result.stats.items() if key != "warm_up_s"}


class Spinner:
    """A method that never returns and heeds no stop, burning CPU all along
    (the hard limits of the harness must stop it from outside)."""

    def __init__(self, order, **options):
        pass

    def solve(self, puzzle):
        while True:
            pass
