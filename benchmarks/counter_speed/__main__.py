"""How fast are the counter and the generator? ``python -m benchmarks.counter_speed STEP``."""

import sys

from benchmarks.studykit.steps import run_step

STEPS = {
    "tdoku-columns": ("tdoku_columns", "the 9x9 kernel beside tdoku in tdoku's columns, per core"),
    "minimal": ("minimal_vs_tdoku", "minimal 9x9 puzzles against tdoku's minimiser"),
    "batch-split": ("batch_split", "small batches: the calling thread against the pool"),
    "vs-tdoku": ("vs_tdoku", "the earlier race against tdoku, per core and every core"),
    "vs-qqwing": ("vs_qqwing", "counter and generator against QQWing's whole process"),
    "generation": ("generation_speed", "generation speed by level, low clues, minimal puzzles"),
    "grid-count": ("grid_count_speed", "counting every grid per layout and method"),
    "core-ab": ("core_ab", "before/after of a change to the search core (fingerprints, timings)"),
    "config-branching": ("config_branching", "tdoku's guess unit on our state"),
}

if __name__ == "__main__":
    sys.exit(run_step("benchmarks.counter_speed", STEPS))
