"""The seed's own comparison and the MILP sweep's table, on small runs."""


import matplotlib.pyplot as plt
import pandas as pd

from sudoku_models.bench import RunSpec, run_benchmark
from benchmarks.milp_sweep.tables import CONFIGURATIONS, configuration, sweep_table
from benchmarks.seed_comparison.analysis import load_seed_results, verdict_table, write_seed_report


def test_the_verdict_table_pairs_the_models_on_the_same_instances(tmp_path):
    out = tmp_path / "runs.csv"
    for options in ({}, {"transformation": "hull"}):
        run_benchmark(RunSpec(["milp", "milp-alldiff"], ["order:2", "holes:2:0.5:balanced"], out,
                      sample=2, time_limit=30, options=options or None, interleave=True,
                      progress=False))
    frame = load_seed_results(out)
    assert frame.groupby("model").size().to_dict() == {"milp": 4, "big-M": 4, "hull": 4}
    assert frame["solved"].all()
    text = verdict_table(out)
    lines = text.splitlines()
    assert lines[0].startswith("| order | instances | n | milp solved | milp median s |")
    assert "milp-alldiff / milp" in lines[0] and "milp-alldiff [hull] / milp" in lines[0]
    rows = [line.split(" | ") for line in lines[2:]]
    assert {r[1] for r in rows} == {"60% given (root)", "50% holes, balanced"}
    assert all(r[3] == "2/2" for r in rows)
    summary = write_seed_report(tmp_path).read_text()
    assert text in summary
    assert plt.imread(tmp_path / "seed_comparison.png").shape[0] > 300


def test_sweep_configurations_are_named_from_the_options():
    names = pd.Series(["objective=feasibility;stats=detailed",
                       "objective=feasibility;solver_options=mip_lp_solver=ipm,run_crossover=off",
                       "objective=feasibility;solver=scip;stats=detailed"]).map(configuration)
    assert names.tolist() == ["HiGHS default", "HiGHS IPM LP, no crossover", "SCIP"]


def test_the_sweep_table_reads_each_configuration_and_its_statistics(tmp_path):
    import importlib.util

    from benchmarks.milp_sweep.__main__ import CONFIGS

    out = tmp_path / "runs.csv"
    configs = {name: options for name, options in CONFIGS.items()
               if options.get("solver") != "scip" or importlib.util.find_spec("pyscipopt")}
    for options in configs.values():
        run_benchmark(RunSpec(["milp"], ["holes:3:0.6:balanced"], out, sample=1, time_limit=60,
                      options=options, progress=False))
    lines = sweep_table(out).splitlines()
    assert lines[0].startswith("| instance | configuration | 10 s | 60 s | 300 s | status |")
    rows = [line.strip("| ").split(" | ") for line in lines[2:]]
    assert [r[1] for r in rows] == [n for n in CONFIGURATIONS if n in configs]
    for row in rows:  # solved well within 10 s, so within every limit, with its statistics
        assert row[2] == row[3] == row[4] != "-" and row[5] == "OPTIMAL"
        assert int(row[6].replace(",", "")) >= 0 and row[-1] != ""
