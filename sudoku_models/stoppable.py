"""Blocking solver calls that Ctrl-C and a deadline can stop.

A solver call made in the main thread holds off Python's signal handling
until it returns: Ctrl-C only trips a flag, and a search without a time limit
(CP-SAT counting the solutions of an empty grid, HiGHS at the hardness peak)
may never return. Solvers that catch SIGINT themselves (CP-SAT's
``catch_sigint_signal``) leave a window: a Ctrl-C that lands after the call
has started but before the solver has put its own handler in place goes to
Python's handler and is never seen again. So :func:`call_stoppable` keeps
the solver in the calling thread and has a watcher thread, woken by the
signal itself (Python's wakeup fd) or by the clock (the wall clock, or this
process's CPU clock for a CPU-second limit: :mod:`sudoku_models.deadline`),
ask the solver to stop through its own thread-safe stop (CP-SAT ``stop_search``, HiGHS's interrupt
callback, PySAT ``interrupt``, the counter's stop flag), again and again
until it has returned: some solvers ignore a stop that comes before their
search has started (CP-SAT's ``stop_search`` before ``solve``).

While a solver runs, Ctrl-C is recorded rather than raised (when SIGINT
raises ``KeyboardInterrupt``): raised inside a solver's Python callback it
would be lost or turned into another error. The callers turn the record into
``KeyboardInterrupt`` or a :class:`~sudoku_models.errors.CountIncomplete`
once the solver has stopped. :func:`wait_stoppable` does the same for work
that other threads do (the counter's batches), :func:`cpu_budget` the
same for a block of work, :func:`call_python_stoppable` stops Python work
that has no stop of its own (a model's build) by an exception raised in it, :func:`ctrl_c_deferred`
holds Ctrl-C back while compiled code loads, and :func:`ctrl_c_remembered`
keeps a command from losing a Ctrl-C whose ``KeyboardInterrupt`` was
swallowed.
"""
from __future__ import annotations

import _signal
import _thread
import logging
import ctypes
import math
import os
import select
import signal
import sys
import threading
import time
from contextlib import contextmanager
from typing import Callable, TypeVar

T = TypeVar("T")

# How often the waiting or watching thread looks at the clock and at a recorded Ctrl-C,
# and re-sends the stop while the work has not ended (seconds).
_POLL = 0.05
# How long the watcher thread keeps looking every _POLL seconds after its last call
# before it sleeps until woken (seconds).
_LINGER = 1.0

EXIT_INTERRUPTED = 130  # the shell's code for a command ended by SIGINT (128 + 2)

# SIGINT's handler read and set through the C module that ``signal`` wraps: the
# wrapper turns each answer into a ``Handlers`` enum member, which for a handler
# function means a failed enum lookup (Python 3.11: 2-4 us each warm, more after a
# solve), and the watch around every solve makes four such calls. The C functions
# answer SIG_DFL and SIG_IGN as plain ints, equal to the enum members, and take them back.
_getsignal = _signal.getsignal
_setsignal = _signal.signal


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
    swallowed. The handler and the mark are undone at the end of the
    outermost block. Main thread only (elsewhere a no-op)."""
    if (threading.current_thread() is not threading.main_thread()
            or _getsignal(signal.SIGINT) is _remember_and_raise):
        yield
        return
    previous = _setsignal(signal.SIGINT, _remember_and_raise)
    try:
        yield
    finally:
        _setsignal(signal.SIGINT, previous)
        _CTRL_C.clear()


def ctrl_c_can_reach_python() -> bool:
    """Whether a Ctrl-C would run a Python handler in this thread: whether
    :func:`call_stoppable` watches a call that has no deadline."""
    return (threading.current_thread() is threading.main_thread()
            and callable(_getsignal(signal.SIGINT)))


@contextmanager
def _ctrl_c_held():
    """Within the block, Ctrl-C only sets ``_CTRL_C`` (read it inside the
    block); in the main thread where SIGINT raises ``KeyboardInterrupt``
    (Python's default handler or :func:`ctrl_c_remembered`'s), and nested
    blocks share the outer one's. Elsewhere Ctrl-C does what it did."""
    previous = _getsignal(signal.SIGINT)
    if (threading.current_thread() is not threading.main_thread()
            or previous not in (signal.default_int_handler, _remember_and_raise)):
        yield
        return
    _setsignal(signal.SIGINT, _remember)
    try:
        yield
    finally:
        _setsignal(signal.SIGINT, previous)
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
    True; once it has, it must keep saying so (a ``KeyboardInterrupt`` from
    another SIGINT handler can come between its answer and its use). From
    ``deadline`` (a :func:`time.perf_counter` value; None: none) or a Ctrl-C
    on, ``stop()`` is called every 50 ms until the work has ended; it must
    be safe to call from this thread at any time. Returns None
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


class _Call:
    """One running :func:`call_stoppable` call as the watcher sees it."""

    def __init__(self, stop: Callable[[], None], deadline: float | None,
                 cpu_deadline: float | None, ctrl_c: bool, memory_cap: int | None = None) -> None:
        self.stop = stop
        self.deadline = deadline
        self.cpu_deadline = cpu_deadline  # a time.process_time value
        self.memory_cap = memory_cap  # bytes of resident memory of the process
        self.ctrl_c = ctrl_c  # whether Ctrl-C stops it (main thread only)
        self.reason: str | None = None
        self.resident = 0  # the process's resident bytes at the last look at the cap

    @property
    def polled(self) -> bool:
        """Whether the watcher must look at it every _POLL seconds (a clock
        or a size with no instant on the wall clock)."""
        return self.reason is None and (self.cpu_deadline is not None
                                        or self.memory_cap is not None)

    def due(self, now: float) -> str | None:
        """Why it must stop now, if it must: ``"time limit"`` (its wall
        deadline, at ``now``, a perf_counter value, or its CPU deadline has
        passed) or ``"memory"`` (the process holds more than its cap)."""
        if ((self.deadline is not None and now >= self.deadline)
                or (self.cpu_deadline is not None and time.process_time() >= self.cpu_deadline)):
            return "time limit"
        if self.memory_cap is not None:
            self.resident = resident_bytes()
            if self.resident > self.memory_cap:
                return "memory"
        return None


def resident_bytes() -> int:
    """The resident memory this process holds now, in bytes (Linux: the
    second field of ``/proc/self/statm`` times the page size; where there is
    no ``/proc``, or it cannot be read, the peak, ``getrusage``'s
    ``ru_maxrss``). Now, not the
    peak: a process takes at its start the peak of the one that started it
    (Linux keeps ``ru_maxrss`` across ``exec``), so a cap on the peak let a
    build started from a 1.6 GB process grow by 1.6 GB more than its budget
    before it was seen. Read in one system call that keeps the GIL
    (``pread`` called through :class:`ctypes.PyDLL` on a descriptor opened
    once per process, 2 us): the watcher reads it every 50 ms while a build
    holds the GIL in long C calls, and reading the file through Python's own
    I/O (an open, a read and a close, each giving the GIL back and waiting
    for it) took 1-2 s a time and held back the deadline's stop by as much
    (a 1 s limit ended at 4-8 s)."""
    statm = _statm()
    if statm is not None:
        fd, buffer, pread = statm
        read = pread(fd, buffer, len(buffer), 0)
        if read > 0:
            return int(buffer.raw[:read].split()[1]) * _PAGE_BYTES
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


_PAGE_BYTES = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_STATM_LOCK = threading.Lock()
_STATM: dict[str, object] = {}  # pid, and the descriptor, buffer and pread of that process


def _statm():
    """This process's open ``/proc/self/statm``, a buffer for it and a
    ``pread`` that keeps the GIL; None without ``/proc``. Opened again in a
    forked child (the descriptor it inherits reads its parent's)."""
    with _STATM_LOCK:
        if _STATM.get("pid") != os.getpid():
            if _STATM.get("fd") is not None:
                os.close(_STATM["fd"])
            _STATM.clear()
            _STATM["pid"] = os.getpid()
            try:
                _STATM["fd"] = os.open("/proc/self/statm", os.O_RDONLY)
            except OSError:
                return None
            pread = ctypes.PyDLL(None).pread
            pread.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_long]
            pread.restype = ctypes.c_ssize_t
            _STATM["read"] = (_STATM["fd"], ctypes.create_string_buffer(128), pread)
        return _STATM.get("read")


class _Watcher:
    """One thread that stops running calls: at their deadline, and on Ctrl-C
    through Python's wakeup fd (:func:`signal.set_wakeup_fd`), to which
    CPython's C-level handler writes the signal number at once, while the
    main thread is still inside the solver (Python's own handler only runs
    when the solver has returned). It re-sends the stop every 50 ms until
    the call has ended, and never calls a stop after the call has ended
    (a late PySAT ``interrupt()`` would cut the next solve short). Started
    on first use, and again in a forked child, which has no copy of it. A
    new call is woken up for only when its deadline comes before the
    thread's next look (it looks every 50 ms while it has calls and for
    ``_LINGER`` seconds after), or when it has a CPU deadline (this
    process's CPU clock has no instant on the wall clock to sleep until)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._calls: set[_Call] = set()
        self._pid: int | None = None
        self._read = self._write = -1
        # When the thread will next look at its calls by itself (a perf_counter value;
        # inf while it sleeps until woken): a call whose deadline comes later needs no
        # wake-up.
        self._wake_at = math.inf

    def wakeup_fd(self) -> int:
        """The fd to hand to :func:`signal.set_wakeup_fd` (starts the thread)."""
        if self._pid != os.getpid():
            self._read, self._write = os.pipe()
            os.set_blocking(self._read, False)
            os.set_blocking(self._write, False)
            self._pid = os.getpid()
            _thread.start_new_thread(self._serve, ())
        return self._write

    def add(self, call: _Call) -> None:
        self.wakeup_fd()
        with self._lock:
            self._calls.add(call)
            wake = ((call.deadline is not None and call.deadline < self._wake_at)
                    or (call.polled and self._wake_at == math.inf))
        if wake:  # the thread sleeps past the deadline: wake it up to watch the clock
            try:
                os.write(self._write, b"\0")
            except BlockingIOError:
                pass

    def remove(self, call: _Call) -> None:
        with self._lock:  # no stop() of this call runs after this
            self._calls.discard(call)

    def _serve(self) -> None:
        read = self._read
        last_call = -math.inf  # when the thread last saw a call
        while True:
            with self._lock:
                now = time.perf_counter()
                if self._calls:
                    last_call = now
                deadlines = [c.deadline for c in self._calls
                             if c.deadline is not None and c.reason is None]
                if any(c.polled for c in self._calls):
                    deadlines.append(now + _POLL)  # the CPU clock and memory: every _POLL
                # Sleep until woken only after _LINGER seconds without a call: calls in a
                # loop (a generate() each) then find the thread due soon and need no
                # wake-up (under load, the write that wakes it cost about 5 ms a call).
                timeout = _POLL if now - last_call < _LINGER else None
                if deadlines:
                    timeout = max(0.0, min(_POLL, min(deadlines) - now))
                self._wake_at = math.inf if timeout is None else now + timeout
            select.select([read], [], [], timeout)
            sigint = False
            try:
                while data := os.read(read, 256):
                    sigint |= signal.SIGINT in data
            except BlockingIOError:
                pass
            now = time.perf_counter()
            with self._lock:
                for call in self._calls:
                    if call.reason is None and call.ctrl_c and (sigint or _CTRL_C.is_set()):
                        call.reason = "interrupted"
                    elif call.reason is None:
                        call.reason = call.due(now)
                    if call.reason is not None:
                        call.stop()


_WATCHER = _Watcher()


def call_stoppable(work: Callable[[], T], stop: Callable[[], None],
                   deadline: float | None = None,
                   cpu_deadline: float | None = None,
                   memory_cap: int | None = None) -> tuple[T, str | None]:
    """``work()`` in the calling thread while a watcher thread stops it at
    ``deadline`` (a :func:`time.perf_counter` value), once this process's
    CPU clock reaches ``cpu_deadline`` (a :func:`time.process_time` value:
    every thread's CPU seconds, looked at every 50 ms; either reached:
    reason ``"time limit"``), once the process holds more than
    ``memory_cap`` bytes of resident memory (:func:`resident_bytes`, looked
    at every 50 ms; reason ``"memory"``) or, in the main thread, on Ctrl-C; ``stop()``
    must make ``work()`` return soon and be safe to call from another thread
    before and during ``work()``. Returns ``(what
    work returned, None or why it was stopped)``; an exception raised by
    ``work()`` is raised here.

    The solver stays in the calling thread: run in a worker thread instead,
    CP-SAT's median solve on top95 went from 3.6 ms to 4.9 ms with a new
    thread per call and to 3.8 ms with one long-lived thread (caches and
    allocator arenas of another thread). Ctrl-C during the call only leaves
    a mark (Python's handler would raise inside a solver callback); one
    that came before the work could start raises ``KeyboardInterrupt``
    without starting it. Work without a deadline runs unwatched where no
    Ctrl-C can reach it: outside the main thread, or where SIGINT is
    ignored or has no Python handler (the benchmark runner's workers)."""
    main = ctrl_c_can_reach_python()
    if deadline is None and cpu_deadline is None and memory_cap is None and not main:
        return work(), None
    call = _Call(stop, deadline, cpu_deadline, ctrl_c=main, memory_cap=memory_cap)
    return _watched(call, work), call.reason


def _watched(call: _Call, work: Callable[[], T]) -> T:
    """``work()`` while the watcher looks after ``call`` (sets its
    ``reason`` and calls its stop); the body of :func:`call_stoppable`."""
    main = call.ctrl_c
    _WATCHER.add(call)
    try:
        with _ctrl_c_held():
            previous_fd = signal.set_wakeup_fd(_WATCHER.wakeup_fd(), warn_on_full_buffer=False) \
                if main else None
            try:
                if main and _CTRL_C.is_set():  # Ctrl-C came before the work could start
                    raise KeyboardInterrupt
                result = work()
            finally:
                if main:
                    signal.set_wakeup_fd(previous_fd)
            if main and call.reason is None and _CTRL_C.is_set():
                call.reason = "interrupted"  # came while the work was ending
    finally:
        _WATCHER.remove(call)
    return result


class WorkStopped(Exception):
    """Raised by :func:`call_python_stoppable` when its deadline or its
    memory cap stopped the work; ``reason``: ``"time limit"`` or
    ``"memory"``; ``resident``: the process's resident bytes at the
    watcher's last look at the cap (:func:`resident_bytes`; 0 without a
    cap)."""

    def __init__(self, reason: str, resident: int) -> None:
        super().__init__(f"stopped ({reason})")
        self.reason = reason
        self.resident = resident


class _Injected(BaseException):
    """What the watcher raises inside Python work to stop it (a
    ``BaseException``, so that the work's ``except Exception`` lets it by)."""


def _drop_unraisable_stops() -> None:
    """Have Python's hook for exceptions it cannot raise (one that lands in a
    garbage collector's callback or a ``__del__``, where the watcher's resend
    covers it) drop the watcher's stop instead of printing "Exception ignored
    in ..." on the user's terminal; any other goes to the hook as before."""
    previous = sys.unraisablehook
    if getattr(previous, "drops_stops", False):
        return

    def hook(unraisable) -> None:
        if not isinstance(unraisable.exc_value, _Injected):
            previous(unraisable)

    hook.drops_stops = True
    sys.unraisablehook = hook


class DropStopReports(logging.Filter):
    """A log filter that drops a library's report of an error whose cause is
    the watcher's stop: Pyomo logs "Constructing component ... failed:
    _Injected" before it lets the exception by, which a user would read as
    an error on the terminal of a build that was only stopped at its limit."""

    def filter(self, record: logging.LogRecord) -> bool:
        return _Injected.__name__ not in record.getMessage()


def _raise_in(thread: int, exc: type[BaseException]) -> None:
    """Have Python raise ``exc`` in ``thread`` at its next check for
    pending work (a function's entry, a loop's jump back). Never called to
    drop one not raised yet (``PyThreadState_SetAsyncExc`` with NULL): in
    CPython 3.11 that leaves the check on with nothing to raise, and under a
    profiler or a tracer (cProfile, a debugger, coverage) the thread then
    loops forever at its next call."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(exc))


def _checkpoint() -> None:
    """A Python call, nothing more: a stop raised in this thread and not yet
    delivered is delivered at its entry."""


def call_python_stoppable(work: Callable[[], T], deadline: float | None = None,
                          cpu_deadline: float | None = None,
                          memory_cap: int | None = None) -> T:
    """``work()``, Python code without a stop of its own (building a model),
    in the calling thread, stopped at ``deadline`` (a
    :func:`time.perf_counter` value) or ``cpu_deadline`` (a
    :func:`time.process_time` value), once the process holds more than
    ``memory_cap`` bytes, or by Ctrl-C in the main thread: the watcher of
    :func:`call_stoppable` raises an exception inside it (delivered between
    two bytecodes; a C call runs to its end first), again every 50 ms while
    the work runs on (one raised inside a garbage collector's callback is
    swallowed), never once it has ended. Raises
    :class:`WorkStopped` (with its reason) at a deadline or the cap,
    ``KeyboardInterrupt`` on Ctrl-C; what the work had made is to be thrown
    away."""
    thread, lock = threading.get_ident(), threading.Lock()
    state = {"running": False, "raised": False}  # raised only while running

    def stop() -> None:
        with lock:
            if state["running"]:
                _raise_in(thread, _Injected)  # first: nothing may delay the stop
                state["raised"] = True

    _drop_unraisable_stops()

    def guarded() -> T:
        with lock:
            state["running"] = True
        try:
            return work()
        finally:
            while True:  # one raised here, before the lock is held, is caught and dropped
                try:
                    with lock:
                        state["running"] = False
                    if state["raised"]:
                        _checkpoint()  # one on its way lands here, not in the caller
                    break
                except _Injected:
                    continue

    call = _Call(stop, deadline, cpu_deadline, ctrl_c=ctrl_c_can_reach_python(),
                 memory_cap=memory_cap)
    try:
        return _watched(call, guarded)
    except _Injected:
        if call.reason == "interrupted":
            raise KeyboardInterrupt from None
        raise WorkStopped(call.reason, call.resident) from None


@contextmanager
def cpu_budget(stop: Callable[[], None], seconds: float):
    """Within the block, ``stop()`` is called by the watcher thread once
    this process has spent ``seconds`` CPU seconds (every thread) since
    entering it, then every 50 ms until the block ends: the CPU limit of
    :func:`call_stoppable` for work that is not one call (a study's own
    kernel call, tables built and searched). ``stop`` must be safe to call
    from another thread at any time. Yields an event set once ``stop`` has
    been called."""
    fired = threading.Event()

    def stopping() -> None:
        fired.set()
        stop()

    call = _Call(stopping, None, time.process_time() + seconds, ctrl_c=False)
    _WATCHER.add(call)
    try:
        yield fired
    finally:
        _WATCHER.remove(call)


def caused_by_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` came of a Ctrl-C: a ``KeyboardInterrupt`` in its cause
    chain (Ctrl-C while a module loads can come back as another exception
    raised from it: "ImportError: initialization failed" from a compiled
    extension, RuntimeError from a class being created), or, within
    :func:`ctrl_c_remembered`, any exception after a Ctrl-C (numpy's
    loading turned one into an ImportError with no trace of it)."""
    if _CTRL_C.is_set():
        return True
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def run_command(body: Callable[[], int], name: str) -> int:
    """``body()`` (a command; returns its exit code) within
    :func:`ctrl_c_remembered`. A Ctrl-C, or an exception that came of one
    (:func:`caused_by_ctrl_c`), ends it with "NAME: interrupted" on stderr
    and exit code 130."""
    try:
        with ctrl_c_remembered():
            try:
                return body()
            except BaseException as exc:
                if not caused_by_ctrl_c(exc):
                    raise
    except KeyboardInterrupt:  # while the handler was set or put back
        pass
    print(f"{name}: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED
