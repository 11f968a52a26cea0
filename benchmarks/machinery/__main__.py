"""What does the toolkit's own machinery cost? ``python -m benchmarks.machinery STEP``."""

import sys

from benchmarks.studykit.steps import run_step

STEPS = {
    "overhead": ("overhead", "Pyomo and CP-SAT against hand-written baselines"),
    "batch": ("batch_vs_rebuild", "batch mode against rebuilding every model"),
    "solve-file": ("solve_file_speed", "solve --file against a raw highspy script"),
    "before-after": ("before_after", "the same methods under two revisions, interleaved"),
}

if __name__ == "__main__":
    sys.exit(run_step("benchmarks.machinery", STEPS))
