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


def pytest_xdist_setupnodes(config, specs):
    """With two or more pytest-xdist workers, compile the kernels into the
    per-user cache before the workers start (``sudoku-models warm-up``: the
    counter's and the generator's at once on two cores): on an empty cache
    each worker compiled every kernel itself, about 150 CPU s of a
    13.5-minute suite (user CPU 13m35s cold against 11m04s warm, two
    workers). A failure is printed, and the workers then compile as before."""
    if len(specs) < 2:
        return
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "sudoku_models", "warm-up"],
                         capture_output=True, text=True)
    if run.returncode:
        print(f"warm-up failed:\n{run.stderr[-2000:]}", file=sys.stderr)
    print(f"warm-up before the workers: {time.perf_counter() - started:.1f} s", file=sys.stderr)
