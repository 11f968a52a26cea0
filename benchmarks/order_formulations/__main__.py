"""Thermometers and arrows in every paradigm, the binary MILP's two forms of
each side by side: ``python -m benchmarks.order_formulations [--kind thermo|arrow]
[--cpu-limit 10] [--table CSV ...]`` (see run.py); the collections:
``python -m benchmarks.order_formulations.collection``."""

import sys

from benchmarks.order_formulations.run import main

if __name__ == "__main__":
    sys.exit(main())
