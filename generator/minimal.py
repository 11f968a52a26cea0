"""Minimality: a puzzle from which no clue can be removed without losing
its unique solution."""

from __future__ import annotations

import numpy as np

from sudoku_models import Puzzle
from sudoku_models.counter import backtrack_count, kernel9, run_search, tables
from sudoku_models.counter.core import new_control
from sudoku_models.core.geometry import Layout
from sudoku_models.formats.puzzle_text import as_puzzle

from .search import removable_orbit


def removable_clues(puzzle: Puzzle) -> list[tuple[int, int]]:
    """The clues ``(row, column)`` (0-based) of a unique-solution ``puzzle``
    whose removal keeps the solution unique. Raises ``ValueError`` when the
    puzzle does not have exactly one solution.

    Method: for each clue, the compiled check "is there a solution other
    than the known one with this cell emptied" of the search core
    (:func:`generator.search.removable_orbit`, no node budget); for a
    puzzle of another layout or with a variant's constraints, one count to 2
    per clue on the counter (:func:`sudoku_models.counter.backtrack_count`).
    ``puzzle``: a :class:`~sudoku_models.Puzzle` or anything
    :func:`~sudoku_models.puzzle.as_puzzle` takes."""
    puzzle = as_puzzle(puzzle)
    count = backtrack_count(puzzle, limit=2)
    if count != 1:
        raise ValueError(f"the puzzle has {'no' if count == 0 else 'more than one'} solution; "
                         "minimality is defined for unique-solution puzzles")
    if puzzle.order is None or puzzle.rules.constraints or puzzle.layout != Layout.square(puzzle.order):
        removable = []
        for cell in np.flatnonzero(puzzle.grid):
            row, column = divmod(int(cell), puzzle.side)
            grid = puzzle.grid.copy()
            grid[row, column] = 0
            if backtrack_count(Puzzle(grid, puzzle.rules), limit=2) == 1:
                removable.append((row, column))
        return removable
    count, solution = run_search(puzzle.grid.ravel(), puzzle.order, 2)
    t = tables(puzzle.order)
    clues = puzzle.grid.ravel().astype(np.int32)
    cells = np.flatnonzero(clues)
    orbits = np.stack([cells, np.full_like(cells, -1)], axis=1).astype(np.int64)
    found = np.zeros_like(clues)
    work, work9, control = t.workspace(), kernel9.workspace(), new_control()
    removable = []
    none = np.zeros((0, clues.size), np.int32)  # no recorded witnesses: search every clue
    index = removable_orbit(clues, solution, orbits, 0, control, found, none, t.fastest, work,
                            work9)
    while index >= 0:
        removable.append(divmod(int(cells[index]), puzzle.side))
        index = removable_orbit(clues, solution, orbits, index + 1, control, found, none,
                                t.fastest, work, work9)
    return removable


def is_minimal(puzzle: Puzzle) -> bool:
    """True when ``puzzle`` has exactly one solution and loses it (gets
    several) whenever any single clue is removed; any layout and variant
    (see :func:`removable_clues`). Raises ``ValueError`` when
    the puzzle does not have exactly one solution."""
    return not removable_clues(puzzle)
