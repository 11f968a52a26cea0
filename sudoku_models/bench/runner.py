"""Running a benchmark: methods x datasets x repetitions into a results
file, the one pipeline of ``bench run`` and ``sudoku-models solve``.

A run is planned (:mod:`.plan`: each method's options, chunks of up to
``chunk`` puzzles of one dataset, method and repetition, the rows a results
file already holds skipped), then executed by one of three executors:
supervised local worker processes (:mod:`.local`, hard time limits), the
threads of a Dask cluster (:mod:`.cluster`), or the calling thread
(``in_process``: :func:`.worker.run_here`, what ``solve`` uses). Each
puzzle becomes one row (:mod:`.results`), written as soon as it arrives, so
the same command resumes where a run stopped.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .. import validation
from ..errors import InvalidValueError
from ..puzzle import Puzzle
from ..result import SolveResult
from .cluster import connect_dask, run_dask
from .datasets import dataset_file, load_dataset, select
from .local import grace, run_local
from .plan import (Chunk, RunError, check_extra, interleaved, method_options, methods,
                   option_values, plan)
from .results import ResultsFile
from .worker import environment, run_chunk, run_here, solve_row

# Chunk, environment, grace, method_options, run_chunk and solve_row are
# imported here too, where they were before the runner was split by job.
__all__ = ["Chunk", "RunError", "RunOutcome", "environment", "grace", "method_options",
           "methods", "run_benchmark", "run_chunk", "solve_row"]


@dataclass
class RunOutcome:
    """What a run did: ``written`` rows now, ``keys`` of every row the run
    covers (written now or earlier), ``out`` the results file (None: none)."""

    written: int
    keys: set
    out: str | None


def run_benchmark(methods_: Iterable[str], datasets: Iterable[str | tuple[str, list[Puzzle]]], out, *,
                  sample: int | None = None, first: int | None = None, repeat: int = 1,
                  warmup: int = 0, time_limit: float | None = None, seed: int = 0,
                  workers: int = 1, scheduler: str | None = None, chunk: int = 25,
                  objective: str | None = None, solver_seed: int = 0,
                  options: dict[str, str] | None = None,
                  per_method: dict[str, dict] | None = None, overwrite: bool = False,
                  log: bool = False, progress: bool = True, interleave: bool = False,
                  in_process: bool = False,
                  on_result: Callable[[dict, SolveResult | None], None] | None = None
                  ) -> RunOutcome:
    """Run every method on every dataset ``repeat`` times, appending one row
    per (dataset, puzzle, method, repetition) to the results CSV ``out`` and
    skipping the rows of the same settings it already holds.

    ``datasets``: specs (``"top95"``, a file, ``"gen:25"``, ...; see
    :func:`~sudoku_models.bench.load_dataset`) or ``(name, puzzles)`` pairs
    of puzzles already read, indexed from 1 in their order.
    ``sample``: puzzles per dataset, a seeded random sample (None: all;
    generated sets need it); ``first``: the first N puzzles instead;
    ``warmup``: untimed solves per chunk before timing; ``time_limit``:
    seconds per puzzle, build included, enforced from outside for local
    workers; ``seed``: of samples and generated sets; ``workers``: local
    processes (one solver thread each); ``scheduler``: a Dask scheduler
    address instead; ``objective``: of the methods that have one;
    ``options``: further method options by name (``{"clues": "units"}``),
    given to every chosen method that takes them; ``per_method``:
    options of one method (``{"milp": {"solver": "scip"}}``), which win;
    ``solver_seed``: random seed of the solvers that take one (recorded as
    ``seed=N`` in ``options``; 0, the default, records nothing, and methods
    without a seed run as with 0, so their rows are shared across seeds);
    ``overwrite``: replace ``out`` instead of appending (never the file of a
    dataset: refused, as a directory, FIFO or device is); ``out`` None: no
    file (with ``on_result``); ``interleave``: solve each puzzle with every
    method before the next puzzle (chunks of one puzzle, the methods' order
    rotated from puzzle to puzzle), so that a change in the machine's load
    falls on every method alike (paired comparisons; see
    :func:`~sudoku_models.bench.plan.interleaved`).

    ``in_process``: solve in the calling thread instead of worker
    processes (:func:`~sudoku_models.bench.worker.run_here`; the rows say
    ``workers`` 1 and ``executor`` ``in-process``): no process to start,
    the time limit is each solver's own, and a method's exception becomes an
    ``ERROR`` row without a traceback. ``on_result(row, result)`` is called
    for every row written, in order, with its
    :class:`~sudoku_models.result.SolveResult` in process (None otherwise
    and for an ``ERROR`` row).

    Raises :class:`RunError` (or another ``ValueError``) for bad settings,
    an unknown method or dataset, a file that is not ours, a tampered row;
    ``OSError`` naming ``out`` when a row cannot be written (the run stops
    there; every row written stays); ``KeyboardInterrupt`` passes through
    after the workers are ended (in process: once the solver has stopped).
    """
    methods_, datasets = list(methods_), list(datasets)
    known = methods()
    unknown = [m for m in methods_ if m not in known]
    if unknown or not methods_:
        raise RunError(f"unknown method {', '.join(unknown) or '(none)'}; choose from "
                       f"{', '.join(known)} or all")
    if warmup < 0:
        raise RunError(f"warm-up must be 0 or more solves, got {warmup}")
    try:
        validation.time_limit(time_limit)
    except InvalidValueError as error:  # the one rule for time limits; TypeError passes
        raise RunError(str(error)) from None
    if isinstance(solver_seed, bool) or not isinstance(solver_seed, int) or solver_seed < 0:
        raise RunError(f"solver seed must be a whole number >= 0, got {solver_seed!r}")
    check_extra(methods_, options or {})
    values = {m: option_values(m, objective, solver_seed, {**(options or {}),
                                                            **(per_method or {}).get(m, {})})
              for m in methods_}
    for method, chosen in values.items():
        try:
            known[method].check_options({k: v for k, v in chosen.items() if k != "seed"})
            if any(not known[method].options.get(k, True) for k in chosen):
                known[method].load()(2, **chosen)  # free-form (solver_options): the method checks
        except ValueError as exc:
            raise RunError(f"{method}: {exc}") from None
    if not datasets:
        raise RunError("no dataset given: name one or more (top95, a file, gen:25, ...)")
    loaded = [_load(d, sample, seed, first) for d in datasets]
    reading = tuple(path for path in (dataset_file(name) for name, _ in loaded) if path)
    executor, client = ("in-process", None) if in_process else ("local", None)
    if in_process:
        workers = 1
    elif scheduler:
        client = connect_dask(scheduler)
        workers = sum(client.nthreads().values())
        executor = f"dask {client.scheduler.address}"
    settings = {"seed": seed, "sample": sample, "first": first, "time_limit_s": time_limit,
                "warmup": warmup, "workers": workers, "threads": 1}
    try:
        results = None if out is None else ResultsFile(out, overwrite=overwrite, reading=reading)
    except BaseException:
        if client is not None:
            client.close(timeout=5)
        raise
    written = 0
    try:
        chunks, keys = plan(loaded, values, settings, repeat, 1 if interleave else chunk,
                            time_limit, warmup, results.done if results else {}, out, log,
                            executor)
        if interleave:
            chunks = interleaved(chunks, methods_, [name for name, _ in loaded])
        total = sum(len(c.items) for c in chunks)
        bar = _progress(total, progress)
        try:
            def emit(row: dict, result: SolveResult | None = None) -> None:
                nonlocal written
                if results is not None:
                    results.append(row)
                written += 1
                if on_result is not None:
                    on_result(row, result)
                if bar is not None:
                    bar.update()

            if in_process:
                run_here(chunks, emit, failed=lambda exc: None)
            elif client is not None:
                run_dask(chunks, client, emit)
            else:
                run_local(chunks, workers, emit)
        finally:
            if bar is not None:
                bar.close()
    finally:
        if results is not None:
            results.close()
        if client is not None:
            client.close(timeout=5)
    return RunOutcome(written, keys, None if out is None else str(out))


def _load(dataset: str | tuple[str, list[Puzzle]], sample, seed,
          first) -> tuple[str, list[tuple[int, Puzzle]]]:
    """``(name, [(index, puzzle), ...])`` of a spec or of a ``(name, puzzles)`` pair."""
    if isinstance(dataset, str):
        return dataset, load_dataset(dataset, sample, seed, first)
    name, puzzles = dataset
    return name, select(list(puzzles), name, sample, seed, first)


def _progress(total: int, wanted: bool):
    """A progress bar of ``total`` rows on standard error (tqdm), or None."""
    if not wanted or total < 2:
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit="row", disable=None, file=sys.stderr)
