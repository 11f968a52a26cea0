"""Killer cages in every paradigm, each way the toolkit writes them, paired:
``python -m benchmarks.killer_formulations [--forms ...] [--table CSV]`` (see run.py)."""

import sys

from benchmarks.killer_formulations.run import main

if __name__ == "__main__":
    sys.exit(main())
