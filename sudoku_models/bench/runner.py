"""Running methods x datasets, locally in a process pool or on a Dask cluster.

Work is cut into chunks (one dataset, one method, one repetition, up to
``chunk`` puzzles). A worker keeps one model per method and order, so a chunk
runs in batch mode; each puzzle becomes one row (see
:mod:`sudoku_models.bench.results`). Rows are written by the main process as
chunks finish, so an interrupted run loses at most the chunks in flight, and
the same command resumes where it stopped. Every solver runs one thread.
"""

from __future__ import annotations

import datetime
import os
import platform
import threading
import traceback
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import cache

from ..puzzle import Puzzle
from ..registry import METHODS
from ..result import Status
from ..verify import verify
from .datasets import load_dataset, puzzle_hash
from .results import ResultsFile

_STAT_COLUMNS = ("B&B nodes", "LP iterations", "branches", "conflicts", "solutions")


@dataclass(frozen=True)
class Chunk:
    """Puzzles for one worker call: ``items`` are ``(index, line, name)``,
    the index 1-based within the dataset."""

    dataset: str
    method: str
    repetition: int
    items: tuple[tuple[int, str, str], ...]
    time_limit: float | None
    warmup: int


@cache
def environment() -> dict:
    """Toolkit and Python versions, CPU model and core count of this process's
    machine: the columns every row carries."""
    from .. import __version__

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as handle:
            names = [l.split(":", 1)[1].strip() for l in handle if l.startswith("model name")]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    return {"toolkit": __version__, "python": platform.python_version(), "machine": cpu,
            "cores": os.cpu_count()}


_local = threading.local()  # per thread: one model per method, order and limit


def _model(method: str, order: int, time_limit: float | None):
    from ..solving import make_method

    models = _local.__dict__.setdefault("models", {})
    key = (method, order, time_limit)
    if key not in models:
        models[key] = make_method(method, order, time_limit, threads=1)
    return models[key]


def _solve_one(method: str, puzzle: Puzzle, time_limit: float | None) -> dict:
    result = _model(method, puzzle.order, time_limit).solve(puzzle)
    row = {"status": result.status.value, "verified": "yes" if verify(puzzle, result.grid) else "no",
           "build_seconds": result.build_seconds, "solve_seconds": result.solve_seconds,
           "solver": result.solver}
    row.update({name: result.stats[name] for name in _STAT_COLUMNS if name in result.stats})
    return row


def run_chunk(chunk: Chunk) -> list[dict]:
    """Solve a chunk in this process; one row per puzzle. An exception from a
    solver becomes a row with status ERROR and the message; the chunk goes on."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    puzzles = [Puzzle.from_string(line, name=name) for _, line, name in chunk.items]
    for puzzle in puzzles[: chunk.warmup]:  # untimed: loads, compiles, fills caches
        _solve_one(chunk.method, puzzle, chunk.time_limit)
    rows = []
    for (index, _, _), puzzle in zip(chunk.items, puzzles):
        row = {"dataset": chunk.dataset, "index": index, "puzzle": puzzle.name,
               "hash": puzzle_hash(puzzle), "order": puzzle.order, "clues": puzzle.num_clues,
               "method": chunk.method, "repetition": chunk.repetition, **environment()}
        try:
            row.update(_solve_one(chunk.method, puzzle, chunk.time_limit))
        except Exception as exc:  # recorded, not raised: one bad puzzle must not end the run
            row.update(status=Status.ERROR.value, verified="no",
                       error=f"{type(exc).__name__}: {exc}"[:300])
            traceback.print_exc()
        row["timestamp"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        rows.append(row)
    return rows


def plan(methods, datasets, sample, repeat, seed, time_limit, warmup, chunk, done) -> list[Chunk]:
    """The chunks still to run: every (dataset, method, repetition, puzzle)
    whose row is not in ``done``."""
    chunks = []
    for spec in datasets:
        puzzles = load_dataset(spec, sample, seed)
        for method in methods:
            for repetition in range(1, repeat + 1):
                items = [(i, p.to_string(), p.name) for i, p in enumerate(puzzles, start=1)
                         if (spec, str(i), method, str(repetition)) not in done]
                for start in range(0, len(items), chunk):
                    chunks.append(Chunk(spec, method, repetition, tuple(items[start: start + chunk]),
                                        time_limit, warmup))
    return chunks


def _crashed_rows(chunk: Chunk, message: str) -> list[dict]:
    return [{"dataset": chunk.dataset, "index": index, "puzzle": name, "method": chunk.method,
             "repetition": chunk.repetition, "status": Status.ERROR.value, "verified": "no",
             "error": message, **environment()} for index, _, name in chunk.items]


def _run_local(chunks: list[Chunk], workers: int, emit: Callable[[list[dict]], None],
               work: Callable[[Chunk], list[dict]] = run_chunk) -> None:
    """Process pool running ``work`` on each chunk. If a worker dies (a solver
    crash), every chunk in flight fails with it and the pool cannot say whose
    puzzle did it: the unfinished puzzles then run again one at a time, and a
    puzzle that kills its worker again is recorded as an ERROR row."""
    broken: list[Chunk] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(work, c): c for c in chunks}
        for future in as_completed(futures):
            try:
                emit(future.result())
            except BrokenProcessPool:
                broken.append(futures[future])
    pool = None
    for single in (Chunk(c.dataset, c.method, c.repetition, (item,), c.time_limit, 0)
                   for c in broken for item in c.items):
        pool = pool or ProcessPoolExecutor(max_workers=1)
        try:
            emit(pool.submit(work, single).result())
        except BrokenProcessPool:
            emit(_crashed_rows(single, "worker process died"))
            pool.shutdown()
            pool = None
    if pool is not None:
        pool.shutdown()


def _run_dask(chunks: list[Chunk], scheduler: str, emit: Callable[[list[dict]], None]) -> None:
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:
        raise ValueError("--scheduler needs Dask: pip install 'sudoku-models[dask]'") from None
    with Client(scheduler) as client:
        futures = client.map(run_chunk, chunks, pure=False)
        for future in dask_completed(futures):
            emit(future.result())


def run_benchmark(methods: Iterable[str], datasets: Iterable[str], out, *, sample: int | None = None,
                  repeat: int = 1, warmup: int = 0, time_limit: float | None = None, seed: int = 0,
                  workers: int = 1, scheduler: str | None = None, chunk: int = 25,
                  progress: bool = True) -> int:
    """Run every method on every dataset, appending rows to the CSV ``out``
    and skipping rows it already holds; returns the number of rows written.

    ``sample``: puzzles per dataset (None: all; generated sets need it);
    ``repeat``: rows per puzzle and method; ``warmup``: untimed solves per
    chunk before timing; ``time_limit``: seconds per puzzle; ``seed``: for
    generated sets; ``workers``: local processes; ``scheduler``: a Dask
    scheduler address (``tcp://host:port``) instead of the local pool.
    Raises ``ValueError`` for an unknown method or dataset.
    """
    from tqdm import tqdm

    methods = list(methods)
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        raise ValueError(f"unknown method {', '.join(unknown)}; choose from {', '.join(METHODS)}")
    results = ResultsFile(out)
    chunks = plan(methods, list(datasets), sample, repeat, seed, time_limit, warmup, chunk,
                  results.done)
    total = sum(len(c.items) for c in chunks)
    written = 0
    with tqdm(total=total, unit="row", disable=not progress or None) as bar:
        def emit(rows: list[dict]) -> None:
            nonlocal written
            for row in rows:
                results.append(row)
            written += len(rows)
            bar.update(len(rows))

        try:
            if scheduler:
                _run_dask(chunks, scheduler, emit)
            else:
                _run_local(chunks, workers, emit)
        finally:
            results.close()
    return written
