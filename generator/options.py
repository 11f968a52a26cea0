"""The generator's options that its command line needs before any compiled
code loads: symmetries, difficulty levels, the default time limit."""

from sudoku_models.registry import LEVELS  # noqa: F401  (the rater's levels, named there)

SYMMETRIES = ("rotational", "mirror", "diagonal")
DEFAULT_TIME_LIMIT = 60.0  # seconds: every generation ends
