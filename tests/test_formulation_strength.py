"""The stronger formulations of a constraint kind are stronger where it
counts, in the LP relaxation: with the same costs on ``x``, the digit sets of
a killer cage (``cage="sets"``) and the cumulative order rows
(``order="cumulative"``) give an LP minimum at least as high as the sum and
the value rows, strictly higher on these puzzles, and never above the cost
of a solution (checked by ``verify``). Two independent models (``milp`` in
Pyomo, ``matrix`` as arrays) agree on every bound."""

import numpy as np
import pytest

from sudoku_models import Puzzle, read_puzzles, solve, verify
from sudoku_models.core.geometry import Layout
from sudoku_models.registry import CapabilityError
from sudoku_models.core.cell_kinds import Thermometer
from sudoku_models.solving import make_method

from .helpers import DATASETS

KILLER = read_puzzles(DATASETS / "killer-9x9.jsonl")[34]  # no LP-decided killer: HiGHS branches


def costs(side: int, seed: int = 0) -> np.ndarray:
    """Random integer costs 0..9 of every ``x[row, column, value - 1]``."""
    return np.random.default_rng(seed).integers(0, 10, (side, side, side))


def solution_cost(puzzle: Puzzle, cost: np.ndarray) -> int:
    grid = solve(puzzle, "cp").grid
    assert verify(puzzle, grid)
    rows, columns = np.indices(grid.shape)
    return int(cost[rows, columns, grid - 1].sum())


def bounds(puzzle: Puzzle, cost: np.ndarray, method: str, option: str, values) -> list[float]:
    found = []
    for value in values:
        relaxation = make_method(method, puzzle.rules, **{option: value}).lp_relaxation(puzzle, cost)
        assert relaxation.feasible
        found.append(relaxation.bound)
    return found


@pytest.mark.parametrize("method", ["milp", "matrix"])
def test_the_digit_sets_of_a_cage_tighten_the_lp_relaxation(method):
    cost = costs(9)
    best = solution_cost(KILLER, cost)
    by_sum, by_sets = bounds(KILLER, cost, method, "cage", ("sum", "sets"))
    assert by_sum < by_sets - 1 <= best
    assert bounds(KILLER, cost, "milp" if method == "matrix" else "matrix", "cage",
                  ("sum", "sets")) == pytest.approx([by_sum, by_sets])


def test_the_cumulative_order_rows_tighten_the_lp_relaxation():
    thermometers = [Thermometer((0, 1, 2, 11)), Thermometer((40, 31, 22)), Thermometer((60, 70, 80)),
                    Thermometer((8, 17, 26, 35))]
    puzzle = Puzzle(np.zeros((9, 9), int), Layout.square(3), constraints=thermometers)
    cost = costs(9, seed=1)
    by_values, by_cumulative = bounds(puzzle, cost, "milp", "order", ("values", "cumulative"))
    assert by_values < by_cumulative - 1e-6 <= solution_cost(puzzle, cost)


def test_an_lp_relaxation_that_decides_the_puzzle_is_integral_and_costs_only_binary_models():
    easy = read_puzzles(DATASETS / "killer-9x9.jsonl")[0]
    relaxation = make_method("milp", easy.rules, cage="sets").lp_relaxation(easy, costs(9))
    assert relaxation.fractional == 0 and relaxation.bound == pytest.approx(
        solution_cost(easy, costs(9)))
    with pytest.raises(CapabilityError, match="no binary x"):
        make_method("milp-alldiff", 2).lp_relaxation(Puzzle(np.zeros((4, 4), int), 2), costs(4))


def test_an_lp_relaxation_past_its_time_limit_raises_instead_of_giving_a_bound():
    model = make_method("milp", KILLER.rules, cage="sets")
    with pytest.raises(TimeoutError, match="passed its limit"):
        model.lp_relaxation(KILLER, costs(9), time_limit=1e-9)
    assert model.lp_relaxation(KILLER, costs(9), time_limit=60).feasible
