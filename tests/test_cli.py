"""The sudoku-models command line: one puzzle, a file, CSV, bad input."""

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_models import METHODS, read_puzzles
from sudoku_models.cli import main

from .helpers import DATASETS, SEED_STRING

TOP95 = str(DATASETS / "top95.txt")


def test_one_puzzle_prints_both_solutions_and_the_comparison(capsys):
    assert main(["solve", SEED_STRING]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0].split()
    assert header == ["puzzle", "milp", "cp"]
    for row in ("status", "verified", "variables", "constraints", "nonzeros", "build ms",
                "solve ms", "B&B nodes", "LP iterations", "branches", "conflicts"):
        assert row in out
    assert "21 clues; the solutions agree" in out
    assert out.count("OPTIMAL") == 2


def test_file_summary_and_csv(tmp_path, capsys):
    out_csv = tmp_path / "results.csv"
    code = main(["solve", "--file", TOP95, "--first", "12", "--method", "milp,cp", "--out", str(out_csv)])
    assert code == 0
    out = capsys.readouterr().out
    assert "12 puzzles" in out
    summary = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith(("milp", "cp"))}
    assert summary["milp"][1:3] == ["12", "12"] and summary["cp"][1:3] == ["12", "12"]
    rows = list(csv.DictReader(out_csv.open()))
    assert len(rows) == 24
    assert {r["method"] for r in rows} == {"milp", "cp"}
    assert all(r["verified"] == "true" and r["status"] == "OPTIMAL" for r in rows)
    assert rows[0]["puzzle"] == "top95.txt:2"


def test_method_all_runs_every_formulation(tmp_path, capsys):
    out_csv = tmp_path / "all.csv"
    assert main(["solve", "--file", TOP95, "--first", "2", "--method", "all", "--out", str(out_csv)]) == 0
    rows = list(csv.DictReader(out_csv.open()))
    assert [r["method"] for r in rows] == [m for m in METHODS for _ in range(2)]
    assert all(r["verified"] == "true" for r in rows)


def test_contradictory_puzzle_reports_infeasible(capsys):
    assert main(["solve", "5...5" + "." * 76, "--method", "cp"]) == 0
    assert "INFEASIBLE" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", SEED_STRING[:-1]], "PUZZLE: a puzzle has 16, 81, 256, 625 cells"),
        (["solve", SEED_STRING[:-1] + "x"], "PUZZLE: row 9, column 9: 'X' is not a value"),
        (["solve", "--file", "no/such/file.txt"], "No such file or directory: no/such/file.txt"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_file_with_one_bad_line(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(SEED_STRING + "\n" + SEED_STRING.replace(".", "0", 1)[:-1] + "A\n")
    assert main(["solve", "--file", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "line 2: row 9, column 9: value 'A' (10) is out of range 1..9" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", SEED_STRING, "--method", "lp"], "unknown method 'lp'"),
        (["solve", SEED_STRING, "--time-limit", "-1"], "positive number of seconds"),
    ],
)
def test_bad_options_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err  # one line, not the usage block


def test_console_script_is_installed_and_prints_no_traceback():
    script = Path(sys.executable).with_name("sudoku-models")  # installed beside the interpreter
    assert script.exists(), "pip install puts the sudoku-models console script in the environment"
    run = subprocess.run([script, "solve", "12"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and run.stderr.count("\n") == 1
    help_text = subprocess.run([script, "solve", "--help"], capture_output=True, text=True).stdout
    assert "--time-limit" in help_text and "milp:" in help_text


def test_generate_writes_reproducible_unique_puzzles(tmp_path, capsys):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    for path in (first, second):
        assert main(["generate", "--clues", "24", "--count", "4", "--seed", "7", "--out", str(path)]) == 0
    assert first.read_text() == second.read_text()
    puzzles = read_puzzles(first)
    assert len(puzzles) == 4 and {p.num_clues for p in puzzles} == {24}
    capsys.readouterr()
    assert main(["count", "--file", str(first)]) == 0
    out = capsys.readouterr().out
    assert "4 puzzles: 4 with one solution, 0 with several, 0 with none" in out


def test_count_one_puzzle_with_limit(capsys):
    assert main(["count", "." * 81, "--limit", "5"]) == 0
    assert "." * 81 + "\tat least 5 (stopped at --limit)" in capsys.readouterr().out
    assert main(["count", "." * 16, "--limit", "all"]) == 0
    assert "." * 16 + "\t288" in capsys.readouterr().out


def test_impossible_generation_is_one_line_exit_2(capsys):
    assert main(["generate", "--clues", "16"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fewer than 17 clues" in err
