"""The hardness-peak study (issues 14 and 21): censoring as bounds, peaks by
effort resolved only when they are, the exponent fit, paired comparisons,
tails by survival analysis, the seed's comparison, and the report."""

import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from scipy import stats

from sudoku_models.bench import RunSpec, load_dataset, run_benchmark
from sudoku_models.solving import count_solutions as count_any
from sudoku_models.bench.statistics import (Interval, compare_bounds, kaplan_meier, median_interval,
                                             outcome, ratio_bounds, value_bounds)
from benchmarks.phase_transition.analysis import (PhaseDataError, effort_peaks, effort_time_correlation,
                                         fit_exponent, hardness_curve, load_phase_results,
                                         paired, pair_times, plot_effort, plot_peaks,
                                         solution_counts,
                                         write_phase_report)
from benchmarks.phase_transition.tails import fit_tails, plot_survival


# -- censoring ------------------------------------------------------------------------


def test_a_row_over_the_limit_is_a_time_out_whatever_its_status():
    frame = pd.DataFrame({"status": ["OPTIMAL", "OPTIMAL", "TIME_LIMIT", "OPTIMAL"],
                          "total_s": [9.0, 10.63, 10.0, 3.0],
                          "time_limit_s": [10.0, 10.0, 10.0, np.nan]})
    done = outcome(frame)
    assert done["solved"].tolist() == [True, False, False, True]
    assert done["over_limit"].tolist() == [False, True, False, False]
    assert done["censored_s"].tolist() == [9.0, 10.0, 10.0, 3.0]


def test_a_median_with_censored_values_is_an_interval_holding_the_true_one():
    rng = np.random.default_rng(3)
    for _ in range(200):
        true = rng.lognormal(0, 1.5, 9)
        cap = rng.uniform(0.5, 5)
        low, high = value_bounds(np.minimum(true, cap), true > cap)
        median = median_interval(low, high)
        assert median.low <= np.median(true) <= median.high
        if median.exact:
            assert median.low == np.median(true)


def test_ratio_bounds_follow_who_solved():
    low, high = ratio_bounds([1.0, 10.0, 2.0, 10.0], [True, False, True, False],
                             [2.0, 0.5, 10.0, 10.0], [True, True, False, False], 10.0)
    assert low.tolist() == [0.5, 20.0, 0.0, 0.0]
    assert high.tolist() == [0.5, math.inf, 0.2, math.inf]
    result = compare_bounds([1.0, 10.0, 2.0, 10.0], [True, False, True, False],
                     [2.0, 0.5, 10.0, 10.0], [True, True, False, False], 10.0)
    assert (result.a_wins, result.b_wins, result.undecided) == (2, 1, 1)
    assert Interval(0.5, math.inf).text() == ">= 0.5" and Interval(0, 0.2).text() == "<= 0.2"
    assert Interval(0, math.inf).text() == "?" and Interval(0.26, 0.26).text() == "0.26"


def test_on_the_cpu_clock_a_censored_run_bounds_by_the_cpu_it_used():
    # four instances: both solved; a stopped after 2 CPU s, b solved in 0.1;
    # a solved in 0.3, b stopped after 1.5; a stopped from outside (no CPU s)
    wide = pd.DataFrame({("solved", "a"): [True, False, True, False],
                         ("solved", "b"): [True, True, False, True],
                         ("censored_s", "a"): [4.0, 10.0, 1.0, 10.0],
                         ("censored_s", "b"): [2.0, 0.5, 10.0, 0.5],
                         ("time_limit_s", "a"): [10.0] * 4, ("time_limit_s", "b"): [10.0] * 4,
                         ("cpu_s", "a"): [0.8, 2.0, 0.3, np.nan],
                         ("cpu_s", "b"): [0.4, 0.1, 1.5, 0.1]})
    low, high = ratio_bounds(*pair_times(wide, "a", "b", "cpu"))
    assert low.tolist() == pytest.approx([2.0, 20.0, 0.0, 0.0])
    assert high.tolist() == pytest.approx([2.0, math.inf, 0.2, math.inf])
    low, high = ratio_bounds(*pair_times(wide, "a", "b", "wall"))
    assert low.tolist() == pytest.approx([2.0, 20.0, 0.0, 20.0])
    with pytest.raises(ValueError, match="clock must be one of wall, cpu, got 'gpu'"):
        pair_times(wide, "a", "b", "gpu")


def test_kaplan_meier_is_scipys_ecdf_on_censored_data_and_has_no_floor():
    rng = np.random.default_rng(0)
    times = rng.lognormal(0, 1, 60)
    observed = times < 3
    times = np.minimum(times, 3)
    t, s = kaplan_meier(times, observed)
    reference = stats.ecdf(stats.CensoredData(uncensored=times[observed],
                                              right=times[~observed]))
    assert np.allclose(reference.sf.evaluate(t[1:]), s[1:])
    assert t[-1] == 3 and s[-1] == pytest.approx(np.mean(~observed), abs=0.05)
    t, s = kaplan_meier([0.1, 0.2, 0.3], [True, True, True])
    assert t.tolist() == [0, 0.1, 0.2, 0.3] and s[-1] == 0  # runs out: no floor


def test_tail_fits_tell_a_power_law_from_a_lognormal():
    rng = np.random.default_rng(1)
    pareto = (rng.pareto(0.8, 300) + 1) * 0.5
    lognormal = rng.lognormal(0, 0.8, 300)
    assert fit_tails(np.minimum(pareto, 50), pareto < 50)["better"] == "power law"
    assert fit_tails(np.minimum(lognormal, 50), lognormal < 50)["better"] == "lognormal"
    assert fit_tails([1.0, 2.0, 100.0], [True, True, False])["better"] == "too few"
    both = fit_tails(np.minimum(pareto, 50), pareto < 50)
    assert both["p"] < 0.1 and both["loglik pareto"] > both["loglik lognormal"]


def test_tail_fits_name_neither_when_the_runs_cannot_tell():
    """Twenty runs drawn from a lognormal, ten of them above the median: a
    Pareto fits that tail about as well, and Vuong's test leaves the choice
    open instead of naming the larger log-likelihood."""
    times = np.random.default_rng(0).lognormal(0, 0.6, 20)
    fit = fit_tails(times, np.ones(20, bool))
    assert fit["tail runs"] >= 8 and fit["p"] >= 0.1 and fit["better"] == "neither"


# -- peaks by effort -------------------------------------------------------------------


def _frame(efforts: dict, done: dict | None = None, method="cp", order=5):
    """A phase frame: {fraction: [effort per instance]}; ``done`` {fraction:
    [bool]} (default all finished)."""
    rows = []
    for fraction, values in efforts.items():
        for i, value in enumerate(values):
            finished = True if done is None else done.get(fraction, [True] * len(values))[i]
            rows.append({"order": order, "pattern": "balanced", "fraction": fraction,
                         "method": method, "index": i + 1, "effort": float(value),
                         "effort_name": "conflicts", "effort_done": finished,
                         "solved": finished, "censored_s": 1.0 if finished else 10.0,
                         "time_limit_s": 10.0, "total_s": 1.0, "holes": 0.0})
    return pd.DataFrame(rows)


def test_an_interior_peak_is_located_with_a_bootstrap_interval():
    rng = np.random.default_rng(0)
    efforts = {f: rng.lognormal(math.log(10 + 1000 * math.exp(-((f - 0.55) / 0.05) ** 2)), 0.3,
                                20) for f in (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7)}
    (row,) = effort_peaks(_frame(efforts)).to_dict("records")
    assert row["status"] == "located" and row["peak"] == 0.55
    low, high = (float(v) for v in row["interval"].split("-")) if "-" in row["interval"] else (
        float(row["interval"]),) * 2
    assert low <= 0.55 <= high


def test_a_peak_at_the_grid_edge_or_left_open_by_censoring_or_a_tie_is_unresolved():
    edge = effort_peaks(_frame({0.5: [1, 2, 3], 0.6: [4, 5, 6], 0.7: [7, 8, 9]}))
    assert edge.loc[0, "status"] == "unresolved: grid edge" and math.isnan(edge.loc[0, "peak"])
    censored = effort_peaks(_frame({0.5: [1, 2, 3], 0.6: [50, 60, 70], 0.7: [40, 45, 50],
                                    0.8: [1, 1, 1]},
                                   done={0.6: [False] * 3, 0.7: [False] * 3}))
    assert censored.loc[0, "status"] == "unresolved: censored"
    assert censored.loc[0, "interval"] == "0.6-0.7"
    tie = effort_peaks(_frame({0.5: [1, 2, 3], 0.6: [9, 9, 9], 0.7: [9, 9, 9], 0.8: [1, 1, 1]}))
    assert tie.loc[0, "status"] == "unresolved: tie"
    none = effort_peaks(_frame({0.5: [0, 0], 0.6: [0, 0], 0.7: [0, 0]}))
    assert none.loc[0, "status"].startswith("no search")


def test_a_censored_peak_whose_lower_bound_beats_every_other_point_is_located():
    peaks = effort_peaks(_frame({0.5: [1, 2, 3], 0.6: [500, 600, 700], 0.7: [40, 45, 50]},
                                done={0.6: [False] * 3}))
    assert peaks.loc[0, "status"] == "located" and peaks.loc[0, "peak"] == 0.6
    assert peaks.loc[0, "median effort at peak"] == ">= 600"


def test_the_exponent_is_recovered_from_peaks_scaling_like_n_to_alpha():
    frames = []
    for order in (4, 5, 6):
        side = order * order
        peak = 2.4 * side ** 1.55 / side ** 2  # fraction at the peak
        fractions = [round(peak + d, 4) for d in (-0.1, -0.05, 0, 0.05, 0.1)]
        frames.append(_frame({f: [1000 if f == fractions[2] else 10] * 5 for f in fractions},
                             order=order))
    fit = fit_exponent(effort_peaks(pd.concat(frames, ignore_index=True), draws=50))
    assert fit.loc[0, "alpha"] == pytest.approx(1.55, abs=0.01)
    assert fit.loc[0, "orders"] == "4, 5, 6"


def test_correlation_within_cells_and_pooled_side_by_side():
    rng = np.random.default_rng(2)
    rows = []
    for fraction, scale in ((0.5, 1), (0.6, 100)):
        effort = rng.integers(1, 1000, 20) * scale
        noise = rng.random(20)
        rows += [{"order": 5, "pattern": "random", "fraction": fraction, "method": "cp",
                  "effort": float(e), "effort_name": "conflicts", "effort_done": True,
                  "solved": True, "total_s": float(n) * scale} for e, n in zip(effort, noise)]
    (row,) = effort_time_correlation(pd.DataFrame(rows)).to_dict("records")
    assert row["cells"] == 2 and abs(row["within cells (median)"]) < 0.6
    assert row["pooled"] > 0.6  # pooling two fractions makes a correlation of nothing


# -- on real rows ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("phase") / "runs.csv"
    run_benchmark(RunSpec(["cp", "backtracking", "milp"],
                  [f"holes:3:{f}:{p}" for f in (0.3, 0.5, 0.7) for p in ("random", "balanced")],
                  out, sample=3, time_limit=20, interleave=True, progress=False))
    return out


def test_the_curve_and_paired_comparison_on_a_small_run(small_run):
    frame = load_phase_results(small_run)
    assert set(frame["pattern"]) == {"random", "balanced"}
    assert (frame["holes"] == 81 - frame["clues"]).all()
    curve = hardness_curve(frame)
    assert (curve["instances"] == 3).all() and (curve["solved share"] == 1).all()
    table = paired(frame, "milp", "cp")
    assert (table["instances"] == 3).all()
    assert (table["milp faster"] + table["cp faster"] + table["undecided"] == 3).all()
    on_cpu = paired(frame, "milp", "cp", clock="cpu")  # every row solved: exact CPU ratios
    assert (on_cpu["undecided"] == 0).all() and not on_cpu["median milp / cp"].str.contains(
        "[?>]").any()
    counts = solution_counts(frame)  # checked against CP-SAT enumeration
    for row in counts.to_dict("records"):
        spec = f"holes:3:{row['fraction']:g}:{row['pattern']}"
        several = sum(count_any(p, limit=2, method="cp") == 2 for _, p in load_dataset(spec, 3, 0))
        assert several == row["two or more"] and row["not decided"] == 0


def test_files_sharing_an_instance_keep_the_last_files_row(small_run, tmp_path):
    second = tmp_path / "more.csv"
    run_benchmark(RunSpec(["cp"], ["holes:3:0.5:random"], second, sample=4, time_limit=20,
                  progress=False))
    frame = load_phase_results(small_run, second)
    rows = frame[(frame["dataset"] == "holes:3:0.5:random") & (frame["method"] == "cp")]
    assert sorted(rows["index"]) == [1, 2, 3, 4] and (rows["sample"] == 4).all()
    with pytest.raises(PhaseDataError, match="no holes"):
        empty = tmp_path / "e.csv"
        run_benchmark(RunSpec(["cp"], ["top95"], empty, first=1, progress=False))
        load_phase_results(empty)


def test_paired_times_come_from_one_run(small_run, tmp_path):
    only_cp = tmp_path / "cp.csv"
    run_benchmark(RunSpec(["cp"], ["holes:3:0.5:random"], only_cp, sample=4, time_limit=20,
                  progress=False))
    both = tmp_path / "both.csv"
    run_benchmark(RunSpec(["cp", "milp"], ["holes:3:0.7:balanced"], both, sample=2, time_limit=20,
                  interleave=True, progress=False))
    alone = paired(load_phase_results(small_run), "milp", "cp").set_index(
        ["pattern", "fraction"])
    merged = paired(load_phase_results(small_run, only_cp, both, every_run=True),
                    "milp", "cp").set_index(["pattern", "fraction"])
    # cp alone in a later file: milp's times are still paired with cp's of their own run
    assert merged.loc[("random", 0.5)].equals(alone.loc[("random", 0.5)])
    # both methods in a later file: that run's pairs (2 instances), not a mixture
    assert merged.loc[("balanced", 0.7), "instances"] == 2
    assert merged.drop(index=[("balanced", 0.7)]).equals(alone.drop(index=[("balanced", 0.7)]))


def test_the_report_writes_every_figure_and_table(small_run, tmp_path):
    (tmp_path / "runs.csv").write_bytes(small_run.read_bytes())
    text = write_phase_report(tmp_path).read_text()
    assert "## Peaks by effort" in text and "| 3 | balanced | backtracking |" in text
    # every row of a run by today's runner has its CPU seconds: the pairs read them
    assert "## milp against cp, paired per instance (CPU seconds)" in text
    for name in ("hardness.png", "effort.png", "scaling.png", "paired_milp_cp.png",
                 "peaks.png"):
        assert plt.imread(tmp_path / name).shape[0] > 300, name
    # a record with a row that has none (made before the runner kept them) pairs on wall seconds
    rows = pd.read_csv(small_run)
    rows.loc[0, "cpu_s"] = None
    rows.to_csv(tmp_path / "runs.csv", index=False)
    text = write_phase_report(tmp_path).read_text()
    assert "## milp against cp, paired per instance (wall seconds)" in text


def test_the_peaks_plot_draws_each_peak_where_its_interval_says():
    peaks = pd.DataFrame([
        {"order": 4, "pattern": "balanced", "method": "cp", "status": "located",
         "peak": 0.65, "interval": "0.6-0.7", "grid": "0.2-0.9 (14)"},
        {"order": 5, "pattern": "balanced", "method": "cp", "status": "unresolved: grid edge",
         "peak": float("nan"), "interval": ">= 0.8", "grid": "0.3-0.8 (9)"},
        {"order": 5, "pattern": "balanced", "method": "milp",
         "status": "no search: effort 0 at every point", "peak": float("nan"),
         "interval": "", "grid": "0.3-0.8 (9)"}])
    figure = plot_peaks(peaks)
    (ax,) = figure.axes
    xs = [list(line.get_xdata()) for line in ax.get_lines()]
    scale4, scale5 = 16 ** 0.45, 25 ** 0.45
    assert [0.6 * scale4, 0.7 * scale4] in [pytest.approx(x) for x in xs]  # the interval
    assert [0.65 * scale4] in [pytest.approx(x) for x in xs]  # the peak
    assert [0.8 * scale5] in [pytest.approx(x) for x in xs]  # the arrow at the grid's edge
    assert [t.get_text() for t in ax.get_yticklabels()] == ["order 4 (16x16)",
                                                             "order 5 (25x25)"]
    assert [t.get_text() for t in figure.legends[0].get_texts()][:1] == ["cp"]  # milp: no search
    plt.close(figure)


def test_survival_curves_end_where_the_data_end():
    frame = pd.DataFrame({"order": 6, "method": ["cp"] * 8 + ["milp"] * 2,
                          "puzzle": ["f:1"] * 4 + ["f:2"] * 4 + ["f:1"] * 2,
                          "solved": [True, True, True, False] + [False] * 6,
                          "measured": [0.5, 1.0, 2.0, 100.0] + [100.0] * 6})
    figure = plot_survival(frame)
    cp, milp = figure.axes
    lines = {line.get_label().split(":")[0]: line for line in cp.get_lines()
             if not line.get_label().startswith("_")}
    one = lines["1"]
    assert "3/4" in one.get_label() and list(one.get_ydata()) == [1.0, 0.75, 0.5, 0.25, 0.25]
    assert list(one.get_xdata())[1:] == [0.5, 1.0, 2.0, 100.0]  # no floor, no run past the data
    assert "0/4" in lines["2"].get_label() and set(lines["2"].get_ydata()) == {1.0}
    assert "no run solved" in milp.texts[0].get_text()
    plt.close(figure)
    # named by where each instance came from, where the caller knows it
    named = plot_survival(frame.assign(puzzle_hash=["a"] * 4 + ["b"] * 4 + ["a"] * 2),
                          names={"a": "holes:6:0.55:balanced #6"})
    labels = [line.get_label() for line in named.axes[0].get_lines()
              if not line.get_label().startswith("_")]
    assert labels == ["holes:6:0.55:balanced #6: 3/4", "2: 0/4"]
    plt.close(named)


def test_an_instance_every_seed_solves_alike_is_a_marker_not_an_empty_curve():
    """At 0.7 holes every seed made the same 2,143 conflicts: the curve is
    one drop at one value, drawn as a marker the legend says is that."""
    frame = pd.DataFrame({"order": 6, "method": "cp", "puzzle": ["f:1"] * 3 + ["f:2"] * 3,
                          "solved": True, "measured": [2143.0] * 3 + [10.0, 20.0, 40.0]})
    figure = plot_survival(frame, measure="conflicts")
    (ax,) = figure.axes
    lines = {line.get_label(): line for line in ax.get_lines()}
    same = lines["1: 3/3 (all equal)"]
    assert list(same.get_xdata()) == [2143.0] and same.get_marker() == "o"
    assert ax.get_xlabel() == "conflicts t (log)" and "2: 3/3" in lines
    plt.close(figure)


def test_survival_draws_one_panel_per_order_and_method_with_runs():
    """CaDiCaL at order 5 and CP-SAT at order 6 make two panels, not a 2 x 2
    grid with two empty ones."""
    frame = pd.DataFrame({"order": [5] * 3 + [6] * 3, "method": ["sat-extended"] * 3 + ["cp"] * 3,
                          "puzzle": ["f:1"] * 6, "solved": True,
                          "measured": [0.5, 1.0, 2.0, 1.0, 2.0, 4.0]})
    figure = plot_survival(frame)
    assert [ax.get_title() for ax in figure.axes] == ["sat-extended, order 5", "cp, order 6"]
    plt.close(figure)


def test_every_planned_chunk_passes_the_runners_option_check():
    """The effort grid and the tail study ask each method only for options it
    takes (the runner refuses ``clues=units`` for a chunk without SAT)."""
    from sudoku_models.bench.plan import check_extra

    import benchmarks.phase_transition.__main__ as module

    chunks = [module.effort_chunk(order) for order in module.EFFORT_GRID]
    paired = module.paired_chunks()
    # the paired run takes the first grid's instances: same specs and sample
    assert [(c.datasets, c.sample) for c in paired] == [
        (module.datasets(order, module.GRID[order][0]), module.GRID[order][1])
        for order in module.PAIRED_ORDERS]
    for chunk in chunks + paired:
        check_extra(chunk.methods, chunk.options or {})
    assert any("clues" in (c.options or {}) for c in chunks)  # SAT chunks keep their units
    assert not module.options_for(["cp", "backtracking"])
    for method in module.TAILS:
        check_extra([method], module.options_for([method]))


def test_tail_study_interleaves_methods_seed_by_seed(tmp_path, monkeypatch):
    """A budget that stops the tail study leaves every method with the same
    seeds: the chunks run seed by seed, the methods in turn."""
    import benchmarks.phase_transition.analysis as phase
    import benchmarks.phase_transition.__main__ as module
    import benchmarks.studykit.runs as runs

    ran = []

    def fake_run_study_chunk(chunk, out, left, progress):
        ran.append(chunk.name)
        return {"stopped": "budget" if len(ran) == 5 else None}

    monkeypatch.setattr(phase, "load_phase_results", lambda *paths: None)
    monkeypatch.setattr(module, "tail_instances", lambda *args, **kw: ["1" * 16])
    monkeypatch.setattr(runs, "run_study_chunk", fake_run_study_chunk)
    module.run_tails(tmp_path, seeds=50, cap=1.0, budget_minutes=1)
    methods = list(module.TAILS)
    expected = [f"tails {m} seed {s}" for s in (1, 2, 3) for m in methods][:5]
    assert ran == expected
    assert all((tmp_path / f"tails_{m}.txt").exists() for m in methods)


def test_tail_instances_come_from_the_largest_sample_of_their_point():
    """An instance recorded in a 10-instance grid is found again though an
    earlier grid drew only 5 of its point (the first row seen)."""
    import pandas as pd

    from sudoku_models.bench import load_dataset
    from sudoku_models.records.rows import puzzle_hash

    import benchmarks.phase_transition.__main__ as module

    spec = "holes:3:0.6:random"
    puzzles = dict(load_dataset(spec, 10, 0))
    rows = [{"dataset": spec, "index": i, "puzzle_hash": puzzle_hash(puzzles[i]), "sample": sample,
             "method": "cp", "order": 3, "solved": True, "fraction": 0.6, "effort": effort}
            for i, sample, effort in ((1, 5, 1), (7, 10, 50), (8, 10, 2))]
    lines = module.tail_instances(pd.DataFrame(rows), "cp", 3, [0.6], 0.9, hardest=1)
    assert lines == [puzzles[7].to_string()]


def test_effort_figure_has_a_panel_per_unit_and_draws_no_bound_of_zero():
    """cp counts conflicts, milp LP iterations: two panels, never one axis;
    a median bounded below by 0 (runs stopped before counting) is not drawn
    at all, a bounded one is a triangle at its bound."""
    import math

    curve = pd.DataFrame([
        {"order": 5, "pattern": "random", "fraction": f, "method": m, "effort_name": name,
         "effort low": low, "effort high": high}
        for m, name, points in (
            ("cp", "conflicts", [(0.5, 10, 10), (0.6, 500, math.inf)]),
            ("milp", "LP iterations", [(0.5, 0, 0), (0.6, 0, math.inf), (0.7, 20, 20)]))
        for f, low, high in points])
    figure = plot_effort(curve)
    cp, milp = figure.axes
    assert cp.get_title().endswith("conflicts") and "LP iterations" in milp.get_title()
    assert "(1 point stopped before counting" in milp.get_title()
    drawn = [[y for y in line.get_ydata() if y == y] for line in milp.get_lines()]
    assert [d for d in drawn if d] == [[0], [20]]  # not drawn, and no line across it
    bound = [line for line in cp.get_lines() if line.get_marker() == "^"]
    assert [list(line.get_ydata()) for line in bound] == [[500]]
    plt.close(figure)
