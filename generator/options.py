"""The generator's options that its command line needs before any compiled
code loads: symmetries, difficulty levels, the default time limit."""


SYMMETRIES = ("rotational", "mirror", "diagonal")
from sudoku_models.logic.rating import LEVELS  # the rater's scale, defined once there
DEFAULT_TIME_LIMIT = 60.0  # seconds: every generation ends
