"""What a command ends with: its exit code, and bad input in one line.

Every command returns one of these codes (the console script exits with
it): 0 done; 1 a solver returned a grid that failed verification (a bug);
2 bad input or a run that cannot go on, said in one line on standard error
(:class:`UsageError`, any ``ValueError``, an ``OSError`` naming its file);
130 interrupted (Ctrl-C, :data:`sudoku_models.stoppable.EXIT_INTERRUPTED`);
141 the reader of the output went away (``| head``).
"""

from __future__ import annotations

import re
import sys

from ..stoppable import EXIT_INTERRUPTED
from ..errors import UsageError

EXIT_OK = 0
EXIT_WRONG_ANSWER = 1
EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 141  # what a shell shows for a program killed by SIGPIPE

__all__ = ["EXIT_BAD_INPUT", "EXIT_BROKEN_PIPE", "EXIT_INTERRUPTED", "EXIT_OK",
           "EXIT_WRONG_ANSWER", "UsageError", "one_line", "report_error"]

_LONG_WORD = re.compile(r"(['\"]?)([^\s'\"]{121,})\1")  # quoted or not


def one_line(message: object) -> str:
    """``message`` as the one line an error is said in: line breaks and
    runs of white space as one space, and a word of more than 120
    characters (a value echoed whole can be kilobytes) as its start and its
    length."""
    text = " ".join(str(message).split())
    return _LONG_WORD.sub(
        lambda m: f"{m[1]}{m[2][:60]}...{m[1]} ({len(m[2]):,} characters)", text)


def report_error(message: object) -> int:
    """Print ``sudoku-models: error: MESSAGE`` on standard error; returns
    :data:`EXIT_BAD_INPUT`."""
    print(f"sudoku-models: error: {one_line(message)}", file=sys.stderr)
    return EXIT_BAD_INPUT
