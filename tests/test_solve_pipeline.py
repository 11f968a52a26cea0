"""The one solving pipeline (sudoku_models.solving): what `solve`, the
notebooks and the benchmark worker share, and `solve --file` unchanged by
moving off the benchmark harness."""

import csv
import sys
from pathlib import Path

import numpy as np
import pytest

from sudoku_models import Puzzle, read_puzzles, verify
from sudoku_models.cli import main
from sudoku_models.registry import UnknownMethodError
from sudoku_models.result import ModelSize, SolveResult, Status
from sudoku_models.solving import Models, solve_each, within_limit

from .helpers import DATASETS, SEED_STRING

BEFORE = Path(__file__).resolve().parent / "data" / "solve_file_top95_before.csv"


def test_solve_file_rows_are_those_of_the_harness_pipeline(tmp_path, capsys):
    """`solve --file top95 --method milp,cp,backtracking --out` writes the
    rows the harness-based `solve` wrote before it moved to the pipeline
    (recorded in tests/data/solve_file_top95_before.csv by commit df15f5e):
    same keys, statuses, verification and solution of every puzzle."""
    out = tmp_path / "runs.csv"
    top95 = str(DATASETS / "top95.txt")
    assert main(["solve", "--file", top95, "--method", "milp,cp,backtracking",
                 "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "wrote 285 rows" in printed
    with open(BEFORE) as handle:
        before = list(csv.DictReader(handle))
    with open(out) as handle:
        after = list(csv.DictReader(handle))
    assert len(after) == len(before) == 285
    changed = ("dataset", "warmup")  # warmup: 1 since the pipeline warms up (issue 44)
    for old, new in zip(before, after):
        assert new["dataset"] == top95 and new["warmup"] == "1"
        assert {k: new[k] for k in old if k not in changed} == {
            k: v for k, v in old.items() if k not in changed}
        assert float(new["cpu_s"]) >= 0 and new["host"]
    # the same command again solves nothing: every row is held
    assert main(["solve", "--file", top95, "--method", "milp,cp,backtracking",
                 "--out", str(out)]) == 0
    assert "wrote 0 rows" in capsys.readouterr().out


def test_solve_does_not_ride_the_benchmark_harness(tmp_path):
    """One puzzle and a file are solved without importing the runner, its
    planning or its executors."""
    import subprocess

    code = ("import sys\nfrom sudoku_models.cli import main\n"
            f"assert main(['solve', {SEED_STRING!r}, '--method', 'cp']) == 0\n"
            "assert not {'sudoku_models.bench.runner', 'sudoku_models.bench.local',"
            " 'sudoku_models.bench.plan'} & set(sys.modules), sorted(sys.modules)\n")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_solve_each_solves_every_puzzle_with_every_method_and_reuses_models():
    puzzles = read_puzzles(DATASETS / "top95.txt")[:3]
    got = list(solve_each(puzzles, {"cp": {}, "backtracking": {}}, time_limit=10))
    assert [(s.method, s.index) for s in got] == [("cp", 1), ("cp", 2), ("cp", 3),
                                                  ("backtracking", 1), ("backtracking", 2),
                                                  ("backtracking", 3)]
    for solved in got:
        assert solved.status == "OPTIMAL" and solved.verified
        assert verify(solved.puzzle, solved.result.grid)
        assert solved.cpu_seconds >= 0
    models = Models(10)
    first = models.model("cp", puzzles[0].rules)
    assert models.model("cp", puzzles[1].rules) is first  # same rules: the model is reused


def test_solve_each_checks_methods_and_options_before_solving():
    with pytest.raises(UnknownMethodError, match="mlip"):
        list(solve_each([Puzzle.from_string(SEED_STRING)], ["mlip"]))
    with pytest.raises(ValueError, match="objective"):
        list(solve_each([Puzzle.from_string(SEED_STRING)], {"milp": {"objective": "nonsense"}}))


def test_an_answer_after_the_limit_is_never_within_it():
    grid = np.ones((9, 9), dtype=int)
    late = SolveResult("x", Status.OPTIMAL, grid, 0.75, 0.5, ModelSize(1, 1, 1), {"branches": 3})
    cut = within_limit(late, 1.0)
    assert cut.status is Status.TIME_LIMIT and cut.grid is None
    assert cut.stats == {"branches": 3, "after the limit": "OPTIMAL"}
    assert within_limit(late, 2.0) is late and within_limit(late, None) is late
    infeasible = SolveResult("x", Status.INFEASIBLE, None, 3.0, 3.0, ModelSize(1, 1, 1))
    assert within_limit(infeasible, 1.0).status is Status.TIME_LIMIT  # one rule, as Formulation's
    assert within_limit(infeasible, 7.0) is infeasible


def test_a_method_that_raises_is_a_solved_with_its_error(monkeypatch):
    from sudoku_models.registry import method_class

    def boom(self, puzzle):
        raise RuntimeError("solver crashed")

    monkeypatch.setattr(method_class("cp"), "solve", boom)
    (solved,) = solve_each([Puzzle.from_string(SEED_STRING)], ["cp"])
    assert solved.status == "ERROR" and solved.error == "RuntimeError: solver crashed"
    assert solved.result is None and not solved.verified


def test_formulation_options_reach_the_methods_from_the_command_line(tmp_path, capsys):
    """`solve --option cage=sets` builds the killer cage's extended
    formulation (its rows say so), answers are verified, and an option no
    chosen method takes, or a value not in its vocabulary, is one line, exit 2."""
    killer = tmp_path / "killer.jsonl"
    killer.write_text((DATASETS / "killer-9x9.jsonl").read_text().splitlines()[34] + "\n")
    out = tmp_path / "rows.csv"
    assert main(["solve", "--file", str(killer), "--method", "milp,cp", "--option", "cage=sets",
                 "--option", "prune=True", "--time-limit", "60", "--out", str(out)]) == 0
    with open(out) as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["method"], r["status"], r["verified"]) for r in rows] == [
        ("milp", "OPTIMAL", "true"), ("cp", "OPTIMAL", "true")]
    assert all("cage=sets" in r["options"] and "prune=True" in r["options"] for r in rows)
    capsys.readouterr()
    assert main(["solve", "--file", str(killer), "--method", "cp", "--option", "order=cumulative"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--option order" in err
    assert main(["solve", "--file", str(killer), "--method", "milp", "--option", "cage=bogus"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cage must be one of" in err and "'bogus'" in err


def test_export_gives_the_puzzle_as_people_share_it(tmp_path, capsys):
    """`export --format sudokupad|fpuzzles|iss` prints the puzzle in that
    form, which reads back to the same puzzle; a model without -o is one
    line, exit 2."""
    from sudoku_models.formats.puzzle_text import read_puzzle

    killer = (DATASETS / "killer-9x9.jsonl").read_text().splitlines()[0]
    original = read_puzzle(killer)
    for form in ("sudokupad", "fpuzzles", "iss"):
        assert main(["export", killer, "--format", form]) == 0
        text = capsys.readouterr().out.strip()
        back = read_puzzle(text)
        assert (back.grid == original.grid).all() and back.rules == original.rules, form
    out = tmp_path / "link.txt"
    assert main(["export", SEED_STRING, "--format", "sudokupad", "-o", str(out)]) == 0
    assert read_puzzle(out.read_text().strip()).to_string() == Puzzle.from_string(SEED_STRING).to_string()
    capsys.readouterr()
    assert main(["export", SEED_STRING]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "-o FILE" in err


def test_solve_format_json_prints_one_object_per_puzzle_and_method(capsys):
    import json

    top95 = str(DATASETS / "top95.txt")
    assert main(["solve", "--file", top95, "--first", "2", "--method", "cp,backtracking",
                 "--format", "json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["method"], r["index"]) for r in records] == [("cp", 1), ("cp", 2),
                                                            ("backtracking", 1), ("backtracking", 2)]
    puzzles = read_puzzles(top95)[:2]
    for record in records:
        solution = Puzzle.from_string(record["solution"]).grid
        assert record["status"] == "OPTIMAL" and record["verified"]
        assert verify(puzzles[record["index"] - 1], solution)
        assert record["cpu_s"] >= 0 and isinstance(record["stats"], dict)


@pytest.mark.parametrize("collecting", [True, False])
def test_solve_leaves_the_garbage_collector_as_it_found_it(collecting, capsys):
    """`solve` pauses the collector until its first method has loaded: after
    a run, after a refused one and after one whose every row is an error, the
    collector is on again exactly when it was on before."""
    import gc

    top95 = str(DATASETS / "top95.txt")
    runs = (["solve", "--file", top95, "--first", "2", "--method", "backtracking"],
            ["solve", "--file", top95 + ".missing"],
            ["solve", SEED_STRING, "--method", "backtracking", "--first", "2"])
    was = gc.isenabled()
    try:
        for argv in runs:
            (gc.enable if collecting else gc.disable)()
            assert main(argv) == (0 if argv[1] == "--file" and "--first" in argv else 2)
            assert gc.isenabled() is collecting, argv
    finally:
        (gc.enable if was else gc.disable)()
    capsys.readouterr()
