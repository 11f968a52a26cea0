"""Texts two formats could read: `read_puzzle` reads each the way the README
promises (a 64-character line is an 8x8, never a 4x4's pencil marks, as the
Interactive Sudoku Solver's own parser tries the line first), and every
puzzle written in a format reads back as the same puzzle, whatever length
its text has (squares, cubes, JSON, constraint strings, links)."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, solve, verify
from sudoku_models.core.geometry import Layout
from sudoku_models.formats.puzzle_text import read_puzzle

from .test_input_edges import cli
from .test_rules import _full_grid
from sudoku_models.formats.fpuzzles import sudokupad_link, to_fpuzzles
from sudoku_models.formats.iss import to_iss
from sudoku_models.formats.toolkit_json import to_json

# The lines: 64 characters, read as 4x4 pencil marks before the fix.
EIGHT_WITH_TWO = "1....2.....3.4....3....4..1....2...2..1....4.3....4.3.....2..1.."
EIGHT_FEASIBLE = "1..24.3...43.21..1..34..2.3.1...34..2..1.21..34..3.1..244.2..1.3"
# Every box layout the one-character line format has: sides 4 to 25, squares
# (4, 9, 16, 25) and rectangles; 64 = 8*8 = 4**3 and 729 = 9**3 are the cubes
# the pencil-mark format also claims.
BOXES = [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (3, 4), (2, 7), (3, 5), (4, 4), (3, 6),
         (4, 5), (4, 6), (5, 5)]


def _pencil_marks(grid: np.ndarray, side: int) -> str:
    """The Interactive Sudoku Solver's pencil-mark text of a grid's clues
    (``side`` characters a cell: the clue at its place, every value of an
    empty cell), written here independently of the reader."""
    cells = []
    for value in grid.ravel():
        marks = ["."] * side
        for v in ([value] if value else range(1, side + 1)):
            marks[v - 1] = str(v)
        cells.append("".join(marks))
    return "".join(cells)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(BOXES), st.integers(0, 2**32 - 1), st.floats(0.0, 1.0))
def test_every_line_reads_back_as_the_puzzle_it_was(box, seed, density):
    rng = np.random.default_rng(seed)
    layout = Layout.boxes(*box)
    grid = np.where(rng.random((layout.side, layout.side)) < density, _full_grid(layout, rng), 0)
    puzzle = Puzzle(grid, layout)
    assert read_puzzle(puzzle.to_string()) == puzzle
    assert read_puzzle(json.dumps(to_json(puzzle))) == puzzle
    if layout.side <= 16:  # the constraint string, f-puzzles and SudokuPad stop at 16x16
        assert read_puzzle(to_iss(puzzle)) == puzzle
        assert read_puzzle(json.dumps(to_fpuzzles(puzzle))) == puzzle
        assert read_puzzle(sudokupad_link(puzzle)) == puzzle


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.0, 1.0))
def test_a_line_of_64_characters_is_an_8x8_even_when_it_spells_pencil_marks(seed, density):
    rng = np.random.default_rng(seed)
    small = np.where(rng.random((4, 4)) < density, _full_grid(Layout.boxes(2, 2), rng), 0)
    text = _pencil_marks(small, 4)  # digits 1-4 and dots: also an 8x8 line
    assert len(text) == 64
    puzzle = read_puzzle(text)
    assert puzzle.side == 8 and puzzle == Puzzle.from_string(text)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.0, 1.0))
def test_pencil_marks_of_729_characters_are_a_9x9_and_keep_every_clue(seed, density):
    rng = np.random.default_rng(seed)
    grid = np.where(rng.random((9, 9)) < density, _full_grid(Layout.boxes(3, 3), rng), 0)
    puzzle = read_puzzle(_pencil_marks(grid, 9))
    assert puzzle.side == 9 and np.array_equal(puzzle.grid, grid)
    assert not puzzle.constraints  # a full row of marks is no restriction


def test_the_8x8_lines_that_were_read_as_4x4_are_8x8_for_every_method():
    two = read_puzzle(EIGHT_WITH_TWO)
    assert two.side == 8 and two.layout.box_shape == (2, 4)
    assert count_solutions(two, "backtracking", limit=2) == 2
    assert count_solutions(two, "cp", limit=2) == 2
    feasible = read_puzzle(EIGHT_FEASIBLE)
    for method in ("cp", "milp", "backtracking"):
        result = solve(feasible, method, time_limit=30)
        assert result.status.name == "OPTIMAL" and verify(feasible, result.grid)


@pytest.mark.parametrize("how", ["argument", "file"])
def test_the_command_line_reads_the_8x8_line_as_an_8x8(tmp_path, how):
    if how == "file":
        path = tmp_path / "eight.txt"
        path.write_text(EIGHT_WITH_TWO + "\n")
        argv = ["count", "--file", str(path), "-m", "backtracking", "--limit", "2"]
    else:
        argv = ["count", "-m", "backtracking", "--limit", "2", "--", EIGHT_WITH_TWO]
    code, out, err = cli(argv)
    assert code == 0, err
    assert "1234341221434321" not in out  # the 4x4 it was misread as
    assert "at least 2" in out
