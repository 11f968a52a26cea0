"""Shared fixtures, Ctrl-C restored for the tests that send it, and the
search kernels compiled once before the workers of a parallel run start."""

import signal
import subprocess
import sys

import pytest

from sudoku_models import Puzzle

from .helpers import SEED_B

# A process started in the background by a non-interactive shell (`nohup
# pytest ... &`) inherits SIGINT ignored, and Python then installs no
# KeyboardInterrupt handler: the tests that interrupt a solve by sending
# SIGINT to their own process would hang or fail. Restore Python's handler
# (children started by the tests then get the default disposition too).
signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_configure(config):
    """In a parallel run (``pytest -n``), the controller runs ``sudoku-models
    warm-up`` before its workers start, so that the kernels are compiled
    once (about 80 s on one core with an empty cache, 1 s to load them from
    it) instead of by both workers at once, each for the tests it meets
    first (the suite took 2.4 minutes longer with an empty cache than with
    a full one: 624 s against 481 s in two CI runs of issue 48)."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    subprocess.run([sys.executable, "-m", "sudoku_models", "warm-up"], check=True)


@pytest.fixture(scope="session")
def seed_puzzle() -> Puzzle:
    return Puzzle.from_clues(SEED_B)
