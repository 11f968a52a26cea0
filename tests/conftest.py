"""Shared fixtures, and Ctrl-C restored for the tests that send it."""

import signal
import subprocess
import sys
import time

import pytest

from sudoku_models import Puzzle

from .helpers import SEED_B

# A process started in the background by a non-interactive shell (`nohup
# pytest ... &`) inherits SIGINT ignored, and Python then installs no
# KeyboardInterrupt handler: the tests that interrupt a solve by sending
# SIGINT to their own process would hang or fail. Restore Python's handler
# (children started by the tests then get the default disposition too).
signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def seed_puzzle() -> Puzzle:
    return Puzzle.from_clues(SEED_B)


# The kernels the two processes below compile (or load): the counter's and the generator's.
_KERNELS = ("from sudoku_models.counter import warm_up; warm_up()",
            "from generator.commands import _warm_up_generator; _warm_up_generator()")


def pytest_xdist_setupnodes(config, specs):
    """With two or more pytest-xdist workers, compile the kernels into the
    per-user cache before the workers start, the counter's and the
    generator's in two processes at once (33-36 CPU s each): on an empty
    cache each worker compiled every kernel itself, about 150 CPU s of a
    13.5-minute suite (user CPU 13m35s cold against 11m04s warm, two
    workers). A failure is printed, and the workers then compile as before."""
    if len(specs) < 2:
        return
    started = time.perf_counter()
    runs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True) for code in _KERNELS]
    errors = [run.communicate()[1] for run in runs]
    for run, error in zip(runs, errors):
        if run.returncode:
            print(f"compiling the kernels ahead failed ({run.args[-1]}):\n{error[-2000:]}",
                  file=sys.stderr)
    print(f"kernels compiled or loaded ahead of the workers in {time.perf_counter() - started:.1f} s",
          file=sys.stderr)
