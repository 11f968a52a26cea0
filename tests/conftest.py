"""Shared fixtures."""

import pytest

from sudoku_models import Puzzle

from .helpers import SEED_B


@pytest.fixture(scope="session")
def seed_puzzle() -> Puzzle:
    return Puzzle.from_clues(SEED_B)
