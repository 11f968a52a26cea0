"""Solving a chunk: one model per method, order and options, each puzzle
solved, verified and turned into a row of the results file
(:mod:`sudoku_models.bench.results`).

The same code runs in a local worker process, in a Dask worker's thread and,
for ``sudoku-models solve``, in the calling thread (:func:`run_here`).
Models are kept per thread (Dask workers run several threads) or, in the
calling thread, per run, so a chunk runs in batch mode: each new puzzle only
changes the clues.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import platform
import threading
import traceback
from collections.abc import Callable
from functools import cache

from ..puzzle import Puzzle
from ..result import SolveResult, Status
from .datasets import line_puzzle, puzzle_hash
from .plan import Chunk, methods
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
            "cores": os.cpu_count()}


_local = threading.local()  # per thread: its models (see thread_models)


def thread_models() -> dict:
    """This thread's models, kept across chunks."""
    return _local.__dict__.setdefault("models", {})


def _model(chunk: Chunk, layout, models: dict):
    cls = methods()[chunk.method].load()
    key = (cls, layout, chunk.time_limit, tuple(chunk.options.items()), chunk.log,
           chunk.base["threads"])
    if key not in models:
        models[key] = cls(layout, time_limit=chunk.time_limit, threads=chunk.base["threads"],
                          log=chunk.log, **chunk.options)
    return models[key]


def _grid_hash(grid) -> str:
    return hashlib.sha1(" ".join(map(str, grid.ravel())).encode()).hexdigest()[:12]


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def make_row(chunk: Chunk, index: int, puzzle: Puzzle, **fields) -> dict:
    """The row of puzzle ``index`` of ``chunk`` with the outcome ``fields``
    (``status``, ``verified``, ...)."""
    return {**chunk.base, "index": index, "puzzle": puzzle.name, "puzzle_hash": puzzle_hash(puzzle),
            "order": puzzle.order, "clues": puzzle.num_clues, **environment(),
            "timestamp": _now(), **fields}


def _print_traceback(exc: Exception) -> None:
    traceback.print_exc()


def solve_puzzle(chunk: Chunk, index: int, puzzle: Puzzle, models: dict | None = None,
                 failed: Callable[[Exception], None] = _print_traceback
                 ) -> tuple[dict, SolveResult | None]:
    """Solve one puzzle with the chunk's method (one of ``models``, default
    this thread's) and return its row and the :class:`SolveResult`. An
    exception of the method becomes an ``ERROR`` row with the message (and
    no result), after ``failed(exc)`` (default: print the traceback)."""
    from ..verify import verify

    try:
        model = _model(chunk, puzzle.layout, thread_models() if models is None else models)
        result = model.solve(puzzle)
    except Exception as exc:  # recorded, not raised: one bad puzzle must not end the run
        failed(exc)
        return make_row(chunk, index, puzzle, status=Status.ERROR.value, verified=False,
                        error=f"{type(exc).__name__}: {exc}"[:300]), None
    solved = result.status.solved
    row = make_row(chunk, index, puzzle, status=result.status.value,
                   verified=bool(solved and verify(puzzle, result.grid)),
                   build_s=result.build_seconds, solve_s=result.solve_seconds,
                   solver=result.solver,
                   solution_hash=_grid_hash(result.grid) if solved else None,
                   solutions=result.stats.get("solutions", 1) if solved
                   else 0 if result.status is Status.INFEASIBLE else None)
    row.update({column: result.stats[name] for name, column in STAT_NAMES.items()
                if name in result.stats})
    return row, result


def solve_row(chunk: Chunk, index: int, puzzle: Puzzle) -> dict:
    """The row of :func:`solve_puzzle` (this thread's models)."""
    return solve_puzzle(chunk, index, puzzle)[0]


def _warm_up(chunk: Chunk) -> None:
    """Import the solver and compile or load its kernels (the counter's
    ``warm_up``): costs of the process, before any puzzle is timed."""
    cls = methods()[chunk.method].load()
    getattr(cls, "warm_up", lambda: None)()


def _puzzles(chunk: Chunk) -> list[tuple[int, Puzzle]]:
    return [(index, line_puzzle(line, name)) for index, line, name in chunk.items]


def run_chunk(chunk: Chunk, report: Callable[[str, object], None] | None = None) -> list[dict]:
    """Solve a chunk in this thread (a worker's); returns one row per puzzle.
    ``report`` (local workers) is told ``("start", index)`` before every
    solve, warm-up included, and ``("row", row)`` after each timed one."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    tell = report or (lambda kind, value: None)
    _warm_up(chunk)  # before any "start", so outside every limit
    puzzles = _puzzles(chunk)
    for index, puzzle in puzzles[: chunk.warmup]:  # untimed: loads, compiles, fills caches
        tell("start", index)
        solve_row(chunk, index, puzzle)
    rows = []
    for index, puzzle in puzzles:
        tell("start", index)
        rows.append(solve_row(chunk, index, puzzle))
        tell("row", rows[-1])
    return rows


def run_here(chunks: list[Chunk], emit: Callable[[dict, SolveResult | None], None],
             failed: Callable[[Exception], None] = _print_traceback) -> None:
    """The in-process executor: solve ``chunks`` in the calling thread, one
    model per method, order and options for the whole run, and hand each
    row with its :class:`SolveResult` to ``emit``. The time limit is each
    solver's own; Ctrl-C stops the solver and raises ``KeyboardInterrupt``
    (:mod:`sudoku_models.stoppable`). A method's exception becomes an
    ``ERROR`` row after ``failed(exc)``."""
    models: dict = {}
    warm = set()
    for chunk in chunks:
        if chunk.method not in warm:
            _warm_up(chunk)
            warm.add(chunk.method)
        puzzles = _puzzles(chunk)
        for index, puzzle in puzzles[: chunk.warmup]:
            solve_puzzle(chunk, index, puzzle, models, failed)
        for index, puzzle in puzzles:
            emit(*solve_puzzle(chunk, index, puzzle, models, failed))
