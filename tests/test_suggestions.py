"""``python -m sudoku_models``, "did you mean ...?" and the sub-command's
``--help`` in every error (issue 32)."""

import subprocess
import sys

import pytest

from sudoku_models.cli import main

TOUR = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_python_dash_m_runs_the_command_line():
    run = subprocess.run([sys.executable, "-m", "sudoku_models", "methods"], capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0 and "backtracking" in run.stdout
    bad = subprocess.run([sys.executable, "-m", "sudoku_models", "solv"], capture_output=True,
                         text=True, timeout=300)
    assert bad.returncode == 2 and "did you mean solve?" in bad.stderr


@pytest.mark.parametrize("argv, suggestion, command", [
    (["solve", "--method", "mlip", TOUR], "did you mean milp?", "sudoku-models solve"),
    (["solv", TOUR], "did you mean solve?", "sudoku-models"),
    (["solve", "--metod=cp", TOUR], "did you mean --method?", "sudoku-models solve"),
    (["bench", "runn"], "did you mean run?", "sudoku-models bench"),
    (["bench", "run", "--datasets", "top96", "--methods", "cp"], "did you mean top95?",
     "sudoku-models bench run"),
    (["bench", "run", "--datasets", "top95", "--methods", "cp,sat-minimall"],
     "did you mean sat-minimal?", "sudoku-models bench run"),
])
def test_an_unknown_name_gets_the_nearest_and_the_commands_help(argv, suggestion, command,
                                                                 capsys, tmp_path):
    if argv[0] == "bench" and argv[1] == "run":
        argv = [*argv, "--out", str(tmp_path / "runs.csv")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert suggestion in err
    assert err.rstrip().endswith(f"(see {command} --help)")


def test_no_suggestion_when_nothing_is_close(capsys):
    assert main(["solve", "--method", "zzzz", TOUR]) == 2
    err = capsys.readouterr().err
    assert "did you mean" not in err and "unknown method" in err


def test_method_names_in_any_letter_case(capsys, tmp_path):
    """``CP`` is ``cp`` (issue 45): in solve(), on the command line and in a
    benchmark's configurations; the rows and results say the registered name."""
    import csv

    from sudoku_models import solve, verify

    result = solve(TOUR, "CP")
    assert result.method == "cp" and verify(TOUR, result.grid)
    assert main(["solve", TOUR, "--method", "CP,Milp", "--format", "json"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert ['"method": "cp"' in rows[0], '"method": "milp"' in rows[1]] == [True, True]
    out = tmp_path / "runs.csv"
    assert main(["bench", "run", "--datasets", "top95", "--first", "1", "--methods",
                 "CP[cage=sum]", "--out", str(out)]) == 0
    [row] = list(csv.DictReader(out.open()))
    assert row["method"] == "cp" and row["verified"] == "true"


def test_a_misspelled_keyword_option_gets_the_nearest():
    from sudoku_models import solve

    with pytest.raises(ValueError, match=r"takes no option 'timelimit' \(did you mean "
                                         r"time_limit\?\)"):
        solve(TOUR, "cp", timelimit=5)
    with pytest.raises(ValueError, match=r"no option 'rule_45' \(did you mean rule45\?\)"):
        solve(TOUR, "milp", rule_45=True)
    with pytest.raises(ValueError) as raised:
        solve(TOUR, "cp", zzzz=1)
    assert "did you mean" not in str(raised.value)
