"""Checking a filled grid against the rules of Sudoku and a puzzle's clues."""

from __future__ import annotations

import numpy as np

from .puzzle import Puzzle
from .formats.puzzle_text import as_puzzle


def grid_errors(puzzle: Puzzle, grid) -> list[str]:
    """Why ``grid`` is not a solution of ``puzzle``; empty when it is.

    ``grid`` is an ``(N, N)`` array-like of ints. Checks the shape, that
    every cell holds a value in ``1..N`` (``1..V`` for a layout with more
    values than cells per house), that every clue is kept and that
    every house of the puzzle's layout (row, column, box or region) holds
    different values (each value once when ``V = N``), then every constraint of a variant by its definition
    (:meth:`~sudoku_models.core.rules.Rules.violations`). Positions in the
    messages are 1-based. ``puzzle``: a :class:`~sudoku_models.Puzzle` or
    anything :func:`~sudoku_models.puzzle.as_puzzle` takes (``TypeError`` /
    :class:`~sudoku_models.PuzzleFormatError` otherwise).
    """
    puzzle = as_puzzle(puzzle)
    side, top = puzzle.side, puzzle.layout.values
    array = np.asarray(grid)
    if array.shape != (side, side):
        return [f"grid shape {array.shape} is not ({side}, {side})"]
    errors = []
    bad = np.argwhere((array < 1) | (array > top))
    errors += [f"row {r + 1}, column {c + 1}: {array[r, c]} is not in 1..{top}" for r, c in bad]
    changed = np.argwhere((puzzle.grid != 0) & (puzzle.grid != array))
    errors += [
        f"row {r + 1}, column {c + 1}: clue {puzzle.grid[r, c]} became {array[r, c]}"
        for r, c in changed
    ]
    flat = array.ravel()
    layout = puzzle.layout
    errors += [f"{layout.house_name(int(house))} repeats a value"
               for house in layout.repeating_houses(flat)]
    if not errors:  # the constraints' definitions need a grid of values 1..N
        errors += puzzle.rules.violations(flat)
    return errors


def verify(puzzle: Puzzle, grid) -> bool:
    """True when ``grid`` (``(N, N)`` ints) solves ``puzzle``: every house
    holds each of ``1..N`` once (``N`` different values of ``1..V`` for a
    layout with more values), every clue is kept and every constraint of
    a variant holds. See
    :func:`grid_errors` for the reasons when it does not."""
    if grid is None:
        return False
    puzzle = as_puzzle(puzzle)
    array = np.asarray(grid)
    side = puzzle.side
    if array.shape != (side, side):
        return False
    # grid_errors's checks without its messages (a solver's every answer comes
    # here: in a batch, 3-4 times faster than finding the errors, to be named only
    # where there are some); a grid that fails one is judged by grid_errors itself
    flat = array.ravel()
    clues = puzzle.grid.ravel()
    if (flat.min() < 1 or flat.max() > puzzle.layout.values
            or ((clues != 0) & (clues != flat)).any()
            or puzzle.layout.repeating_houses(flat).size):
        return False
    return not puzzle.rules.violations(flat)
