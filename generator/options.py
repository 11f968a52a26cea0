"""The generator's options that its command line needs before any compiled
code loads: symmetries, difficulty levels, the default time limit."""

SYMMETRIES = ("rotational", "mirror", "diagonal")
LEVELS = ("easy", "medium", "hard", "expert", "needs search")  # sudoku_models.logic's scale
DEFAULT_TIME_LIMIT = 60.0  # seconds: every generation ends
