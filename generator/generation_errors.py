"""Errors of the generator: requests it cannot meet and bad arguments, each a
``ValueError`` whose message names what is wrong (the CLI prints it in one
line, exit 2)."""


class GenerationError(ValueError):
    """An impossible request (fewer clues than any unique puzzle of that
    order has, a count the symmetry cannot place, more clues than cells, an
    unknown option) or a target not reached within the time limit (the
    message names what was reached)."""


class SeedError(ValueError):
    """A seed that is neither None, a whole number >= 0 nor a
    ``numpy.random.Generator``."""


class HolesError(ValueError):
    """A bad order, fraction, pattern, count or seed for :func:`holes_puzzle`."""
