"""The one pipeline: methods x datasets x repetitions, locally in supervised
worker processes or on a Dask cluster, into a results file.

Work is cut into chunks (one dataset, one method, one repetition, up to
``chunk`` puzzles). A worker thread keeps one model per method, order and
options (thread-local, so Dask workers with several threads are safe), so a
chunk runs in batch mode; each puzzle becomes one row (see
:mod:`sudoku_models.bench.results`), written by the main process as soon as
it arrives. The same command resumes where a run stopped.

Local workers are supervised: each reports when it starts a puzzle, and a
puzzle whose solve (model build included) runs past the time limit plus
:func:`grace` is stopped from outside: the worker process is killed and
replaced, and the row says ``TIME_LIMIT``. A worker that dies costs only its
puzzle in flight, which is retried once in a fresh worker and then recorded
as ``ERROR``. Workers ignore Ctrl-C (the main process ends them) and exit by
themselves within a second of their parent's death.

On Dask, tasks run in the workers' threads; a chunk lost with a worker is
retried puzzle by puzzle, then recorded as ``ERROR``; every wait on the
cluster is bounded. The time limit there is the one the solver honours
(Dask cannot end a thread): use local workers for hard limits.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import platform
import signal
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache

from ..puzzle import Puzzle
from ..result import Status
from .datasets import load_dataset, puzzle_hash
from .results import STAT_NAMES, ResultsFile, row_key

CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler
WORKER_TIMEOUT = 30.0  # seconds to wait for a Dask worker to (re)appear


class RunError(ValueError):
    """A run that cannot start or go on (bad settings, a results file whose
    rows disagree with the datasets, an unreachable cluster): one line."""


# -- methods: the one place a method name is looked up -------------------------


def methods() -> dict:
    """Every method the runner can time: the registry
    (:data:`sudoku_models.registry.METHODS`), the one lookup of method names."""
    from ..registry import METHODS

    return METHODS


def method_options(method: str, objective: str | None, solver_seed: int = 0,
                   extra: dict[str, str] | None = None) -> str:
    """The options string recorded for ``method``: ``"objective=..."`` for
    methods with an objective option, each ``extra`` option the method takes
    (e.g. ``clues=units`` for the SAT methods), and ``"seed=N"`` for a
    nonzero ``solver_seed`` and a method whose solver takes one
    (:attr:`~sudoku_models.registry.MethodInfo.seeded`), joined by ``;``."""
    info = methods()[method]
    parts = [f"objective={objective or 'feasibility'}"] if "objective" in info.options else []
    parts += [f"{key}={value}" for key, value in (extra or {}).items() if key in info.options]
    if solver_seed and info.seeded:
        parts.append(f"seed={solver_seed}")
    return ";".join(parts)


def _check_extra(methods_: list[str], extra: dict[str, str]) -> None:
    """:class:`RunError` for an option no chosen method takes, or a value a
    method taking it does not allow."""
    for key, value in extra.items():
        if key == "objective":
            raise RunError("use --objective for the objective")
        takers = [methods()[m] for m in methods_ if key in methods()[m].options]
        if not takers:
            raise RunError(f"option {key}={value}: no chosen method takes {key!r}")
        for info in takers:
            try:
                info.check_options({key: value})
            except ValueError as exc:
                raise RunError(str(exc)) from None
    for method in methods_:  # free-form options (solver_options): the method checks them
        info = methods()[method]
        taken = {key: value for key, value in extra.items() if key in info.options}
        if any(not info.options[key] for key in taken):
            try:
                info.load()(2, **taken)
            except ValueError as exc:
                raise RunError(f"{method}: {exc}") from None


def _parse_options(options: str) -> dict:
    parsed = dict(part.split("=", 1) for part in options.split(";") if part)
    if "seed" in parsed:
        parsed["seed"] = int(parsed["seed"])
    return parsed


# -- workers ---------------------------------------------------------------------


@dataclass(frozen=True)
class Chunk:
    """Puzzles for one worker call: ``items`` are ``(index, line, name)``;
    ``base`` holds the row fields common to the chunk (dataset, method,
    options, repetition, settings); ``retry``: this is the second try."""

    base: dict
    items: tuple[tuple[int, str, str], ...]
    time_limit: float | None
    warmup: int
    log: bool = False
    retry: bool = False

    def but(self, items, warmup=None, retry=None) -> Chunk:
        return replace(self, items=tuple(items), warmup=self.warmup if warmup is None else warmup,
                       retry=self.retry if retry is None else retry)


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


_local = threading.local()  # per thread: one model per method, order, limit and options


def _model(chunk: Chunk, order: int):
    models = _local.__dict__.setdefault("models", {})
    key = (chunk.base["method"], order, chunk.time_limit, chunk.base["options"], chunk.log)
    if key not in models:
        cls = methods()[chunk.base["method"]].load()
        models[key] = cls(order, time_limit=chunk.time_limit, threads=chunk.base["threads"],
                          log=chunk.log, **_parse_options(chunk.base["options"]))
    return models[key]


def _grid_hash(grid) -> str:
    return hashlib.sha1(" ".join(map(str, grid.ravel())).encode()).hexdigest()[:12]


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def _row(chunk: Chunk, index: int, puzzle: Puzzle, **fields) -> dict:
    return {**chunk.base, "index": index, "puzzle": puzzle.name, "puzzle_hash": puzzle_hash(puzzle),
            "order": puzzle.order, "clues": puzzle.num_clues, **environment(),
            "timestamp": _now(), **fields}


def solve_row(chunk: Chunk, index: int, puzzle: Puzzle) -> dict:
    """Solve one puzzle with the chunk's method (in this thread's model) and
    return its row; an exception becomes an ``ERROR`` row with the message."""
    from ..verify import verify

    try:
        result = _model(chunk, puzzle.order).solve(puzzle)
    except Exception as exc:  # recorded, not raised: one bad puzzle must not end the run
        traceback.print_exc()
        return _row(chunk, index, puzzle, status=Status.ERROR.value, verified=False,
                    error=f"{type(exc).__name__}: {exc}"[:300])
    solved = result.status.solved
    row = _row(chunk, index, puzzle, status=result.status.value,
               verified=bool(solved and verify(puzzle, result.grid)),
               build_s=result.build_seconds, solve_s=result.solve_seconds, solver=result.solver,
               solution_hash=_grid_hash(result.grid) if solved else None,
               solutions=result.stats.get("solutions", 1) if solved
               else 0 if result.status is Status.INFEASIBLE else None)
    row.update({column: result.stats[name] for name, column in STAT_NAMES.items()
                if name in result.stats})
    return row


def run_chunk(chunk: Chunk, report: Callable[[str, object], None] | None = None) -> list[dict]:
    """Solve a chunk in this thread; returns one row per puzzle. ``report``
    (local workers) is told ``("start", index)`` before every solve, warm-up
    included, and ``("row", row)`` after each timed one."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    tell = report or (lambda kind, value: None)
    # Import the solver and compile or load its kernels (the counter's
    # warm_up): costs of the process, before any "start", so outside every limit.
    cls = methods()[chunk.base["method"]].load()
    getattr(cls, "warm_up", lambda: None)()
    puzzles = [(index, Puzzle.from_string(line, name=name)) for index, line, name in chunk.items]
    for index, puzzle in puzzles[: chunk.warmup]:  # untimed: loads, compiles, fills caches
        tell("start", index)
        solve_row(chunk, index, puzzle)
    rows = []
    for index, puzzle in puzzles:
        tell("start", index)
        rows.append(solve_row(chunk, index, puzzle))
        tell("row", rows[-1])
    return rows


def grace(time_limit: float) -> float:
    """Seconds past the time limit before a local worker is stopped from
    outside: 2 s plus 10% of the limit (start-up, result transfer, load)."""
    return 2.0 + 0.1 * time_limit


def _watch_parent(parent: int) -> None:
    """Exit this process as soon as its parent is gone (SIGKILL included)."""
    try:  # Linux: the kernel kills us with the parent
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass

    def poll() -> None:
        while True:
            if os.getppid() != parent:
                os._exit(1)
            time.sleep(0.25)

    threading.Thread(target=poll, daemon=True).start()


def _worker_main(conn, parent: int) -> None:
    """A local worker: chunks in, ("start", index) / ("row", row) / ("done",)
    messages out, until a None chunk."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process ends us
    _watch_parent(parent)
    while True:
        chunk = conn.recv()
        if chunk is None:
            return
        run_chunk(chunk, lambda kind, value: conn.send((kind, value)))
        conn.send(("done", None))


@dataclass
class _Slot:
    """One supervised worker process and the chunk it runs."""

    process: object = None
    conn: object = None
    chunk: Chunk | None = None
    pending: list = field(default_factory=list)  # items of the chunk without a row yet
    current: int | None = None  # index of the puzzle being solved
    started: float = 0.0

    def start(self, context) -> None:
        parent, child = context.Pipe()
        self.process = context.Process(target=_worker_main, args=(child, os.getpid()), daemon=True)
        self.process.start()
        child.close()
        self.conn = parent

    def assign(self, chunk: Chunk, context) -> None:
        if self.process is None or not self.process.is_alive():
            self.start(context)
        self.chunk, self.pending, self.current = chunk, list(chunk.items), None
        self.started = time.monotonic()
        self.conn.send(chunk)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.join(5)
            self.conn.close()
        self.process = self.conn = None


def _run_local(chunks: list[Chunk], workers: int, emit: Callable[[dict], None]) -> None:
    """Run chunks in ``workers`` supervised processes (see module docstring)."""
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("fork")
    queue = deque(chunks)
    slots = [_Slot() for _ in range(max(1, min(workers, len(chunks))))]

    def lost(slot: _Slot, why: str, timed_out: bool) -> None:
        """The worker of ``slot`` is gone (killed by us or dead): record or
        retry its puzzle in flight, requeue the rest of its chunk."""
        chunk, pending = slot.chunk, slot.pending
        slot.kill()
        slot.chunk = None
        if not pending:
            return
        index = slot.current if slot.current is not None else pending[0][0]
        item = next(i for i in pending if i[0] == index)
        rest = [i for i in pending if i[0] != index]
        if rest:
            queue.appendleft(chunk.but(rest, retry=False))
        puzzle = Puzzle.from_string(item[1], name=item[2])
        if timed_out:
            emit(_row(chunk, index, puzzle, status=Status.TIME_LIMIT.value, verified=False,
                      error=why))
        elif chunk.retry:
            emit(_row(chunk, index, puzzle, status=Status.ERROR.value, verified=False,
                      error=f"{why} (twice)"))
        else:
            queue.appendleft(chunk.but([item], warmup=0, retry=True))

    try:
        while queue or any(s.chunk for s in slots):
            for slot in slots:
                if slot.chunk is None and queue:
                    slot.assign(queue.popleft(), context)
            busy = [s for s in slots if s.chunk is not None]
            wait([s.conn for s in busy] + [s.process.sentinel for s in busy], timeout=0.2)
            for slot in busy:
                messages, dead = [], False
                try:
                    while slot.conn.poll():
                        messages.append(slot.conn.recv())
                except (EOFError, OSError):
                    dead = True
                for kind, value in messages:
                    if kind == "start":
                        slot.current, slot.started = value, time.monotonic()
                    elif kind == "row":
                        slot.pending = [i for i in slot.pending if i[0] != value["index"]]
                        slot.current, slot.started = None, time.monotonic()
                        emit(value)
                    else:
                        slot.chunk = None
                if dead and slot.chunk is not None:
                    lost(slot, "worker process died", False)
                    continue
                if slot.chunk is None:
                    continue
                limit = slot.chunk.time_limit
                if not slot.process.is_alive():
                    lost(slot, f"worker process died (exit code {slot.process.exitcode})", False)
                elif limit is not None and time.monotonic() - slot.started > limit + grace(limit):
                    if slot.current is not None:  # a solve past its limit
                        lost(slot, f"stopped from outside after {limit + grace(limit):.1f} s "
                                   f"(time limit {limit:g} s + grace)", True)
                    else:  # stuck between puzzles: treated as a dead worker
                        lost(slot, "worker process stopped answering", False)
    finally:
        for slot in slots:
            if slot.conn is not None and slot.chunk is None and slot.process.is_alive():
                try:
                    slot.conn.send(None)
                except OSError:
                    pass
            slot.kill()


# -- Dask ------------------------------------------------------------------------


def _check_address(address: str) -> str:
    scheme, sep, rest = address.rpartition("://")
    host, colon, port = rest.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RunError(f"--scheduler {address!r}: expected tcp://HOST:PORT with a port 1..65535")
    return address if sep else f"tcp://{address}"


def connect_dask(address: str):
    """A ``distributed.Client`` of the scheduler at ``address`` with at least
    one worker. Every wait is bounded (:data:`CONNECT_TIMEOUT`,
    :data:`WORKER_TIMEOUT`); :class:`RunError` naming the address otherwise
    (a bad port, a refused or silent port, no worker)."""
    address = _check_address(address)
    try:
        from distributed import Client
    except ImportError:
        raise RunError("--scheduler needs Dask: pip install 'sudoku-models[dask]'") from None
    import logging

    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # our one line says it all
    box = {}

    def connect() -> None:  # in a thread: a port that accepts and never answers blocks it
        try:
            box["client"] = Client(address, timeout=CONNECT_TIMEOUT)
        except Exception as exc:  # reported below, in one line
            box["error"] = exc

    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(CONNECT_TIMEOUT + 1)
    if "client" not in box:
        why = type(box["error"]).__name__ if "error" in box else "no answer"
        raise RunError(f"Dask scheduler {address}: cannot connect within {CONNECT_TIMEOUT:g} s "
                       f"({why})")
    client = box["client"]
    try:
        client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
    except (OSError, TimeoutError):
        client.close(timeout=5)
        raise RunError(f"Dask scheduler {address}: no worker joined within "
                       f"{WORKER_TIMEOUT:g} s") from None
    try:  # the workers must be able to import the toolkit to run anything
        client.submit(toolkit_version, pure=False).result(timeout=WORKER_TIMEOUT)
    except Exception as exc:
        client.close(timeout=5)
        why = " ".join(str(exc).split())[:120]
        raise RunError(f"Dask scheduler {address}: the cluster cannot run sudoku_models "
                       f"({type(exc).__name__}: {why}); install sudoku-models where the "
                       f"scheduler and workers run") from None
    return client


def toolkit_version() -> str:
    """The toolkit's version where this runs (the check that a Dask worker
    can import ``sudoku_models``)."""
    return environment()["toolkit"]


def _run_dask(chunks: list[Chunk], client, emit: Callable[[dict], None]) -> None:
    """Run chunks through a connected Dask ``client`` (see module docstring);
    raises :class:`RunError` naming the scheduler when no worker is left for
    :data:`WORKER_TIMEOUT` seconds or the scheduler is lost."""
    from distributed import wait

    address = client.scheduler.address
    futures = {client.submit(run_chunk, c, pure=False): c for c in chunks}
    without_workers = None
    while futures:
        try:
            done, _ = wait(list(futures), timeout=1.0, return_when="FIRST_COMPLETED")
        except TimeoutError:
            done = set()
        for future in done:
            chunk = futures.pop(future)
            try:  # bounded: a future whose worker is gone can report done and never answer
                rows = future.result(timeout=CONNECT_TIMEOUT)
            except Exception as exc:  # a lost worker (KilledWorker), a failed task, a timeout
                why = f"Dask task failed twice: {type(exc).__name__}: {' '.join(str(exc).split())}"
                if chunk.retry:
                    for index, line, name in chunk.items:
                        emit(_row(chunk, index, Puzzle.from_string(line, name=name),
                                  status=Status.ERROR.value, verified=False,
                                  error=why[:300]))
                else:
                    for item in chunk.items:
                        single = chunk.but([item], warmup=0, retry=True)
                        futures[client.submit(run_chunk, single, pure=False)] = single
                continue
            for row in rows:
                emit(row)
        if not done:
            try:
                alive = len(client.nthreads())
            except (OSError, TimeoutError):
                raise RunError(f"Dask scheduler {address}: lost the connection") from None
            without_workers = None if alive else without_workers or time.monotonic()
            if without_workers and time.monotonic() - without_workers > WORKER_TIMEOUT:
                raise RunError(f"Dask scheduler {address}: no worker left for "
                               f"{WORKER_TIMEOUT:g} s; {len(futures)} chunks not run")


# -- planning and running -----------------------------------------------------------


@dataclass
class RunOutcome:
    """What a run did: ``written`` rows now, ``keys`` of every row the run
    covers (written now or earlier), ``out`` the results file."""

    written: int
    keys: set
    out: str


def plan(methods_: list[str], datasets: list[str], settings: dict, options: dict[str, str],
         repeat: int, chunk: int, time_limit, warmup: int, done: dict, out, log=False,
         executor="local") -> tuple[list[Chunk], set]:
    """The chunks still to run and the keys of all rows of the run. A row
    already in ``done`` whose puzzle hash differs from the puzzle the
    dataset yields now raises :class:`RunError` naming the row."""
    chunks, keys = [], set()
    for spec in datasets:
        puzzles = load_dataset(spec, settings["sample"], settings["seed"], settings["first"])
        for method in methods_:
            for repetition in range(1, repeat + 1):
                base = {"dataset": spec, "method": method, "options": options[method],
                        "repetition": repetition, **settings, "executor": executor}
                items = []
                for index, puzzle in puzzles:
                    key = row_key({**base, "index": index})
                    keys.add(key)
                    if key in done:
                        written, line = done[key]
                        if written != puzzle_hash(puzzle):
                            raise RunError(
                                f"{out}, line {line}: row {spec} #{index} ({method}, repetition "
                                f"{repetition}) has puzzle hash {written}, but {spec} now yields "
                                f"{puzzle_hash(puzzle)} there; move the file aside or --overwrite")
                        continue
                    items.append((index, puzzle.to_string(), puzzle.name))
                for start in range(0, len(items), chunk):
                    chunks.append(Chunk(base, tuple(items[start: start + chunk]), time_limit,
                                        warmup, log))
    return chunks, keys


def run_benchmark(methods_: Iterable[str], datasets: Iterable[str], out, *,
                  sample: int | None = None, first: int | None = None, repeat: int = 1,
                  warmup: int = 0, time_limit: float | None = None, seed: int = 0,
                  workers: int = 1, scheduler: str | None = None, chunk: int = 25,
                  objective: str | None = None, solver_seed: int = 0,
                  options: dict[str, str] | None = None, overwrite: bool = False,
                  log: bool = False, progress: bool = True) -> RunOutcome:
    """Run every method on every dataset ``repeat`` times, appending one row
    per (dataset, puzzle, method, repetition) to the results CSV ``out`` and
    skipping the rows of the same settings it already holds.

    ``sample``: puzzles per dataset, a seeded random sample (None: all;
    generated sets need it); ``first``: the first N puzzles instead;
    ``warmup``: untimed solves per chunk before timing; ``time_limit``:
    seconds per puzzle, build included, enforced from outside for local
    workers; ``seed``: of samples and generated sets; ``workers``: local
    processes (one solver thread each); ``scheduler``: a Dask scheduler
    address instead; ``objective``: of the methods that have one;
    ``options``: further method options by name (``{"clues": "units"}``),
    given to every chosen method that takes them;
    ``solver_seed``: random seed of the solvers that take one (recorded as
    ``seed=N`` in ``options``; 0, the default, records nothing, and methods
    without a seed run as with 0, so their rows are shared across seeds);
    ``overwrite``: replace ``out`` instead of appending.

    Raises :class:`RunError` (or another ``ValueError``) for bad settings,
    an unknown method or dataset, a file that is not ours, a tampered row;
    ``OSError`` naming ``out`` when a row cannot be written (the run stops
    there; every row written stays); ``KeyboardInterrupt`` passes through
    after the workers are ended.
    """
    from tqdm import tqdm

    methods_, datasets = list(methods_), list(datasets)
    known = methods()
    unknown = [m for m in methods_ if m not in known]
    if unknown or not methods_:
        raise RunError(f"unknown method {', '.join(unknown) or '(none)'}; choose from "
                       f"{', '.join(known)} or all")
    if warmup < 0:
        raise RunError(f"warm-up must be 0 or more solves, got {warmup}")
    if time_limit is not None and not time_limit > 0:
        raise RunError(f"time limit must be a positive number of seconds, got {time_limit}")
    executor, client = "local", None
    if scheduler:
        client = connect_dask(scheduler)
        workers = sum(client.nthreads().values())
        executor = f"dask {client.scheduler.address}"
    settings = {"seed": seed, "sample": sample, "first": first, "time_limit_s": time_limit,
                "warmup": warmup, "workers": workers, "threads": 1}
    if isinstance(solver_seed, bool) or not isinstance(solver_seed, int) or solver_seed < 0:
        raise RunError(f"solver seed must be a whole number >= 0, got {solver_seed!r}")
    _check_extra(methods_, options or {})
    options = {m: method_options(m, objective, solver_seed, options) for m in methods_}
    try:
        results = ResultsFile(out, overwrite=overwrite)
    except BaseException:
        if client is not None:
            client.close(timeout=5)
        raise
    written = 0
    try:
        chunks, keys = plan(methods_, datasets, settings, options, repeat, chunk, time_limit,
                            warmup, results.done, out, log, executor)
        total = sum(len(c.items) for c in chunks)
        with tqdm(total=total, unit="row", disable=not progress or None, file=sys.stderr) as bar:
            def emit(row: dict) -> None:
                nonlocal written
                results.append(row)
                written += 1
                bar.update()

            if client is not None:
                _run_dask(chunks, client, emit)
            else:
                _run_local(chunks, workers, emit)
    finally:
        results.close()
        if client is not None:
            client.close(timeout=5)
    return RunOutcome(written, keys, str(out))
