"""The first-hour study's table of the latest run appended to its CSV, and
the cores a step may use as the studies write them."""

import os

import pytest

from benchmarks.first_hour.__main__ import COLUMNS
from benchmarks.first_hour.tables import tour_table
from benchmarks.studykit.pinning import affinity_text


@pytest.mark.parametrize("cores, text", [({0}, "0"), ({0, 1}, "0-1"), ({5, 0, 2, 1}, "0-2,5")])
def test_the_cores_of_a_step_are_written_as_ranges(monkeypatch, cores, text):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(cores))
    assert affinity_text() == text


def test_the_table_shows_the_latest_run_only(tmp_path):
    path = tmp_path / "tour.csv"
    rows = [("warm-up", "sudoku-models warm-up", 80.0, 70.0, 1.0, "0-1", "2026-01-01T00:00:00"),
            ("warm-up", "sudoku-models warm-up", 60.0, 55.0, 2.5, "0", "2026-02-01T00:00:00"),
            ("tour.sh:3", 'sudoku-models explain "4.....8.5.3..........7..."', 0.5, 0.4, 2.5, "0",
             "2026-02-01T00:00:00")]
    lines = [",".join(COLUMNS)]
    for step, command, wall, cpu, load, core, stamp in rows:
        quoted = '"' + command.replace('"', '""') + '"'
        lines.append(f"{step},{quoted},{wall},{cpu},{load},{core},2,abc,3.11,{stamp}")
    path.write_text("\n".join(lines) + "\n")
    table = tour_table(path).splitlines()
    assert table[2:] == [
        "| warm-up | `sudoku-models warm-up` | 60.0 | 55.0 | 2.5 | 0 |",
        '| tour (shell) 3 | `sudoku-models explain "4.....8.5.3......"` | 0.5 | 0.4 | 2.5 | 0 |']
