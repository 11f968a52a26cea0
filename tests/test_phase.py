"""The phase-transition study (issue 14): solver seeds and method options in
the runner, effort columns, and the study's tables and figures."""

import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from generator import holes_puzzle
from sudoku_models import Puzzle
from sudoku_models.bench import load_dataset, read_results, run_benchmark
from sudoku_models.bench import runner
from sudoku_models.bench.phase import (PhaseDataError, effort_correlation, hardest_at_peak,
                                       hardness_curve, load_phase_results, load_tail_results,
                                       peak_datasets, peaks, plot_survival, solution_counts,
                                       tail_summary, write_phase_report)
from sudoku_models.bench.runner import RunError
from sudoku_models.cli import main
from sudoku_models.counter import count_solutions
from sudoku_models.counting import count_solutions as count_any
from sudoku_models.formulations import sat as sat_module
from sudoku_models.solving import make_method
from sudoku_models.verify import verify


def test_solver_seeds_and_options_are_recorded_only_for_methods_that_take_them(tmp_path):
    out = tmp_path / "seeds.csv"
    for seed in (0, 3):
        run_benchmark(["cp", "sat-minimal", "backtracking"], ["holes:3:0.6"], out, sample=2,
                      solver_seed=seed, options={"clues": "units"}, progress=False)
    rows = read_results(out)
    options = {(r["method"], r["options"]) for r in rows}
    assert options == {("cp", ""), ("cp", "seed=3"), ("sat-minimal", "clues=units"),
                       ("sat-minimal", "clues=units;seed=3"), ("backtracking", "")}
    assert len(rows) == 10  # backtracking has no seed: its rows serve every seed
    assert all(r["status"] == "OPTIMAL" and r["verified"] == "true" for r in rows)


def test_a_bad_option_or_seed_is_refused_naming_it(tmp_path):
    with pytest.raises(RunError, match="no chosen method takes 'clues'"):
        run_benchmark(["cp"], ["top95"], tmp_path / "x.csv", options={"clues": "units"})
    with pytest.raises(RunError, match="clues must be one of assumptions, units"):
        run_benchmark(["sat-extended"], ["top95"], tmp_path / "x.csv", options={"clues": "x"})
    with pytest.raises(RunError, match="solver seed must be a whole number"):
        run_benchmark(["cp"], ["top95"], tmp_path / "x.csv", solver_seed=-1)
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
    assert count_solutions(holes, limit=2) == 2
    result = make_method("backtracking", 4, time_limit=10).solve(holes)
    assert result.stats["solutions"] == 2 and result.stats["branches"] > 0
    assert verify(holes, result.grid)
    out = tmp_path / "bt.csv"
    run_benchmark(["backtracking"], ["holes:4:0.7"], out, sample=3, progress=False)
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
    chunk = runner.Chunk({"dataset": "d", "method": "warms", "options": "", "repetition": 1,
                          "threads": 1}, ((1, puzzle.to_string(), "p"),), None, 1)
    runner.run_chunk(chunk, lambda kind, value: events.append(kind))
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

    import time

    assert sat_module._solve_in_slices(Endless(), [], time.perf_counter() + 60) is True


# -- the study's tables and figures ------------------------------------------------


def _synthetic(tmp_path):
    """Rows of a run with known times: method a is slow at 0.5, b at 0.6."""
    out = tmp_path / "runs.csv"
    run_benchmark(["cp", "backtracking"], [f"holes:3:{f}:{p}" for f in (0.3, 0.5, 0.6)
                                           for p in ("random", "balanced")],
                  out, sample=3, time_limit=5, progress=False)
    return out


def test_hardness_curve_counts_time_outs_as_the_limit_and_finds_the_peak(tmp_path):
    frame = load_phase_results(_synthetic(tmp_path))
    assert set(frame["pattern"]) == {"random", "balanced"}
    assert set(frame["fraction"]) == {0.3, 0.5, 0.6}
    # make cp time out on every 0.5 random puzzle and be slow at 0.6
    slow = (frame["method"] == "cp") & (frame["dataset"] == "holes:3:0.5:random")
    frame.loc[slow, "censored_s"] = 5.0
    frame.loc[slow, "solved"] = False
    curve = hardness_curve(frame)
    point = curve[(curve["method"] == "cp") & (curve["fraction"] == 0.5)
                  & (curve["pattern"] == "random")].iloc[0]
    assert point["median s"] == 5.0 and point["solved share"] == 0 and point["at limit"]
    assert point["puzzles"] == 3
    table = peaks(curve)
    cp_random = table[(table["method"] == "cp") & (table["pattern"] == "random")].iloc[0]
    assert cp_random["peak fraction"] == 0.5 and cp_random["fractions at the limit"] == "0.5"
    assert peak_datasets(curve) == {3: "holes:3:0.5:random"}
    hardest = hardest_at_peak(frame, [3], 2)
    assert list(hardest["dataset"]) == ["holes:3:0.5:random"] * 2
    for line in hardest["puzzle_line"]:  # regenerated from the spec, satisfiable
        puzzle = Puzzle.from_string(line)
        assert puzzle.num_clues == 81 - round(0.5 * 81)
        assert count_solutions(puzzle, limit=1) == 1


def test_the_tail_instances_are_the_hardest_that_some_method_solved(tmp_path):
    frame = load_phase_results(_synthetic(tmp_path))
    # no method solves anything at 0.6 random (the would-be peak), nor #1, #2 at 0.5 random
    never = (frame["dataset"] == "holes:3:0.6:random") | (
        (frame["dataset"] == "holes:3:0.5:random") & frame["index"].isin([1, 2]))
    frame.loc[never, "censored_s"] = 5.0
    frame.loc[never, "solved"] = False
    assert peak_datasets(hardness_curve(frame))[3] == "holes:3:0.6:random"
    hardest = hardest_at_peak(frame, [3], 3)
    assert list(hardest["dataset"]) == ["holes:3:0.5:random"]
    assert list(hardest["index"]) == [3]
    with pytest.raises(PhaseDataError, match="order 4"):
        hardest_at_peak(frame, [4], 1)


def test_survival_plot_shows_a_method_that_never_finished(tmp_path):
    frame = pd.DataFrame({"order": 6, "method": ["cp"] * 4 + ["milp"] * 4,
                          "puzzle_hash": "a", "seed_option": [1, 2, 3, 4] * 2,
                          "solved": [True, True, True, False] + [False] * 4,
                          "censored_s": [0.5, 1.0, 2.0, 10.0] + [10.0] * 4,
                          "time_limit_s": 10.0})
    figure = plot_survival(frame)
    lines = {line.get_label().split(" ")[0]: line for line in figure.axes[0].get_lines()
             if not line.get_label().startswith("_")}
    assert "3/4 solved" in lines["cp"].get_label() and "0/4 solved" in lines["milp"].get_label()
    assert list(lines["milp"].get_ydata()) == [1.0, 1.0]
    assert list(lines["cp"].get_ydata()) == [1.0, 0.75, 0.5, 0.25, 0.25]
    plt.close(figure)


def test_effort_correlation_is_spearman_of_effort_against_time():
    rng = np.random.default_rng(1)
    effort = rng.integers(1, 1000, 30)
    frame = pd.DataFrame({"order": 5, "method": "m", "solved": True,
                          "total_s": effort * 0.01 + 0.001 * rng.random(30),
                          "bb_nodes": np.nan, "lp_iterations": np.nan,
                          "branches": effort.astype(float), "conflicts": -effort.astype(float)})
    table = effort_correlation(frame)
    assert table.loc[0, "branches / decisions"] == pytest.approx(1.0)
    assert table.loc[0, "conflicts"] == pytest.approx(-1.0)
    assert "B&B nodes" not in table or math.isnan(table.loc[0, "B&B nodes"])


def test_tail_summary_over_seeds():
    times = [1.0] * 8 + [10.0, 10.0]
    frame = pd.DataFrame({"order": 6, "method": "cp", "puzzle_hash": ["a", "b"] * 5,
                          "seed_option": range(10), "solved": [t < 10 for t in times],
                          "censored_s": times})
    (row,) = tail_summary(frame).to_dict("records")
    assert row["runs"] == 10 and row["instances"] == 2 and row["seeds"] == 10
    assert row["solved share"] == 0.8 and row["median s"] == 1.0 and row["max s"] == 10.0
    assert row["p90 / median"] == pytest.approx(10.0)


def test_the_report_writes_every_figure_and_the_peak_table(tmp_path):
    _synthetic(tmp_path)
    frame = load_phase_results(tmp_path / "runs.csv")
    hardest = hardest_at_peak(frame, [3], 2)
    (tmp_path / "hard.txt").write_text("".join(f"{l}\n" for l in hardest["puzzle_line"]))
    for seed in (1, 2):
        run_benchmark(["cp"], [str(tmp_path / "hard.txt")], tmp_path / "tails.csv",
                      solver_seed=seed, time_limit=5, progress=False)
    tails = load_tail_results(tmp_path / "tails.csv")
    assert set(tails["seed_option"]) == {1, 2} and len(tails) == 4
    text = write_phase_report(tmp_path).read_text()
    assert "| 3 | random | cp |" in text and "holes:3:" in text
    assert "Run-time distribution over solver seeds" in text
    counts = solution_counts(frame)  # checked against CP-SAT enumeration
    assert counts[["unique", "two or more", "not decided"]].sum(axis=1).eq(3).all()
    for row in counts.to_dict("records"):
        spec = f"holes:3:{row['fraction']:g}:{row['pattern']}"
        several = sum(count_any(p, limit=2, method="cp") == 2 for _, p in load_dataset(spec, 3, 0))
        assert several == row["two or more"]
    for name in ("hardness.png", "peak_growth.png", "cactus_peak.png", "profile_peak.png",
                 "effort.png", "survival.png"):
        assert plt.imread(tmp_path / name).shape[0] > 300, name
