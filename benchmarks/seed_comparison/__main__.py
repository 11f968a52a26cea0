"""The Engee/JuMP seed's own comparison (issue 21): its binary MILP against
its AllDifferent model, both solved by HiGHS, as seed 003 ran them.

In seed 003 both models go to HiGHS: the AllDifferent model is bridged to a
MILP by JuMP. Here the binary model is ``milp`` (Pyomo, HiGHS) and the
AllDifferent model ``milp-alldiff`` (integer cells, all-different as
pairwise disjunctions, Pyomo GDP, big-M or hull, HiGHS). Both run on the
same instances, one thread, one time limit with the model build inside it,
at orders 2 to 5, on instances decided at the root (``order:N``, 60% of the
cells given, and 25-clue 9x9 puzzles like the seed's) and on hole
instances off and at the hard region (balanced holes). A model moves on to
the next order only while it solved something within the limit at this
one ("until each stops within the limit"). The three models run as three
configurations of one interleaved run per order (``milp``,
``milp-alldiff``, ``milp-alldiff[transformation=hull]``; one worker, the
order rotated from instance to instance), so every ratio pairs CPU
seconds of one run.

Steps (each resumable; the same command again writes only missing rows)::

    python -m benchmarks.seed_comparison run        # about 1 hour on one core
    python -m benchmarks.seed_comparison report     # tables (benchmarks/README.md) and figure
    python -m benchmarks.seed_comparison builds     # build times and model sizes per order

Results: ``benchmarks/seed_comparison/results/runs.csv`` with ``chunks.jsonl``
and ``load.csv`` beside it (:mod:`benchmarks.studykit.runs`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.studykit.benchtools import study_main

HERE = Path(__file__).resolve().parent
OUT = HERE / "results"
TIME_LIMIT = 60.0  # seconds per instance and model, build included
SAMPLE = 5  # instances per dataset
DATASETS = {
    2: ["order:2", "holes:2:0.5:balanced", "holes:2:0.7:balanced"],
    3: ["order:3", "gen:25", "holes:3:0.5:balanced", "holes:3:0.8:balanced"],
    4: ["order:4", "holes:4:0.5:balanced", "holes:4:0.7:balanced", "holes:4:0.8:balanced"],
    5: ["order:5", "holes:5:0.45:balanced", "holes:5:0.55:balanced", "holes:5:0.8:balanced"],
}
MODELS = {"big-M": "milp-alldiff", "hull": "milp-alldiff[transformation=hull]"}
"""The AllDifferent models as runner configurations (``bigm`` is
``milp-alldiff``'s default transformation)."""


def chunk(order: int, models):
    """The study chunk of one order: ``milp`` and each of ``models`` (keys
    of :data:`MODELS`) interleaved per instance in one run, the order of
    the three rotated from instance to instance."""
    from benchmarks.studykit.runs import StudyChunk

    return StudyChunk(f"seed order {order}", ["milp", *(MODELS[m] for m in models)],
                      DATASETS[order], SAMPLE, TIME_LIMIT)


def still_solving(out: Path, order: int) -> set[str]:
    """The milp-alldiff models ("big-M", "hull") that solved at least one
    instance of ``order`` within the limit (all of them before any run)."""
    from benchmarks.seed_comparison.analysis import load_seed_results

    if not (out / "runs.csv").exists():
        return set(MODELS)
    frame = load_seed_results(out / "runs.csv")
    rows = frame[(frame["order"] == order) & (frame["model"] != "milp")]
    return {model for model in MODELS if rows[rows["model"] == model]["solved"].any()}


def run(out: Path, budget_minutes: float) -> None:
    from benchmarks.studykit.runs import run_study_chunk

    alive = set(MODELS)
    for order in sorted(DATASETS):
        if not alive:
            print(f"order {order}: milp-alldiff solved nothing within the limit at order "
                  f"{order - 1}; milp alone", file=sys.stderr)
        end = run_study_chunk(chunk(order, sorted(alive)), out / "runs.csv", 60 * budget_minutes)
        print(end, file=sys.stderr)
        if end["stopped"]:
            return
        alive &= still_solving(out, order)


def report(out: Path) -> str:
    from benchmarks.seed_comparison.analysis import write_seed_report

    return write_seed_report(out).read_text()


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["builds"]:  # build times and model sizes (benchmarks.seed_comparison.builds)
        from benchmarks.seed_comparison.builds import main as builds

        return builds(argv[1:])
    return study_main(__doc__, OUT, run, report, argv)

if __name__ == "__main__":
    sys.exit(main())
