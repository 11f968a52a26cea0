"""The hardness peak of Sudoku with holes, MILP vs CP vs SAT vs search
(issues 14 and 21). Steps, each resumable (re-running writes only the rows
still missing; a budget stops a chunk, the same command resumes it):

``grid``
    The issue-14 grid: seven methods on ``holes:ORDER:FRACTION:PATTERN``
    (random and balanced holes) at orders 3 to 6, 10 s per instance and
    method, the methods interleaved per instance, into ``runs.csv``
    (recorded with one worker pinned to a core).
``effort --order N``
    The effort grid of issue 21 (``EFFORT_GRID``): finer steps around the
    hard region, all three patterns, more instances, one worker, methods
    interleaved per instance, into ``effort_grid.csv``; the load average is
    sampled into ``load.csv`` and every chunk logged in ``chunks.jsonl``.
``paired``
    HiGHS (``milp``) against CP-SAT (``cp``) on the issue-14 grid's
    instances of orders 5 and 6 (``PAIRED``), the two methods interleaved per
    instance in one run (``--workers 2``: one worker per core), into
    ``paired.csv``; the paired table reads its CPU seconds (issue 31).
``tails``
    Run-time tails (``TAILS``): instances chosen from the grids as hard for
    one method (and one off the peak), re-run under ``--seeds`` solver seeds
    with a 100 s cap, into ``tails50.csv``
    (:mod:`benchmarks.phase_transition.tails`).
``report``
    ``summary.md`` and the figures into the results folder
    (:mod:`benchmarks.phase_transition.analysis`).

Usage (from the repository root)::

    python -m benchmarks.phase_transition grid                 # about 80 min on one core
    python -m benchmarks.phase_transition effort --order 4     # about 30 min (16 with --workers 2)
    python -m benchmarks.phase_transition effort --order 5     # about 10 min
    python -m benchmarks.phase_transition effort --order 6     # about 70 min
    python -m benchmarks.phase_transition paired --workers 1   # about 20 min
    python -m benchmarks.phase_transition tails                # about 45 min
    python -m benchmarks.phase_transition report

``--small`` runs a few seconds' version of ``grid`` (orders 3 and 4, three
fractions, two puzzles) into another folder, for a smoke test.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sudoku_models.bench import RunSpec, run_benchmark

HERE = Path(__file__).resolve().parent
OUT = HERE / "results"
METHODS = ["backtracking", "cp", "cp-bool", "sat-extended", "sat-minimal", "matching", "milp"]
PATTERNS = ["random", "balanced"]
TIME_LIMIT = 10.0  # seconds per puzzle and method, model build included
# SAT with a fresh solver per puzzle (clues as unit clauses), as CP-SAT and
# HiGHS get: the default (one solver, clues as assumptions) suits batches of
# easy 9x9 puzzles and times out on hard instances that units solve at once.
OPTIONS = {"clues": "units"}


def options_for(methods) -> dict:
    """The entries of ``OPTIONS`` that one of ``methods`` takes (the runner
    refuses an option no chosen method takes)."""
    from sudoku_models.registry import METHODS

    return {key: value for key, value in OPTIONS.items()
            if any(key in METHODS[m].options for m in methods)}
# order: (hole fractions, puzzles per point); denser near the peak seen in a pilot
GRID = {
    3: ([0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], 10),
    4: ([0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8], 10),
    5: ([0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8], 6),
    6: ([0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.8], 5),
}
SMALL_GRID = {3: ([0.3, 0.6, 0.8], 2), 4: ([0.3, 0.6, 0.8], 2)}

# The effort grid (issue 21): finer steps around the hard region, all three
# patterns, methods interleaved per instance, one worker; the effort counts
# (branch nodes, conflicts, decisions) are the evidence, times are paired.
# order: (fractions, instances per point, methods, planned minutes)
ALL_PATTERNS = ["random", "balanced", "doubly-balanced"]
EFFORT_GRID = {
    4: ([0.5, 0.6, 0.65, 0.675, 0.7, 0.725, 0.75, 0.775, 0.8, 0.85, 0.9], 20, METHODS, 25),
    5: ([0.4, 0.45, 0.5, 0.525, 0.55, 0.575, 0.6, 0.625, 0.65, 0.7, 0.75], 20,
        ["cp", "sat-extended"], 40),
    6: ([0.35, 0.4, 0.45, 0.475, 0.5, 0.525, 0.55, 0.575, 0.6, 0.65, 0.7], 10,
        ["backtracking", "cp"], 80),
}
# The counter is left out at order 5 by the budget: it is censored at 10 s over
# the whole hard region (each instance costs the full limit); its order-5
# effort comes from the issue-14 grid (random and balanced, 6 instances).


def datasets(order: int, fractions) -> list[str]:
    """The dataset specs of one order, easy fractions first (models are built
    on easy puzzles)."""
    return [f"holes:{order}:{fraction:g}:{pattern}" for fraction in fractions
            for pattern in PATTERNS]


def run_grid(out_dir: Path, grid: dict, workers: int, time_limit: float) -> None:
    for order, (fractions, sample) in grid.items():
        print(f"order {order}: {len(fractions)} fractions x {len(PATTERNS)} patterns x "
              f"{sample} puzzles x {len(METHODS)} methods", file=sys.stderr)
        run_benchmark(RunSpec(METHODS, datasets(order, fractions), out_dir / "runs.csv", sample=sample,
                      time_limit=time_limit, workers=workers, warmup=0, options=OPTIONS,
                      interleave=True))


PAIRED = ["milp", "cp"]
PAIRED_ORDERS = (5, 6)


def paired_chunks(time_limit: float = TIME_LIMIT):
    """The paired run (issue 31) as study chunks, one per order: ``PAIRED``
    on the issue-14 grid's points and instances (same sample and seed, so
    the same puzzles) of ``PAIRED_ORDERS``."""
    from benchmarks.studykit.runs import StudyChunk

    return [StudyChunk(f"paired {' '.join(PAIRED)} order {order}", PAIRED,
                       datasets(order, GRID[order][0]), GRID[order][1], time_limit,
                       options=options_for(PAIRED), estimate_s=60 * 8)
            for order in PAIRED_ORDERS]


PEAK_GUESS = {4: 0.7, 5: 0.575, 6: 0.5}  # from the issue-14 grid: the run order, not a result


def effort_chunk(order: int, time_limit: float = TIME_LIMIT):
    """The effort grid of one order as a study chunk."""
    from benchmarks.studykit.runs import StudyChunk

    fractions, sample, methods, minutes = EFFORT_GRID[order]
    # nearest the expected peak first: a chunk stopped by its budget leaves the
    # peak region complete and the flanks to the issue-14 grid's instances
    centre = PEAK_GUESS[order]
    specs = [f"holes:{order}:{fraction:g}:{pattern}"
             for fraction in sorted(fractions, key=lambda f: (abs(f - centre), f))
             for pattern in ALL_PATTERNS]
    return StudyChunk(f"effort order {order}", list(methods), specs, sample, time_limit,
                 options=options_for(methods), estimate_s=60 * minutes)


TAIL_SEEDS = 50
TAIL_CAP = 100.0  # seconds: the cap of the tail study, build included
# method: (order, fractions on the peak, fraction off it); instances the
# method solved in the grid, the hardest by its effort (on) and the median (off)
TAILS = {"cp": (6, [0.5, 0.525, 0.55], 0.7), "sat-extended": (5, [0.55, 0.575], 0.7)}


def tail_instances(frame, method: str, order: int, on, off, hardest: int = 2):
    """Lines of a puzzle file: the ``hardest`` instances ``method`` solved
    at the ``on`` fractions (by its effort) and the median one at ``off``,
    regenerated from their dataset specs and checked against the recorded
    hashes."""
    from sudoku_models.bench import load_dataset
    from sudoku_models.records.rows import puzzle_hash

    rows = frame[(frame["method"] == method) & (frame["order"] == order) & frame["solved"]]
    on_rows = rows[rows["fraction"].isin(on)].sort_values("effort", ascending=False)
    off_rows = rows[rows["fraction"] == off].sort_values("effort")
    picked = list(on_rows.head(hardest).itertuples())
    if len(off_rows):
        picked.append(list(off_rows.itertuples())[len(off_rows) // 2])
    lines = []
    for row in picked:
        # the largest sample drawn of this point: an instance is fixed by its
        # spec and index, and the grids drew 5, 6, 10 or 20 of a point
        sample = int(frame.loc[frame["dataset"] == row.dataset, "sample"].max())
        puzzle = dict(load_dataset(row.dataset, sample, 0))[int(row.index)]
        if puzzle_hash(puzzle) != row.puzzle_hash:
            raise SystemExit(f"{row.dataset} #{row.index}: regenerated puzzle differs")
        lines.append(puzzle.to_string())
    return lines


def run_tails(out_dir: Path, seeds: int, cap: float, budget_minutes: float) -> None:
    """The tail study: each method of ``TAILS`` on its instances under
    solver seeds 1..``seeds``, one chunk per seed, into ``tails50.csv``."""
    import time

    from benchmarks.phase_transition.analysis import load_phase_results
    from benchmarks.studykit.runs import StudyChunk, run_study_chunk

    frame = load_phase_results(*[out_dir / n for n in ("runs.csv", "effort_grid.csv")
                                 if (out_dir / n).exists()])
    deadline = time.monotonic() + 60 * budget_minutes
    specs = {}
    for method, (order, on, off) in TAILS.items():
        path = out_dir / f"tails_{method}.txt"
        if not path.exists():  # chosen once: a resumed run keeps its instances
            path.write_text("".join(f"{line}\n" for line in
                                    tail_instances(frame, method, order, on, off)))
        specs[method] = str(path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd())
                            else path)
    # seed by seed, the methods in turn: a budget that stops the study leaves
    # every method with the same seeds, never one method with all and one none
    for seed in range(1, seeds + 1):
        for method, spec in specs.items():
            left = deadline - time.monotonic()
            if left <= 0:
                return
            chunk = StudyChunk(f"tails {method} seed {seed}", [method], [spec], None, cap,
                          options=options_for([method]), solver_seed=seed)
            if run_study_chunk(chunk, out_dir / "tails50.csv", left, progress=False)["stopped"]:
                return


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=("grid", "effort", "paired", "tails", "report"))
    parser.add_argument("--order", type=int, choices=sorted(EFFORT_GRID),
                        help="effort: the order to run")
    parser.add_argument("--budget-minutes", type=float, default=120,
                        help="effort: stop the chunk after this wall time (resume by re-running)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT)
    parser.add_argument("--seeds", type=int, default=TAIL_SEEDS,
                        help="tails: solver seeds per instance")
    parser.add_argument("--small", action="store_true",
                        help="a few seconds' version into --out (default phase_transition_small)")
    parser.add_argument("--out", type=Path, help=f"results folder (default {OUT})")
    args = parser.parse_args(argv)
    out_dir = args.out or (OUT.with_name("phase_transition_small") if args.small else OUT)
    out_dir.mkdir(parents=True, exist_ok=True)
    grid = SMALL_GRID if args.small else GRID
    if args.step == "grid":
        run_grid(out_dir, grid, args.workers, args.time_limit)
    elif args.step == "effort":
        from benchmarks.studykit.runs import run_study_chunk

        if args.order is None:
            parser.error("effort needs --order")
        print(run_study_chunk(effort_chunk(args.order, args.time_limit), out_dir / "effort_grid.csv",
                        60 * args.budget_minutes, workers=args.workers))
    elif args.step == "paired":
        from benchmarks.studykit.runs import run_study_chunk

        for chunk in paired_chunks(args.time_limit):
            if run_study_chunk(chunk, out_dir / "paired.csv", 60 * args.budget_minutes,
                               workers=args.workers)["stopped"]:
                break
    elif args.step == "tails":
        run_tails(out_dir, args.seeds, TAIL_CAP, args.budget_minutes)
    else:
        from benchmarks.phase_transition.analysis import write_phase_report

        print(write_phase_report(out_dir).read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
