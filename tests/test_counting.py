"""sudoku_models.count_solutions: every method gives the same count."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import METHODS, Puzzle, count_solutions, counting_methods, read_puzzles
from sudoku_models.cli import main

from .helpers import DATASETS, pattern_grid

COUNTING_METHODS = counting_methods()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_all_methods_agree_on_random_4x4_puzzles(seed):
    rng = np.random.default_rng(seed)
    grid = pattern_grid(2)[rng.permutation(4)][:, [1, 0, 3, 2] if seed % 2 else [0, 1, 2, 3]]
    grid = np.where(rng.random((4, 4)) < 0.45, grid, 0)
    if seed % 3 == 0:
        grid[0, 0] = rng.integers(1, 5)  # sometimes a clue that leaves no solution
    puzzle = Puzzle.from_grid(grid)
    counts = {m: count_solutions(puzzle, method=m, limit=None) for m in COUNTING_METHODS}
    assert len(set(counts.values())) == 1, counts


def test_all_methods_stop_at_the_limit_and_agree_on_a_unique_puzzle():
    loose = Puzzle.from_string("." * 45 + "123456789" + "." * 27)
    unique = read_puzzles(DATASETS / "top95.txt")[0]
    for method in (m for m in COUNTING_METHODS if not METHODS[m].slow):  # 9x9: seconds a solve
        assert count_solutions(loose, method=method, limit=7) == 7
        assert count_solutions(unique, method=method) == 1


def test_contradictory_clues_count_zero():
    puzzle = Puzzle.from_string("5...5" + "." * 76)
    assert {count_solutions(puzzle, method=m) for m in COUNTING_METHODS} == {0}


def test_unknown_method_and_bad_limit():
    puzzle = Puzzle.from_string("." * 16)
    with pytest.raises(ValueError, match="cannot count solutions with 'matching'"):
        count_solutions(puzzle, method="matching")
    with pytest.raises(ValueError, match="limit must be a whole number"):
        count_solutions(puzzle, limit=0)


def test_cli_count_with_a_method(capsys):
    assert main(["count", "." * 16, "--method", "cp", "--limit", "all"]) == 0
    assert "." * 16 + "\t288" in capsys.readouterr().out  # the puzzle itself, not the word PUZZLE


def test_options_reach_the_method():
    puzzle = Puzzle.from_grid(pattern_grid(2) * (np.arange(16).reshape(4, 4) % 3 == 0))
    expected = count_solutions(puzzle, limit=None)
    assert count_solutions(puzzle, "milp", limit=None, objective="tiebreak") == expected
    with pytest.raises(ValueError, match="takes no option 'objective'"):
        count_solutions(puzzle, "cp", objective="tiebreak")
    with pytest.raises(ValueError, match="time_limit must be a positive"):
        count_solutions(puzzle, "cp", time_limit=0)
