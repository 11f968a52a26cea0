"""milp with solver="scip": the same Pyomo model compiled into SCIP. Skipped
when pyscipopt (the extra [scip]) is missing; CI installs it."""

import numpy as np
import pyomo.environ as pyo
import pytest

from sudoku_models import Puzzle, Status, count_solutions, read_puzzles, solve, solve_many, verify
from sudoku_models.formulations.milp.pyomo_binary import MilpFormulation

from .helpers import DATASETS, holes, pattern_grid, solve_stats

pytest.importorskip("pyscipopt")

TOP95 = read_puzzles(DATASETS / "top95.txt")


def test_top95_every_grid_verified_with_nodes_and_lp_iterations():
    results = list(solve_many(TOP95, "milp", solver="scip"))
    assert all(r.status is Status.OPTIMAL and verify(p, r.grid) for p, r in zip(TOP95, results))
    assert all(set(solve_stats(r)) == {"B&B nodes", "LP iterations"} for r in results)
    assert all(min(solve_stats(r).values()) >= 0 for r in results)
    assert results[0].solver.startswith("SCIP ") and results[0].size.variables == 729


def test_same_model_as_highs(seed_puzzle):
    scip = MilpFormulation(3, solver="scip")
    assert type(scip) is MilpFormulation and scip.solver == "scip"  # no class swaps itself
    model = scip.build(seed_puzzle)
    assert isinstance(model, pyo.ConcreteModel) and len(model.x) == 729
    assert scip.size() == MilpFormulation(3).solve(seed_puzzle).size
    result = scip.solve(seed_puzzle)
    assert type(scip.backend).__name__ == "ScipBackend" and result.solver.startswith("SCIP ")
    np.testing.assert_array_equal(result.grid, solve(seed_puzzle, "milp").grid)


def test_tiebreak_objective_reproduces_matlab_value(seed_puzzle):
    result = solve(seed_puzzle, "milp", solver="scip", objective="tiebreak")
    assert result.status is Status.OPTIMAL and result.objective == pytest.approx(29565)


def test_batch_clears_clues_of_an_infeasible_puzzle():
    puzzles = [TOP95[5],  # no clue repeats (repeated clues never reach a solver), no solution
               Puzzle.from_string("".join(f"{r}........" for r in range(1, 9)) + ".9......."),
               Puzzle.from_string("12345678." + "........9" + "." * 63), TOP95[6],
               holes(pattern_grid(2), 0.5, 3)]
    results = list(solve_many(puzzles, "milp", solver="scip"))
    assert [r.status for r in results] == [Status.OPTIMAL, Status.INFEASIBLE, Status.INFEASIBLE,
                                           Status.OPTIMAL, Status.OPTIMAL]
    assert verify(puzzles[3], results[3].grid) and verify(puzzles[4], results[4].grid)


def test_sixteen_by_sixteen_and_time_limit():
    puzzle = holes(pattern_grid(4), 0.55, seed=4)
    assert verify(puzzle, solve(puzzle, "milp", solver="scip").grid)
    empty = Puzzle.from_grid(np.zeros((16, 16), dtype=int))
    result = solve(empty, "milp", solver="scip", time_limit=0.001)
    assert result.status is Status.TIME_LIMIT and result.grid is None


def test_counts_by_no_good_cuts_agree_with_the_counter():
    empty = Puzzle.from_string("." * 16)
    model = MilpFormulation(2, solver="scip")
    assert model.count_solutions(empty, limit=None) == 288
    puzzle = holes(pattern_grid(2), 0.6, seed=11)
    assert model.count_solutions(puzzle, limit=None) == count_solutions(puzzle, limit=None)
    assert verify(empty, model.solve(empty).grid)  # the cuts are gone


def test_unknown_solver_is_a_value_error(seed_puzzle):
    with pytest.raises(ValueError, match="solver must be one of highs, scip, got 'gurobi'"):
        solve(seed_puzzle, "milp", solver="gurobi")


def test_a_count_with_a_time_limit_ends_with_a_lower_bound():
    from sudoku_models.errors import CountIncomplete

    model = MilpFormulation(2, solver="scip")
    with pytest.raises(CountIncomplete) as stopped:
        model.count_solutions(Puzzle.from_string("." * 16), limit=None, time_limit=0.5)
    assert stopped.value.reason == "time limit" and 0 <= stopped.value.lower_bound < 288
    assert model.count_solutions(holes(pattern_grid(2), 0.6, seed=11), limit=None) == \
        count_solutions(holes(pattern_grid(2), 0.6, seed=11), limit=None)  # the cuts are gone


def test_ctrl_c_stops_a_long_scip_solve_and_the_model_serves_on():
    import os
    import signal
    import threading
    import time

    from generator.holes import holes_puzzle

    hard = holes_puzzle(5, 0.55, "balanced", seed=1)  # at the hardness peak: minutes
    model = MilpFormulation(5, solver="scip")
    easy = holes_puzzle(5, 0.3, seed=2)
    assert verify(easy, model.solve(easy).grid)
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    start = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            model.solve(hard)
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 15
    assert verify(easy, model.solve(easy).grid)
