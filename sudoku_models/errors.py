"""Errors raised for bad input, before anything reaches a solver."""


class PuzzleFormatError(ValueError):
    """Malformed puzzle input: a wrong length, a stray character, a value out
    of range, a bad clue row. The message names what is wrong and where
    (file line, row, column, value)."""


class InvalidValueError(ValueError):
    """An argument of the right type whose value is not allowed: a time limit
    of 0, a negative count, NaN. The message names the argument and the value."""
