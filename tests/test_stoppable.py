"""Solver calls that Ctrl-C and a deadline stop (sudoku_models.stoppable),
with real SIGINTs sent to this process, and the CP-SAT and HiGHS calls
built on them."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from sudoku_models import Puzzle
from sudoku_models.errors import CountIncomplete
from sudoku_models.stoppable import (call_stoppable, ctrl_c_deferred, ctrl_c_remembered,
                                     wait_stoppable)


def ctrl_c_after(seconds: float) -> threading.Timer:
    """A real Ctrl-C (SIGINT to this process) after ``seconds``."""
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


class LateListener:
    """A search that ignores a stop until it has set itself up (as CP-SAT's
    ``stop_search`` does before ``solve``) and then runs until stopped."""

    def __init__(self, set_up: float) -> None:
        self.set_up = set_up
        self.listening = threading.Event()
        self.stopped = threading.Event()

    def work(self) -> str:
        time.sleep(self.set_up)
        self.listening.set()
        while not self.stopped.wait(0.01):
            pass
        return "stopped"

    def stop(self) -> None:
        if self.listening.is_set():
            self.stopped.set()


def test_work_that_ends_by_itself_gives_its_result_and_no_reason():
    assert call_stoppable(lambda: 42, lambda: None) == (42, None)
    with pytest.raises(ZeroDivisionError):
        call_stoppable(lambda: 1 / 0, lambda: None)


@pytest.mark.parametrize("set_up", [0.0, 0.3])
def test_ctrl_c_stops_the_work_even_before_it_listens(set_up):
    search = LateListener(set_up)
    timer = ctrl_c_after(0.1)  # during the set-up when set_up is 0.3
    start = time.perf_counter()
    # the deadline only guards the test: a lost Ctrl-C would show as "time limit"
    result, reason = call_stoppable(search.work, search.stop, deadline=start + 20)
    timer.cancel()
    assert (result, reason) == ("stopped", "interrupted")
    assert time.perf_counter() - start < 5
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_the_deadline_stops_the_work():
    search = LateListener(0.0)
    start = time.perf_counter()
    assert call_stoppable(search.work, search.stop, deadline=start + 0.2) == ("stopped",
                                                                              "time limit")
    assert 0.2 <= time.perf_counter() - start < 2


@pytest.mark.parametrize("deadline", [None, 60])
def test_the_work_runs_in_the_calling_thread(deadline):
    """Where the solver's caches and memory are: another thread made every
    solve slower."""
    seen = []

    def caller():
        limit = None if deadline is None else time.perf_counter() + deadline
        seen.append(call_stoppable(threading.get_ident, lambda: None, limit)[0]
                    == threading.get_ident())

    caller()
    thread = threading.Thread(target=caller)
    thread.start()
    thread.join()
    assert seen == [True, True]


def test_a_swallowed_ctrl_c_is_not_lost_within_a_command():
    with ctrl_c_remembered():
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)  # the KeyboardInterrupt comes here...
        except KeyboardInterrupt:
            pass  # ...and is swallowed, as in a weakref callback while a module loads
        search = LateListener(0.0)
        with pytest.raises(KeyboardInterrupt):
            call_stoppable(search.work, search.stop, deadline=time.perf_counter() + 20)
        assert not search.listening.is_set()  # not even started
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    search = LateListener(0.0)  # the mark ends with the command
    assert call_stoppable(search.work, search.stop, deadline=time.perf_counter() + 0.1)[1] \
        == "time limit"


def test_ctrl_c_while_compiled_code_loads_is_raised_when_it_has_loaded():
    steps = []
    with pytest.raises(KeyboardInterrupt):
        with ctrl_c_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.2)
            steps.append("loaded")
    assert steps == ["loaded"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with ctrl_c_deferred():  # no Ctrl-C: nothing raised
        steps.append("again")
    assert steps == ["loaded", "again"]


def test_work_started_elsewhere_is_stopped_through_its_stop():
    asked, ended = threading.Event(), threading.Event()
    worker = threading.Thread(target=lambda: (asked.wait(30), ended.set()))
    timer = ctrl_c_after(0.1)
    reason = wait_stoppable(ended.wait, asked.set, start=worker.start)
    timer.cancel()
    assert reason == "interrupted" and ended.is_set()


@pytest.mark.parametrize("delay", [0.0, 0.002, 0.02, 0.2])
def test_cp_sat_enumeration_stops_on_ctrl_c_at_any_moment(delay):
    """The bug CI met: a Ctrl-C that came after CP-SAT's solve had started
    but before CP-SAT had put its own handler in place was lost, and the
    enumeration of the empty grid's solutions ran on for good."""
    from sudoku_models.formulations.cp.integer import CpFormulation

    model = CpFormulation(3)
    empty = Puzzle.from_grid(np.zeros((9, 9), dtype=int))
    model.count_solutions(empty, limit=1)  # built; the next call starts the search at once
    start = time.perf_counter()
    timers = []
    try:
        with pytest.raises((CountIncomplete, KeyboardInterrupt)) as stopped:
            timers.append(ctrl_c_after(delay))  # at 0 s, the Ctrl-C may land in here
            model.count_solutions(empty, limit=None, time_limit=20)
    finally:
        for timer in timers:
            timer.cancel()
    if stopped.type is CountIncomplete:  # else Ctrl-C came before the search began
        assert stopped.value.reason == "interrupted"
    assert time.perf_counter() - start < 10
    assert model.count_solutions(empty, limit=3) == 3  # and the model serves on


@pytest.mark.parametrize("method, order, fraction", [("milp", 5, 0.6), ("cp", 6, 0.5)])
def test_a_long_solve_stops_on_ctrl_c_and_the_model_serves_on(method, order, fraction):
    from generator.holes import holes_puzzle
    from sudoku_models.registry import method_info
    from sudoku_models.checking import verify

    hard = holes_puzzle(order, fraction, "balanced", seed=1)  # at the hardness peak
    model = method_info(method).load()(order)
    easy = holes_puzzle(order, 0.3, seed=2)
    assert verify(easy, model.solve(easy).grid)  # built: the next solve searches at once
    timer = ctrl_c_after(1.0)
    start = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            model.solve(hard)  # seconds to minutes if not stopped
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 15
    assert verify(easy, model.solve(easy).grid)


@pytest.mark.slow
def test_a_sat_solver_pysat_jumped_out_of_is_abandoned_not_freed():
    """In the main thread PySAT takes Ctrl-C over and jumps out of the solver
    (longjmp); freeing that solver afterwards crashed the process once in
    our trials ("munmap_chunk(): invalid pointer"), so it is abandoned. Three
    interrupted solves, each followed by a solve that must verify, then a
    garbage collection and a clean exit."""
    import subprocess
    import sys

    script = (
        "import gc, os, signal, threading\n"
        "from generator.holes import holes_puzzle\n"
        "from sudoku_models.formulations.sat.pysat_model import SatMinimalFormulation\n"
        "from sudoku_models.checking import verify\n"
        "hard = holes_puzzle(6, 0.5, 'balanced', seed=1)\n"
        "model = SatMinimalFormulation(6)\n"
        "easy = holes_puzzle(6, 0.3, seed=2)\n"
        "for _ in range(3):\n"
        "    assert verify(easy, model.solve(easy).grid)\n"
        "    threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
        "    try:\n"
        "        model.solve(hard)\n"
        "    except KeyboardInterrupt:\n"
        "        print('interrupted', flush=True)\n"
        "    gc.collect()\n"
        "assert verify(easy, model.solve(easy).grid)\n"
    )
    child = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           timeout=120, cwd=Path(__file__).resolve().parent.parent)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.split() == ["interrupted"] * 3


def test_the_resident_memory_is_what_the_process_holds_now_not_its_peak():
    """:func:`~sudoku_models.stoppable.resident_bytes`, the build guard's
    reading, follows 256 MiB held and handed back (the peak,
    ``ru_maxrss``, stays up), read again after a fork (the child's own
    ``/proc/self/statm``)."""
    from sudoku_models.stoppable import resident_bytes

    before = resident_bytes()
    held = np.ones(32 << 20)  # 256 MiB, written
    during = resident_bytes()
    del held
    after = resident_bytes()
    assert during - before > 200 << 20 and during - after > 200 << 20, (before, during, after)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the child takes 128 MiB more and writes how much its reading grew
        try:  # (against its own start: a fork maps its parent's file pages lazily)
            start = resident_bytes()
            held = np.ones(16 << 20)
            os.write(write, str(resident_bytes() - start).encode())
            del held
        finally:
            os._exit(0)
    os.close(write)  # a child that wrote nothing reads as b"", not as a wait
    os.waitpid(child, 0)
    written = os.read(read, 64)
    os.close(read)
    assert 100 << 20 < int(written or 0) < 200 << 20, written
