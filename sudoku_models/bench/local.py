"""The local executor: chunks run in supervised worker processes.

Each worker reports when it starts a puzzle, and a puzzle whose solve
(model build included) runs past the time limit plus :func:`grace`, or
whose worker has spent the CPU limit plus its grace on it, is stopped from
outside: the worker process is killed and replaced, and the row says
``TIME_LIMIT``, with the CPU seconds the worker had spent on it
(read before the kill), the load at its start and its core. A worker that
dies costs only its puzzle in flight, which is retried once in a fresh
worker and then recorded as ``ERROR``.
Workers ignore Ctrl-C (the main process ends them) and exit by themselves
within a second of their parent's death. Where the system allows it
(Linux), each worker is pinned to a core of its own (:func:`worker_cores`),
so that a worker's CPU seconds are not shared with another worker's.
Every chosen method's solver is loaded and its kernels compiled in this
process before the first worker is forked (the workers inherit them), so
that no compile runs inside a worker, where the watch of its limit would
count it.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import cores
from ..result import Status
from ..solving import Models
from .plan import Chunk
from .worker import run_chunk
from ..records.rows import line_puzzle, make_row


def grace(time_limit: float) -> float:
    """Seconds past the time limit (or CPU seconds past the CPU limit)
    before a local worker is stopped from outside: 2 s plus 10% of the
    limit (start-up, result transfer, load; a solver phase that checks its
    stop rarely)."""
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


def worker_cores(workers: int) -> list[int | None]:
    """The core each of ``workers`` workers is pinned to: distinct cores of
    this process's affinity set, or None for each when the system cannot
    pin (not Linux) or there are more workers than cores."""
    given = cores.affinity()
    return given[:workers] if given is not None and workers <= len(given) else [None] * workers


def _worker_main(conn, parent: int, core: int | None) -> None:
    """A local worker pinned to ``core`` (None: not pinned): chunks in,
    ("start", (index, cpu, load)) / ("row", row) / ("done",) messages out,
    until a None chunk."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process ends us
    _watch_parent(parent)
    if core is not None:
        os.sched_setaffinity(0, {core})
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
    current: tuple | None = None  # the key of the item being solved (index, permutation)
    started: float = 0.0
    core: int | None = None  # the core its workers are pinned to
    cpu_at_start: float | None = None  # the worker's CPU seconds when the current solve began
    load_at_start: float | None = None  # the load average then

    def start(self, context) -> None:
        """A new worker. An interrupt inside ``Process.start`` (after the
        fork, before the process object knows its child) leaves the slot
        without a worker: both pipe ends are closed, so a forked child ends at
        its first ``recv``, and :meth:`kill` has nothing half-made to kill."""
        parent, child = context.Pipe()
        process = context.Process(target=_worker_main, args=(child, os.getpid(), self.core),
                                  daemon=True)
        try:
            process.start()
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        self.process, self.conn = process, parent

    def assign(self, chunk: Chunk, context) -> None:
        if self.process is None or not self.process.is_alive():
            self.start(context)
        self.chunk, self.pending, self.current = chunk, list(chunk.items), None
        self.cpu_at_start = self.load_at_start = None
        self.started = time.monotonic()
        self.conn.send(chunk)

    def where(self) -> dict:
        """``cpu_s``, ``load_1min`` and ``core`` of the solve in flight, for
        a row the worker cannot write: the worker's CPU seconds since the
        solve began (read from outside, while the worker still lives; None
        once it has died), the load at its start, the core."""
        return {"cpu_s": self.cpu_spent(), "load_1min": self.load_at_start, "core": self.core}

    def cpu_spent(self) -> float | None:
        """The worker's CPU seconds since the solve in flight began, read
        from outside (None without one, or once the worker has died)."""
        if self.cpu_at_start is None or self.process is None:
            return None
        import psutil

        try:
            times = psutil.Process(self.process.pid).cpu_times()
        except psutil.Error:  # already gone
            return None
        return max(0.0, times.user + times.system - self.cpu_at_start)

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.join(5)
            self.conn.close()
        self.process = self.conn = None


def run_local(chunks: list[Chunk], workers: int, emit: Callable[[dict], None]) -> None:
    """Run chunks in ``workers`` supervised processes (see module docstring),
    handing every row to ``emit`` as it arrives."""
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("fork")
    ready = Models()
    for method in dict.fromkeys(chunk.method for chunk in chunks):
        ready.prepare(method)  # in the parent: the forked workers inherit it
    queue = deque(chunks)
    count = max(1, min(workers, len(chunks)))
    slots = [_Slot(core=core) for core in worker_cores(count)]

    def lost(slot: _Slot, why: str, timed_out: bool) -> None:
        """The worker of ``slot`` is gone (killed by us or dead): record or
        retry its puzzle in flight, requeue the rest of its chunk."""
        chunk, pending = slot.chunk, slot.pending
        where = slot.where()
        slot.kill()
        slot.chunk = None
        if not pending:
            return
        key = slot.current if slot.current is not None else pending[0].key
        item = next(i for i in pending if i.key == key)
        rest = [i for i in pending if i.key != key]
        if rest:
            queue.appendleft(chunk.but(rest, retry=False))
        puzzle = line_puzzle(item.line, item.name)
        base = {**chunk.base, "permutation": item.permutation}
        if timed_out:
            emit(make_row(base, item.index, puzzle, status=Status.TIME_LIMIT.value,
                          verified=False, error=why, **where))
        elif chunk.retry:
            emit(make_row(base, item.index, puzzle, status=Status.ERROR.value, verified=False,
                          error=f"{why} (twice)", **where))
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
                        slot.current, slot.cpu_at_start, slot.load_at_start = value
                        slot.started = time.monotonic()
                    elif kind == "row":
                        done = (value["index"], value.get("permutation"))
                        slot.pending = [i for i in slot.pending if i.key != done]
                        slot.current, slot.started = None, time.monotonic()
                        slot.cpu_at_start = slot.load_at_start = None
                        emit(value)
                    else:
                        slot.chunk = None
                if dead and slot.chunk is not None:
                    lost(slot, "worker process died", False)
                    continue
                if slot.chunk is None:
                    continue
                limit, cpu_limit = slot.chunk.time_limit, slot.chunk.cpu_limit
                # wall seconds a worker may go without a word between puzzles (a warm-up)
                stall = limit if limit is not None else cpu_limit
                waited = time.monotonic() - slot.started
                spent = slot.cpu_spent() if cpu_limit is not None else None
                if not slot.process.is_alive():
                    lost(slot, f"worker process died (exit code {slot.process.exitcode})", False)
                elif slot.current is None and stall is not None and waited > stall + grace(stall):
                    lost(slot, "worker process stopped answering", False)  # as if dead
                elif slot.current is not None and limit is not None \
                        and waited > limit + grace(limit):  # a solve past its limit
                    lost(slot, f"stopped from outside after {limit + grace(limit):.1f} s "
                               f"(time limit {limit:g} s + grace)", True)
                elif spent is not None and spent > cpu_limit + grace(cpu_limit):
                    lost(slot, f"stopped from outside after {spent:.1f} CPU s "
                               f"(CPU limit {cpu_limit:g} s + grace)", True)
    finally:
        for slot in slots:
            if slot.conn is not None and slot.chunk is None and slot.process.is_alive():
                try:
                    slot.conn.send(None)
                except OSError:
                    pass
            slot.kill()
