"""Value types for command-line options, shared by every command (the
``sudoku-models`` commands, ``bench``, and the ones extensions add): each
turns the text of an option into a value or raises
``argparse.ArgumentTypeError`` with a message naming what was expected, which
the parser prints in one line (exit 2)."""

from __future__ import annotations

import argparse

MAX_COUNT = 10**15  # larger whole numbers are "all" in practice, and fit the compiled code


def whole_number(text: str, minimum: int = 1, maximum: int = MAX_COUNT) -> int:
    """``text`` as a whole number in ``minimum..maximum`` (ASCII digits only)."""
    if not (text.isascii() and text.isdigit()) or not minimum <= int(text) <= maximum:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from {minimum:,} to {maximum:,}, got {text!r}")
    return int(text)


def positive_int(text: str) -> int:
    """A whole number >= 1."""
    return whole_number(text, 1)


def non_negative_int(text: str) -> int:
    """A whole number >= 0."""
    return whole_number(text, 0)


def seed(text: str) -> int:
    """A random seed, 0 to 2**63 - 1."""
    return whole_number(text, 0, 2**63 - 1)


def seconds(text: str) -> float:
    """A positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value
