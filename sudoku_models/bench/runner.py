"""Running a benchmark: methods x datasets x repetitions into a results
file, on top of the solving pipeline (:mod:`sudoku_models.solving`).

A run (:class:`RunSpec`) is planned (:mod:`.plan`: each method's options,
chunks of up to ``chunk`` puzzles of one dataset, method and repetition,
the rows a results file already holds skipped), then executed by
supervised local worker processes (:mod:`.local`, hard time limits, one
core each), the threads of a Dask cluster (:mod:`.cluster`) or the tasks of
a SLURM job array (:mod:`.slurm`). Each puzzle
becomes one row (:mod:`.results`), written as soon as it arrives, so the
same command resumes where a run stopped.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .. import cores, validation
from ..errors import InvalidValueError
from ..puzzle import Puzzle
from .cluster import connect_dask, run_dask
from .datasets import dataset_file, expand_parts, load_dataset, select
from .local import run_local
from ..solving import option_values, options_text
from .plan import RunError, check_extra, configuration, interleaved, methods, plan
from ..records.results import ResultsFile
from .slurm import run_slurm

@dataclass(frozen=True)
class RunSpec:
    """What a benchmark run does, in one value.

    ``methods``: configurations, each a registry name with its own options
    or none (``"milp"``, ``"milp-alldiff[transformation=hull]"``,
    ``"cp[cage=table;rule45=True]"``; :func:`~.plan.configuration`), each
    its own set of rows, its own column when interleaved; ``datasets``: specs (``"top95"``, a file,
    ``"gen:25"``, ...; see :func:`~sudoku_models.bench.load_dataset`) or
    ``(name, puzzles)`` pairs of puzzles already read, indexed from 1 in
    their order, or ``(name, [(index, puzzle), ...])`` with their own
    indices (a part of a dataset: ``load_dataset(name)[30:50]``); ``out``: the results CSV.
    ``sample``: puzzles per dataset, a seeded random sample (None: all;
    generated sets need it); ``first``: the first N puzzles instead;
    ``repeat``: rows per puzzle and method; ``warmup``: untimed solves of a
    small fixed puzzle before the first timed solve of each method
    configuration in each worker (:func:`~sudoku_models.solving.warm_up`;
    default 1, recorded in every row; 0: none); ``time_limit``: seconds per puzzle, build included,
    enforced from outside for local workers; ``cpu_limit``: CPU seconds of
    the solving process per puzzle, build included (the toolkit stops the
    solver when its worker has spent them, so the machine's load lowers no
    method's budget; local workers are also stopped from outside past it
    plus :func:`~sudoku_models.bench.local.grace`; both limits may be given); ``seed``: of samples and
    generated sets; ``workers``: local processes (one solver thread each,
    one core each, at most one per core); ``scheduler``: a Dask scheduler
    address instead; ``chunk``: most puzzles per chunk; ``objective``: of
    the methods that have one; ``solver_seed``: random seed of the solvers
    that take one (recorded as ``seed=N`` in ``options``; 0, the default,
    records nothing, and methods without a seed run as with 0, so their
    rows are shared across seeds); ``seeds``: run each configuration whose
    solver takes a seed with the seeds ``solver_seed``, ``solver_seed + 1``,
    ... (that many; each row's ``solver_seed`` says which); ``permutations``:
    solve each puzzle in that many isomorphic copies
    (:func:`sudoku_models.symmetry.copies`, drawn with ``seed``; copy 0 the
    puzzle itself; each row's ``permutation`` says which; every answer
    moved back and verified against the puzzle itself): with ``seeds``,
    the instances' own variability that a difference between methods must
    exceed (issue 44); ``options``: further method options by
    name (``{"clues": "units"}``), given to every chosen method that takes
    them (a configuration's own options win); ``overwrite``: replace ``out`` instead of
    appending (never the file of a dataset: refused, as a directory, FIFO
    or device is); ``log``: the solvers' own logs; ``progress``: a
    progress bar with an ETA on a terminal, a status line every 30 s
    otherwise; ``interleave``: solve each puzzle with every method before
    the next puzzle (chunks of one puzzle, the methods' order rotated from
    puzzle to puzzle), so that a change in the machine's load falls on
    every method alike (paired comparisons; see
    :func:`~sudoku_models.bench.plan.interleaved`); ``slurm``: a
    ``submitit`` executor (:func:`~sudoku_models.bench.slurm.slurm_executor`)
    to run the chunks as a SLURM job array instead of local workers.
    """

    methods: Sequence[str]
    datasets: Sequence[str | tuple[str, list[Puzzle]]]
    out: str | os.PathLike
    sample: int | None = None
    first: int | None = None
    repeat: int = 1
    warmup: int = 1
    time_limit: float | None = None
    cpu_limit: float | None = None
    seed: int = 0
    workers: int = 1
    scheduler: str | None = None
    chunk: int = 25
    objective: str | None = None
    solver_seed: int = 0
    seeds: int = 1
    permutations: int = 1
    options: Mapping[str, object] | None = field(default_factory=dict)
    overwrite: bool = False
    log: bool = False
    progress: bool = True
    interleave: bool = False
    slurm: object | None = None


@dataclass
class RunOutcome:
    """What a run did: ``written`` rows now, ``keys`` of every row the run
    covers (written now or earlier), ``out`` the results file."""

    written: int
    keys: set
    out: str


def run_benchmark(spec: RunSpec) -> RunOutcome:
    """Run every configuration of ``spec`` on every dataset ``repeat`` times,
    appending one row per (dataset, puzzle, configuration, repetition) to the
    results CSV ``spec.out`` and skipping the rows of the same settings it
    already holds.

    Raises :class:`RunError` (or another ``ValueError``) for bad settings,
    a malformed configuration, an unknown method, option or dataset, the
    same configuration twice, a file that is not ours, a tampered row;
    ``OSError`` naming ``out`` when a row cannot be written (the run stops
    there; every row written stays); ``KeyboardInterrupt`` passes through
    after the workers are ended.
    """
    datasets, workers = expand_parts(spec.datasets), spec.workers
    known = methods()
    if not spec.methods:
        raise RunError(f"no method given; choose from {', '.join(known)} or all")
    configs = [configuration(text) for text in spec.methods]
    if spec.warmup < 0:
        raise RunError(f"warm-up must be 0 or more solves, got {spec.warmup}")
    try:
        validation.time_limit(spec.time_limit)
        validation.time_limit(spec.cpu_limit, "cpu_limit")
    except InvalidValueError as error:  # the one rule for time limits; TypeError passes
        raise RunError(str(error)) from None
    solver_seed = spec.solver_seed
    if isinstance(solver_seed, bool) or not isinstance(solver_seed, int) or solver_seed < 0:
        raise RunError(f"solver seed must be a whole number >= 0, got {solver_seed!r}")
    for name in ("seeds", "permutations"):
        count = getattr(spec, name)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RunError(f"{name} must be a whole number >= 1, got {count!r}")
    options = dict(spec.options or {})
    check_extra(list(dict.fromkeys(method for method, _ in configs)), options)
    seen: dict[tuple[str, str], str] = {}
    for text, (method, own) in zip(spec.methods, configs):
        key = (method, options_text(option_values(method, spec.objective, solver_seed,
                                                  {**options, **own})))
        if key in seen:
            raise RunError(f"configurations {seen[key]!r} and {text!r} are the same: {method} "
                           f"[{key[1]}]")
        seen[key] = text
    values = list(dict.fromkeys(  # a method without a seed runs once, whatever the seeds
        (method, tuple(option_values(method, spec.objective, seed, {**options, **own}).items()))
        for method, own in configs for seed in range(solver_seed, solver_seed + spec.seeds)))
    values = [(method, dict(chosen)) for method, chosen in values]
    for method, chosen in values:
        try:
            known[method].check_options({k: v for k, v in chosen.items() if k != "seed"})
            if any(not known[method].options.get(k, True) for k in chosen):
                known[method].load()(2, **chosen)  # free-form (solver_options): the method checks
        except ValueError as exc:
            raise RunError(f"{method}: {exc}") from None
    if not datasets:
        raise RunError("no dataset given: name one or more (top95, a file, gen:25, ...)")
    loaded = [_load(d, spec.sample, spec.seed, spec.first) for d in datasets]
    reading = tuple(path for path in (dataset_file(name) for name, _ in loaded) if path)
    executor, client = "local", None
    if spec.slurm is not None:
        executor = "slurm"
    elif spec.scheduler:
        client = connect_dask(spec.scheduler)
        workers = sum(client.nthreads().values())
        executor = f"dask {client.scheduler.address}"
    elif workers > cores.usable():
        raise RunError(f"{workers} workers on {cores.usable()} cores: at most one worker "
                       f"per core, so that each one's CPU seconds are its own")
    settings = {"seed": spec.seed, "sample": spec.sample, "first": spec.first,
                "time_limit_s": spec.time_limit, "cpu_limit_s": spec.cpu_limit,
                "warmup": spec.warmup, "workers": workers,
                "threads": 1}
    try:
        results = ResultsFile(spec.out, overwrite=spec.overwrite, reading=reading)
    except BaseException:
        if client is not None:
            client.close(timeout=5)
        raise
    written = 0
    try:
        chunks, keys = plan(loaded, values, settings, spec.repeat,
                            1 if spec.interleave else spec.chunk, spec.time_limit, spec.warmup,
                            results.done, spec.out, spec.log, executor, spec.permutations,
                            spec.cpu_limit)
        if spec.interleave:
            chunks = interleaved(chunks, [(m, options_text(v)) for m, v in values],
                                 [name for name, _ in loaded])
        total = sum(len(c.items) for c in chunks)
        bar = _progress(total, spec.progress)
        try:
            def emit(row: dict) -> None:
                nonlocal written
                results.append(row)
                written += 1
                if bar is not None:
                    bar.update()

            if spec.slurm is not None:
                run_slurm(chunks, spec.slurm, emit)
            elif client is not None:
                run_dask(chunks, client, emit)
            else:
                run_local(chunks, workers, emit)
        finally:
            if bar is not None:
                bar.close()
    finally:
        results.close()
        if client is not None:
            client.close(timeout=5)
    return RunOutcome(written, keys, str(spec.out))


def _load(dataset: str | tuple[str, list[Puzzle]], sample, seed,
          first) -> tuple[str, list[tuple[int, Puzzle]]]:
    """``(name, [(index, puzzle), ...])`` of a spec or of a ``(name, puzzles)``
    pair (puzzles, or ``(index, puzzle)`` pairs that keep their indices)."""
    if isinstance(dataset, str):
        return dataset, load_dataset(dataset, sample, seed, first)
    name, puzzles = dataset
    indexed = [item if isinstance(item, tuple) else (at, item)
               for at, item in enumerate(puzzles, start=1)]
    return name, select(indexed, name, sample, seed, first)


def _progress(total: int, wanted: bool):
    """Progress of ``total`` rows on standard error, or None: a tqdm bar with
    its ETA on a terminal; elsewhere (a log, CI) one status line every 30 s
    (tqdm's ``mininterval``), never a line per row."""
    if not wanted or total < 2:
        return None
    from tqdm import tqdm

    if sys.stderr.isatty():
        return tqdm(total=total, unit="row", file=sys.stderr)
    return tqdm(total=total, unit="row", file=sys.stderr, delay=30, mininterval=30, maxinterval=30,
                ascii=True, bar_format="{n}/{total} rows, {elapsed} elapsed, about "
                "{remaining} left\n")
