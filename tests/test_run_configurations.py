"""Method configurations in a benchmark run: a method with its own options,
each its own rows and its own turn when interleaved (issue 31)."""

import csv

import pytest

from sudoku_models.bench import RunError, RunSpec, run_benchmark
from sudoku_models.bench.plan import configuration, configurations
from sudoku_models.cli import main


def _rows(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def test_two_configurations_of_one_method_interleave_with_their_options(tmp_path):
    out = tmp_path / "paired.csv"
    assert main(["bench", "run", "--methods", "sat-extended,sat-extended[clues=units]",
                 "--datasets", "top95", "--first", "3", "--workers", "1", "--interleave",
                 "--time-limit", "20", "--out", str(out)]) == 0
    rows = _rows(out)
    turns = [(row["index"], row["options"]) for row in rows]
    assert [index for index, _ in turns] == ["1", "1", "2", "2", "3", "3"]
    firsts = [options for _, options in turns[::2]]
    assert firsts[0] != firsts[1] and firsts[0] == firsts[2]  # the order rotated per puzzle
    assert sorted(options for _, options in turns) == ["", "", "", "clues=units", "clues=units",
                                                       "clues=units"]
    assert {row["method"] for row in rows} == {"sat-extended"}
    for row in rows:  # each configuration solved the puzzle, with the same answer
        assert row["status"] == "OPTIMAL" and row["verified"] == "true"
        assert float(row["cpu_s"]) >= 0 and row["load_1min"] != ""
    assert rows[0]["solution_hash"] == rows[1]["solution_hash"]


def test_a_resumed_run_skips_rows_per_configuration(tmp_path):
    out = tmp_path / "resumed.csv"
    run_benchmark(RunSpec(["milp-alldiff"], ["order:2"], out, sample=2, time_limit=30,
                          progress=False))
    outcome = run_benchmark(RunSpec(["milp-alldiff", "milp-alldiff[transformation=hull]"],
                                    ["order:2"], out, sample=2, time_limit=30, interleave=True,
                                    progress=False))
    assert outcome.written == 2 and len(outcome.keys) == 4  # only the new configuration ran
    rows = _rows(out)
    assert [row["options"] for row in rows] == ["", "", "transformation=hull",
                                                "transformation=hull"]
    assert all(row["status"] == "OPTIMAL" and row["verified"] == "true" for row in rows)


def test_a_configuration_option_wins_over_a_run_option_and_the_label_names_it(tmp_path):
    from sudoku_models.records import load_results
    from sudoku_models.bench.report import labelled

    out = tmp_path / "options.csv"
    run_benchmark(RunSpec(["milp", "milp[solver_options=mip_rel_gap=0.5]"], ["order:2"], out,
                          sample=1, time_limit=30, options={"stats": "detailed"},
                          progress=False))
    frame = labelled(load_results(out))
    assert list(frame["options"]) == [
        "objective=feasibility;stats=detailed",
        "objective=feasibility;stats=detailed;solver_options=mip_rel_gap=0.5"]
    assert list(frame["label"]) == ["milp [stats=detailed]",
                                    "milp [stats=detailed;solver_options=mip_rel_gap=0.5]"]


def test_configuration_specs_parse_to_a_method_and_typed_options():
    assert configuration("milp") == ("milp", {})
    assert configuration(" cp[cage=table; rule45=True] ") == ("cp", {"cage": "table",
                                                                     "rule45": True})
    assert configurations("milp,cp[cage=sets;rule45=True], sat-extended") == [
        "milp", "cp[cage=sets;rule45=True]", "sat-extended"]


@pytest.mark.parametrize("spec, message", [
    ("lp", "unknown method lp; choose from milp"),
    ("lp[cage=sets]", "unknown method lp in configuration 'lp[cage=sets]'"),
    ("milp[cage=sets", "configuration 'milp[cage=sets': options go in one pair of brackets"),
    ("milp[cage]", "configuration 'milp[cage]': 'cage' is not KEY=VALUE"),
    ("milp[colour=red]", "configuration 'milp[colour=red]': method 'milp' takes no option "
                         "'colour'"),
    ("milp[cage=table]", "milp: cage must be one of sum, sets, got 'table'"),
    ("milp[cage=sets;cage=sum]", "option 'cage' given twice"),
    ("milp[objective=tiebreak]", "the objective is a setting of the run (--objective"),
])
def test_a_bad_configuration_is_a_run_error_naming_it(spec, message):
    with pytest.raises(RunError) as caught:
        configuration(spec)
    assert message in str(caught.value)


def test_the_same_configuration_twice_is_refused(tmp_path):
    with pytest.raises(RunError, match=r"configurations 'cp\[cage=sum\]' and 'cp' are the same"):
        run_benchmark(RunSpec(["cp[cage=sum]", "cp"], ["order:2"], tmp_path / "x.csv",
                              sample=1, options={"cage": "sum"}, progress=False))
    assert not (tmp_path / "x.csv").exists()


@pytest.mark.parametrize("methods, message", [
    ("milp,milp-alldiff[transformation=convex]", "transformation must be one of bigm, hull"),
    ("cp[cage=sets,rule45=True]", "cage must be one of sum, table, sets, got 'sets,rule45=True'"),
    ("milp,milp", "configurations 'milp' and 'milp' are the same"),
])
def test_bad_configurations_on_the_command_line_are_one_line_exit_2(methods, message, tmp_path,
                                                                   capsys):
    assert main(["bench", "run", "--methods", methods, "--out", str(tmp_path / "x.csv")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err

