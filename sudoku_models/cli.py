"""The ``sudoku-models`` command line: the parser assembled from the
registered commands (:mod:`sudoku_models.commands`, one module each, and
the extensions' commands) and :func:`main`.

Bad input (a malformed puzzle, a missing file, a bad option value) prints one
line on standard error and exits with code 2; no traceback. The line names
the sub-command's ``--help``, and for an unknown command, option, method or
dataset it suggests the nearest known ones ("did you mean ...?", by
:func:`difflib.get_close_matches`). An interrupt
(Ctrl-C) exits with code 130. Solvers are imported only by the commands that
run them, so the command line starts fast.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .commands import load_commands
from .commands.common import OneLineErrorParser, did_you_mean
from .commands.exits import EXIT_BAD_INPUT, EXIT_BROKEN_PIPE, one_line
from .stoppable import run_command

def command_parser(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser of the (sub-)command ``argv`` names: ``bench run ...``
    gives ``bench run``'s; the root ``parser`` when it names none."""
    for token in argv:
        commands = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if commands and token in commands[0].choices:
            parser = commands[0].choices[token]
    return parser


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of ``sudoku-models`` and its sub-commands; when
    ``command`` names a built-in sub-command, with that one alone (the
    other command modules are not imported: 17 ms of a ``solve``)."""
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
    for add_parser in load_commands(command).values():
        add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit code. Ctrl-C anywhere in it, or an
    error that came of one, ends it with "interrupted" and exit code 130
    (:func:`~sudoku_models.stoppable.run_command`)."""
    return run_command(lambda: _main(argv), "sudoku-models")


def _main(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = None
    try:
        parser = build_parser(argv[0] if argv else None)
        try:
            args, extras = parser.parse_known_args(argv)
            if extras:  # named by the sub-command that got them, with its options' suggestions
                command_parser(parser, argv).error(f"unrecognized arguments: {' '.join(extras)}")
        except SystemExit as exc:  # --help, --version, or a usage error printed in one line
            return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
        return args.handler(args)
    except ValueError as exc:  # PuzzleFormatError, UsageError, the runner's errors, ...
        command = parser and command_parser(parser, argv)
        hint = f"{did_you_mean(str(exc), command)} (see {command.prog} --help)" if command else ""
        print(f"sudoku-models: error: {one_line(exc)}{hint}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing to report
        # Python's advice (signal module, "Note on SIGPIPE"): point stdout at
        # /dev/null so that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        name = f": {exc.filename}" if exc.filename else ""
        print(f"sudoku-models: error: {one_line(f'{exc.strerror or exc}{name}')}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
