"""Solver seeds and method options in the runner, the effort columns the
methods report, and the SAT methods' time slices: what the studies rely on
(moved from test_phase.py)."""

import pytest

from generator import holes_puzzle
from sudoku_models import Puzzle
from sudoku_models.bench import RunSpec, run_benchmark
from sudoku_models.records import read_results
from sudoku_models.bench.plan import Chunk, Item
from sudoku_models.bench.runner import RunError
from sudoku_models.bench.worker import run_chunk
from sudoku_models.cli import main
from sudoku_models.counter import backtrack_count
from sudoku_models.formulations.sat import time_slices
from sudoku_models.solving import make_method
from sudoku_models.checking import verify


def test_solver_seeds_and_options_are_recorded_only_for_methods_that_take_them(tmp_path):
    out = tmp_path / "seeds.csv"
    for seed in (0, 3):
        run_benchmark(RunSpec(["cp", "sat-minimal", "backtracking"], ["holes:3:0.6"], out, sample=2,
                      solver_seed=seed, options={"clues": "units"}, progress=False))
    rows = read_results(out)
    options = {(r["method"], r["options"]) for r in rows}
    assert options == {("cp", ""), ("cp", "seed=3"), ("sat-minimal", "clues=units"),
                       ("sat-minimal", "clues=units;seed=3"), ("backtracking", "")}
    assert len(rows) == 10  # backtracking has no seed: its rows serve every seed
    assert all(r["status"] == "OPTIMAL" and r["verified"] == "true" for r in rows)


def test_a_bad_option_or_seed_is_refused_naming_it(tmp_path):
    with pytest.raises(RunError, match="no chosen method takes 'clues'"):
        run_benchmark(RunSpec(["cp"], ["top95"], tmp_path / "x.csv", options={"clues": "units"}))
    with pytest.raises(RunError, match="clues must be one of assumptions, units"):
        run_benchmark(RunSpec(["sat-extended"], ["top95"], tmp_path / "x.csv", options={"clues": "x"}))
    with pytest.raises(RunError, match="solver seed must be a whole number"):
        run_benchmark(RunSpec(["cp"], ["top95"], tmp_path / "x.csv", solver_seed=-1))
    assert not (tmp_path / "x.csv").exists()


def test_bench_cli_takes_option_and_solver_seed(tmp_path, capsys):
    out = tmp_path / "cli.csv"
    assert main(["bench", "run", "-m", "sat-extended", "--datasets", "top95", "--first", "1",
                 "--option", "clues=units", "--solver-seed", "4", "--out", str(out)]) == 0
    (row,) = read_results(out)
    assert row["options"] == "clues=units;seed=4" and row["verified"] == "true"
    assert int(row["branches"]) >= 0 and row["conflicts"] != ""  # SAT decisions, conflicts
    assert main(["bench", "run", "--option", "clues", "--out", str(out)]) == 2
    assert "expected KEY=VALUE" in capsys.readouterr().err


def test_backtracking_reports_branch_nodes_and_two_solutions(tmp_path):
    holes = holes_puzzle(4, 0.7, seed=5)  # many solutions
    assert backtrack_count(holes, limit=2) == 2
    result = make_method("backtracking", 4, time_limit=10).solve(holes)
    assert result.stats["solutions"] == 2 and result.stats["branches"] > 0
    assert verify(holes, result.grid)
    out = tmp_path / "bt.csv"
    run_benchmark(RunSpec(["backtracking"], ["holes:4:0.7"], out, sample=3, progress=False))
    for row in read_results(out):
        assert row["solutions"] in ("1", "2") and int(row["branches"]) >= 0
    unique = Puzzle.from_string(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    assert make_method("backtracking", 3).solve(unique).stats["solutions"] == 1


def test_kernels_are_loaded_before_the_first_start(monkeypatch):
    from sudoku_models.registry import METHODS, MethodInfo

    events = []

    class Warms:
        def __init__(self, order, **options):
            self.cp = make_method("cp", order)

        @staticmethod
        def warm_up():
            events.append("warm_up")

        def solve(self, puzzle):
            return self.cp.solve(puzzle)

    monkeypatch.setitem(METHODS, "warms", MethodInfo("warms", Warms, "stub", "search", "-", "-"))
    puzzle = Puzzle.from_string("." * 81)
    chunk = Chunk({"dataset": "d", "method": "warms", "options": "", "repetition": 1,
                   "threads": 1}, (Item(1, None, puzzle.to_string(), "p"),), None, 1)
    run_chunk(chunk, lambda kind, value: events.append(kind))
    assert events[:2] == ["warm_up", "start"]


def test_cadical_seed_changes_the_search_and_every_seed_solves():
    puzzles = [holes_puzzle(4, 0.75, seed=s) for s in range(3)]
    decisions = {}
    for seed in (0, 7):
        method = make_method("sat-minimal", 4, seed=seed, clues="units")
        for i, puzzle in enumerate(puzzles):
            result = method.solve(puzzle)
            assert verify(puzzle, result.grid)
            decisions[seed, i] = result.stats["decisions"]
    assert any(decisions[0, i] != decisions[7, i] for i in range(3))


def test_slices_of_a_long_sat_solve_stay_within_a_c_long():
    class Endless:
        budgets = []

        def conf_budget(self, n):
            self.budgets.append(n)

        def dec_budget(self, n):
            assert 0 < n < 2**31
            self.budgets.append(n)

        def solve_limited(self, assumptions, expect_interrupt=False):
            return None if len(self.budgets) < 400 else True

    from sudoku_models.deadline import Deadline

    assert time_slices.solve_in_slices(Endless(), [], Deadline.after(60)) is True


# -- the study's tables and figures ------------------------------------------------
