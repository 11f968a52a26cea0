"""Blocking solver calls that Ctrl-C and a deadline can stop.

A solver call made in the main thread holds off Python's signal handling
until it returns: Ctrl-C only trips a flag, and a search without a time limit
(CP-SAT counting the solutions of an empty grid, HiGHS at the hardness peak)
may never return. Solvers that catch SIGINT themselves (CP-SAT's
``catch_sigint_signal``) leave a window: a Ctrl-C that lands after the call
has started but before the solver has put its own handler in place goes to
Python's handler and is never seen again. So the call runs in a worker
thread while the main thread waits, and a Ctrl-C or the deadline asks the
solver to stop through its own thread-safe stop (CP-SAT ``stop_search``,
PySAT ``interrupt``, the counter's stop flag), again and again until it has
returned: some solvers ignore a stop that comes before their search has
started (CP-SAT's ``stop_search`` before ``solve``).

While the worker runs, Ctrl-C is recorded rather than raised (when SIGINT
raises ``KeyboardInterrupt``), so that none can land between starting the
worker and waiting for it and leave a search running unseen; the callers
turn the record into ``KeyboardInterrupt`` or a
:class:`~sudoku_models.counting.CountIncomplete` once the solver has
stopped. :func:`ctrl_c_deferred` holds Ctrl-C back the same way while
compiled code loads, and :func:`ctrl_c_remembered` keeps a command from
losing a Ctrl-C whose ``KeyboardInterrupt`` was swallowed.
"""

from __future__ import annotations

import _thread
import functools
import os
import signal
import threading
import time
from contextlib import contextmanager
from typing import Callable, TypeVar

T = TypeVar("T")

# How often the waiting thread looks at the clock and at a recorded Ctrl-C,
# and re-sends the stop while the work has not ended (seconds).
_POLL = 0.05


# Set by the SIGINT handlers of this module. Under :func:`ctrl_c_remembered`
# it stays set until the command ends: a ``KeyboardInterrupt`` can be
# swallowed (raised inside a weakref or ctypes callback, e.g. while a module
# or a compiled kernel loads, Python prints "Exception ignored" and carries
# on), the mark cannot.
_CTRL_C = threading.Event()


def _remember_and_raise(signum, frame):
    _CTRL_C.set()
    raise KeyboardInterrupt


def _remember(signum, frame):
    _CTRL_C.set()


@contextmanager
def ctrl_c_remembered():
    """For the run of a command: every Ctrl-C raises ``KeyboardInterrupt``
    as usual and also leaves a mark that the next :func:`wait_stoppable` or
    :func:`ctrl_c_deferred` sees, even if the exception itself was
    swallowed. The handler and the mark are undone at the end. Main thread
    only (elsewhere a no-op)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, _remember_and_raise)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _CTRL_C.clear()


def _ctrl_c_can_reach_python() -> bool:
    """Whether a Ctrl-C would run a Python handler in this thread."""
    return (threading.current_thread() is threading.main_thread()
            and callable(signal.getsignal(signal.SIGINT)))


@contextmanager
def _ctrl_c_held():
    """Within the block, Ctrl-C only sets ``_CTRL_C`` (read it inside the
    block); in the main thread where SIGINT raises ``KeyboardInterrupt``
    (Python's default handler or :func:`ctrl_c_remembered`'s), and nested
    blocks share the outer one's. Elsewhere Ctrl-C does what it did."""
    previous = signal.getsignal(signal.SIGINT)
    if (threading.current_thread() is not threading.main_thread()
            or previous not in (signal.default_int_handler, _remember_and_raise)):
        yield
        return
    signal.signal(signal.SIGINT, _remember)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if previous is signal.default_int_handler:
            _CTRL_C.clear()  # outside a command, a mark lasts one block


@contextmanager
def ctrl_c_deferred():
    """Ctrl-C within the block is held back and raised as
    ``KeyboardInterrupt`` when the block has ended: for loading compiled
    code (an extension module, numba kernels), where a
    ``KeyboardInterrupt`` is swallowed with an "Exception ignored" message
    or turned into another error."""
    with _ctrl_c_held():
        yield
        came = _CTRL_C.is_set()
    if came:
        raise KeyboardInterrupt


def wait_stoppable(done: Callable[[float], bool], stop: Callable[[], None],
                   deadline: float | None = None,
                   start: Callable[[], None] | None = None) -> str | None:
    """Call ``start()`` (which starts the work in other threads), then wait
    until ``done(timeout)`` (blocking at most ``timeout`` seconds) returns
    True. From ``deadline`` (a :func:`time.perf_counter` value; None: none)
    or a Ctrl-C on, ``stop()`` is called every 50 ms until the work has
    ended; it must be safe to call from this thread at any time. Returns None
    when the work ended by itself, else why it was stopped: ``"time limit"``
    or ``"interrupted"``."""
    reason = None
    ctrl_c = False
    with _ctrl_c_held():
        if start is not None:
            start()
        while True:
            try:
                left = _POLL
                if deadline is not None and reason is None:
                    left = max(0.0, min(_POLL, deadline - time.perf_counter()))
                if done(left):
                    break
            except KeyboardInterrupt:  # SIGINT has another handler, which raised
                ctrl_c = True
            if reason is None and (ctrl_c or _CTRL_C.is_set()):
                reason = "interrupted"
            elif reason is None and deadline is not None and time.perf_counter() >= deadline:
                reason = "time limit"
            if reason is not None:
                stop()
    return reason


class _LongLivedWorker:
    """One thread that runs the main thread's stoppable calls, one at a
    time, for the life of the process. A new thread per call made every
    solver call slower by far more than the hand-over (CP-SAT's median on
    top95 went from 3.6 to 4.9 ms): each new thread starts with cold
    allocator arenas and caches. Started on first use, and again in a
    forked child, which has no copy of it."""

    def __init__(self) -> None:
        self._idle = _thread.allocate_lock()  # held while a job runs
        self._go = _thread.allocate_lock()
        self._go.acquire()
        self._jobs: list[Callable[[], None]] = []
        self._pid: int | None = None

    def start(self, job: Callable[[], None]) -> None:
        """Run ``job()`` on the worker, or on a new thread if the worker is
        still busy (a call left behind by an error in the waiting thread)."""
        if not self._idle.acquire(blocking=False):
            _thread.start_new_thread(job, ())
            return
        if self._pid != os.getpid():
            self._pid = os.getpid()
            _thread.start_new_thread(self._serve, ())
        self._jobs.append(job)
        self._go.release()

    def _serve(self) -> None:
        while True:
            self._go.acquire()
            try:
                self._jobs.pop()()
            finally:
                self._idle.release()


_MAIN_WORKER = _LongLivedWorker()


def call_stoppable(work: Callable[[], T], stop: Callable[[], None],
                   deadline: float | None = None) -> tuple[T, str | None]:
    """``work()`` in a worker thread while this thread waits
    (:func:`wait_stoppable`), so that Ctrl-C and ``deadline`` (a
    :func:`time.perf_counter` value) reach it; ``stop()`` must make
    ``work()`` return soon and be safe to call from another thread before,
    during and after ``work()``. Returns ``(what work returned, None or why
    it was stopped)``; an exception raised by ``work()`` is raised here.

    The main thread's calls run on one long-lived worker thread
    (:class:`_LongLivedWorker`), other threads' on a new thread each; the
    end of the work is a lock (``Thread.join`` cut short by a signal can
    report a running thread as finished, CPython issue 90882). Work without
    a deadline runs in the calling thread where no Ctrl-C can reach it:
    outside the main thread, or where SIGINT is ignored or has no Python
    handler (the benchmark runner's workers, whose times therefore carry no
    hand-over)."""
    if deadline is None and not _ctrl_c_can_reach_python():
        return work(), None
    outcome: list = []
    finished = _thread.allocate_lock()
    finished.acquire()

    def run() -> None:
        try:
            outcome.append(work())
        except BaseException as error:  # handed to the waiting thread
            outcome.append(error)
        finally:
            finished.release()

    if threading.current_thread() is threading.main_thread():
        start = functools.partial(_MAIN_WORKER.start, run)
    else:
        start = functools.partial(_thread.start_new_thread, run, ())
    reason = wait_stoppable(lambda timeout: finished.acquire(timeout=timeout), stop, deadline,
                            start=start)
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0], reason
