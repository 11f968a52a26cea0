"""The results file: the detailed MILP columns filled by a detailed run; a
file of the former layout (before those columns) read, resumed in its own
layout and rewritten in the current one only when a row needs it; the lock
of a file dropped without close released."""

import csv

from sudoku_models.bench import RunSpec, run_benchmark
from sudoku_models.records import load_results, read_results
from sudoku_models.records.results import (COLUMNS, DETAIL_COLUMNS, FORMER_COLUMNS, ResultsFile,
                                         check_results_file)


def former_file(tmp_path):
    """A results file in the former layout: two of the three rows of a
    backtracking run on the first three puzzles of top95 (a run cut off)."""
    current = tmp_path / "current.csv"
    run_benchmark(RunSpec(["backtracking"], ["top95"], current, first=3, progress=False))
    former = tmp_path / "former.csv"
    with open(former, "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(FORMER_COLUMNS)
        writer.writerows([[row[c] for c in FORMER_COLUMNS] for row in read_results(current)[:2]])
    return former


def header(path):
    return path.read_text().splitlines()[0].split(",")


def test_a_detailed_milp_run_fills_the_detail_columns(tmp_path):
    out = tmp_path / "detailed.csv"
    run_benchmark(RunSpec(["milp"], ["top95"], out, first=1, options={"stats": "detailed"},
                  progress=False))
    row = load_results(out).iloc[0]
    assert row["status"] == "OPTIMAL" and bool(row["verified"])
    assert row["presolved_rows"] >= 0 and row["presolved_columns"] >= 0
    assert row["presolved_columns"] <= 729  # presolve never adds binaries to 9x9x9
    assert 0 <= row["first_solution_s"] <= row["solve_s"]


def test_a_former_file_is_read_and_resumed_in_its_layout(tmp_path):
    former = former_file(tmp_path)
    assert check_results_file(former) == former
    frame = load_results(former)
    assert len(frame) == 2 and all(frame[c].isna().all() for c in DETAIL_COLUMNS)
    before = read_results(former)
    outcome = run_benchmark(RunSpec(["backtracking"], ["top95"], former, first=3, progress=False))
    assert outcome.written == 1  # the two recorded keys skipped
    # the new row carries CPU seconds and where it ran: the file is rewritten in the
    # current layout, the old rows keep their values and leave the new columns empty
    assert header(former) == COLUMNS
    after = read_results(former)
    assert [r["index"] for r in after] == ["1", "2", "3"]
    assert [{c: r[c] for c in FORMER_COLUMNS} for r in after[:2]] == \
        [{c: r[c] for c in FORMER_COLUMNS} for r in before]
    assert after[0]["cpu_s"] == "" and float(after[2]["cpu_s"]) >= 0 and after[2]["host"]


def test_a_row_with_details_rewrites_a_former_file_in_the_current_layout(tmp_path):
    former = former_file(tmp_path)
    before = read_results(former)
    results = ResultsFile(former)
    assert results.columns == FORMER_COLUMNS and len(results.done) == 2
    row = {**before[0], "index": "3", "root_lp_s": 0.25, "presolved_rows": 7}
    results.append(row)
    results.close()
    assert header(former) == COLUMNS
    after = read_results(former)
    assert [r["index"] for r in after] == ["1", "2", "3"]
    assert [{c: r[c] for c in FORMER_COLUMNS if c != "index"} for r in after] == \
        [{c: r[c] for c in FORMER_COLUMNS if c != "index"} for r in before + before[:1]]
    assert after[2]["root_lp_s"] == "0.25" and after[2]["presolved_rows"] == "7"
    assert not list(tmp_path.glob(".former.csv.upgrade"))


def test_a_results_file_dropped_without_close_releases_its_lock(tmp_path):
    out = tmp_path / "dropped.csv"
    ResultsFile(out)  # as if interrupted before the block that closes it
    again = ResultsFile(out)  # not "in use by another run"
    again.close()
    again.close()  # closing twice closes nothing else


def test_an_interrupt_while_closing_waits_until_the_lock_is_released(tmp_path, monkeypatch):
    """A Ctrl-C (or a study budget's repeated interrupt) that arrives while
    the file closes is raised after the descriptor is closed: the same
    command can take the file again at once."""
    import _thread
    import os

    import pytest

    from sudoku_models.records import results as results_module

    path = tmp_path / "runs.csv"
    first = ResultsFile(path)
    real_close = os.close

    def interrupted_close(fd):
        _thread.interrupt_main()  # lands at the next bytecode: inside close()
        sum(range(1000))
        real_close(fd)

    monkeypatch.setattr(results_module.os, "close", interrupted_close)
    with pytest.raises(KeyboardInterrupt):
        first.close()
    monkeypatch.setattr(results_module.os, "close", real_close)
    assert first._fd is None
    again = ResultsFile(path)  # not "in use by another run"
    again.close()
