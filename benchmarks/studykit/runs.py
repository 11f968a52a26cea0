"""Running a study in resumable chunks on a shared machine.

A study chunk is one call of the benchmark runner
(:func:`sudoku_models.bench.run_benchmark`) with the study's settings: one
worker process (the machine is shared: the other core is left to others),
methods interleaved puzzle by puzzle (``interleave=True``) so that a change
in the machine's load falls on every method alike, no untimed warm-up, and
a wall-clock budget after which the chunk stops as Ctrl-C would stop it
(every row written is kept; the same command resumes).

Beside the results CSV each chunk appends to two files:

* ``chunks.jsonl``: one JSON line when a chunk starts and one when it ends
  (name, command, the git commit of the code that ran, settings, UTC
  times, the load average at both ends, rows written, whether the budget
  stopped it);
* ``load.csv``: the load average (1, 5, 15 min) every ``every`` seconds
  while a chunk runs, to be joined to the rows by their timestamps
  (:func:`load_at`).

Nothing here changes what a row means: the rows are ordinary results rows
(:mod:`sudoku_models.records.results`).
"""

from __future__ import annotations

import _thread
import datetime
import json
import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

LOAD_COLUMNS = ["timestamp", "load1", "load5", "load15"]


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def git_commit(path: Path | str = ".") -> str | None:
    """The commit checked out at ``path`` (with ``+dirty`` when the work
    tree has changes), or None outside a git work tree."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=path,
                                capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=path, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return commit + ("+dirty" if dirty.strip() else "")


class LoadSampler:
    """Appends ``os.getloadavg()`` to a CSV every ``every`` seconds from a
    daemon thread, between :meth:`start` and :meth:`stop` (also a context
    manager). The file gets a header when it is new."""

    def __init__(self, path: Path | str, every: float = 30.0) -> None:
        self.path, self.every = Path(path), every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def sample(self) -> None:
        new = not self.path.exists()
        with self.path.open("a") as handle:
            if new:
                handle.write(",".join(LOAD_COLUMNS) + "\n")
            handle.write(",".join([_now(), *(f"{v:.2f}" for v in os.getloadavg())]) + "\n")

    def _loop(self) -> None:
        while True:
            self.sample()
            if self._stop.wait(self.every):
                return

    def start(self) -> LoadSampler:
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self.sample()

    def __enter__(self) -> LoadSampler:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


@dataclass
class StudyChunk:
    """One resumable piece of a study: ``methods`` on ``datasets`` (all
    puzzles of each, ``sample`` per generated set) with one ``time_limit``
    (seconds, build included) and ``options`` for the methods that take
    them; ``methods`` are runner configurations (``"cp[cage=table]"``);
    ``solver_seed`` as in :func:`~sudoku_models.bench.run_benchmark`;
    ``skip``: leave out the first ``skip`` puzzles of each dataset (then
    ``first`` more from there; the rows keep the puzzles' own indices);
    ``estimate_s``: the planned wall time, for the plan printed before a run;
    ``cpu_limit``: CPU seconds of the solving process per solve, build
    included (None: the wall ``time_limit`` alone; with it the wall limit is
    a safety net)."""

    name: str
    methods: list[str]
    datasets: list[str]
    sample: int | None
    time_limit: float
    options: dict[str, str] = field(default_factory=dict)
    solver_seed: int = 0
    first: int | None = None
    skip: int = 0
    estimate_s: float = 0.0
    cpu_limit: float | None = None


def run_study_chunk(chunk: StudyChunk, out: Path | str, budget_s: float | None = None,
              workers: int = 1, progress: bool = True, every: float = 30.0) -> dict:
    """Run ``chunk`` into the results CSV ``out`` (resuming it), for at most
    ``budget_s`` seconds of wall time (None: to the end), with the load
    sampled into ``load.csv`` and the chunk recorded in ``chunks.jsonl``
    beside ``out``. Returns the end record (``rows``, ``stopped``, ...).
    A Ctrl-C from the user stops the chunk the same way and is re-raised
    after the end record is written."""
    from sudoku_models.bench import RunSpec, load_dataset, run_benchmark

    datasets, first = list(chunk.datasets), chunk.first
    if chunk.skip:
        end = None if first is None else chunk.skip + first
        datasets, first = [(spec, load_dataset(spec)[chunk.skip:end]) for spec in datasets], None
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    log = out.parent / "chunks.jsonl"
    record = {"chunk": chunk.name, "out": out.name, "command": " ".join(sys.argv),
              "commit": git_commit(Path(__file__).resolve().parent), "methods": chunk.methods,
              "datasets": chunk.datasets, "sample": chunk.sample, "first": chunk.first,
              "skip": chunk.skip,
              "time_limit_s": chunk.time_limit, "cpu_limit_s": chunk.cpu_limit,
              "options": chunk.options,
              "solver_seed": chunk.solver_seed, "workers": workers, "budget_s": budget_s,
              "cores": os.cpu_count()}
    _append(log, {**record, "event": "start", "time": _now(), "load": os.getloadavg()})
    budget_hit, finished = threading.Event(), threading.Event()

    def stop() -> None:
        budget_hit.set()
        # again every second until the run has ended: an interrupt that lands
        # in a callback (a fork handler, a finaliser) is swallowed there
        while not finished.is_set():
            _thread.interrupt_main()
            finished.wait(1.0)

    timer = threading.Timer(budget_s, stop) if budget_s else None
    interrupted, before = False, _lines(out)
    # A shell starts background jobs with SIGINT ignored, and then Python raises no
    # KeyboardInterrupt, neither for Ctrl-C nor for the budget (interrupt_main):
    # take SIGINT back for the chunk.
    restore = None
    if (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.SIG_IGN):
        restore = signal.signal(signal.SIGINT, signal.default_int_handler)
    with LoadSampler(out.parent / "load.csv", every):
        if timer is not None:
            timer.start()
        try:
            try:
                run_benchmark(RunSpec(chunk.methods, datasets, out, sample=chunk.sample,
                              first=first, time_limit=chunk.time_limit,
                              cpu_limit=chunk.cpu_limit, warmup=0,
                              workers=workers, options=chunk.options or None,
                              solver_seed=chunk.solver_seed, interleave=True, progress=progress))
            finally:
                finished.set()
                if timer is not None:
                    timer.cancel()
        except KeyboardInterrupt:
            interrupted = not budget_hit.is_set()
        finally:
            if restore is not None:
                signal.signal(signal.SIGINT, restore)
    stopped = "budget" if budget_hit.is_set() else "interrupted" if interrupted else None
    end = {"chunk": chunk.name, "out": out.name, "event": "end", "time": _now(),
           "load": os.getloadavg(), "rows": _lines(out) - before, "stopped": stopped}
    _append(log, end)
    if interrupted:
        raise KeyboardInterrupt
    return end


def _lines(path: Path) -> int:
    """Rows of a results CSV (lines but the header)."""
    if not path.exists():
        return 0
    with path.open("rb") as handle:
        return max(0, sum(1 for _ in handle) - 1)


def _append(path: Path, record: dict) -> None:
    with path.open("a") as handle:
        handle.write(json.dumps(record) + "\n")


def read_load(path: Path | str):
    """``load.csv`` as a DataFrame with UTC ``timestamp``s, sorted."""
    import pandas as pd

    frame = pd.read_csv(path)
    frame["timestamp"] = pd.to_datetime(frame["timestamp"], utc=True)
    return frame.sort_values("timestamp").reset_index(drop=True)


def load_at(frame, load):
    """``frame`` (results rows with ``timestamp``) with ``load1``: the
    1-minute load average of the last sample at or before each row (NaN
    before the first sample or more than 5 minutes after the last one)."""
    import pandas as pd

    ordered = frame.reset_index().sort_values("timestamp")
    joined = pd.merge_asof(ordered, load[["timestamp", "load1"]], on="timestamp",
                           direction="backward", tolerance=pd.Timedelta("5min"))
    return joined.set_index("index").sort_index().rename_axis(frame.index.name)


def load_summary(path: Path | str) -> str:
    """"load average 1 min: median M (min A - max B) over K samples" of a
    ``load.csv``, for a figure's caption."""
    load = read_load(path)
    values = load["load1"]
    return (f"load average (1 min) median {values.median():.1f}, range "
            f"{values.min():.1f}-{values.max():.1f}, over {len(values)} samples")
