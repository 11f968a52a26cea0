"""The benchmark runner: smoke run with report, resume, SIGKILL and re-run,
crash isolation, and the Dask path on a LocalCluster."""

import csv
import gzip
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

from sudoku_models.bench import COLUMNS, read_results, run_benchmark, write_report
from sudoku_models.bench.results import ResultsFile
from sudoku_models.bench.runner import Chunk, _run_local, run_chunk
from sudoku_models.cli import main

SMOKE = dict(methods=["milp", "cp", "backtracking"], datasets=["top95", "gen:22", "order:2"],
             sample=3, progress=False)


def content(rows):
    """What must not depend on timing: one entry per row key."""
    return sorted((r["dataset"], r["index"], r["method"], r["repetition"], r["hash"], r["clues"],
                   r["status"], r["verified"]) for r in rows)


def test_smoke_benchmark_writes_csv_summary_and_plots(tmp_path):
    out = tmp_path / "results.csv"
    assert run_benchmark(out=out, **SMOKE) == 27
    rows = read_results(out)
    assert list(rows[0]) == COLUMNS
    assert all(r["status"] == "OPTIMAL" and r["verified"] == "yes" for r in rows)
    assert {r["order"] for r in rows if r["dataset"] == "order:2"} == {"2"}
    assert {r["clues"] for r in rows if r["dataset"] == "gen:22"} == {"22"}
    assert all(r["toolkit"] and r["machine"] and r["cores"] and r["timestamp"] for r in rows)
    summary = write_report(out)
    text = summary.read_text()
    assert "| `milp` | top95 | 3 | 3 | 0 | 0 |" in text and "scaling" in text
    for name in ("time_distribution.png", "time_vs_clues.png", "time_vs_order.png"):
        assert plt.imread(tmp_path / name).shape[0] > 100
    compressed = tmp_path / "results.csv.gz"
    compressed.write_bytes(gzip.compress(out.read_bytes()))
    assert read_results(compressed) == rows
    # The same command again finds nothing to do and duplicates nothing.
    assert run_benchmark(out=out, **SMOKE) == 0
    assert len(read_results(out)) == 27


def test_repetitions_and_time_limits_are_rows(tmp_path):
    out = tmp_path / "r.csv"
    run_benchmark(["milp-alldiff"], ["top95"], out, sample=2, repeat=2, time_limit=0.05,
                  warmup=0, progress=False)
    rows = read_results(out)
    assert sorted((r["index"], r["repetition"]) for r in rows) == [
        ("1", "1"), ("1", "2"), ("2", "1"), ("2", "2")]
    assert {r["status"] for r in rows} == {"TIME_LIMIT"}


def test_a_torn_last_line_is_cut_on_resume(tmp_path):
    out = tmp_path / "t.csv"
    run_benchmark(["cp"], ["top95"], out, sample=2, progress=False)
    whole = out.read_bytes()
    out.write_bytes(whole + b"top95,3,top95.txt:4,abc")  # killed in the middle of a row
    assert ResultsFile(out).done == {("top95", "1", "cp", "1"), ("top95", "2", "cp", "1")}
    assert out.read_bytes() == whole


def test_killed_run_resumes_to_the_same_content(tmp_path):
    killed, whole = tmp_path / "killed.csv", tmp_path / "whole.csv"
    argv = ["bench", "run", "--methods", "milp,cp", "--datasets", "17clue", "--sample", "300",
            "--warmup", "0"]
    script = Path(sys.executable).with_name("sudoku-models")
    process = subprocess.Popen([script, *argv, "--out", str(killed)], start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and (not killed.exists() or killed.read_text().count("\n") < 60):
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    partial = read_results(killed)
    assert 50 < len(partial) < 600, "killed in the middle of the run"
    assert main([*argv, "--out", str(killed)]) == 0
    assert main([*argv, "--out", str(whole)]) == 0
    resumed = read_results(killed)
    keys = [(r["dataset"], r["index"], r["method"], r["repetition"]) for r in resumed]
    assert len(keys) == len(set(keys)) == 600
    assert content(resumed) == content(read_results(whole))
    with killed.open() as handle:  # every line is a whole row
        assert all(len(row) == len(COLUMNS) for row in csv.reader(handle))


def _die_on_second(chunk):
    if any(index == 2 for index, _, _ in chunk.items):
        os._exit(1)  # a solver that takes its process down
    return run_chunk(chunk)


def test_a_puzzle_that_kills_its_worker_is_recorded_and_the_run_goes_on(tmp_path):
    from sudoku_models.bench.datasets import load_dataset

    puzzles = load_dataset("top95", 3, 0)
    chunk = Chunk("top95", "cp", 1, tuple((i, p.to_string(), p.name) for i, p in enumerate(puzzles, 1)),
                  None, 0)
    rows = []
    _run_local([chunk], 1, rows.extend, work=_die_on_second)
    by_index = {r["index"]: r for r in rows}
    assert by_index[2]["status"] == "ERROR" and "worker process died" in by_index[2]["error"]
    assert by_index[1]["status"] == by_index[3]["status"] == "OPTIMAL"


def test_a_solver_exception_becomes_an_error_row(monkeypatch):
    from sudoku_models.bench import runner
    from sudoku_models.bench.datasets import load_dataset

    real = runner._solve_one
    monkeypatch.setattr(runner, "_solve_one", lambda m, p, t: (_ for _ in ()).throw(
        RuntimeError("solver blew up")) if p.name.endswith(":3") else real(m, p, t))
    puzzles = load_dataset("top95", 3, 0)
    rows = run_chunk(Chunk("top95", "cp", 1, tuple((i, p.to_string(), p.name)
                                                  for i, p in enumerate(puzzles, 1)), None, 0))
    assert [r["status"] for r in rows] == ["OPTIMAL", "ERROR", "OPTIMAL"]
    assert rows[1]["error"] == "RuntimeError: solver blew up"


def test_dask_local_cluster_gives_the_same_content(tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        assert run_benchmark(out=tmp_path / "dask.csv", scheduler=cluster.scheduler_address,
                             **SMOKE) == 27
    run_benchmark(out=tmp_path / "local.csv", **SMOKE)
    assert content(read_results(tmp_path / "dask.csv")) == content(read_results(tmp_path / "local.csv"))


@pytest.mark.parametrize("argv, message", [
    (["bench", "run", "--methods", "lp"], "unknown method 'lp'"),
    (["bench", "run", "--datasets", "top96"], "unknown dataset 'top96'"),
    (["bench", "run", "--datasets", "gen:25"], "generated sets need --sample"),
])
def test_bench_bad_input_is_one_line_exit_2(argv, message, tmp_path, capsys):
    assert main([*argv, "--out", str(tmp_path / "x.csv")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
