"""Solving a chunk: one model per method, order and options, each puzzle
solved, verified and turned into a row of the results file
(:mod:`sudoku_models.bench.results`).

The same code runs in a local worker process and in a Dask worker's
thread, on top of the solving pipeline (:func:`~sudoku_models.solving.solve_one`
with one :class:`~sudoku_models.solving.Models` per thread, so a chunk runs
in batch mode: each new puzzle only changes the clues). A chunk crosses a
process boundary, so its puzzles travel as text (:func:`.datasets.puzzle_line`).
"""

from __future__ import annotations

import datetime
import hashlib
import os
import platform
import sys
import threading
import time
from collections.abc import Callable
from functools import cache

from ..puzzle import Puzzle
from ..result import Status
from ..solving import Models, Solved, solve_one
from .datasets import line_puzzle, puzzle_hash
from .plan import Chunk
from .results import STAT_NAMES


@cache
def environment() -> dict:
    """Toolkit and Python versions, CPU model and core count of this process's
    machine: the columns every row carries."""
    from .. import __version__

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as handle:
            names = [line.split(":", 1)[1].strip() for line in handle
                     if line.startswith("model name")]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    return {"toolkit": __version__, "python": platform.python_version(), "machine": cpu,
            "cores": os.cpu_count(), "host": platform.node()}


_local = threading.local()  # per thread: its models (see thread_models)


def thread_models(chunk: Chunk) -> Models:
    """This thread's models for the chunk's settings (time limit, log,
    threads), kept across chunks: a chunk runs in batch mode, each new
    puzzle only changing the clues."""
    kept = _local.__dict__.setdefault("models", {})
    key = (chunk.time_limit, chunk.log, chunk.base["threads"])
    if key not in kept:
        kept[key] = Models(chunk.time_limit, log=chunk.log, threads=chunk.base["threads"])
    return kept[key]


def _grid_hash(grid) -> str:
    return hashlib.sha1(" ".join(map(str, grid.ravel())).encode()).hexdigest()[:12]


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def pinned_core() -> int | None:
    """The one core this process is pinned to, or None."""
    try:
        cores = os.sched_getaffinity(0)
    except (AttributeError, OSError):  # not on Linux
        return None
    return next(iter(cores)) if len(cores) == 1 else None


def _load() -> float | None:
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def make_row(chunk: Chunk, index: int, puzzle: Puzzle, **fields) -> dict:
    """The row of puzzle ``index`` of ``chunk`` with the outcome ``fields``
    (``status``, ``verified``, ...)."""
    return {**chunk.base, "index": index, "puzzle": puzzle.name, "puzzle_hash": puzzle_hash(puzzle),
            "order": puzzle.order, "clues": puzzle.num_clues, **environment(),
            "timestamp": _now(), **fields}


def solved_row(chunk: Chunk, solved: Solved, load: float | None = None) -> dict:
    """The results row of one :class:`~sudoku_models.solving.Solved` of
    ``chunk``: its status and verification, wall and CPU seconds, solver
    statistics, solution hash, and where it ran (``load_1min`` at its
    start, ``core`` when pinned)."""
    where = {"cpu_s": solved.cpu_seconds, "load_1min": load, "core": pinned_core()}
    result = solved.result
    if result is None:
        return make_row(chunk, solved.index, solved.puzzle, status=Status.ERROR.value,
                        verified=False, error=solved.error, **where)
    done = result.status.solved
    row = make_row(chunk, solved.index, solved.puzzle, status=result.status.value,
                   verified=solved.verified, build_s=result.build_seconds,
                   solve_s=result.solve_seconds, solver=result.solver,
                   solution_hash=_grid_hash(result.grid) if done else None,
                   solutions=result.stats.get("solutions", 1) if done
                   else 0 if result.status is Status.INFEASIBLE else None, **where)
    row.update({column: result.stats[name] for name, column in STAT_NAMES.items()
                if name in result.stats})
    return row


def solve_row(chunk: Chunk, index: int, puzzle: Puzzle, load: float | None) -> dict:
    """Solve one puzzle of ``chunk`` with this thread's models
    (:func:`~sudoku_models.solving.solve_one`) and return its row, with
    ``load`` (the load average as the solve starts); a method's exception
    becomes an ``ERROR`` row, its traceback printed."""
    solved = solve_one(thread_models(chunk), index, puzzle, chunk.method, chunk.options)
    if solved.error is not None:
        print(f"{chunk.method} on {puzzle.name or index}: {solved.error}", file=sys.stderr)
    return solved_row(chunk, solved, load)


def _puzzles(chunk: Chunk) -> list[tuple[int, Puzzle]]:
    return [(index, line_puzzle(line, name)) for index, line, name in chunk.items]


def run_chunk(chunk: Chunk, report: Callable[[str, object], None] | None = None) -> list[dict]:
    """Solve a chunk in this thread (a worker's); returns one row per puzzle.
    ``report`` (local workers) is told ``("start", (index, cpu, load))``
    before every solve, warm-up included (``cpu``: this process's CPU
    seconds so far, ``load``: the 1-minute load average, so that a solve
    stopped from outside still gets its CPU seconds and load), and
    ``("row", row)`` after each timed one."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    tell = report or (lambda kind, value: None)
    thread_models(chunk).prepare(chunk.method)  # before any "start", so outside every limit
    puzzles = _puzzles(chunk)

    def solve(index: int, puzzle: Puzzle) -> dict:
        load = _load()
        tell("start", (index, time.process_time(), load))
        return solve_row(chunk, index, puzzle, load)

    for index, puzzle in puzzles[: chunk.warmup]:  # untimed: loads, compiles, fills caches
        solve(index, puzzle)
    rows = []
    for index, puzzle in puzzles:
        rows.append(solve(index, puzzle))
        tell("row", rows[-1])
    return rows
