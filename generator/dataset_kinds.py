"""Generated dataset kinds for the benchmark runner, registered through the
``sudoku_models.extensions`` entry point (``generator-datasets``):

* ``gen:N``: generated 9x9 puzzles with exactly N clues and one solution
  (``gen:17`` is a seeded random sample of the bundled 17-clue collection:
  no generator reaches 17 in reasonable time);
* ``order:N``: generated puzzles of order N (2 to 6) with 60% of the cells
  given, for the scaling study;
* ``holes:ORDER:FRACTION[:PATTERN]``: random full grids of that order with
  ``FRACTION`` of the cells emptied in ``PATTERN`` (``random``, ``balanced``,
  ``doubly-balanced``; :func:`generator.holes_puzzle`): satisfiable, not
  necessarily unique, the quasigroup-with-holes family of solver papers.

Puzzle ``i`` depends only on the spec, ``i`` and the seed, so a resumed run
sees the same puzzles. Every puzzle gets :data:`TIME_LIMIT` seconds of
generation; a request that cannot be met in time fails with a message
saying so. This module imports nothing heavy: the generator (numba) is
imported when a set is generated.
"""

from __future__ import annotations

import math
import zlib
from typing import TYPE_CHECKING

from sudoku_models.bench.datasets import DatasetError, load_dataset, register_dataset_kind

if TYPE_CHECKING:
    from sudoku_models.puzzle import Puzzle

SCALING_SHARE = 0.6  # share of cells given in the order:N puzzles (36x36 at 50% takes minutes)
TIME_LIMIT = 60.0  # seconds of generation per puzzle


def _generate(spec: str, order: int, clues: int, sample: int | None, seed: int) -> list[Puzzle]:
    if sample is None:
        raise DatasetError(f"{spec}: generated sets need --sample (how many puzzles)")
    import numpy as np

    from sudoku_models.puzzle import Puzzle

    from . import GenerationError, generate

    puzzles = []
    for index in range(sample):
        rng = np.random.default_rng([seed, order, clues, index])
        try:
            puzzle = generate(clues, order=order, seed=rng, time_limit=TIME_LIMIT)
        except GenerationError as exc:
            raise DatasetError(f"{spec}: puzzle {index + 1} of {sample}: {exc}") from None
        puzzles.append(Puzzle(puzzle.grid, order, name=f"{spec}#{index + 1}"))
    return puzzles


def _number(spec: str, value: str) -> int:
    if not value.isascii() or not value.isdigit():
        raise DatasetError(f"{spec}: expected a whole number after ':', got {value!r}")
    return int(value)


def load_gen(value: str, sample: int | None, seed: int) -> list[Puzzle]:
    """``gen:N``: ``sample`` generated 9x9 puzzles with exactly N clues."""
    spec = f"gen:{value}"
    clues = _number(spec, value)
    if clues == 17:
        if sample is None:
            raise DatasetError(f"{spec}: generated sets need --sample (how many puzzles)")
        from sudoku_models.puzzle import Puzzle

        return [Puzzle(p.grid, 3, name=p.name) for _, p in load_dataset("17clue", sample, seed)]
    return _generate(spec, 3, clues, sample, seed)


def load_order(value: str, sample: int | None, seed: int) -> list[Puzzle]:
    """``order:N``: ``sample`` generated puzzles of order N, 60% of cells given."""
    spec = f"order:{value}"
    order = _number(spec, value)
    if order not in range(2, 7):
        raise DatasetError(f"{spec}: order must be 2..6")
    return _generate(spec, order, math.ceil(SCALING_SHARE * order**4), sample, seed)


def load_holes(value: str, sample: int | None, seed: int) -> list[Puzzle]:
    """``holes:ORDER:FRACTION[:PATTERN]``: ``sample`` puzzles of
    :func:`generator.holes_puzzle`."""
    spec = f"holes:{value}"
    parts = value.split(":")
    if len(parts) not in (2, 3):
        raise DatasetError(f"{spec}: expected holes:ORDER:FRACTION[:PATTERN], e.g. holes:4:0.42")
    order = _number(spec, parts[0])
    try:
        fraction = float(parts[1])
    except ValueError:
        raise DatasetError(f"{spec}: FRACTION must be a number in 0..1, got {parts[1]!r}") from None
    pattern = parts[2] if len(parts) == 3 else "random"
    if sample is None:
        raise DatasetError(f"{spec}: generated sets need --sample (how many puzzles)")
    import numpy as np

    from sudoku_models.puzzle import Puzzle

    from . import HolesError, holes_puzzle

    puzzles = []
    for index in range(sample):
        rng = np.random.default_rng([seed, order, zlib.crc32(value.encode()), index])
        try:
            puzzle = holes_puzzle(order, fraction, pattern, seed=rng)
        except HolesError as exc:
            raise DatasetError(f"{spec}: {exc}") from None
        puzzles.append(Puzzle(puzzle.grid, order, name=f"{spec}#{index + 1}"))
    return puzzles


register_dataset_kind("gen", load_gen, "gen:N",
                      "generated 9x9 with N clues (gen:17: the 17-clue collection)")
register_dataset_kind("order", load_order, "order:N",
                      "generated order-N puzzles (2..6), 60% of the cells given")
register_dataset_kind("holes", load_holes, "holes:ORDER:FRACTION[:PATTERN]",
                      "random full grids with that share of cells emptied (pattern random, "
                      "balanced or doubly-balanced): satisfiable, not always unique")
