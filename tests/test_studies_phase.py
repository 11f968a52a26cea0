"""The hardness-peak study (issues 14 and 21): tables and figures of
:mod:`sudoku_models.studies.phase`."""

import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from sudoku_models import Puzzle
from sudoku_models.bench import load_dataset, run_benchmark
from sudoku_models.counter import count_solutions
from sudoku_models.counting import count_solutions as count_any
from sudoku_models.studies.phase import (PhaseDataError, effort_correlation, hardest_at_peak,
                                         hardness_curve, load_phase_results, load_tail_results,
                                         peak_datasets, peaks, plot_survival, solution_counts,
                                         tail_summary, write_phase_report)


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
