"""Minimality: a puzzle from which no clue can be removed without losing
its unique solution."""

from __future__ import annotations

import numpy as np

from sudoku_models import Puzzle
from sudoku_models.counter import kernel9, run_search, tables
from sudoku_models.counter.core import NO_LIMIT, NONE, new_control
from sudoku_models.counter.uniqueness import other_solution


def removable_clues(puzzle: Puzzle) -> list[tuple[int, int]]:
    """The clues ``(row, column)`` (0-based) of a unique-solution ``puzzle``
    whose removal keeps the solution unique. Raises ``ValueError`` when the
    puzzle does not have exactly one solution.

    Method: for each clue, the compiled check "is there a solution other
    than the known one with this cell emptied" of the search core
    (:func:`sudoku_models.counter.uniqueness.other_solution`, no node
    budget)."""
    count, solution = run_search(puzzle.grid.ravel(), puzzle.order, 2)
    if count != 1:
        raise ValueError(f"the puzzle has {'no' if count == 0 else 'more than one'} solution; "
                         "minimality is defined for unique-solution puzzles")
    t = tables(puzzle.order)
    work, work9 = t.workspace(), kernel9.workspace()
    clues = puzzle.grid.ravel().astype(np.int32)
    found = np.zeros_like(clues)
    control = new_control()
    removable = []
    for cell in np.flatnonzero(clues):
        clues[cell] = 0
        if other_solution(clues, np.array([cell], np.int64), solution, NO_LIMIT, control, found,
                          t.fastest, work, work9) == NONE:
            removable.append(divmod(int(cell), puzzle.side))
        clues[cell] = solution[cell]
    return removable


def is_minimal(puzzle: Puzzle) -> bool:
    """True when ``puzzle`` has exactly one solution and loses it (gets
    several) whenever any single clue is removed. Raises ``ValueError`` when
    the puzzle does not have exactly one solution."""
    return not removable_clues(puzzle)
