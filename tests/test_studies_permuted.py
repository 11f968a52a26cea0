"""The statistics tables of the killer and order studies' runs with
permuted copies (issue 44): hand-computed solved counts, PAR-2, shifted
geometric means and variability; censored runs kept as bounds; a pair
turned so its first form is the one named, with its tests; the cactus
figure written."""

import numpy as np
import pytest
from scipy import stats

import benchmarks.killer_formulations.run as RUN
from benchmarks.killer_formulations import tables as KILLER
from benchmarks.order_formulations import tables as ORDER
from benchmarks.order_formulations.recorded import write as write_order
from benchmarks.studykit import permuted

BASE = {"cages": 24, "order": 0, "wall_seconds": 1.0, "build_seconds": 0.0, "nodes": 0,
        "lp_iterations": 0, "load": 1.5, "core": 1, "solver": "HiGHS 1.14.0", "cpu_limit": 10.0,
        "wall_limit": 600, "seed": 0, "collection": "killer-unselected-9x9"}


def _killer_csv(path, times):
    """``times``: {(instance, form): [cpu seconds per permutation, None: a time-out]}."""
    rows = []
    for (instance, form), values in times.items():
        for copy, cpu in enumerate(values):
            rows.append({**BASE, "instance": instance, "permutation": copy, "form": form,
                         "status": "OPTIMAL" if cpu is not None else "TIME_LIMIT",
                         "verified": cpu is not None,
                         "cpu_seconds": cpu if cpu is not None else 10.2})
    RUN.write(rows, path)
    return path


def test_solved_par2_and_shifted_geometric_mean_are_as_computed_by_hand(tmp_path):
    path = _killer_csv(tmp_path / "k.csv", {
        (1, "milp sum"): [1.0, 2.0, None], (2, "milp sum"): [None, None, 4.0],
        (1, "cp sum"): [0.1, 0.2, 0.4], (2, "cp sum"): [0.5, 0.5, 0.5]})
    text = KILLER.statistics(path)
    lines = {line.split("|")[1].strip(): line for line in text.splitlines()
             if line.startswith("| `")}
    # milp sum: instance 1's median copy solved (2.0), instance 2's not (two time-outs of three)
    low, high = stats.binomtest(1, 2).proportion_ci(0.95, method="wilson")
    assert f"1 of 2 ({2 * low:.1f}-{2 * high:.1f})" in lines["`milp sum`"]
    assert "| 3 of 6 |" in lines["`milp sum`"]
    par2 = (1.0 + 2.0 + 4.0 + 3 * 20.0) / 6
    assert f"| {par2:.2f} |" in lines["`milp sum`"]
    # a time-out is never averaged in: the shifted geometric mean is a lower bound
    sgm = stats.gmean(np.array([1.0, 2.0, 10.0, 10.0, 10.0, 4.0]) + 0.01) - 0.01
    assert f">= {sgm:.3f}" in lines["`milp sum`"]
    sgm_cp = stats.gmean(np.array([0.1, 0.2, 0.4, 0.5, 0.5, 0.5]) + 0.01) - 0.01
    assert f"| {sgm_cp:.3f} |" in lines["`cp sum`"]
    # variability: max / min over the copies, median over instances (4 and 1), worst 4
    assert "| 2.50 (4.00) |" in lines["`cp sum`"]
    assert "2 instances x 3 permutations, 12 runs, 10 CPU s per run" in text


def test_a_pair_is_turned_to_the_forms_named_with_its_tests(tmp_path):
    times = {}
    for i in range(1, 9):
        times[i, "cp sum"] = [0.1 * i] * 3
        times[i, "milp sets+rule45"] = [0.3 * i] * 3  # three times slower everywhere
    path = _killer_csv(tmp_path / "k.csv", times)
    text = permuted.pairs_table(path, pairs=(("x", "milp sets+rule45", "cp sum"),
                                             ("y", "cp sum", "milp sets+rule45")))
    x, y = [line for line in text.splitlines() if line.startswith("| x") or line.startswith("| y")]
    sign = stats.binomtest(0, 8).pvalue
    assert "| 0 | 8 | 0 | 3.00 (3.00-3.00) |" in x and "| 8 | 0 | 0 | 0.33 (0.33-0.33) |" in y
    assert f"| {sign:.2g} |" in x and "cp sum faster" in x and "cp sum faster" in y


def test_a_time_out_against_a_solve_is_ordered_by_the_solve(tmp_path):
    path = _killer_csv(tmp_path / "k.csv", {
        (1, "milp sum"): [None], (1, "cp sum"): [0.5], (2, "milp sum"): [None],
        (2, "cp sum"): [0.2], (3, "milp sum"): [None], (3, "cp sum"): [None]})
    line = permuted.pairs_table(path, pairs=(("x", "milp sum", "cp sum"),)).splitlines()[-1]
    assert "| 0 | 2 | 1 |" in line  # the two time-outs of #3 a tie
    assert ">= " in line  # the median ratio only bounded below


def test_key_pairs_pick_the_best_form_of_each_paradigm(tmp_path):
    times = {}
    for i in range(1, 7):
        times[i, "milp sum"] = [None, None, None]
        times[i, "milp sets+rule45"] = [0.2 * i, 0.2 * i, 0.3 * i]
        times[i, "cp sum"] = [0.05 * i] * 3
        times[i, "cp sets+rule45"] = [0.03 * i] * 3
    text = KILLER.key_pairs(_killer_csv(tmp_path / "k.csv", times))
    best = next(line for line in text.splitlines() if line.startswith("| best MILP"))
    assert "`milp sets+rule45` | `cp sets+rule45`" in best


def test_the_60s_pairs_take_the_best_form_of_every_cp_sat_model(tmp_path):
    """"best CP" ranges over CP-SAT's integer and binary models and its
    portfolio; a pair whose forms the run lacks is left out."""
    times = {}
    for i in range(1, 7):
        times[i, "milp sets+rule45"] = [0.2 * i] * 3
        times[i, "scip sets+rule45"] = [0.4 * i] * 3
        times[i, "cp sum"] = [0.05 * i] * 3
        times[i, "cp portfolio sum+rule45"] = [0.01 * i] * 3
        times[i, "sat sets"] = [0.02 * i] * 3
    text = KILLER.other_solvers(_killer_csv(tmp_path / "k.csv", times))
    lines = {line.split("|")[1].strip(): line for line in text.splitlines()[2:]}
    assert "`milp sets+rule45` | `cp portfolio sum+rule45` | 0 | 6 | 0 | 20.00" in \
        lines["best MILP vs best CP form"]
    assert "`sat sets` | `cp portfolio sum+rule45` | 0 | 6 | 0 | 2.00" in \
        lines["best SAT vs best CP form"]
    assert "| 6 | 0 | 0 | 0.50 " in lines["MILP solver, same rows"]
    assert "formulation in SAT" not in lines and "SAT vs the counter" not in lines


def test_the_cactus_figure_is_written_with_time_outs(tmp_path):
    path = _killer_csv(tmp_path / "k.csv", {
        (1, "milp sum"): [1.0, None], (1, "cp sum"): [0.0, 0.2]})
    out = KILLER.figure([path], tmp_path / "c.png")
    assert out.exists() and out.stat().st_size > 10_000


def test_the_profile_counts_a_time_out_as_never_within_any_factor(tmp_path):
    path = _killer_csv(tmp_path / "k.csv", {
        (1, "milp sum"): [1.0, None], (1, "cp sum"): [0.0, 0.2], (2, "milp sum"): [0.1, 0.1],
        (2, "cp sum"): [0.4, 0.4]})
    out = KILLER.profile([path], tmp_path / "p.png")
    assert out.exists() and out.stat().st_size > 10_000
    from benchmarks.studykit import permuted
    from sudoku_models.bench.report import plot_profile

    frame = permuted.results_frame(permuted.read(path))
    frame["total_s"] = frame["total_s"].clip(lower=permuted.FLOOR_S)
    fig = plot_profile(frame.assign(label=frame["method"]), {}, None, what="CPU time")
    ends = {line.get_label(): line.get_ydata()[-1] for line in fig.axes[0].get_lines()
            if not line.get_label().endswith("timed out")}
    assert ends["milp sum"] == 0.75 and ends["cp sum"] == 1.0  # 3 of 4 runs, 4 of 4


def test_the_order_tables_read_an_order_run(tmp_path):
    rows = []
    for i in range(1, 5):
        for copy in range(2):
            for form, method, cpu in (("milp sum", "milp", 0.4 * i), ("milp sets", "milp", 0.1 * i),
                                      ("cp", "cp", 0.01 * i)):
                rows.append({"instance": i, "permutation": copy, "givens": 3, "constraints": 8,
                             "form": form, "method": method, "order": 0, "status": "OPTIMAL",
                             "verified": True, "cpu_seconds": cpu, "wall_seconds": cpu,
                             "load": 1.0, "core": 1, "solver": "HiGHS 1.14.0", "cpu_limit": 10.0,
                             "seed": 0, "dataset": "arrow-9x9"})
    path = tmp_path / "arrow.csv"
    write_order(rows, path)
    assert "| `milp sets` | 4 of 4" in ORDER.statistics(path)
    pairs = ORDER.key_pairs(path)
    assert "| formulation in MILP | `milp sum` | `milp sets` | 0 | 4 | 0 | 4.00" in pairs
    assert "| best MILP vs CP's integer model | `milp sets` | `cp` |" in pairs


@pytest.mark.parametrize("csv, builder", [
    (KILLER.RESULTS, KILLER.statistics), (KILLER.AT_60S[0], KILLER.statistics),
    (KILLER.AT_60S[1], KILLER.statistics), (ORDER.PERMUTED["thermo"], ORDER.statistics),
    (ORDER.PERMUTED["arrow"], ORDER.statistics)])
def test_the_recorded_permuted_runs_have_every_copy_of_every_pair(csv, builder):
    """Every (instance, form) pair of a recorded run has the same copies,
    at least three, each once, with a verified answer or a time-out."""
    rows = permuted.read(csv)
    copies = {}
    for row in rows:
        copies.setdefault((row["instance"], row["form"]), []).append(row["permutation"])
        assert row["verified"] == "True" or row["status"] not in ("OPTIMAL", "FEASIBLE")
    first = sorted(next(iter(copies.values())))
    assert len(first) >= 3 and first == [str(i) for i in range(len(first))]
    assert all(sorted(found) == first for found in copies.values())
    assert "Scope: " in builder(csv)

