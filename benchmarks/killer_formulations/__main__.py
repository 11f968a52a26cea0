"""Killer cages in a MILP, one sum row or the cage's digit sets:
``python -m benchmarks.killer_formulations [--seed N] [--table CSV]`` (see run.py)."""

import sys

from benchmarks.killer_formulations.run import main

if __name__ == "__main__":
    sys.exit(main())
