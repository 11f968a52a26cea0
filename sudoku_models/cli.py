"""The ``sudoku-models`` command line: the parser assembled from the
registered commands (:mod:`sudoku_models.commands`, one module each, and
the extensions' commands) and :func:`main`.

Bad input (a malformed puzzle, a missing file, a bad option value) prints one
line on standard error and exits with code 2; no traceback. An interrupt
(Ctrl-C) exits with code 130. Solvers are imported only by the commands that
run them, so the command line starts fast.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .commands import load_commands, register_command
from .commands.common import OneLineErrorParser
from .commands.exits import EXIT_BAD_INPUT, EXIT_BROKEN_PIPE, UsageError
from .stoppable import run_command

# register_command and UsageError keep their old address here.
__all__ = ["UsageError", "build_parser", "main", "register_command"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``sudoku-models`` and its sub-commands."""
    from . import __version__

    parser = OneLineErrorParser(
        prog="sudoku-models",
        description="Sudoku as MILP (Pyomo + HiGHS), CP (OR-Tools CP-SAT) and search, side by "
        "side: solve, count, generate, export models and benchmark them. "
        "'sudoku-models methods' lists the methods.",
        epilog="A puzzle is one line: 81 characters for 9x9 ('.' or '0' empty), 1-9A-G for "
        "16x16, or comma-separated numbers for any order (start it after '--' if it begins "
        "with '-'). FILE may be '-' for standard input.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=OneLineErrorParser)
    for add_parser in load_commands().values():
        add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit code. Ctrl-C anywhere in it, or an
    error that came of one, ends it with "interrupted" and exit code 130
    (:func:`~sudoku_models.stoppable.run_command`)."""
    return run_command(lambda: _main(argv), "sudoku-models")


def _main(argv: Sequence[str] | None) -> int:
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help, --version, or a usage error printed in one line
            return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
        return args.handler(args)
    except ValueError as exc:  # PuzzleFormatError, UsageError, the runner's errors, ...
        print(f"sudoku-models: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing to report
        # Python's advice (signal module, "Note on SIGPIPE"): point stdout at
        # /dev/null so that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        name = f": {exc.filename}" if exc.filename else ""
        print(f"sudoku-models: error: {exc.strerror or exc}{name}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
