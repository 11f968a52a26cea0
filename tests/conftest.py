"""Shared fixtures, and Ctrl-C restored for the tests that send it."""

import signal

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
