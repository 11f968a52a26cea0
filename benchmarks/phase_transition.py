"""The hardness peak of Sudoku with holes, MILP vs CP vs SAT vs search (issue 14).

Three steps, each resumable (re-running skips the rows already written):

``grid``
    Every method on ``holes:ORDER:FRACTION:PATTERN`` instances (random full
    grids with that share of cells emptied; ``random`` and ``balanced``
    patterns) for orders 3 to 6 over a grid of hole fractions, one time limit
    for all, into ``runs.csv``. Sized for a few hours on a 2-core machine:
    the expensive points are the time-outs near the peak, so the sample
    shrinks with the order (see ``GRID``).
``tails``
    At the peak of orders 5 and 6 (the fraction and pattern with the highest
    median time over all methods), the hardest instances that some method
    solved (highest median time over methods; see
    :func:`~sudoku_models.studies.phase.hardest_at_peak`) are written to
    ``peak_hardest.txt`` and re-run with
    ``--solver-seed 1..SEEDS`` for the methods whose solver takes a seed
    (HiGHS, CP-SAT, CaDiCaL), into ``tails.csv``: run-time distributions
    over seeds, for the survival plot.
``report``
    Tables and figures into ``benchmarks/results/phase_transition/``
    (:mod:`sudoku_models.studies.phase`).

Usage (from the repository root; about 45 min for ``grid`` and 20 min for
``tails`` with 2 workers)::

    python benchmarks/phase_transition.py grid --workers 2
    python benchmarks/phase_transition.py tails --workers 2
    python benchmarks/phase_transition.py report

``--small`` runs a few seconds' version (orders 3 and 4, three fractions,
two puzzles) into another folder, for a smoke test of the pipeline.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sudoku_models.bench import run_benchmark

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "phase_transition"
METHODS = ["backtracking", "cp", "cp-bool", "sat-extended", "sat-minimal", "matching", "milp"]
SEEDED = ["cp", "cp-bool", "sat-extended", "sat-minimal", "milp"]
PATTERNS = ["random", "balanced"]
TIME_LIMIT = 10.0  # seconds per puzzle and method, model build included
# SAT with a fresh solver per puzzle (clues as unit clauses), as CP-SAT and
# HiGHS get: the default (one solver, clues as assumptions) suits batches of
# easy 9x9 puzzles and times out on hard instances that units solve at once.
OPTIONS = {"clues": "units"}
SEEDS = 10
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
        ["backtracking", "cp", "sat-extended"], 75),
    6: ([0.35, 0.4, 0.45, 0.475, 0.5, 0.525, 0.55, 0.575, 0.6, 0.65, 0.7], 10,
        ["backtracking", "cp"], 80),
}


def datasets(order: int, fractions) -> list[str]:
    """The dataset specs of one order, easy fractions first (models are built
    on easy puzzles)."""
    return [f"holes:{order}:{fraction:g}:{pattern}" for fraction in fractions
            for pattern in PATTERNS]


def run_grid(out_dir: Path, grid: dict, workers: int, time_limit: float) -> None:
    for order, (fractions, sample) in grid.items():
        print(f"order {order}: {len(fractions)} fractions x {len(PATTERNS)} patterns x "
              f"{sample} puzzles x {len(METHODS)} methods", file=sys.stderr)
        run_benchmark(METHODS, datasets(order, fractions), out_dir / "runs.csv", sample=sample,
                      time_limit=time_limit, workers=workers, warmup=0, options=OPTIONS)


def effort_chunk(order: int, time_limit: float = TIME_LIMIT):
    """The effort grid of one order as a study chunk."""
    from sudoku_models.studies.runs import Chunk

    fractions, sample, methods, minutes = EFFORT_GRID[order]
    specs = [f"holes:{order}:{fraction:g}:{pattern}" for fraction in fractions
             for pattern in ALL_PATTERNS]
    return Chunk(f"effort order {order}", list(methods), specs, sample, time_limit,
                 options=OPTIONS, estimate_s=60 * minutes)


def run_tails(out_dir: Path, orders, workers: int, time_limit: float, seeds: int,
              hardest: int) -> None:
    from sudoku_models.studies.phase import hardest_at_peak, load_phase_results

    frame = load_phase_results(out_dir / "runs.csv")
    # in the datasets' order: one line per instance whatever the ties of the ranking
    puzzles = hardest_at_peak(frame, orders, hardest).sort_values(["order", "index"])
    path = out_dir / "peak_hardest.txt"
    path.write_text("".join(f"{line}\n" for line in puzzles["puzzle_line"]))
    puzzles.drop(columns="puzzle_line").to_csv(out_dir / "peak_hardest.csv", index=False)
    print(f"{len(puzzles)} instances in {path}", file=sys.stderr)
    for seed in range(1, seeds + 1):
        run_benchmark(SEEDED, [str(path.relative_to(Path.cwd()) if path.is_relative_to(
            Path.cwd()) else path)], out_dir / "tails.csv", time_limit=time_limit,
            workers=workers, warmup=0, solver_seed=seed, options=OPTIONS)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=("grid", "effort", "tails", "report"))
    parser.add_argument("--order", type=int, choices=sorted(EFFORT_GRID),
                        help="effort: the order to run")
    parser.add_argument("--budget-minutes", type=float, default=120,
                        help="effort: stop the chunk after this wall time (resume by re-running)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT)
    parser.add_argument("--seeds", type=int, default=SEEDS, help="solver seeds per instance")
    parser.add_argument("--hardest", type=int, default=3,
                        help="instances per order re-run with every seed")
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
        from sudoku_models.studies.runs import run_chunk

        if args.order is None:
            parser.error("effort needs --order")
        print(run_chunk(effort_chunk(args.order, args.time_limit), out_dir / "effort_grid.csv",
                        60 * args.budget_minutes, workers=args.workers))
    elif args.step == "tails":
        run_tails(out_dir, [max(grid)] if args.small else [5, 6], args.workers,
                  args.time_limit, args.seeds, args.hardest)
    else:
        from sudoku_models.studies.phase import write_phase_report

        summary = write_phase_report(out_dir)
        print(summary.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
