"""The MILP given a fair chance (issue 21): HiGHS as shipped, HiGHS with its
LP relaxations by the interior point method without crossover
(``mip_lp_solver=ipm``; ``solver=ipm`` is ignored for a MIP), and SCIP, on hole instances at
and off the hard region of orders 5 (where the MILP must search) and 6
(where the LP relaxation itself is the obstacle), one thread each, with
CP-SAT (``cp``) on the same instances in the same run.

Each run gets 300 s, model build included; the outcomes at 10 s and 60 s
are read off the same run (a run that solved within 10 s would have solved
under a 10 s limit: one thread, the solver's path does not depend on the
limit), so the three limits of the issue cost one run. Every MILP row
carries the detailed statistics (``stats=detailed``: presolved size, root
LP time and iterations, root bound, time to the first solution, B&B nodes,
LP iterations) where the results schema has columns for them. The four
configurations are interleaved instance by instance (one worker pinned to
a core, their order rotated), and every row has the worker's CPU seconds,
the load at its start and its core: the CP-SAT and MILP times of an
instance are a pair from one run.

Usage (about 60 min on one core at worst: 5 instances x 4 configurations
x 300 s, most of them far shorter; ``--budget-minutes`` stops a run that the
same command resumes)::

    python -m benchmarks.milp_sweep run
    python -m benchmarks.milp_sweep report

Results: ``benchmarks/milp_sweep/results/runs.csv`` (with ``chunks.jsonl``
and ``load.csv``); needs the ``solver_options`` and ``stats`` options of the
MILP methods and SCIP (``pip install -e ".[scip]"``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.studykit.benchtools import study_main

HERE = Path(__file__).resolve().parent
OUT = HERE / "results"
LIMIT = 300.0
LIMITS = (10.0, 60.0, 300.0)
# (dataset, instances): the first ones of each dataset (the same instances as the grids),
# in the order they run: the contested instances of issue 21 first (order 5 at the peak:
# the search; order 6 at 0.8: the LP), then one off the peak at order 5 and the peak of
# order 6
INSTANCES = [("holes:5:0.55:balanced", 1), ("holes:6:0.8:random", 1),
             ("holes:5:0.8:balanced", 1), ("holes:6:0.5:balanced", 1),
             ("holes:5:0.6:random", 1)]
CONFIGS = {
    "HiGHS default": {"stats": "detailed"},
    # HiGHS ignores solver=ipm for a MIP ("Solver "ipm" is not available for MIP"); its
    # LP relaxations take the interior point method through mip_lp_solver
    "HiGHS IPM LP, no crossover": {"stats": "detailed",
                                   "solver_options": "mip_lp_solver=ipm,run_crossover=off"},
    "SCIP": {"stats": "detailed", "solver": "scip"},
}


METHODS = [f"milp[{';'.join(f'{key}={value}' for key, value in options.items())}]"
           for options in CONFIGS.values()] + ["cp"]
"""The run's configurations (runner specs): the three MILP ones, then CP-SAT."""


def run(out: Path, budget_minutes: float) -> None:
    import time

    from benchmarks.studykit.runs import StudyChunk, run_study_chunk

    deadline = time.monotonic() + 60 * budget_minutes
    for dataset, count in INSTANCES:
        left = deadline - time.monotonic()
        if left <= 0:
            return
        chunk = StudyChunk(f"milp sweep {dataset}", METHODS, [dataset], count, LIMIT)
        if run_study_chunk(chunk, out / "runs.csv", left)["stopped"]:
            return


def report(out: Path) -> str:
    from benchmarks.milp_sweep.tables import sweep_table

    return sweep_table(out / "runs.csv")


def main(argv=None) -> int:
    return study_main(__doc__, OUT, run, report, argv)

if __name__ == "__main__":
    sys.exit(main())
