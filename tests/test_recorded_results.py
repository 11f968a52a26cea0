"""Every recorded results row says where its time was measured (issue 31):
the CPU seconds of the solve, the load average at its start and the core
the process was pinned to (a row that measured no duration has nothing
to place). No file is exempt: every file recorded before the rule was
made again with the three columns (issue 31)."""

import re
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
RESULTS = sorted(p.relative_to(ROOT / "benchmarks").as_posix()
                 for p in (ROOT / "benchmarks").glob("*/results/**/*.csv*"))

CPU = re.compile(r"(^|_)cpu_(s|seconds)$")
"""A column of CPU seconds (``cpu_s``, ``run_cpu_s``, ``model_cpu_s``, ``cpu_seconds``)."""
LOAD = ("load_1min", "load")
TIME = re.compile(r"(seconds|_s$|\bs$|\bms$)")
"""A column holding a duration (``solve_s``, ``cpu_seconds``, ``rate ms``, ...)."""

STOPPED_BEFORE_PSUTIL = "2026-11-27T00:32"
"""Rows of a solve stopped from outside (or whose worker stopped answering)
recorded before the runner read the worker's CPU seconds with psutil
(commit cce8ce9) have no CPU seconds, load or core: nothing measured them."""

NO_TIMES = {
    "counter_speed/results/low_clue.csv": "clue counts of generated puzzles",
    "counter_speed/results/low_clue_16.csv": "clue counts of generated puzzles",
    "counter_speed/results/tdoku_columns_effort.csv": "guesses per puzzle",
    "difficulty/results/matching_share.csv.gz": "statuses of the matching search",
    "interactive_solver/results/house_ideas_nodes.csv": "branch nodes of each kernel idea",
    "killer_formulations/results/lp_gap.csv": "LP bounds, untimed",
}
"""Results without a duration: nothing to place."""

def placed(columns) -> bool:
    return any(CPU.search(c) for c in columns) and any(c in columns for c in LOAD) \
        and "core" in columns


def header(name: str) -> list[str]:
    return list(pd.read_csv(ROOT / "benchmarks" / name, nrows=0).columns)


def is_load_samples(name: str) -> bool:
    """``load.csv``: the load average sampled beside a run, not results."""
    return name.endswith("/load.csv") and header(name) == ["timestamp", "load1", "load5", "load15"]


def test_the_lists_name_recorded_files():
    assert RESULTS, "no recorded results found"
    assert not set(NO_TIMES) - set(RESULTS)


@pytest.mark.parametrize("name", RESULTS)
def test_a_recorded_row_says_where_its_time_was_measured(name):
    if is_load_samples(name):
        return
    columns = header(name)
    if name in NO_TIMES:
        assert not [c for c in columns if TIME.search(c)], f"{name} has durations"
        return
    assert placed(columns), f"{name}: no CPU seconds, load or core column"
    frame = pd.read_csv(ROOT / "benchmarks" / name)
    cpu = [c for c in columns if CPU.search(c)]
    load = next(c for c in LOAD if c in columns)
    missing = frame[frame[cpu].isna().all(axis=1) | frame[[load, "core"]].isna().any(axis=1)]
    # a row that measured no duration (a check beside the solves) has nothing to place
    durations = [c for c in columns if TIME.search(c) and "limit" not in c]
    untimed = missing[durations].isna().all(axis=1)
    if "error" in missing:
        untimed &= missing["error"].isna()
    missing = missing[~untimed]
    if "error" in missing and "timestamp" in missing:
        stopped = missing["error"].fillna("").astype(str).str.contains(
            "stopped from outside|stopped answering")
        unmeasured = stopped & (missing["timestamp"] < STOPPED_BEFORE_PSUTIL)
        missing = missing[~unmeasured]
    assert missing.empty, f"{name}: {len(missing)} rows without CPU seconds, load or core"
