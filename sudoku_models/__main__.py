"""``python -m sudoku_models``: the ``sudoku-models`` command line."""

import sys

from .console import main

sys.exit(main())
