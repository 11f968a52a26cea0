"""The generator's options that its command line needs before any compiled
code loads: symmetries, difficulty levels, the default time limit."""

from sudoku_models.logic.ladder import LEVELS  # noqa: F401  (the rater's scale, defined there)

SYMMETRIES = ("rotational", "mirror", "diagonal")
DEFAULT_TIME_LIMIT = 60.0  # seconds: every generation ends
