"""Against the Interactive Sudoku Solver (sigh/Interactive-Sudoku-Solver, MIT):
``python -m benchmarks.interactive_solver STEP``. Its puzzles are
downloaded by each step into a temporary folder at run time, never kept."""

import sys

from benchmarks.studykit.steps import run_step

STEPS = {
    "tarek-killers": ("tarek_killers", "TAREK's 42 hard killers: the counter's cage rules "
                                       "(and the solver itself with --iss)"),
    "thermo-snipes": ("thermo_snipes", "its hard thermometer snipes and 16x16 X and windoku "
                                       "examples: the counter's search before and after "
                                       "(--iss: the solver itself)"),
    "race": ("race", "the counter beside the solver on each of its collections, counting to "
                     "two as a user pays for it (--iss DIR --set tarek,hs,...)"),
    "read-and-solve": ("read_and_solve", "its example and collection puzzles: read, solved, "
                                         "right, unique"),
}

if __name__ == "__main__":
    sys.exit(run_step("benchmarks.interactive_solver", STEPS))
