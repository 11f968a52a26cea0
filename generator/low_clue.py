"""Puzzles with few clues, by an evolutionary search over a pool of
minimal puzzles (issue 23, item 2), after tdoku's ``generate`` (keep the
best puzzles, drop a few clues, complete, minimise).

One step: take a parent from the better half of the pool, empty ``drop``
of its clues at random (the child now has several solutions), take a
random solution ``S`` of the child (the core's search with each cell's
values in a random order), complete the child back to a unique puzzle by
adding, while another solution exists (the core's "other solution"
check), the value of ``S`` at a random cell where that other solution
differs, and minimise it with the removal pass. A child no worse than the
pool's worst replaces it; every distinct puzzle at or under the target is
kept.

Each removal is checked by the core's "other solution" check with the
node budget :data:`generator.puzzles.REMOVAL_CHECK_NODES` (an undecided removal
keeps its clue), so every puzzle found has exactly one solution; a final
check of each with the counter confirms it.
"""

from __future__ import annotations

import time

import numpy as np

from sudoku_models import Puzzle
from sudoku_models.counter import kernel9, run_search, tables
from sudoku_models.counter.core import FOUND, NO_LIMIT, NONE, new_control
from sudoku_models.counter.uniqueness import other_solution

from . import search
from .full_grid import as_generator
from .generation_errors import GenerationError
from .puzzles import REMOVAL_CHECK_NODES, generate, load_generator_kernels, orbits


def _complete(child, solution, rng, control, found, t, work, work9):
    """``child`` plus clues of ``solution`` until ``solution`` is its only
    solution (each added clue removes the other solution just found); None
    when a check was undecided."""
    puzzle = child.copy()
    while True:
        empty = np.flatnonzero(puzzle == 0)
        answer = other_solution(puzzle, empty, solution, NO_LIMIT, control, found, t.fastest,
                                work, work9)
        if answer == NONE:
            return puzzle
        if answer != FOUND:
            return None
        differ = np.flatnonzero(found != solution)
        cell = differ[rng.integers(len(differ))]
        puzzle[cell] = solution[cell]


def low_clue_puzzles(most_clues: int = 20, seconds: float = 20.0, order: int = 3, seed=None,
                     pool_size: int = 32, drop: tuple[int, int] = (1, 2)) -> list[Puzzle]:
    """Distinct unique-solution puzzles of ``order`` with at most
    ``most_clues`` clues found within ``seconds`` (wall time, after the
    kernels are loaded), in the order found.

    ``seed``: as :func:`generator.generate`; ``pool_size``: puzzles kept;
    ``drop``: the range (inclusive) of clues emptied per step. Method: the
    module docstring. Raises ``ValueError`` for a bad argument, and
    :class:`~generator.generation_errors.GenerationError` naming the fewest
    clues reached when none is found (on 9x9, 17 and 18 clues come at once
    from :func:`generator.generate`, which draws them from the known
    17-clue puzzles: :mod:`generator.known`)."""
    if not 2 <= order <= 6 or seconds <= 0 or pool_size < 2 or not 1 <= drop[0] <= drop[1]:
        raise ValueError(f"bad arguments: order {order}, seconds {seconds}, pool_size "
                         f"{pool_size}, drop {drop}")
    rng = as_generator(seed)
    load_generator_kernels(order)
    t = tables(order)
    side = order * order
    cells = side * side
    singles = orbits(order, None)
    record = search.new_record(0, cells)  # the final check here is a count
    work, work9, found, control = t.workspace(), kernel9.workspace(), np.zeros(cells, np.int32), \
        new_control()
    pool = []  # (clues, puzzle, solution)
    for _ in range(pool_size):
        puzzle = generate(minimal=True, order=order, seed=rng).grid.ravel().astype(np.int32)
        pool.append((int(np.count_nonzero(puzzle)), puzzle, None))
    kept: dict[bytes, np.ndarray] = {}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        pool.sort(key=lambda entry: entry[0])
        _, parent, _ = pool[rng.integers(max(1, len(pool) // 2))]
        child = parent.copy()
        clues = np.flatnonzero(child)
        child[rng.choice(clues, size=min(len(clues), rng.integers(drop[0], drop[1] + 1)),
                         replace=False)] = 0
        value_order = np.argsort(rng.random((cells, side)), axis=1).astype(np.int64) + 1
        count, solution = run_search(child, order, 1, value_order=value_order)
        if count != 1:
            continue
        puzzle = _complete(child, solution, rng, control, found, t, work, work9)
        if puzzle is None:
            continue
        left, _ = search.reduce(solution, puzzle, singles, rng.permutation(len(singles)), 0,
                                REMOVAL_CHECK_NODES, control, found, record, t.fastest, work, work9)
        if left <= pool[-1][0]:
            pool[-1] = (left, puzzle, solution)
        if left <= most_clues:
            kept.setdefault(puzzle.tobytes(), puzzle)
    result = []
    for puzzle in kept.values():
        grid = puzzle.reshape(side, side).astype(np.int64)
        if run_search(puzzle, order, 2)[0] == 1:  # the final check
            result.append(Puzzle(grid, order))
    if not result:
        fewest = min(entry[0] for entry in pool)
        known = (f"; generator.generate({most_clues}) draws {most_clues}-clue puzzles from "
                 f"the known 17-clue puzzles at once" if order == 3 and most_clues in (17, 18)
                 else "")
        raise GenerationError(f"no {side}x{side} puzzle with at most {most_clues} clues found "
                              f"within {seconds:g} s; the fewest clues reached was {fewest}"
                              f"{known}")
    return result
