"""The sudoku-models command line: one puzzle, a file, CSV, bad input."""

import json
import csv
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_models import METHODS, read_puzzles
from sudoku_models.cli import main

from .helpers import DATASETS, SEED_STRING
from sudoku_models.formats.toolkit_json import to_json

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


@pytest.mark.slow
def test_method_all_runs_every_formulation(tmp_path, capsys):
    out_csv = tmp_path / "all.csv"
    assert main(["solve", "--file", TOP95, "--first", "2", "--method", "all", "--out", str(out_csv)]) == 0
    rows = list(csv.DictReader(out_csv.open()))
    assert [r["method"] for r in rows] == [m for m in METHODS for _ in range(2)]
    assert all(r["verified"] == "true" for r in rows)


def test_contradictory_puzzle_reports_infeasible(capsys):
    assert main(["solve", "12345678." + "........9" + "." * 63, "--method", "cp"]) == 0
    assert "INFEASIBLE" in capsys.readouterr().out


def test_repeated_clues_are_named_in_one_line(capsys, tmp_path):
    """PUZZLE with two equal clues in a row: one line naming them, exit 2
    (issue 45: INFEASIBLE with "presolve retries 1"); in a file, that
    puzzle's row is an error naming them and the others are solved."""
    assert main(["solve", "5...5" + "." * 76, "--method", "cp,milp"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "the clues repeat 5 twice in row 1 (r1c1, r1c5)" in captured.err
    both = tmp_path / "two.txt"
    both.write_text("5...5" + "." * 76 + "\n" + read_puzzles(TOP95)[0].to_string() + "\n")
    out = tmp_path / "rows.csv"
    assert main(["solve", "--file", str(both), "--method", "cp", "--out", str(out)]) == 0
    first, second = csv.DictReader(out.open())
    assert first["status"] == "ERROR" and "repeat 5 twice in row 1" in first["error"]
    assert second["verified"] == "true"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", SEED_STRING[:-1]], "PUZZLE: a puzzle has 16, 81, 256, 625 cells"),
        (["solve", SEED_STRING[:-1] + "x"], "PUZZLE: row 9, column 9: 'x' is not a value"),
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


def _count_lines(argv, capsys):
    assert main(argv) == 0
    *lines, summary = capsys.readouterr().out.splitlines()
    return [line.split("\t") for line in lines], summary


def test_count_file_in_one_batch_agrees_with_cp_sat_puzzle_by_puzzle(tmp_path, capsys):
    # one solution, several (fewer than the limit), many (cut at the limit),
    # none: the batch counter on the array of the file, against CP-SAT's
    # enumeration of each puzzle; comments and CRLF lines as in 17clue.txt
    unique = [p.to_string() for p in read_puzzles(TOP95)[:4]]
    several = [".6.3.4857..4.8.....78....1.....6......1..39..32914.........9...7.34.1.2..1.72.39.",
               "...3.9.2...21589..9.872...6....37.69...5.6.3234....75.2.9.4..715..2...........2.."]
    none = SEED_STRING[:2] + "2" + SEED_STRING[3:]
    lines = ["# a note", *unique, "", *several, "." * 81, none]
    path = tmp_path / "counts.txt"
    path.write_bytes("\r\n".join(lines).encode() + b"\r\n")
    batch, summary = _count_lines(["count", "--file", str(path), "--limit", "20"], capsys)
    cp, cp_summary = _count_lines(["count", "--file", str(path), "--limit", "20", "--method", "cp"],
                                  capsys)
    assert batch == cp and summary == cp_summary
    names = [f"counts.txt:{n}" for n in (2, 3, 4, 5, 7, 8, 9, 10)]
    assert [name for name, _ in batch] == names
    counts = [count for _, count in batch]
    assert counts[:4] == ["1"] * 4 and counts[6:] == ["at least 20 (stopped at --limit)", "0"]
    assert counts[4:6] == ["2", "17"]
    assert summary == "8 puzzles: 4 with one solution, 2 with several, 1 with none, 1 cut short"


def test_count_file_of_two_orders_counts_each(tmp_path, capsys):
    path = tmp_path / "two.txt"
    path.write_text(f"{SEED_STRING}\n{'.' * 16}\n")
    counts, summary = _count_lines(["count", "--file", str(path), "--limit", "all"], capsys)
    assert counts == [["two.txt:1", "1"], ["two.txt:2", "288"]]
    assert summary == "2 puzzles: 1 with one solution, 1 with several, 0 with none"


def test_impossible_generation_is_one_line_exit_2(capsys):
    assert main(["generate", "--clues", "16"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "fewer than 17 clues" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", "--file", "no/such/file.txt"], "no/such/file.txt"),
        (["solve", "--file", ""], "expected a file name"),
        (["count", "--file", ""], "expected a file name"),
        (["count", "--file", "."], "Is a directory"),
        (["solve", SEED_STRING, "--plot", "out.xyz"], "the picture's format comes from its suffix"),
        (["count", "." * 81, "--limit", "99999999999999999999"], "whole number from 1"),
        (["generate", "--clues", "25", "--seed", "-1"], "whole number from 0"),
        (["bench", "run", "--warmup", "-1"], "--warmup"),
        (["bench", "run", "--scheduler", "tcp://localhost:99999"], "port 1..65535"),
        (["export", SEED_STRING, "-o", "x.lp", "--method", "matching"], "cannot do this"),
        (["solve"], "one of the arguments"),
    ],
)
def test_issue_9_tracebacks_are_one_line_exit_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudoku-models") and err.count("\n") == 1 and message in err
    assert not err.rstrip().endswith("None") and "Traceback" not in err


def test_version_and_help_exit_0(capsys):
    from sudoku_models import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"sudoku-models {__version__}"
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "generate" in out and "export" in out and "after '--'" in out


def test_stdin_and_solutions_file(tmp_path, capsys, monkeypatch):
    import io

    from sudoku_models import Puzzle, verify

    puzzles = read_puzzles(TOP95)[:3]
    infeasible = "12345678." + "........9" + "." * 63
    text = "\n".join([p.to_string() for p in puzzles] + [infeasible]) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    out = tmp_path / "solutions.txt"
    assert main(["solve", "-f", "-", "--method", "cp", "--solutions", str(out)]) == 0
    header, *lines = out.read_text().splitlines()
    assert header == "# sudoku-models solve: solutions of <stdin> by cp"
    assert len(lines) == 4 and lines[3] == "INFEASIBLE"
    for puzzle, line in zip(puzzles, lines):
        assert verify(puzzle, Puzzle.from_string(line).grid)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    capsys.readouterr()
    assert main(["count", "--file", "-", "--methods", "cp"]) == 0
    assert "4 puzzles: 3 with one solution, 0 with several, 1 with none" in capsys.readouterr().out


def test_comma_puzzle_starting_with_minus_after_double_dash(capsys):
    assert main(["count", "--", "-1," + ",".join(["0"] * 15)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "PUZZLE" in err and "Traceback" not in err


@pytest.mark.parametrize("method", ["backtracking", "cp", "milp"])
def test_count_time_limit_prints_a_lower_bound(method, capsys):
    assert main(["count", "." * 81, "--limit", "all", "--method", method,
                 "--time-limit", "0.5"]) == 0
    out = capsys.readouterr().out
    assert out.split("\t")[1].startswith("at least ") and "(time limit)" in out


def test_the_console_script_handles_ctrl_c_before_anything_heavy_loads():
    """The entry point imports only the package, which imports nothing until a
    name is used: a Ctrl-C during the rest of the start-up is ours to report."""
    code = ("import sys, sudoku_models.console, sudoku_models\n"
            "print(sorted(m for m in ('numpy', 'sudoku_models.cli', 'sudoku_models.puzzle')"
            " if m in sys.modules))\n"
            "print(sudoku_models.Puzzle.__module__, 'Puzzle' in dir(sudoku_models))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == ["[]", "sudoku_models.puzzle True"]


def test_every_public_name_has_one_home():
    """Each name of the package root is defined in the module it is taken
    from (no re-export chains), and no module of the package is named like
    one of the root's functions, so that loading it cannot hide the function."""
    import importlib
    import pkgutil

    import sudoku_models

    modules = {info.name for info in pkgutil.iter_modules(sudoku_models.__path__)}
    for name in sudoku_models.__all__:
        value = getattr(sudoku_models, name)
        assert name not in modules, name
        if callable(value):
            home = importlib.import_module(value.__module__)
            assert getattr(home, name) is value, name


@pytest.fixture(scope="module")
def start_up_seconds() -> float:
    """Wall time of ``sudoku-models --version``: by then a new process has
    surely imported the command line (the same imports, with warmer caches)."""
    import time

    script = Path(sys.executable).with_name("sudoku-models")
    start = time.perf_counter()
    subprocess.run([script, "--version"], check=True, capture_output=True)
    return time.perf_counter() - start


def count_with_ctrl_c(method: str, delay: float, timeout: float) -> tuple[int, str, str]:
    """``sudoku-models count EMPTY --limit all --method METHOD`` (a count
    that never ends by itself) with Ctrl-C after ``delay`` seconds: its
    exit code, stdout and stderr."""
    import signal
    import time

    script = Path(sys.executable).with_name("sudoku-models")
    proc = subprocess.Popen([script, "count", "." * 81, "--limit", "all", "--method", method],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=timeout)
    return proc.returncode, out, err


@pytest.mark.parametrize("method", ["backtracking", "cp", "milp", "sat-extended"])
@pytest.mark.parametrize("when", ["loading", "counting"])
def test_ctrl_c_during_count_exits_130_with_a_lower_bound(method, when, start_up_seconds):
    """Whenever Ctrl-C comes (just after start-up, while solver modules and
    compiled kernels load, or 3 s later inside the count), the count stops,
    says why and leaves no traceback. (Earlier, while the command line
    itself loads, the process just says "interrupted".)"""
    code, out, err = count_with_ctrl_c(
        method, start_up_seconds + (0.05 if when == "loading" else 3), timeout=60)
    assert code == 130, err
    # never a bare number: a count cut short is a lower bound (or, if Ctrl-C
    # came while the solver was still loading, no count at all)
    assert all(line.split("\t")[1].startswith("at least") and "(interrupted)" in line
               for line in out.splitlines())
    assert "interrupted" in err and "Traceback" not in err


@pytest.mark.slow
@pytest.mark.parametrize("method", ["cp", "sat-extended"])
def test_ctrl_c_at_every_moment_of_start_up(method, start_up_seconds):
    """The sweep that found the lost Ctrl-C (CP-SAT's handler not yet in
    place), the ImportError from OR-Tools' loading and the swallowed
    KeyboardInterrupt: Ctrl-C at 25 moments from start-up to well inside the
    count, each ending in exit 130 with no traceback."""
    for step in range(25):
        delay = start_up_seconds * (0.3 + 0.07 * step)
        code, out, err = count_with_ctrl_c(method, delay, timeout=30)
        assert code == 130 and "interrupted" in err, (delay, err)
        assert "Traceback" not in err and "Exception ignored" not in err, (delay, err)


def test_a_reader_that_stops_early_gets_no_error_message():
    """``count --file ... | head -1``: the closed pipe is not an error of ours."""
    script = Path(sys.executable).with_name("sudoku-models")
    proc = subprocess.Popen([script, "count", "--file", "17clue"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    first = proc.stdout.readline()  # more than a pipe's buffer follows
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141
    assert first.endswith("\t1\n") and err == ""


def test_export_command_writes_a_readable_lp(tmp_path, capsys):
    out = tmp_path / "seed.lp"
    assert main(["export", SEED_STRING, "--method", "milp", "-o", str(out)]) == 0
    text = out.read_text()
    assert "cell_r1_c1" in text and "x_r1_c2_v2" in text and "box_b9_v9" in text
    assert main(["export", SEED_STRING, "--methods", "cp", "--format", "lp", "-o", str(out)]) == 2
    assert "cp writes pbtxt, not lp" in capsys.readouterr().err


class _CountsSolves:
    """A method that solves with CP-SAT and writes each solve's process and
    puzzle to the file ``log`` (seen from every process)."""

    log = None

    def __init__(self, order, **options):
        from sudoku_models import method_class

        self.cp = method_class("cp")(order)

    def solve(self, puzzle):
        import os

        with open(_CountsSolves.log, "a") as handle:
            handle.write(f"{os.getpid()} {puzzle.to_string()}\n")
        return self.cp.solve(puzzle)


def test_solve_file_solves_each_puzzle_once_in_this_process(tmp_path, monkeypatch, capsys):
    """--solutions takes the grids of the one run: no second solve, no
    worker process (the solves happen in this process, after one untimed
    warm-up solve of a fixed puzzle)."""
    import os

    from sudoku_models.registry import METHODS, MethodInfo

    monkeypatch.setitem(METHODS, "counted", MethodInfo("counted", _CountsSolves, "a test stub",
                                                       "CP", "-", "-"))
    _CountsSolves.log = tmp_path / "calls.txt"
    puzzles = read_puzzles(TOP95)[:5]
    solutions = tmp_path / "solutions.txt"
    try:
        assert main(["solve", "--file", TOP95, "--first", "5", "--method", "counted,cp",
                     "--solutions", str(solutions)]) == 0
    finally:
        _CountsSolves.log, log = None, _CountsSolves.log
    from sudoku_models.solving import warm_up_puzzle

    warm = warm_up_puzzle(puzzles[0].layout)  # the untimed warm-up, then each puzzle once
    assert log.read_text().splitlines() == [f"{os.getpid()} {p.to_string()}"
                                            for p in [warm, *puzzles]]
    lines = [line for line in solutions.read_text().splitlines() if not line.startswith("#")]
    from sudoku_models import Puzzle, verify

    assert all(verify(p, Puzzle.from_string(line).grid) for p, line in zip(puzzles, lines))
    assert len(lines) == 5


def test_a_plain_file_run_loads_no_pandas_and_starts_no_process(tmp_path):
    code = f"""
import sys, multiprocessing
from sudoku_models.cli import main
assert main(["solve", "--file", {TOP95!r}, "--first", "3", "--method", "backtracking"]) == 0
print("pandas" in sys.modules, multiprocessing.active_children())
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "False []"


def test_standard_input_is_read_without_a_file(tmp_path, monkeypatch, capsys):
    import io

    from sudoku_models.records import read_results

    text = "".join(p.to_string() + "\n" for p in read_puzzles(TOP95)[:2])
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    out = tmp_path / "rows.csv"
    assert main(["solve", "--file", "-", "--method", "cp", "--out", str(out)]) == 0
    rows = read_results(out)
    assert [(r["dataset"], r["puzzle"]) for r in rows] == [("<stdin>", "<stdin>:1"),
                                                          ("<stdin>", "<stdin>:2")]
    assert "2 puzzles of <stdin>" in capsys.readouterr().out


# -- issue 22: data and hangs, one-line messages -------------------------------


SCRIPT = Path(sys.executable).with_name("sudoku-models")


def _run(argv, timeout=120, **kwargs) -> subprocess.CompletedProcess:
    """The console script in a process of its own (a hang fails the test)."""
    return subprocess.run([SCRIPT, *argv], capture_output=True, text=True, timeout=timeout,
                          **kwargs)


def _one_line_error(run: subprocess.CompletedProcess, message: str) -> None:
    assert run.returncode == 2, (run.stdout, run.stderr)
    assert run.stderr.count("\n") == 1 and message in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("command", [
    ["bench", "run", "--methods", "backtracking", "--first", "2", "--out"],
    ["solve", "--file", TOP95, "--first", "2", "--method", "backtracking", "--out"],
    ["solve", "--file", TOP95, "--first", "2", "--method", "backtracking", "--solutions"],
    ["generate", "--clues", "30", "--out"],
    ["export", SEED_STRING, "--format", "lp", "-o"],
    ["solve", SEED_STRING, "--method", "cp", "--plot"],
])
def test_a_fifo_or_device_is_refused_as_output(command, tmp_path):
    import os

    suffix = ".png" if command[-1] == "--plot" else ".csv"  # --plot takes its format from it
    fifo = tmp_path / f"f{suffix}"
    os.mkfifo(fifo)
    _one_line_error(_run([*command, str(fifo)]), "not a regular file")
    if suffix == ".csv":
        _one_line_error(_run([*command, "/dev/null"]), "not a regular file")


def test_the_input_file_is_never_written_over(tmp_path, capsys):
    puzzles = tmp_path / "in.txt"
    puzzles.write_text("".join(p.to_string() + "\n" for p in read_puzzles(TOP95)[:2]))
    before = puzzles.read_bytes()
    link = tmp_path / "link.txt"
    link.symlink_to(puzzles)
    for argv in (["solve", "--file", str(puzzles), "--solutions", str(puzzles)],
                 ["solve", "--file", str(puzzles), "--solutions", str(link), "--overwrite"],
                 ["solve", "--file", str(puzzles), "--out", str(link), "--overwrite"],
                 ["bench", "run", "--datasets", str(puzzles), "--out", str(puzzles),
                  "--overwrite"]):
        assert main([*argv, "--method", "backtracking"]) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is the input file" in err, (argv, err)
        assert puzzles.read_bytes() == before


def test_generate_refuses_to_write_over_a_file_it_did_not_write(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    argv = ["generate", "--clues", "6", "--order", "2", "--count", "2", "--out", str(notes)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not written by generate" in err
    assert notes.read_text() == "my notes\n"
    assert main([*argv, "--overwrite"]) == 0
    assert main([*argv, "--seed", "3"]) == 0  # now ours: replaced without being told
    assert len(read_puzzles(notes)) == 2 and "--seed 3" in notes.read_text().splitlines()[0]


def test_solutions_are_refused_over_a_file_solve_did_not_write(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    argv = ["solve", "--file", TOP95, "--first", "2", "--method", "backtracking",
            "--solutions", str(notes)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not written by solve" in err
    assert notes.read_text() == "my notes\n"
    assert main([*argv, "--overwrite"]) == 0  # told to
    assert main(argv) == 0  # now ours: replaced again without being told
    assert len(notes.read_text().splitlines()) == 3


def test_a_refused_out_leaves_no_lock_and_no_folder_is_made(tmp_path, capsys):
    notes = tmp_path / "notes.csv"
    notes.write_text("my notes\n")
    for argv in (["bench", "run", "--methods", "backtracking", "--first", "1"],
                 ["solve", "--file", TOP95, "--first", "1", "--method", "backtracking"]):
        assert main([*argv, "--out", str(notes)]) == 2
        assert "not a results file" in capsys.readouterr().err
        assert main([*argv, "--out", str(tmp_path / "nodir" / "x.csv")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "does not exist" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.csv"]
    assert notes.read_text() == "my notes\n"


def test_an_aliased_results_file_is_locked_as_one_file(tmp_path):
    from sudoku_models.records.results import ResultsFile, ResultsFileError

    real = tmp_path / "al.csv"
    alias = tmp_path / "alias.csv"
    holder = ResultsFile(real)
    alias.symlink_to(real)
    try:
        with pytest.raises(ResultsFileError, match="in use by another run"):
            ResultsFile(alias)
    finally:
        holder.close()
    ResultsFile(alias).close()  # free again
    assert sorted(p.name for p in tmp_path.iterdir()) == ["al.csv", "alias.csv"]


def test_every_command_reads_pipes_and_devices_through_one_reader():
    top = f"<(head -4 {TOP95})"  # a comment line and three puzzles
    for command, expected in ((f"solve --file {top} --method backtracking", "3 puzzles of"),
                              (f"count --file {top}", "3 puzzles: 3 with one solution"),
                              (f"rate --file {top} --json", '"level"')):
        run = subprocess.run(["bash", "-c", f"{SCRIPT} {command}"], capture_output=True,
                             text=True, timeout=120)
        assert run.returncode == 0, (command, run.stderr)
        assert expected in run.stdout, (command, run.stdout)
        if command.startswith("rate"):
            assert run.stdout.count(expected) == 3
    for command in ("solve", "count", "rate"):
        _one_line_error(_run([command, "--file", "/dev/zero"]), "/dev/zero, line 1: longer than")
    _one_line_error(_run(["bench", "run", "--datasets", "/dev/zero", "--out", "x.csv"]),
                    "/dev/zero, line 1: longer than")


def test_bench_run_reads_a_pipe_as_a_dataset(tmp_path):
    out = tmp_path / "rows.csv"
    run = subprocess.run(["bash", "-c", f"{SCRIPT} bench run --datasets <(head -4 {TOP95}) "
                          f"--methods backtracking --warmup 0 --out {out}"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    from sudoku_models.records import read_results

    rows = read_results(out)
    assert len(rows) == 3 and all(r["status"] == "OPTIMAL" for r in rows)


@pytest.mark.parametrize("argv, message", [
    (["rate", "--file", ""], "expected a file name"),
    (["rate", "--file", "EMPTY"], "no puzzle in the file"),
    (["solve", "--file", "EMPTY"], "no puzzle in the file"),
    (["count", "--file", "EMPTY"], "no puzzle in the file"),
    (["bench", "run", "--datasets", "EMPTY", "--out", "OUT"], "no puzzle in the file"),
    (["bench", "run", "--datasets", "", "--out", "OUT"], "no dataset given"),
    (["bench", "run", "--datasets", ",", "--out", "OUT"], "no dataset given"),
])
def test_nothing_to_read_is_one_line_exit_2(argv, message, tmp_path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n")
    argv = [str(empty) if a == "EMPTY" else str(tmp_path / "o.csv") if a == "OUT" else a
            for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "o.csv").exists()


def test_count_time_limit_is_per_puzzle_in_a_file(tmp_path, capsys):
    path = tmp_path / "three.txt"
    easy = read_puzzles(TOP95)[0].to_string()
    path.write_text(f"{'.' * 81}\n{'.' * 81}\n{easy}\n")
    assert main(["count", "--file", str(path), "--limit", "all", "--time-limit", "0.5"]) == 0
    *lines, summary = capsys.readouterr().out.splitlines()
    counts = [line.split("\t")[1] for line in lines]
    assert [c.endswith("(time limit)") for c in counts] == [True, True, False]
    assert all(int(c.split()[2]) > 0 for c in counts[:2])  # each count ran for its own limit
    assert counts[2] == "1"
    assert summary == "3 puzzles: 1 with one solution, 0 with several, 0 with none, 2 cut short"


def test_generate_prints_the_command_that_makes_the_same_puzzles(tmp_path):
    first = _run(["generate", "--clues", "28", "--count", "2", "--symmetry", "mirror"])
    assert first.returncode == 0, first.stderr
    header = first.stdout.splitlines()[0]
    command = header.split("; ", 1)[1]
    assert command.startswith("sudoku-models generate --clues 28 --count 2 --order 3 --seed ")
    assert "--symmetry mirror" in command and "None" not in command
    import shlex

    again = _run(shlex.split(command)[1:])
    assert again.stdout == first.stdout


def test_methods_lists_every_option_with_its_values(capsys):
    assert main(["methods"]) == 0
    out = capsys.readouterr().out
    from sudoku_models.registry import SAT_SOLVERS as SOLVERS

    assert ": ;" not in out
    assert f"solver: {'|'.join(SOLVERS)}; clues: assumptions|units" in out


def test_solve_file_time_limit_is_each_puzzles(tmp_path, capsys):
    from sudoku_models.records import read_results

    out = tmp_path / "limited.csv"
    seventeen = str(DATASETS / "17clue.txt")
    assert main(["solve", "--file", seventeen, "--first", "6", "--method", "cp,matching",
                 "--time-limit", "0.0001", "--out", str(out)]) == 0
    rows = read_results(out)
    assert {r["time_limit_s"] for r in rows} == {"0.0001"} and len(rows) == 12
    assert {r["status"] for r in rows} <= {"TIME_LIMIT", "OPTIMAL"}
    timed_out = sum(r["status"] == "TIME_LIMIT" for r in rows)
    assert timed_out >= 6  # matching needs far more than 0.1 ms on a 17-clue puzzle
    summary = capsys.readouterr().out
    lines = {line.split()[0]: line.split() for line in summary.splitlines()[2:]}
    assert sum(int(lines[m][4]) for m in ("cp", "matching")) == timed_out


def test_ctrl_c_during_solve_file_exits_130_and_the_rerun_resumes(tmp_path):
    import os
    import signal
    import time

    out = tmp_path / "int.csv"
    argv = ["solve", "--file", str(DATASETS / "17clue.txt"), "--first", "400", "--method",
            "cp", "--out", str(out)]
    process = subprocess.Popen([SCRIPT, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    deadline = time.time() + 120
    while time.time() < deadline and process.poll() is None and (
            not out.exists() or out.read_text().count("\n") < 21):  # the header and 20 rows
        time.sleep(0.05)
    assert process.poll() is None, "the run ended before it could be interrupted"
    os.kill(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1].endswith("again to resume")
    from sudoku_models.records import read_results

    before = len(read_results(out))
    assert 20 <= before < 400
    rerun = _run(argv, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert f"wrote {400 - before} rows" in rerun.stdout and "400 puzzles of" in rerun.stdout
    cp = next(line.split() for line in rerun.stdout.splitlines() if line.startswith("cp "))
    assert cp[1:3] == ["400", "400"]  # the summary counts the rows written before, too
    rows = read_results(out)
    assert len(rows) == len({r["index"] for r in rows}) == 400


def test_the_published_solve_file_table_is_its_csv():
    """benchmarks/machinery/README.md shows what
    benchmarks/machinery/solve_file_speed.py --table makes of the recorded CSV."""
    import benchmarks.machinery.solve_file_speed as module

    root = Path(__file__).resolve().parent.parent
    readme = (root / "benchmarks" / "machinery" / "README.md").read_text()
    start, end = "<!-- solve_file_speed:start -->\n", "\n<!-- solve_file_speed:end -->"
    published = readme[readme.index(start) + len(start): readme.index(end)]
    assert published == module.table(module.read(module.OUT))


def test_the_solve_file_benchmark_runs_the_command_it_times(tmp_path):
    """Its command imported ``sudoku_models.console.main`` after that was
    renamed ``entry_point`` (8d50303) and exited 1 before any timing."""
    import subprocess

    from benchmarks.machinery.solve_file_speed import programs

    puzzle = tmp_path / "one.txt"
    puzzle.write_text(next(line for line in Path(TOP95).read_text().splitlines()
                           if len(line.strip()) == 81) + "\n")
    done = subprocess.run([*programs(None)["sudoku-models"], str(puzzle)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    milp = next(line.split() for line in done.stdout.splitlines() if line.startswith("milp "))
    assert milp[1:3] == ["1", "1"]  # rows, solved and verified


def test_a_method_that_fails_is_an_error_row_and_one_line_in_the_summary(monkeypatch, capsys):
    from sudoku_models.registry import METHODS, MethodInfo

    class Fails:
        def __init__(self, order, **options):
            pass

        def solve(self, puzzle):
            raise RuntimeError("solver blew up")

    monkeypatch.setitem(METHODS, "fails", MethodInfo("fails", Fails, "a stub", "CP", "-", "-"))
    assert main(["solve", "--file", TOP95, "--first", "2", "--method", "fails,backtracking"]) == 0
    captured = capsys.readouterr()
    fails = next(line.split() for line in captured.out.splitlines() if line.startswith("fails "))
    assert fails[1:6] == ["2", "0", "0", "0", "2"]  # rows, solved, infeasible, timed out, errors
    assert "fails: the first error: top95.txt:2: RuntimeError: solver blew up" in captured.out
    assert "Traceback" not in captured.err



def test_rate_file_reports_a_variant_it_cannot_rate_and_rates_the_rest(tmp_path, capsys):
    import json as _json

    import numpy as np

    from sudoku_models import Puzzle

    from sudoku_models.core.geometry import Layout
    from sudoku_models.core.cell_kinds import Arrow

    # an arrow is a sum, not a rule between two cells: the rater refuses it by kind
    arrow = Puzzle(np.zeros((4, 4), int), Layout.square(2), constraints=(Arrow(4, (5,)),))
    path = tmp_path / "mixed.jsonl"
    path.write_text(_json.dumps(to_json(arrow)) + "\n"
                    + _json.dumps(to_json(Puzzle.from_string("1...........4..2"))) + "\n")
    assert main(["rate", "--file", str(path)]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first.startswith("mixed.jsonl:1  not rated: ") and "arrow" in first
    assert second.startswith("mixed.jsonl:2  ") and " ER " in second
    single = tmp_path / "one.jsonl"
    single.write_text(_json.dumps(to_json(arrow)) + "\n")
    assert main(["rate", "--file", str(single), "--json"]) == 0
    assert _json.loads(capsys.readouterr().out)["level"] == "not rated"


def test_a_6x6_puzzle_on_the_command_line_solves_counts_and_writes_its_solution(tmp_path, capsys):
    """A 36-character line is a 6x6 with 2x3 boxes, through every command."""
    from sudoku_models import Puzzle, verify

    six = "..1.35..4.1.36....14.2...5..2...6.5."
    assert main(["solve", six, "--method", "cp,backtracking"]) == 0
    assert "the solutions agree" in capsys.readouterr().out
    assert main(["count", six]) == 0
    assert capsys.readouterr().out.split() == [six, "1"]
    source = tmp_path / "six.txt"
    source.write_text(six + "\n")
    assert main(["solve", "--file", str(source), "--method", "milp", "--solutions", "-"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert verify(Puzzle.from_string(six), Puzzle.from_string(line).grid)


def test_json_lines_hold_the_whole_puzzle():
    """``solve --format json`` on a killer writes its cages (issue 45: only
    the clue line, the cages lost): the ``json`` field reads back to the
    same puzzle, and its solution verifies against it."""
    import subprocess
    import sys

    from sudoku_models import read_puzzle, read_puzzles, verify

    killer = read_puzzles("killer-9x9")[0]
    run = subprocess.run([sys.executable, "-m", "sudoku_models", "solve",
                          json.dumps(to_json(killer)), "--method", "cp", "--format", "json"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    [record] = [json.loads(line) for line in run.stdout.splitlines()]
    again = read_puzzle(record["json"])
    assert again.rules == killer.rules and (again.grid == killer.grid).all()
    assert len(again.constraints) == len(killer.constraints) > 0
    solution = read_puzzle(record["solution"]).grid
    assert record["verified"] and verify(again, solution)
