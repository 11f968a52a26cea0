"""The solver-effort measurements of the difficulty study."""

from generator import generate
from sudoku_models import Puzzle
from sudoku_models.counter import run_search
from sudoku_models.logic import rate
from benchmarks.difficulty.effort import (SOLVERS, STATS, available, backtracking_nodes, columns,
                                        measure)

HARD = Puzzle.from_string(
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
EASY = generate(7, order=2, seed=1)  # a 4x4 that singles finish


def test_backtracking_nodes_is_the_least_budget_that_suffices():
    for limit in (1, 2):
        nodes = backtracking_nodes(HARD, limit)
        assert nodes > 0
        grid = HARD.grid.ravel()
        assert run_search(grid, 3, limit, max_nodes=nodes)[0] == 1  # unique: one found
        assert run_search(grid, 3, limit, max_nodes=nodes - 1)[0] == -1
    assert backtracking_nodes(HARD, 2) >= backtracking_nodes(HARD, 1)


def test_backtracking_nodes_zero_when_propagation_solves():
    assert rate(EASY).level == "easy"
    assert backtracking_nodes(EASY, 2) == 0


def test_the_pre_registry_methods_are_available():
    assert {"milp", "cp", "milp (presolve off)", "cp (presolve off)"} <= set(available())
    assert all(STATS[SOLVERS[label][0]] for label in available())


def test_measure_rows_hold_rating_and_every_solver_statistic():
    rows = measure([HARD, EASY])
    assert [row["level"] for row in rows] == [rate(HARD).level, "easy"]
    for row in rows:
        for column in columns(available()):
            assert row[column] >= 0
        for label in available():
            assert row[f"{label} seconds"] > 0
        assert row["backtracking nodes (unique)"] >= row["backtracking nodes (first)"]
    # presolve off really searches on the hard puzzle (presolve alone settles it)
    assert rows[0]["cp (presolve off) branches"] > 0 and rows[0]["cp branches"] == 0
