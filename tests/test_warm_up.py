"""The warm-up (issue 44): the first timed solve of a method configuration
in a fresh process carries no set-up the later ones do not, in the Python
API and in a benchmark's worker, and the runs record how many untimed
warm-up solves they made."""

import json
import statistics
import subprocess
import sys

import pytest

from sudoku_models import read_puzzles
from sudoku_models.bench import RunSpec, run_benchmark
from sudoku_models.records import read_results
from sudoku_models.solving import warm_up_puzzle

from .helpers import DATASETS

METHODS = ("milp", "cp", "sat-extended", "backtracking")


def _puzzle_text(method: str) -> str:
    """A puzzle each method takes milliseconds on, where repeated solves
    share no cache the first lacks: top95's first, and for the counter a
    25x25 with half its cells empty (a killer's cage tables are memoized
    per puzzle, which would favour the later solves)."""
    if method == "backtracking":
        from generator import holes_puzzle

        return holes_puzzle(5, 0.5, seed=1).to_string()
    return read_puzzles(DATASETS / "top95.txt")[0].to_string()

_TIMES = """
import json, sys
from sudoku_models import read_puzzle, solve
method, text, warmup = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
puzzle = read_puzzle(text)
if not warmup:
    import sudoku_models.solving as solving
    solving.warm_up = lambda *args, **kwargs: False
times = []
for _ in range(10):
    result = solve(puzzle, method)
    assert result.status.solved
    times.append(result.build_seconds + result.solve_seconds)
print(json.dumps(times))
"""


def _ten_solves(method: str, warmup: bool) -> list[float]:
    """Build and solve seconds of ten ``solve`` calls of one puzzle in a
    fresh process (each call builds its model afresh)."""
    done = subprocess.run([sys.executable, "-c", _TIMES, method, _puzzle_text(method),
                           "1" if warmup else "0"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("method", METHODS)
def test_the_first_solve_in_a_fresh_process_is_like_the_tenth(method):
    """Not an outlier among the ten: a busy machine's jitter moves any of
    them by milliseconds (3 to 7 ms measured at load 4; in CI once cp's
    first 12.0 ms against at most 5.7 ms), a cold start by 2x to 10x (cp
    without the warm-up: 11.8 against 5.1 ms) in every fresh process; so a
    second process is asked when the first shows an outlier."""
    seen = []
    for _ in range(2):
        times = _ten_solves(method, warmup=True)
        seen.append([round(t * 1000, 2) for t in times])
        if times[0] <= 1.5 * max(times[1:]):
            return
    pytest.fail(f"the first solve was an outlier in two fresh processes (ms): {seen}")


def test_without_the_warm_up_the_first_solve_is_the_outlier_the_issue_saw():
    times = _ten_solves("sat-extended", warmup=False)  # 30 ms against 6 ms, measured
    assert times[0] > 1.5 * statistics.median(times[-3:]), [round(t * 1000, 2) for t in times]


def _worker_solves(out) -> dict[str, list[float]]:
    run_benchmark(RunSpec(["milp", "cp"], ["top95"], out, first=1, repeat=10, workers=1,
                          progress=False))
    rows = read_results(out)
    assert {row["warmup"] for row in rows} == {"1"}  # the setting, in every row's key
    return {method: [float(row["solve_s"]) for row in sorted(
        (r for r in rows if r["method"] == method), key=lambda r: int(r["repetition"]))]
        for method in ("milp", "cp")}


def test_a_benchmark_worker_warms_each_configuration_and_records_it(tmp_path):
    # One run may meet a preemption of a few ms on its first solve (a worker pinned to
    # a core that the suite's other processes share; a fresh clone's CI once met it in
    # two runs in a row: milp's first 11.3 ms against at most 6 ms, and in three: cp's
    # first 5.0 ms against 2.8-3.1 ms, 1.6x the slowest of the rest, a run that passes
    # alone); a cold start is 2.3x (cp, 11.8 against 5.1 ms) to 5x the rest in every
    # run: an outlier is twice the median of the rest, and three runs with one fail.
    outliers = []
    for attempt in range(3):
        solves = _worker_solves(tmp_path / f"warm{attempt}.csv")
        assert all(len(times) == 10 for times in solves.values())
        outliers = {method: times for method, times in solves.items()
                    if times[0] > 2 * statistics.median(times[1:])}
        if not outliers:
            break
    assert not outliers, outliers


@pytest.mark.parametrize("side", [4, 6, 8, 9, 16])
def test_the_warm_up_puzzle_is_small_valid_and_decided(side):
    """Decided, and not at the root (but for the 4x4 with its cage, too
    small to leave a choice): the counter's first branch node has a set-up
    of its own that the warm-up pays too."""
    from sudoku_models import count_solutions, solve
    from sudoku_models.core.geometry import Layout

    for variant in (False, True):
        puzzle = warm_up_puzzle(Layout.for_side(side), variant)
        assert puzzle.side == side and puzzle.conflicts() == []
        assert 0 < puzzle.num_clues < side * side and len(puzzle.constraints) == variant
        assert count_solutions(puzzle, "backtracking", limit=1) == 1
        assert solve(puzzle, "backtracking").stats["branches"] > 0 or (side, variant) == (4, True)
