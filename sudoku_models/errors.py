"""Errors raised for bad input, before anything reaches a solver."""


class PuzzleFormatError(ValueError):
    """Malformed puzzle input: a wrong length, a stray character, a value out
    of range, a bad clue row. The message names what is wrong and where
    (file line, row, column, value)."""


class InvalidValueError(ValueError):
    """An argument of the right type whose value is not allowed: a time limit
    of 0, a negative count, NaN. The message names the argument and the value."""


class CountIncomplete(Exception):
    """A count cut short, by a time limit or an interrupt (Ctrl-C).

    ``lower_bound``: the solutions found before it stopped (the true count is
    at least this); ``reason``: ``"time limit"`` or ``"interrupted"``. Never
    present ``lower_bound`` as the count.
    """

    def __init__(self, lower_bound: int, reason: str) -> None:
        super().__init__(f"counting stopped ({reason}) after {lower_bound} solutions: "
                         f"the puzzle has at least {lower_bound}")
        self.lower_bound = lower_bound
        self.reason = reason


class PuzzleFileNotFound(PuzzleFormatError, FileNotFoundError):
    """A puzzle given as a file name (``read_puzzle("mine.txt")``) whose file
    does not exist: both a :class:`PuzzleFormatError` (the text is not a
    puzzle) and a ``FileNotFoundError``, with ``filename`` set. The message
    names the file and the folder relative paths start from."""

    def __init__(self, message: str, filename: str) -> None:
        super().__init__(message)
        self.filename = filename

    def __str__(self) -> str:  # the message, not OSError's "[Errno None] None: name"
        return self.args[0]


class LayoutError(PuzzleFormatError):
    """A layout that cannot be: a side out of range, boxes that do not tile
    the grid, a region of the wrong size or with cells outside the grid. The
    message names what is wrong and where."""


class RulesError(PuzzleFormatError):
    """A constraint that cannot be: a cell outside the grid, a region of the
    wrong size, a cage total no digits can reach, a
    thermometer longer than the side, a relation between a cell and itself.
    The message names the constraint and the cells."""


class ModelTooLarge(ValueError):
    """A model too large to build: its estimate passes
    :data:`~sudoku_models.limits.MODEL_BYTES` of memory (refused before its
    build), its build grew past it (stopped there), or a line's expansion
    passes :data:`~sudoku_models.limits.MAX_AUTOMATON_EXPANSION` (``cp``).
    The message names the method, the rules and the size (estimated, or
    reached)."""


class OutputFileError(ValueError):
    """A path a command cannot write to: a directory, a FIFO or device, a
    folder that does not exist, or the file the command reads."""


class UnsolvablePuzzle(ValueError):
    """The clues contradict each other: a value repeated in a house, or (found
    while solving) a cell left without candidates or a value without a place
    in a house. The message names the cell, house and value."""


class UnsupportedRules(ValueError):
    """The puzzle has constraints the human techniques cannot reason about
    (Kropki dots, XV, thermometers, arrows, greater-than, non-consecutive
    and the negative constraints). The message names the kinds."""


class UsageError(ValueError):
    """A command-line value that is not usable (reported in one line, exit 2)."""


class DatasetError(ValueError):
    """A dataset spec that names nothing usable (one line, for the CLI)."""


class RunError(ValueError):
    """A run that cannot start or go on (bad settings, a results file whose
    rows disagree with the datasets, an unreachable cluster): one line."""


def excerpt(text: str, width: int = 40) -> str:
    """``text`` quoted as a message shows a user's value: whole when it is
    at most ``width`` characters, else its start and its length
    (``'((((((...' (2,001 characters)``), so that a message stays one short
    line whatever it is given (line breaks show as ``\\n``)."""
    if len(text) <= width:
        return repr(text)
    return f"{text[:width]!r}... ({len(text):,} characters)"
