"""verify / grid_errors against valid and broken grids."""

import numpy as np
import pytest

from sudoku_models import Puzzle, grid_errors, verify

from .helpers import pattern_grid


def test_pattern_grids_are_valid_for_every_order():
    for order in range(2, 7):
        grid = pattern_grid(order)
        assert verify(Puzzle.from_grid(np.zeros_like(grid)), grid)


def test_swapped_cells_break_a_column_and_a_box():
    grid = pattern_grid(3).copy()
    grid[0, 0], grid[0, 4] = grid[0, 4], grid[0, 0]
    errors = grid_errors(Puzzle.from_grid(np.zeros_like(grid)), grid)
    assert "column 1 repeats a value" in errors and "box 2 repeats a value" in errors
    assert not any(e.startswith("row 1 ") for e in errors)


def test_a_changed_clue_and_an_out_of_range_cell_are_reported():
    grid = pattern_grid(3)
    clues = grid.copy()
    clues[2, 3] = grid[2, 3] % 9 + 1
    puzzle = Puzzle.from_grid(np.where(np.arange(81).reshape(9, 9) == 21, clues, 0))
    assert f"row 3, column 4: clue {clues[2, 3]} became {grid[2, 3]}" in grid_errors(puzzle, grid)
    broken = grid.copy()
    broken[8, 8] = 0
    assert "row 9, column 9: 0 is not in 1..9" in grid_errors(Puzzle.from_grid(np.zeros_like(grid)), broken)
    assert not verify(puzzle, None)
    assert grid_errors(puzzle, grid[:8]) == ["grid shape (8, 9) is not (9, 9)"]


def test_verify_takes_any_puzzle_form_and_refuses_what_is_no_puzzle():
    from sudoku_models import Puzzle, solve

    text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    grid = solve(Puzzle.from_string(text), "backtracking").grid
    assert verify(text, grid) and verify(Puzzle.from_string(text).grid.tolist(), grid)
    wrong = grid.copy()
    wrong[0, 0], wrong[0, 1] = wrong[0, 1], wrong[0, 0]
    assert not verify(text, wrong)
    with pytest.raises(TypeError, match="puzzle must be a Puzzle"):
        verify(None, grid)
