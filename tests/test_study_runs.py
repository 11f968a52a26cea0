"""Study chunks: methods interleaved per instance, the load recorded, a
budget that stops a chunk which the same call resumes."""

import json
from pathlib import Path

import pandas as pd
import pytest

from sudoku_models.bench import RunSpec, run_benchmark
from sudoku_models.records import load_results, read_results
from benchmarks.studykit.runs import (StudyChunk, LoadSampler, git_commit, load_at, read_load,
                                      run_study_chunk)

# A budget's interrupt may land in a fork handler or a finaliser, where Python
# prints it as unraisable and goes on; run_study_chunk sends it again each second.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


def test_interleave_runs_every_method_on_a_puzzle_before_the_next(tmp_path):
    out = tmp_path / "r.csv"
    methods = ["backtracking", "cp", "sat-extended"]
    run_benchmark(RunSpec(methods, ["holes:3:0.5:balanced", "holes:3:0.7"], out, sample=3,
                  time_limit=30, interleave=True, progress=False))
    rows = read_results(out)
    order = [(r["dataset"], int(r["index"])) for r in rows]
    # every (dataset, puzzle) is one block of all methods, in the datasets' order
    blocks = [order[i:i + 3] for i in range(0, len(order), 3)]
    assert all(len(set(b)) == 1 for b in blocks)
    assert [b[0] for b in blocks] == [(d, i) for d in ("holes:3:0.5:balanced", "holes:3:0.7")
                                      for i in (1, 2, 3)]
    firsts = {rows[3 * k]["method"] for k in range(len(blocks))}
    assert firsts == set(methods)  # the starting method rotates
    assert all(r["status"] == "OPTIMAL" and r["verified"] == "true" for r in rows)


def test_a_chunk_records_its_settings_and_the_load(tmp_path):
    out = tmp_path / "study" / "runs.csv"
    chunk = StudyChunk("small", ["backtracking", "cp"], ["holes:3:0.6"], sample=2, time_limit=20)
    end = run_study_chunk(chunk, out, progress=False, every=0.05)
    assert end["rows"] == 4 and end["stopped"] is None
    events = [json.loads(line) for line in (out.parent / "chunks.jsonl").read_text().splitlines()]
    assert [e["event"] for e in events] == ["start", "end"]
    assert events[0]["methods"] == ["backtracking", "cp"] and events[0]["workers"] == 1
    assert len(events[0]["load"]) == 3 and events[0]["time_limit_s"] == 20
    # the commit of the code that ran, though the results lie outside the repository
    assert events[0]["commit"] == git_commit(Path(__file__).parent) is not None
    load = read_load(out.parent / "load.csv")
    assert len(load) >= 2 and (load["load1"] >= 0).all()
    rows = load_at(load_results(out), load)
    assert rows["load1"].notna().all()


def test_a_budget_stops_the_chunk_and_the_same_call_resumes_it(tmp_path):
    out = tmp_path / "runs.csv"
    chunk = StudyChunk("budget", ["backtracking", "cp"], ["holes:4:0.5", "holes:4:0.6"], sample=4,
                  time_limit=20)
    first = run_study_chunk(chunk, out, budget_s=0.05, progress=False)  # stops at start-up
    assert first["stopped"] == "budget"
    rest = run_study_chunk(chunk, out, progress=False)
    assert rest["stopped"] is None
    rows = read_results(out)
    keys = [(r["dataset"], r["index"], r["method"]) for r in rows]
    assert len(keys) == len(set(keys)) == 16
    assert first["rows"] + rest["rows"] == 16


def test_load_at_takes_the_last_sample_before_each_row(tmp_path):
    load = pd.DataFrame({"timestamp": pd.to_datetime(["2026-01-01T00:00:00Z",
                                                      "2026-01-01T00:01:00Z"], utc=True),
                         "load1": [1.0, 3.0], "load5": [0, 0], "load15": [0, 0]})
    rows = pd.DataFrame({"timestamp": pd.to_datetime(["2026-01-01T00:00:30Z",
                                                      "2025-12-31T23:59:00Z",
                                                      "2026-01-01T00:01:10Z",
                                                      "2026-01-01T00:30:00Z"], utc=True)})
    values = load_at(rows, load)["load1"]
    assert values[0] == 1.0 and pd.isna(values[1]) and values[2] == 3.0 and pd.isna(values[3])


def test_the_sampler_writes_a_header_once(tmp_path):
    path = tmp_path / "load.csv"
    for _ in range(2):
        with LoadSampler(path, every=10):
            pass
    lines = path.read_text().splitlines()
    assert lines[0] == "timestamp,load1,load5,load15" and lines.count(lines[0]) == 1
    assert len(lines) == 5


def test_the_budget_stops_a_chunk_started_with_sigint_ignored(tmp_path):
    """A background job of a shell starts with SIGINT ignored; the budget
    (and Ctrl-C) must still stop the chunk, and the handler is given back."""
    import signal

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        chunk = StudyChunk("ignored", ["backtracking", "cp"], ["holes:4:0.5", "holes:4:0.6"],
                      sample=4, time_limit=20)
        end = run_study_chunk(chunk, tmp_path / "runs.csv", budget_s=0.05, progress=False)
        assert end["stopped"] == "budget"
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
