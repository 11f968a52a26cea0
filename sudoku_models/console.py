"""The ``sudoku-models`` console script's entry point.

Before anything else it sets up the Ctrl-C handling of
:func:`sudoku_models.stoppable.run_command` (the package imports nothing
until a name is used), so that a Ctrl-C while the command line loads (the
first quarter second) ends the command like any other: "sudoku-models:
interrupted" and exit code 130, not a traceback.
"""

import sys


def entry_point() -> int:
    """Run :func:`sudoku_models.cli.main` on ``sys.argv``; returns the exit code."""
    try:
        from .stoppable import run_command
    except KeyboardInterrupt:
        print("sudoku-models: interrupted", file=sys.stderr)
        return 130  # stoppable.EXIT_INTERRUPTED, which did not load
    return run_command(_load_and_run, "sudoku-models")


def _load_and_run() -> int:
    from .cli import main as run

    return run()
