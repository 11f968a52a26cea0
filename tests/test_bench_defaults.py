"""What `bench run` does when a user gives little: a 10 s limit, no warm-up,
one worker per core with one core left free, `--quick` for a first
comparison, and progress that stays quiet off a terminal."""

import io

import pytest

from sudoku_models.bench import runner
from sudoku_models.cli import main
from sudoku_models.registry import METHODS


@pytest.fixture
def captured(monkeypatch):
    """The RunSpec `bench run` hands to the runner (nothing is run)."""
    seen = []

    def fake(spec):
        seen.append(spec)
        return runner.RunOutcome(0, set(), str(spec.out))

    monkeypatch.setattr(runner, "run_benchmark", fake)
    return seen


def test_a_bare_run_has_a_limit_and_no_warm_up(captured, tmp_path):
    assert main(["bench", "run", "--out", str(tmp_path / "r.csv")]) == 0
    (spec,) = captured
    assert spec.time_limit == 10.0 and spec.warmup == 1
    assert list(spec.methods) == ["milp", "cp"] and list(spec.datasets) == ["top95"]
    assert 1 <= spec.workers <= max(1, len(__import__("os").sched_getaffinity(0)) - 1)


def test_quick_runs_every_method_on_a_few_puzzles_with_a_short_limit(captured, tmp_path):
    assert main(["bench", "run", "--quick", "--out", str(tmp_path / "r.csv")]) == 0
    (spec,) = captured
    assert list(spec.methods) == list(METHODS)
    assert spec.first == 3 and spec.time_limit == 5.0
    assert main(["bench", "run", "--quick", "--methods", "cp", "--time-limit", "2",
                 "--out", str(tmp_path / "r.csv")]) == 0
    assert list(captured[1].methods) == ["cp"] and captured[1].time_limit == 2.0


def test_more_workers_than_cores_is_refused(tmp_path, capsys):
    cores = len(__import__("os").sched_getaffinity(0))
    assert main(["bench", "run", "--workers", str(cores + 1), "--out", str(tmp_path / "r.csv")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at most one worker per core" in err


def test_off_a_terminal_progress_waits_30_s_before_its_first_line(monkeypatch):
    monkeypatch.setattr(runner.sys, "stderr", io.StringIO())
    bar = runner._progress(100, True)
    for _ in range(100):
        bar.update()
    bar.close()
    assert runner.sys.stderr.getvalue() == ""  # a run under 30 s prints no status line
    assert runner._progress(1, True) is None and runner._progress(100, False) is None
