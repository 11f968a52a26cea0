"""The statistics of a benchmark run (sudoku_models.bench.statistics, issue 44)
against values computed by hand on small frames: the shifted geometric mean,
PAR-2, the Wilson interval, variability over copies, the paired tests
(checked against scipy called on the hand-paired vector), censoring, and
``bench report``'s statistics on a small recorded results file."""

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from sudoku_models.bench import Comparison, compare
from sudoku_models.records import load_results
from sudoku_models.bench.statistics import (Interval, ordered_log_ratios, par2,
                                            shifted_geometric_mean, solved_interval, verdict)

RECORDED = Path(__file__).parent / "data" / "report_small.csv"
Z = 1.959963984540054  # the 97.5% point of the standard normal


def frame(times: dict, limit: float = 1.0, dataset="top95", order=3, extra=None):
    """A results frame: ``{method: {index: [seconds per copy, None = time-out]}}``,
    copies told apart by ``repetition``."""
    rows = []
    for method, per in times.items():
        for index, copies in per.items():
            for repetition, t in enumerate(copies, start=1):
                rows.append({"dataset": dataset, "order": order, "index": index, "method": method,
                             "options": "", "repetition": repetition,
                             "status": "OPTIMAL" if t is not None else "TIME_LIMIT",
                             "total_s": limit if t is None else t, "time_limit_s": limit,
                             **(extra or {})})
    return pd.DataFrame(rows)


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson score interval by its formula, as counts."""
    p = k / n
    centre = (p + Z**2 / (2 * n)) / (1 + Z**2 / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z**2 / (4 * n**2)) / (1 + Z**2 / n)
    return n * (centre - half), n * (centre + half)


def test_the_shifted_geometric_mean_by_hand():
    """(0.02 * 0.04 * 0.08) ** (1/3) = 0.04, less the 10 ms shift: 30 ms; a
    time-out makes it a lower bound, with the limit in place of the time."""
    assert shifted_geometric_mean([0.01, 0.03, 0.07], [0.01, 0.03, 0.07]) == \
        Interval(pytest.approx(0.03), pytest.approx(0.03))
    bound = shifted_geometric_mean([0.01, 0.03, 0.07, 1.0], [0.01, 0.03, 0.07, math.inf])
    assert bound.low == pytest.approx((0.02 * 0.04 * 0.08 * 1.01) ** 0.25 - 0.01)
    assert bound.high == math.inf and bound.text(".2f") == ">= 0.08"
    assert shifted_geometric_mean([1.0, 4.0], [1.0, 4.0], shift=0.0).low == pytest.approx(2.0)


def test_par2_counts_a_time_out_twice_its_limit():
    assert par2([1.0, 2.0, 10.0, 10.0], [True, True, False, False], [10.0] * 4) == 10.75
    assert par2([1.0, 3.0], [True, False], [np.nan, np.nan]) == math.inf  # no limit, unsolved


def test_the_solved_interval_is_wilsons():
    for k, n in ((8, 10), (3, 3), (0, 5), (17, 40)):
        assert solved_interval(k, n) == pytest.approx(wilson(k, n))


def test_methods_per_dataset_and_order_with_copies_by_hand():
    """Three instances of three copies each: an instance is solved when its
    median copy is; variability is the slowest copy over the fastest (a
    bound with a time-out); datasets are never pooled."""
    times = {"cp": {1: [0.010, 0.012, 0.020], 2: [0.030, 0.030, 0.045], 3: [None, 0.5, 0.6]},
             "milp": {1: [0.040, 0.050, 0.060], 2: [0.090, 0.100, 0.110], 3: [None, None, 0.3]}}
    both = pd.concat([frame(times), frame(times, dataset="17clue")])
    result = compare(both)
    assert isinstance(result, Comparison) and result.shift_s == 0.01
    assert list(result.methods["dataset"]) == ["17clue", "17clue", "top95", "top95"]
    cp, milp = (result.methods.iloc[i] for i in (2, 3))
    assert (cp["instances"], cp["copies"], cp["runs"], cp["runs_solved"], cp["solved"]) == \
        (3, 3, 9, 8, 3)
    assert (milp["runs_solved"], milp["solved"]) == (7, 2)  # instance 3: its median timed out
    assert (cp["solved_low"], cp["solved_high"]) == pytest.approx(wilson(3, 3))
    assert (milp["solved_low"], milp["solved_high"]) == pytest.approx(wilson(2, 3))
    assert cp["par2_s"] == pytest.approx((0.147 + 2.0 + 1.1) / 9)
    lows = [0.010, 0.012, 0.020, 0.030, 0.030, 0.045, 1.0, 0.5, 0.6]
    assert cp["sgm_s"].low == pytest.approx(stats.gmean(np.array(lows) + 0.01) - 0.01)
    assert cp["sgm_s"].high == math.inf
    # spreads: 2, 1.5, and at least 1.0 / 0.5 = 2 (a time-out); median of intervals
    assert cp["variability"] == Interval(2.0, 2.0)
    assert cp["worst_variability"] == Interval(2.0, math.inf)
    # milp: 1.5, 0.11 / 0.09, and at least 1.0 / 0.3
    assert milp["variability"] == Interval(pytest.approx(1.5), pytest.approx(1.5))
    assert milp["worst_variability"].low == pytest.approx(1 / 0.3)


def test_the_paired_tests_are_scipys_on_the_hand_paired_vector():
    """Eight instances, one copy each, both solved: the log ratios by hand,
    scipy's Wilcoxon and sign tests on them, the median ratio."""
    rng = np.random.default_rng(4)
    a = rng.lognormal(-4, 0.5, 8)
    b = a * np.array([0.5, 0.7, 0.6, 0.8, 0.6, 0.8, 0.4, 1.1])
    result = compare(frame({"cp": {i: [a[i]] for i in range(8)},
                            "milp": {i: [b[i]] for i in range(8)}}))
    (pair,) = result.pairs.to_dict("records")
    d = np.log(a / b)
    assert pair["wilcoxon_p"] == pytest.approx(stats.wilcoxon(d).pvalue)
    assert pair["sign_p"] == pytest.approx(stats.binomtest(1, 8).pvalue)  # a faster on 1 of 8
    assert (pair["a_faster"], pair["b_faster"], pair["ties"]) == (1, 7, 0)
    assert pair["median_ratio"].exact and pair["median_ratio"].low == pytest.approx(
        np.median(a / b))
    assert pair["ci_low"] <= np.median(a / b) <= pair["ci_high"]
    # milp faster on 7 of 8, the interval above 1, but the sign test p = 0.07: no claim
    assert pair["ci_low"] > 1 and pair["verdict"] == "not significant"
    assert math.isnan(pair["variability"])  # one copy: no variability known


def test_censored_pairs_are_ordered_by_the_solve_and_two_time_outs_tie():
    """a solved, b timed out: a faster, by at least t_a / limit; the other
    way round: b faster; both timed out: a tie, as are medians whose bounds
    overlap (two copies, one timed out, against a solve inside them)."""
    low = np.array([0.0, 5.0, 0.0, 0.8, 0.5])
    high = np.array([0.2, math.inf, math.inf, 1.2, 0.5])
    assert ordered_log_ratios(low, high).tolist() == pytest.approx(
        [math.log(0.2), math.log(5.0), 0.0, 0.0, math.log(0.5)])
    result = compare(frame({"cp": {1: [0.2], 2: [None], 3: [None], 4: [0.1, None]},
                            "milp": {1: [None], 2: [0.2], 3: [None], 4: [0.7]}}))
    (pair,) = result.pairs.to_dict("records")
    assert (pair["instances"], pair["a_faster"], pair["b_faster"], pair["ties"]) == (4, 1, 1, 2)
    d = [math.log(0.2 / 1.0), math.log(1.0 / 0.2)]
    assert pair["wilcoxon_p"] == pytest.approx(stats.wilcoxon(d).pvalue)
    # instance 4: cp's median is in [0.55, inf) (0.1 and a time-out at 1), against 0.7: the
    # ratio in [0.786, inf) straddles 1; the median of the four intervals' ends:
    assert pair["median_ratio"] == Interval(pytest.approx(0.55 / 0.7 / 2), math.inf)


def test_a_difference_inside_the_copies_own_spread_is_within_variability():
    """b 1.2 times slower on every instance, while each instance's copies
    spread by 2: the interval of the ratio lies within [1/2, 2]; 5 times
    slower lies outside it."""
    copies = [1.0, 1.5, 2.0]
    base = {i: [0.01 * (i + 1) * c for c in copies] for i in range(10)}
    for factor, expected in ((1.2, "within variability"), (5.0, "cp faster")):
        slower = {i: [t * factor for t in times] for i, times in base.items()}
        (pair,) = compare(frame({"cp": base, "milp": slower})).pairs.to_dict("records")
        assert pair["ci_low"] == pytest.approx(1 / factor) == pair["ci_high"]
        assert pair["variability"] == pytest.approx(2.0) and pair["verdict"] == expected
    assert verdict("a", "b", (0.6, 1.3), 2.0) == "no difference found"
    assert verdict("a", "b", (math.nan, math.nan), 2.0) == "too few instances"


def test_two_instances_both_faster_are_not_a_finding():
    """cp ten times faster on each of two instances: the bootstrap interval
    excludes 1, but a sign test of 2 : 0 has p = 0.5."""
    times = {0: [0.1], 1: [0.2]}
    (pair,) = compare(frame({"cp": times, "milp": {i: [10 * t for t in ts]
                                                   for i, ts in times.items()}})).pairs.to_dict("records")
    assert pair["ci_high"] < 1 and pair["sign_p"] == pytest.approx(0.5)
    assert pair["verdict"] == "not significant"


def test_copies_are_told_apart_by_permutation_seed_and_a_seed_option():
    """Rows of one instance that differ in permutation, seed or a seed=N
    option are copies of one method, not methods."""
    rows = frame({"cp": {1: [0.1, 0.2]}}, extra={"permutation": 0, "seed": 0})
    rows.loc[1, "permutation"] = 1
    seeded = rows.iloc[:1].assign(options="seed=7", total_s=0.4)
    result = compare(pd.concat([rows, seeded], ignore_index=True))
    (line,) = result.methods.to_dict("records")
    assert (line["method"], line["copies"], line["variability"]) == ("cp", 3, Interval(4.0, 4.0))


@pytest.mark.parametrize("call, message", [
    (lambda f: compare(f.iloc[:0]), "compare: the results have no rows"),
    (lambda f: compare(f, shift_s=-0.01), "shift_s must be a finite number of seconds >= 0"),
    (lambda f: compare(f, confidence=1.5), r"confidence must be a float in \(0, 1\), got 1.5"),
])
def test_bad_arguments_are_named(call, message):
    with pytest.raises(ValueError, match=message):
        call(frame({"cp": {1: [0.1]}}))


def test_bench_report_prints_the_statistics_of_a_recorded_file(tmp_path, capsys):
    """The recorded file (tests/data/report_small.csv): cp and milp on three
    top95 puzzles, three repetitions each, a 1 s limit; cp times out once
    on puzzle 3, milp every time there."""
    from sudoku_models.cli import main

    results = tmp_path / "runs.csv"
    results.write_bytes(RECORDED.read_bytes())
    assert main(["bench", "report", str(results)]) == 0
    out = capsys.readouterr().out
    low, high = wilson(2, 3)
    every = wilson(3, 3)
    cp_sgm = 1000 * (stats.gmean(np.array([0.010, 0.012, 0.020, 0.030, 0.030, 0.045, 1.0, 0.5,
                                           0.6]) + 0.01) - 0.01)
    assert (f"| top95 | 3 | cp | 3 | 3 | 8 of 9 | 3 | {every[0]:.1f}-{every[1]:.1f} | "
            f">= {cp_sgm:.3g} | "
            f"{1000 * 3.247 / 9:.3g} | 2 | >= 2 |") in out
    assert f"| top95 | 3 | milp | 3 | 3 | 6 of 9 | 2 | {low:.1f}-{high:.1f} |" in out
    assert "| 717 | 1.22-1.5 | >= 1.5 |" in out  # milp: spreads 1.5, 0.11 / 0.09, [1, inf)
    p = stats.wilcoxon(np.log([0.012 / 0.05, 0.03 / 0.1, 0.6 / 1.0])).pvalue  # 0.25
    assert (f"| top95 | 3 | cp | milp | 3 | 3 | 0 | 0 | 0.24-0.3 | 0.24-0.6 | {p:.2g} | 0.25 "
            f"| 2 | not significant |") in out  # 3 : 0 is p = 0.25
    assert "shift 10 ms" in out
    written = load_results(results)
    assert len(written) == 18 and (tmp_path / "cactus.png").exists()
