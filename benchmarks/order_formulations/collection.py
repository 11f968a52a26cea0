"""Thermometer and arrow collections at 9x9 where the variant does the work:
a random full grid, thermometers (or arrows) drawn on it, then the clues
removed one by one while the counter still proves the solution unique, so
what is left are the few givens the drawn constraints cannot replace (a
minimal puzzle for its constraints).

Usage: python -m benchmarks.order_formulations.collection [--kind thermo|arrow]
       [--per-group 6] [--check-seconds 10] [--confirm-seconds 120]

Method (the generator draws no thermometers or arrows; this is the
"clue removal" of :mod:`generator.puzzles` over a grid carrying them):

* the grid: :func:`generator.random_full_grid` with the puzzle's seed;
* a **thermometer**: from a random free cell, a walk to a random free
  king-move neighbour holding a larger digit of the grid, 3 to 6 cells,
  the cells of no other thermometer; a group's count of thermometers;
* an **arrow**: a circle on a free cell holding ``v >= 3``, a shaft of 2
  to 4 free cells walked by king moves from it whose digits sum to ``v``,
  all the shaft's cells in one house (so they must differ, and
  ``arrow="sets"`` has its digit-set rows there); a group's count of arrows;
* the clues: all 81 first, then each cell in a random order emptied when
  the counter (:func:`~sudoku_models.counter.backtrack_count`) proves one
  solution within ``--check-seconds`` (a check past it keeps the clue).

Each puzzle is confirmed by two complete methods with only a time cap: the
counter and CaDiCaL on the extended CNF (``sat-extended``), each counting
exactly one solution, the grid it was drawn from. Groups from easy to hard:
more constraints leave fewer givens. Writes one JSON line per puzzle (the
``sudoku-models/1`` format, its ``source`` naming the call); the same seeds
give the same file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from generator import random_full_grid
from sudoku_models import Puzzle, count_solutions
from sudoku_models.counter import backtrack_count, backtrack_solve
from sudoku_models.errors import CountIncomplete
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import Arrow, Thermometer
from sudoku_models.formats.toolkit_json import to_json
from benchmarks.studykit.benchtools import collections_folder

GROUPS = {"thermo": ((12, 3201), (16, 3202), (20, 3203), (22, 3204)),
          "arrow": ((8, 3301), (11, 3302), (14, 3303), (16, 3304))}
"""Per kind, each group's count of thermometers or arrows and first seed
(the puzzles of a group take the seeds ``first * 100`` on)."""
PER_GROUP = 6
LAYOUT = Layout.square(3)


def _king(cell: int) -> list[int]:
    r, c = divmod(cell, 9)
    return [rr * 9 + cc for rr in (r - 1, r, r + 1) for cc in (c - 1, c, c + 1)
            if 0 <= rr < 9 and 0 <= cc < 9 and (rr, cc) != (r, c)]


def _one_house(cells: list[int]) -> bool:
    """Whether every two of ``cells`` share a row, column or box."""
    def peers(a, b):
        (ra, ca), (rb, cb) = divmod(a, 9), divmod(b, 9)
        return ra == rb or ca == cb or (ra // 3, ca // 3) == (rb // 3, cb // 3)
    return all(peers(a, b) for i, a in enumerate(cells) for b in cells[i + 1:])


def _thermometer(values, free, rng) -> Thermometer | None:
    start = int(rng.choice(sorted(free)))
    cells, want = [start], int(rng.integers(3, 7))
    while len(cells) < want:
        steps = [n for n in _king(cells[-1]) if n in free and n not in cells
                 and values[n] > values[cells[-1]]]
        if not steps:
            break
        cells.append(int(rng.choice(steps)))
    return Thermometer(tuple(cells)) if len(cells) >= 3 else None


def _arrow(values, free, rng) -> Arrow | None:
    circle = int(rng.choice(sorted(free)))
    total, shaft, want = values[circle], [], int(rng.integers(2, 5))
    while len(shaft) < want:
        last = shaft[-1] if shaft else circle
        steps = [n for n in _king(last) if n in free and n != circle and n not in shaft
                 and values[shaft].sum() + values[n] <= total and _one_house(shaft + [n])]
        if not steps:
            break
        shaft.append(int(rng.choice(steps)))
        if values[shaft].sum() == total:
            break
    if len(shaft) >= 2 and values[shaft].sum() == total:
        return Arrow(circle, tuple(shaft))
    return None


def draw(kind: str, count: int, seed: int) -> tuple[Puzzle, np.ndarray]:
    """A puzzle of ``count`` thermometers or arrows (``kind``) drawn on the
    full grid of ``seed``, all 81 clues still given, and that grid."""
    rng = np.random.default_rng(seed)
    grid = random_full_grid(3, rng)
    values = grid.ravel()
    while True:
        free, drawn = set(range(81)), []
        for _ in range(2000):
            if len(drawn) == count:
                break
            made = (_thermometer if kind == "thermo" else _arrow)(values, free, rng)
            if made is not None:
                drawn.append(made)
                free -= set(made.cells) | ({made.circle} if kind == "arrow" else set())
        if len(drawn) == count:
            return Puzzle(grid.copy(), LAYOUT, constraints=drawn), grid


def _unique(clues: np.ndarray, puzzle: Puzzle, seconds: float | None) -> bool:
    try:
        return backtrack_count(Puzzle(clues, puzzle.rules), limit=2, time_limit=seconds) == 1
    except CountIncomplete:
        return False


def make(kind: str, count: int, seed: int, check_seconds: float = 10.0,
         confirm_seconds: float = 120.0) -> Puzzle | None:
    """The puzzle of ``seed``: drawn (:func:`draw`), its clues removed while
    unique, confirmed by the counter and ``sat-extended`` within
    ``confirm_seconds`` each; None when a confirmation fails or times out."""
    full, grid = draw(kind, count, seed)
    rng = np.random.default_rng(seed + 1)
    clues = grid.copy()
    for cell in rng.permutation(81):
        r, c = divmod(int(cell), 9)
        kept, clues[r, c] = clues[r, c], 0
        if not _unique(clues, full, check_seconds):
            clues[r, c] = kept
    puzzle = Puzzle(clues, full.rules)
    try:
        confirmed = (backtrack_count(puzzle, limit=2, time_limit=confirm_seconds) == 1 and
                     count_solutions(puzzle, "sat-extended", limit=2,
                                     time_limit=confirm_seconds) == 1)
    except CountIncomplete:
        return None
    if not confirmed or not np.array_equal(backtrack_solve(puzzle), grid):
        return None
    return puzzle


def collection(kind: str, per_group: int = PER_GROUP, check_seconds: float = 10.0,
               confirm_seconds: float = 120.0) -> list[str]:
    """The collection's JSON lines, group by group (a seed whose puzzle is
    not confirmed is skipped, said on the terminal)."""
    lines = []
    for count, first in GROUPS[kind]:
        seed = first * 100
        made = 0
        while made < per_group:
            puzzle = make(kind, count, seed, check_seconds, confirm_seconds)
            source = (f"benchmarks.order_formulations.collection.make({kind!r}, {count}, "
                      f"seed={seed}, check_seconds={check_seconds:g}, "
                      f"confirm_seconds={confirm_seconds:g})")
            if puzzle is None:
                print(source, "not confirmed: skipped", flush=True)
            else:
                lines.append(json.dumps({**to_json(puzzle), "source": source},
                                        separators=(",", ":")))
                made += 1
                print(source, int((puzzle.grid > 0).sum()), "givens", flush=True)
            seed += 1
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=tuple(GROUPS), default="thermo")
    parser.add_argument("--per-group", type=int, default=PER_GROUP)
    parser.add_argument("--check-seconds", type=float, default=10.0)
    parser.add_argument("--confirm-seconds", type=float, default=120.0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    out = args.out or collections_folder() / f"{args.kind}-9x9.jsonl"
    out.write_text("\n".join(collection(args.kind, args.per_group, args.check_seconds,
                                        args.confirm_seconds)) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
