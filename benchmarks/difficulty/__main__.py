"""How does human difficulty relate to solver effort? ``python -m benchmarks.difficulty STEP``."""

import sys

from benchmarks.studykit.steps import run_step

STEPS = {
    "effort": ("difficulty_effort", "human difficulty against every solver's effort"),
    "qqwing": ("rating_vs_qqwing", "our difficulty rating against QQWing's"),
    "by-level": ("by_level", "generation by difficulty, checked by our rater and QQWing"),
    "se-ratings": ("se_ratings", "every puzzle of top95, top1465, 17clue on the SE scale"),
    "se-effort": ("se_effort", "SE rating against solver effort, within each collection"),
    "matching": ("matching_share", "the share of puzzles matching's deduction solves"),
}

if __name__ == "__main__":
    sys.exit(run_step("benchmarks.difficulty", STEPS))
