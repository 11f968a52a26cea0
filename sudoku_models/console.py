"""The ``sudoku-models`` console script's entry point.

It imports nothing but the command line itself, inside a handler, so that a
Ctrl-C while the modules load (the first quarter second) ends the command
like any other Ctrl-C: "sudoku-models: interrupted" and exit code 130, not
a traceback.
"""

import sys


def main() -> int:
    """Run :func:`sudoku_models.cli.main` on ``sys.argv``; returns the exit code."""
    try:
        from .cli import main as run

        return run()
    except KeyboardInterrupt:
        pass
    except Exception as exc:  # e.g. "ImportError: initialization failed" raised from Ctrl-C
        from .stoppable import caused_by_ctrl_c

        if not caused_by_ctrl_c(exc):
            raise
    print("sudoku-models: interrupted", file=sys.stderr)
    return 130  # as sudoku_models.cli.EXIT_INTERRUPTED, which is not imported yet
