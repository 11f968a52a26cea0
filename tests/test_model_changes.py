"""The model a user gets from build() is the model solved: a constraint
added to it (an X-Sudoku diagonal) changes the next solve, a changed bound
is obeyed, and a change that cannot be carried is refused; never ignored."""

import numpy as np
import pytest

from sudoku_models import Puzzle, verify
from sudoku_models.formulations.base import ModelChangedError
from sudoku_models.registry import method_class

EMPTY = Puzzle.from_grid(np.zeros((9, 9), dtype=int))
DIAGONALS = (np.arange(9), np.arange(9)), (np.arange(9), 8 - np.arange(9))


def diagonals_differ(grid) -> bool:
    return all(len(set(grid[rows, cols].tolist())) == 9 for rows, cols in DIAGONALS)


def add_x_sudoku(method, formulation, native):
    """Every digit once on each main diagonal, in the method's own modelling language."""
    if method == "milp":
        import pyomo.environ as pyo

        m = native
        m.diagonals = pyo.ConstraintList()
        for rows, cols in DIAGONALS:
            for k in range(9):
                m.diagonals.add(sum(m.x[int(r), int(c), k] for r, c in zip(rows, cols)) == 1)
    elif method == "cp":
        model, cells = native
        for rows, cols in DIAGONALS:
            model.add_all_different(cells[rows, cols].tolist())
    elif method == "cp-bool":
        model, x = native
        for rows, cols in DIAGONALS:
            for k in range(9):
                model.add_exactly_one(x[rows, cols, k].tolist())
    elif method == "matrix":
        from sudoku_models.formulations.milp.matrix import column

        for rows, cols in DIAGONALS:
            for k in range(9):
                columns = np.array([column(r, c, k, 9) for r, c in zip(rows, cols)], dtype=np.int32)
                native.addRow(1, 1, 9, columns, np.ones(9))


@pytest.mark.parametrize("method", ["milp", "cp", "cp-bool", "matrix"])
def test_a_diagonal_added_to_the_built_model_is_obeyed(method):
    formulation = method_class(method)(3)
    before = formulation.solve(EMPTY)
    assert verify(EMPTY, before.grid) and not diagonals_differ(before.grid)
    add_x_sudoku(method, formulation, formulation.build(EMPTY))
    after = formulation.solve(EMPTY)
    assert verify(EMPTY, after.grid) and diagonals_differ(after.grid)
    # and still after loading another puzzle into the same model
    clue = after.grid.copy()
    clue[1:, :] = 0
    puzzle = Puzzle.from_grid(clue)
    again = formulation.solve(puzzle)
    assert verify(puzzle, again.grid) and diagonals_differ(again.grid)


def test_a_constraint_added_after_a_solve_through_the_model_attribute_is_obeyed():
    import pyomo.environ as pyo

    formulation = method_class("milp")(3)
    first = formulation.solve(EMPTY)
    digit = int(first.grid[0, 0])
    formulation.model.not_that = pyo.Constraint(expr=formulation.model.x[0, 0, digit - 1] == 0)
    second = formulation.solve(EMPTY)
    assert verify(EMPTY, second.grid) and second.grid[0, 0] != digit


def test_a_pyomo_bound_changed_by_the_user_is_obeyed():
    formulation = method_class("milp")(3)
    first = formulation.solve(EMPTY)
    model = formulation.build(EMPTY)
    model.x[4, 4, int(first.grid[4, 4]) - 1].setub(0)
    second = formulation.solve(EMPTY)
    assert verify(EMPTY, second.grid) and second.grid[4, 4] != first.grid[4, 4]


@pytest.mark.parametrize("method", ["cp", "cp-bool"])
def test_a_cp_domain_changed_by_the_user_is_refused(method):
    formulation = method_class(method)(3)
    model, _ = formulation.build(EMPTY)
    domain = model.proto.variables[0].domain
    domain.clear()
    domain.extend([0, 0] if method == "cp-bool" else [5, 5])
    with pytest.raises(ModelChangedError, match="outside the clue loading"):
        formulation.solve(EMPTY)
