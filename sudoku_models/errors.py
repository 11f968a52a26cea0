"""Errors raised for bad input, before anything reaches a solver."""


class PuzzleFormatError(ValueError):
    """Malformed puzzle input: a wrong length, a stray character, a value out
    of range, a bad clue row. The message names what is wrong and where
    (file line, row, column, value)."""
