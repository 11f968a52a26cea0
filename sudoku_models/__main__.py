"""``python -m sudoku_models``: the ``sudoku-models`` command line."""

import sys

from .console import entry_point

if __name__ == "__main__":  # not when a tool imports every module
    sys.exit(entry_point())
