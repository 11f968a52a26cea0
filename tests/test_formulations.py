"""Every registered formulation: seed puzzle, small and large orders,
infeasible clues, time limits, batch mode identical to fresh builds."""

import subprocess
import sys

import numpy as np
import pyomo.environ as pyo
import pytest
from ortools.sat.python import cp_model

from sudoku_models import METHODS, Puzzle, Status, method_class, read_puzzles, solve, solve_many, verify
from sudoku_models.formulations.cp import boolean as cp_bool
from sudoku_models.formulations.cp import integer as cp
from sudoku_models.formulations.milp import matrix
from sudoku_models.formulations.milp import pyomo_binary as milp

from .helpers import DATASETS, SEED_STRING, holes, pattern_grid

TOP95 = read_puzzles(DATASETS / "top95.txt")


def sample_size(method: str, fast: int) -> int:
    """Puzzles per dataset sample: a few for formulations that take seconds."""
    return 1 if METHODS[method].slow else fast


@pytest.fixture(scope="module")
def seventeen_sample():
    return read_puzzles(DATASETS / "17clue.txt")[:40]


def test_registry_has_both_core_formulations_with_descriptions():
    assert {"milp", "cp"} <= set(METHODS)
    assert all(info.description for info in METHODS.values())
    assert all(method_class(name).name == name for name in METHODS)


@pytest.mark.parametrize("method", list(METHODS))
def test_seed_puzzle_solves_the_same_from_b_and_from_string(method, seed_puzzle):
    from_b = solve(seed_puzzle, method=method)
    from_line = solve(Puzzle.from_string(SEED_STRING), method=method)
    assert from_b.status is Status.OPTIMAL
    assert verify(seed_puzzle, from_b.grid)
    np.testing.assert_array_equal(from_b.grid, from_line.grid)
    assert from_b.build_seconds > 0 and from_b.solve_seconds > 0


def test_both_methods_give_the_seed_grid(seed_puzzle):
    grids = [solve(seed_puzzle, method=m).grid for m in ("milp", "cp")]
    np.testing.assert_array_equal(*grids)


@pytest.mark.parametrize("method", ["milp", "matrix"])
def test_tiebreak_objective_reproduces_matlab_value(method, seed_puzzle):
    result = solve(seed_puzzle, method=method, objective="tiebreak")
    assert result.status is Status.OPTIMAL
    assert result.objective == pytest.approx(29565)  # intlinprog's value in the seed
    np.testing.assert_array_equal(result.grid, solve(seed_puzzle, method="cp").grid)


def test_matrix_builds_sudoku_engine_arrays(seed_puzzle):
    m = matrix.engine_matrices(seed_puzzle)
    assert m.Aeq.shape == (324, 729) and m.Aeq.nnz == 2916
    np.testing.assert_array_equal(m.Aeq.sum(axis=0), np.full((1, 729), 4))  # 4 families
    assert list(m.Aeq[0].indices) == list(range(9))  # x(1:9, 1, 1): MATLAB's first row
    assert list(m.Aeq[81].indices) == [9 * 81 * 0 + 9 * j for j in range(9)]  # x(1, 1:9, 1)
    assert list(m.Aeq[323].indices) == [8 + 9 * 8 + 81 * k for k in range(9)]  # x(9, 9, 1:9)
    np.testing.assert_array_equal(m.f, np.arange(1, 730))
    assert m.lb.sum() == 21 and m.lb[matrix.column(0, 1, 1, 9)] == 1  # B(1,:) = [1, 2, 2]
    assert (m.beq == 1).all() and (m.ub == 1).all()


def test_matrix_build_returns_highs_with_the_clue_bounds(seed_puzzle):
    highs = matrix.build(seed_puzzle)
    lower = np.asarray(highs.getLp().col_lower_)
    assert highs.getNumCol() == 729 and highs.getNumRow() == 324
    assert lower.sum() == 21 and lower[matrix.column(0, 1, 1, 9)] == 1


def test_cp_bool_build_returns_boolean_model(seed_puzzle):
    model, x = cp_bool.build(seed_puzzle)
    assert x.shape == (9, 9, 9) and len(model.proto.variables) == 729
    assert len(model.proto.constraints) == 324
    assert list(model.proto.variables[(0 * 9 + 1) * 9 + 1].domain) == [1, 1]  # clue 2 at (1, 2)


@pytest.mark.parametrize("method", list(METHODS))
@pytest.mark.parametrize("order, share", [(2, 0.5), (4, 0.55)])
def test_four_by_four_and_sixteen_by_sixteen(method, order, share):
    puzzle = holes(pattern_grid(order), share, seed=order)
    result = solve(puzzle, method=method)
    assert result.status is Status.OPTIMAL
    assert result.grid.shape == (order * order, order * order)
    assert verify(puzzle, result.grid)


# Row 1 forces 9 into its last cell, but column 9 already has a 9: no clue repeats.
NO_REPEAT_NO_SOLUTION = "12345678." + "........9" + "." * 63


@pytest.mark.parametrize("method", list(METHODS))
def test_repeated_clues_are_named_before_any_solver(method, monkeypatch):
    """Two equal clues in a house are named (issue 45: they went to the
    solvers, which answered INFEASIBLE with "presolve retries 1"); the
    method's own solve is never called."""
    from sudoku_models.errors import UnsolvablePuzzle

    puzzle = Puzzle.from_string("5...5" + "." * 76)
    monkeypatch.setattr(method_class(method), "solve", lambda self, p: pytest.fail("solved"))
    for run in (lambda: solve(puzzle, method=method),
                lambda: list(solve_many([puzzle], method=method))):
        with pytest.raises(UnsolvablePuzzle, match=r"^the clues repeat 5 twice in row 1 "
                                                   r"\(r1c1, r1c5\): no solution"):
            run()


@pytest.mark.parametrize("method", list(METHODS))
def test_infeasible_without_any_repeated_clue(method):
    puzzle = Puzzle.from_string(NO_REPEAT_NO_SOLUTION)
    assert not puzzle.conflicts()
    assert solve(puzzle, method=method).status is Status.INFEASIBLE


@pytest.mark.parametrize("method", [m for m in METHODS if m != "backtracking"])
def test_time_limit_is_a_status(method):
    # backtracking solves an empty grid in microseconds, before any limit
    side = 9 if METHODS[method].slow else 16  # a slow 16x16 model takes seconds to build
    if method.startswith("sat-"):
        side = 25  # SAT solvers fill an empty 16x16 in about 1.5 ms, CaDiCaL with no decision
    empty = Puzzle.from_grid(np.zeros((side, side), dtype=int))
    result = solve(empty, method=method, time_limit=0.001)
    assert result.status is Status.TIME_LIMIT and result.grid is None


@pytest.mark.parametrize("method", [pytest.param(m, marks=pytest.mark.slow) if METHODS[m].slow else m
                                    for m in METHODS])
def test_batch_mode_matches_fresh_builds_on_real_puzzles(method, seventeen_sample, monkeypatch):
    # 17-clue and top95 samples; an infeasible puzzle in the middle checks
    # that its clues are cleared.
    n = sample_size(method, 20)
    puzzles = seventeen_sample[:n] + [Puzzle.from_string(NO_REPEAT_NO_SOLUTION)] + TOP95[:n]
    cls = method_class(method)
    solve(puzzles[0], method=method)  # the process's warm-up of the method builds a model too
    builds = []
    original = cls._build_rules
    monkeypatch.setattr(cls, "_build_rules", lambda self: builds.append(1) or original(self))
    batch = list(solve_many(puzzles, method=method))
    assert len(builds) == 1  # one model for the whole batch: clues loaded, not rebuilt
    fresh = [solve(p, method=method) for p in puzzles]
    assert [r.status for r in batch] == [r.status for r in fresh]
    for puzzle, b, f in zip(puzzles, batch, fresh):
        if f.status.solved:
            assert verify(puzzle, b.grid)
            np.testing.assert_array_equal(b.grid, f.grid)


def test_batch_tiebreak_objective_matches_fresh(seventeen_sample):
    batch = [r.objective for r in solve_many(seventeen_sample[:10], "milp", objective="tiebreak")]
    fresh = [solve(p, "milp", objective="tiebreak").objective for p in seventeen_sample[:10]]
    assert batch == fresh


def test_mixed_orders_in_one_batch():
    puzzles = [holes(pattern_grid(2), 0.5, 1), Puzzle.from_string(SEED_STRING),
               holes(pattern_grid(2), 0.5, 2)]
    for method in METHODS:
        results = list(solve_many(puzzles, method=method))
        assert all(verify(p, r.grid) for p, r in zip(puzzles, results))


def test_milp_build_returns_the_pyomo_model(seed_puzzle):
    model = milp.build(seed_puzzle)
    assert isinstance(model, pyo.ConcreteModel)
    assert len(model.x) == 729
    assert sum(len(c) for c in (model.cell, model.row, model.column, model.box)) == 324
    assert sum(1 for v in model.x.values() if v.lb == 1) == 21
    assert model.x[0, 1, 1].lb == 1  # clue 2 at row 1, column 2


def test_cp_build_returns_the_cp_model_and_cells(seed_puzzle):
    model, cells = cp.build(seed_puzzle)
    assert isinstance(model, cp_model.CpModel)
    assert cells.shape == (9, 9)
    assert len(model.proto.constraints) == 27
    assert list(model.proto.variables[1].domain) == [2, 2]
    assert list(model.proto.variables[0].domain) == [1, 9]


@pytest.mark.parametrize("method", list(METHODS))
def test_model_size_and_solver_statistics_are_reported(method, seed_puzzle):
    result = solve(seed_puzzle, method=method)
    expected = {"milp": (729, 324, 2916), "cp": (81, 27, 243), "matrix": (729, 324, 2916),
                "cp-bool": (729, 324, 2916)}
    if method in expected:
        assert (result.size.variables, result.size.constraints, result.size.nonzeros) == expected[method]
    assert result.stats and all(v >= 0 for v in result.stats.values())
    assert any(char.isdigit() for char in result.solver)


def test_wrong_order_and_bad_options_raise_value_error(seed_puzzle):
    with pytest.raises(ValueError, match=r"of 4x4 \(2x2 boxes\), the puzzle of 9x9 \(3x3 boxes\)"):
        milp.MilpFormulation(2).solve(seed_puzzle)
    with pytest.raises(ValueError, match="unknown method 'lp'; choose from milp, cp"):
        solve(seed_puzzle, method="lp")
    with pytest.raises(ValueError, match="time_limit must be a positive"):
        solve(seed_puzzle, method="cp", time_limit=0)
    with pytest.raises(ValueError, match="objective must be one of"):
        solve(seed_puzzle, method="milp", objective="max")


@pytest.mark.parametrize("first, second", [("highspy", "ortools"), ("ortools", "highspy")])
def test_highspy_and_ortools_import_and_solve_in_one_process(first, second):
    # DESIGN.md pitfall: highspy 1.15 and ortools 9.15 clash in one process.
    code = (
        f"import {first}, {second}\n"
        "import highspy\n"
        "from ortools.sat.python import cp_model\n"
        "h = highspy.Highs(); h.setOptionValue('output_flag', False)\n"
        "h.addVar(0, 1); h.changeColIntegrality(0, highspy.HighsVarType.kInteger)\n"
        "h.changeColCost(0, -1); h.run()\n"
        "assert h.getSolution().col_value[0] == 1\n"
        "m = cp_model.CpModel(); x = m.new_int_var(0, 3, 'x'); m.add(x >= 2)\n"
        "s = cp_model.CpSolver(); assert s.solve(m) == cp_model.OPTIMAL\n"
        "print('ok')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
