"""Which formulation is stronger, and where? ``python -m benchmarks.formulation_strength STEP``.

The recorded runs of this question are ``sudoku-models bench run`` files
(their commands are in this folder's README); ``sizes`` rewrites the model
size table of docs/reference.md; ``counting`` records the counts of the
empty 4x4 grid."""

import sys

from benchmarks.studykit.steps import run_step

STEPS = {
    "sizes": ("model_sizes", "the model-size table of docs/reference.md (--write to rewrite it)"),
    "paired": ("paired_runs", "the paired runs, each one interleaved run: top95 (every "
                              "method), seventeen (a 17-clue sample)"),
    "counting": ("counting", "the 288 solutions of the empty 4x4 grid counted by each "
                             "paradigm (results/counting_empty4x4.csv)"),
}

if __name__ == "__main__":
    sys.exit(run_step("benchmarks.formulation_strength", STEPS))
