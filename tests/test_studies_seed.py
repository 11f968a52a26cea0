"""The seed's own comparison and the MILP sweep's table, on small runs."""


import matplotlib.pyplot as plt
import pandas as pd
import pytest

from sudoku_models.bench import RunSpec, run_benchmark
from benchmarks.milp_sweep.tables import CONFIGURATIONS, configuration, cp_table, sweep_table
from benchmarks.seed_comparison.analysis import (build_table, load_seed_results, verdict_table,
                                                 write_seed_report)
from benchmarks.seed_comparison.builds import FIELDS, measure


def test_the_verdict_table_pairs_the_models_on_the_same_instances(tmp_path):
    from benchmarks.seed_comparison.__main__ import chunk

    out = tmp_path / "runs.csv"
    methods = chunk(2, ["big-M", "hull"]).methods  # the three models in one interleaved run
    run_benchmark(RunSpec(methods, ["order:2", "holes:2:0.5:balanced"], out, sample=2,
                          time_limit=30, interleave=True, progress=False))
    frame = load_seed_results(out)
    assert frame.groupby("model").size().to_dict() == {"milp": 4, "big-M": 4, "hull": 4}
    assert frame["solved"].all()
    text = verdict_table(out)
    lines = text.splitlines()
    assert lines[0].startswith("| order | instances | n | milp solved | milp median CPU s |")
    assert "milp-alldiff / milp" in lines[0] and "milp-alldiff [hull] / milp" in lines[0]
    rows = [line.split(" | ") for line in lines[2:]]
    assert {r[1] for r in rows} == {"60% given (root)", "50% holes, balanced"}
    assert all(r[3] == "2/2" for r in rows)
    # B&B nodes and LP iterations beside every ratio: the medians of the rows
    header = lines[0].strip("| ").split(" | ")
    column = header.index("milp-alldiff nodes / LP it.")
    for row, (dataset, group) in zip(rows, frame.groupby("dataset", sort=False)):
        big_m = group[group["model"] == "big-M"]
        expected = f"{big_m['bb_nodes'].median():g} / {big_m['lp_iterations'].median():g}"
        assert row[column].strip("| ") == expected
        # the clock: CPU seconds, and the ratio paired per instance within the one run
        cpu = group.pivot_table(index="index", columns="model", values="cpu_s")
        assert row[header.index("milp median CPU s")] == f"{cpu['milp'].median():.3g}"
        ratio = (cpu["hull"] / cpu["milp"]).median()
        assert row[header.index("milp-alldiff [hull] / milp")] == f"{ratio:.3g}"
    summary = write_seed_report(tmp_path).read_text()
    assert text in summary
    assert plt.imread(tmp_path / "seed_comparison.png").shape[0] > 300


def test_sweep_configurations_are_named_from_the_options():
    names = pd.Series(["objective=feasibility;stats=detailed",
                       "objective=feasibility;solver_options=mip_lp_solver=ipm,run_crossover=off",
                       "objective=feasibility;solver=scip;stats=detailed"]).map(configuration)
    assert names.tolist() == ["HiGHS default", "HiGHS IPM LP, no crossover", "SCIP"]


def test_the_sweep_tables_read_each_configuration_and_pair_cp_sat_in_one_run(tmp_path):
    import importlib.util

    from benchmarks.milp_sweep.__main__ import METHODS

    out = tmp_path / "runs.csv"
    methods = [m for m in METHODS if "solver=scip" not in m or importlib.util.find_spec("pyscipopt")]
    run_benchmark(RunSpec(methods, ["holes:3:0.6:balanced"], out, sample=1, time_limit=60,
                          interleave=True, progress=False))
    frame = pd.read_csv(out)
    assert frame["cpu_s"].notna().all() and frame["core"].notna().all()
    lines = sweep_table(out).splitlines()
    assert lines[0].startswith("| instance | configuration | 10 s | 60 s | 300 s | CPU s | status |")
    rows = [line.strip("| ").split(" | ") for line in lines[2:]]
    configs = [configuration(o) for o in frame.loc[frame["method"] == "milp", "options"]]
    assert [r[1] for r in rows] == [n for n in CONFIGURATIONS if n in configs]
    for row in rows:  # solved well within 10 s, so within every limit, with its statistics
        assert row[2] == row[3] == row[4] != "-" and row[6] == "OPTIMAL"
        assert float(row[5]) > 0 and int(row[7].replace(",", "")) >= 0 and row[-1] != ""
    # CP-SAT paired with each configuration of the same run, on CPU seconds
    lines = cp_table(out).splitlines()
    header = lines[0].strip("| ").split(" | ")
    assert header[:4] == ["instance", "CP-SAT", "CP-SAT CPU s", "conflicts"]
    (row,) = [line.strip("| ").split(" | ") for line in lines[2:]]
    cp_row = frame[frame["method"] == "cp"].iloc[0]
    assert row[:3] == ["holes:3:0.6:balanced #1", "OPTIMAL", f"{cp_row['cpu_s']:.2f}"]
    for name in CONFIGURATIONS:
        cell = row[header.index(f"{name} / CP-SAT")]
        if name in configs:
            milp = frame[(frame["method"] == "milp")
                         & (frame["options"].fillna("").map(configuration) == name)].iloc[0]
            assert float(cell) == pytest.approx(milp["cpu_s"] / cp_row["cpu_s"], rel=0.01)
        else:
            assert cell == ""


def test_a_build_is_measured_with_its_gdp_transformation_and_sized_by_the_peer_pairs(tmp_path):
    import csv
    from itertools import combinations

    def peers(a, b):
        (r1, c1), (r2, c2) = divmod(a, 4), divmod(b, 4)
        return r1 == r2 or c1 == c2 or (r1 // 2, c1 // 2) == (r2 // 2, c2 // 2)

    pairs = sum(peers(a, b) for a, b in combinations(range(16), 2))  # 56 at order 2
    row = measure(2, "big-M")
    assert (row["integer"], row["binary"]) == (16, 2 * pairs)  # a cell each; 2 per disjunction
    assert row["columns"] == 16 + 2 * pairs
    assert 0 < row["transformation_cpu_s"] < row["model_cpu_s"] and row["compile_cpu_s"] > 0
    assert measure(2, "milp")["transformation_cpu_s"] == 0
    path = tmp_path / "builds.csv"
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS, extrasaction="ignore")
        writer.writeheader()
        writer.writerow({"order": 2, "model": "big-M", "status": "BUILT", "cap_s": 60, **row,
                         "load_1min": 1.0})
        writer.writerow({"order": 5, "model": "hull", "status": "CAP", "cap_s": 60})
    lines = build_table(path).splitlines()
    assert f"{16 + 2 * pairs:,} (16 int + {2 * pairs:,} bin)" in lines[2]
    assert "not built in 60 CPU s" in lines[3]
