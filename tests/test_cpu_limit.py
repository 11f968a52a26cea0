"""A CPU-second limit (issue 44) is a budget of the solving process's own
CPU seconds, whatever the machine's load: beside a sibling process that
spins on the same core, a 2 CPU s limit stops each method between 1.9 and
2.3 CPU s of its solve (build included), status TIME_LIMIT, and the result
says which limit applied; the command line refuses a limit that is not a
positive number of seconds in one line, exit 2.

HiGHS checks no interrupt inside the sub-MIPs of its root heuristics: the
binary MILPs (``milp``, ``matrix``), stopped there, overran a 2 CPU s
limit to 2.4-5.7 CPU s on these killers (TIME_LIMIT all the same, never
early); their test says so (an expected failure naming the figure) instead
of passing a wider bound."""

import os
import subprocess
import sys
from contextlib import contextmanager

import pytest

from sudoku_models import Puzzle, count_solutions, read_puzzles, solve
from sudoku_models.errors import CountIncomplete, InvalidValueError

from .helpers import DATASETS, Spinner

LIMIT = 2.0
LOW, HIGH = 1.9, 2.3  # CPU seconds of the solve a 2 CPU s limit ends within

KILLER_45 = read_puzzles(DATASETS / "killer-unselected-9x9.jsonl")[44]
KILLER_31 = read_puzzles(DATASETS / "killer-9x9.jsonl")[30]
KILLER_47 = read_puzzles(DATASETS / "killer-9x9.jsonl")[46]  # cp 6.7 CPU s, sat-extended 6.4
TOP95_6 = read_puzzles(DATASETS / "top95.txt")[5]
HOLES_25 = Puzzle.from_string(  # generator.holes.holes_puzzle(5, 0.6, "doubly-balanced", 1)
    "..LF..B.6..G.....J..I5.M9...P...EC...H.4L.56...7K..6158..3..9.B..C..N....J."
    "OM....8.D.L...5E2...3..C....C..N15..F.6I.9..O...8.1O...M3NK2........9L....7"
    "9H4.......DP.O7.....E.8.MJ..257G....AM...PE...F...M........P..1297O.8...D4."
    "E......4O..H...1K.G.LC..3..E.M....8..GJ6..1.N.4..2..IB.JMC7..98..F.K......."
    "65..HE...9..PL.....CM...D..24..D.H15.I.....OE.8......8..........HAMG..KBE1C"
    "PB..96O.M.HD..........L.K...K..1..3.5......EDN92H..4MNOA..P..1....B.7....G."
    "..A.6.....7..9BM.N.G.O4.......N.7.CP.OG...L1F..6...1...CL..BG4..F.E.5P....."
    ".......8.E1....J.6.72NM.5836.29....B.C5......PD...7K5.E..P.O...N..1......LG"
    "....LH.D.....82ONC..J.K..")

HARD = {  # method: (puzzle, options) that it takes past 2 CPU s
    "cp": (KILLER_47, {}),  # KILLER_45 took it 1.9-2.1 s: solved within the limit once in CI
    "cp-bool": (KILLER_45, {}),
    "milp": (KILLER_31, {"cage": "sum"}),
    "matrix": (KILLER_31, {"cage": "sum"}),
    "milp-alldiff": (TOP95_6, {}),
    "sat-minimal": (KILLER_45, {"cage": "totalizer"}),
    "sat-extended": (KILLER_47, {"cage": "totalizer"}),  # 6.4 s; KILLER_45 2.0 s
    "matching": (HOLES_25, {}),
    "backtracking": (HOLES_25, {}),
}


@contextmanager
def busy_sibling():
    """A process spinning ``while True: pass`` beside this one, both pinned
    to one core where the system allows it; yields whether they are."""
    spin = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    before = None
    try:
        try:
            before = os.sched_getaffinity(0)
            core = {min(before)}
            os.sched_setaffinity(spin.pid, core)
            os.sched_setaffinity(0, core)
        except (AttributeError, OSError):  # not Linux: the sibling runs where it may
            before = None
        yield before is not None
    finally:
        spin.kill()
        spin.wait()
        if before is not None:
            os.sched_setaffinity(0, before)


SUB_MIP = {"milp", "matrix"}
"""Methods whose solver (HiGHS on the binary model) may be inside a sub-MIP,
which checks no interrupt, when a 2 CPU s limit comes."""


def stopped_by_its_cpu_limit(method: str) -> None:
    puzzle, options = HARD[method]
    solve(puzzle, method, time_limit=1, **options)  # its warm-up, outside the load
    with busy_sibling() as pinned:
        result = solve(puzzle, method, cpu_limit=LIMIT, **options)
    assert result.status.name == "TIME_LIMIT" and result.grid is None, method
    assert result.cpu_seconds >= LOW, (method, result.cpu_seconds)  # the budget was spent
    assert (result.cpu_limit, result.time_limit) == (LIMIT, None)
    if pinned:  # the sibling had its share: the wall clock ran well past the CPU clock
        assert result.total_seconds > 1.2 * result.cpu_seconds, (method, result.total_seconds)
    if method in SUB_MIP and result.cpu_seconds > HIGH:
        pytest.xfail(f"{method}: HiGHS ignored the stop inside a sub-MIP: "
                     f"{result.cpu_seconds:.2f} CPU s at a {LIMIT:g} s limit")
    assert result.cpu_seconds <= HIGH, (method, result.cpu_seconds)


def test_a_cpu_limit_stops_cp_sat_beside_a_busy_sibling():
    stopped_by_its_cpu_limit("cp")


@pytest.mark.slow
@pytest.mark.parametrize("method", [m for m in HARD if m != "cp"])
def test_a_cpu_limit_stops_every_method_beside_a_busy_sibling(method):
    stopped_by_its_cpu_limit(method)


def test_a_count_stopped_by_its_cpu_limit_is_a_lower_bound():
    empty = Puzzle.from_string("." * 81)
    with pytest.raises(CountIncomplete) as stopped:
        count_solutions(empty, "cp", limit=None, cpu_limit=0.5)
    assert stopped.value.reason == "time limit" and stopped.value.lower_bound > 0


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf")])
def test_a_cpu_limit_that_is_not_a_positive_number_is_named(bad):
    with pytest.raises(InvalidValueError, match="cpu_limit"):
        solve(TOP95_6, "cp", cpu_limit=bad)


@pytest.mark.parametrize("command", [["solve", "-m", "cp"], ["count"],
                                     ["bench", "run", "--datasets", "top95", "--first", "1"]])
@pytest.mark.parametrize("value", ["0", "-2"])
def test_the_command_line_refuses_a_cpu_limit_that_is_not_positive(command, value, tmp_path):
    puzzle = [] if command[0] == "bench" else ["--", TOP95_6.to_string()]
    run = subprocess.run([sys.executable, "-m", "sudoku_models", *command, "--cpu-limit", value,
                          *puzzle], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "--cpu-limit" in run.stderr and value in run.stderr


def test_a_bench_run_records_its_cpu_limit_and_stops_a_deaf_solver_from_outside(tmp_path,
                                                                             monkeypatch):
    from sudoku_models.bench import RunSpec, run_benchmark
    from sudoku_models.bench.local import grace
    from sudoku_models.records import read_results
    from sudoku_models.registry import METHODS, MethodInfo

    monkeypatch.setitem(METHODS, "spinner", MethodInfo("spinner", Spinner, "a test stub",
                                                       "search", "none", "none"))
    out = tmp_path / "cpu.csv"
    run_benchmark(RunSpec(["spinner", "cp"], ["top95"], out, first=1, cpu_limit=0.5,
                          workers=1, progress=False))
    rows = {r["method"]: r for r in read_results(out)}
    assert {(r["time_limit_s"], r["cpu_limit_s"]) for r in rows.values()} == {("", "0.5")}
    assert rows["cp"]["status"] == "OPTIMAL"
    spun = rows["spinner"]
    assert spun["status"] == "TIME_LIMIT" and "CPU limit 0.5 s + grace" in spun["error"]
    assert 0.5 + grace(0.5) < float(spun["cpu_s"]) < 0.5 + grace(0.5) + 1.5


def test_statistics_count_a_solve_past_its_cpu_limit_as_a_time_out():
    import pandas as pd

    from sudoku_models.bench.report import on_clock
    from sudoku_models.bench.statistics import outcome

    frame = pd.DataFrame({"status": ["OPTIMAL", "OPTIMAL", "TIME_LIMIT"],
                          "total_s": [9.0, 9.0, 12.0], "cpu_s": [1.5, 2.5, 2.1],
                          "time_limit_s": [None, None, None], "cpu_limit_s": [2.0, 2.0, 2.0]})
    wall = outcome(frame)
    assert list(wall["solved"]) == [True, False, False]
    assert list(wall["over_limit"]) == [False, True, False]
    cpu = outcome(on_clock(frame, "cpu"))
    assert list(cpu["censored_s"]) == [1.5, 2.0, 2.0]  # a time-out at its own clock's limit
def test_a_highs_model_stopped_at_its_cpu_limit_gets_its_whole_limit_next_time():
    """HiGHS 1.14 kept a stopped run's interrupt flag: every later run of the
    same model (solve_many, Models: a second puzzle of the same rules) ended
    'Interrupted by user' at its first check, after 0 iterations, reported
    TIME_LIMIT (found on boxes-12x12 with milp-alldiff at 5 CPU s: 9 of 10
    'not solved' after 0.15-0.36 CPU s). The same hard puzzle twice: the
    second run works for its limit as the first did, or solves the puzzle:
    HiGHS starts it from the first's state, so it may solve it (1.98 CPU s
    once, and in 0.06 CPU s after 0 LP iterations once, in CI: the kept
    flag would give TIME_LIMIT, never an answer). The limit is well below
    what the puzzle takes: at 2.5 CPU s the first run once solved it."""
    from sudoku_models import read_puzzles, solve_many, verify

    hard = read_puzzles("top95")[0]  # 2.7-2.9 CPU s to solve (27,052 LP iterations)
    first, second = solve_many([hard, hard], "milp-alldiff", cpu_limit=1.5)
    assert first.status.name == "TIME_LIMIT" and first.cpu_seconds > 1.2
    if second.status.name == "OPTIMAL":
        assert verify(hard, second.grid)
    else:
        assert second.status.name == "TIME_LIMIT" and second.cpu_seconds > 1.2, second
        assert second.stats["LP iterations"] > 1000, second
