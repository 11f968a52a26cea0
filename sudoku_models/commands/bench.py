"""``sudoku-models bench run`` and ``bench report``: methods timed on datasets
into a results file, and the summary and plots of one.

``bench run`` is :func:`~sudoku_models.bench.run_benchmark` with supervised
worker processes (hard time limits) or a Dask cluster; Ctrl-C exits 130 with
a line saying how to resume.
"""

from __future__ import annotations

import argparse

from .. import cores
from .arguments import file_name, key_value, non_negative_int, positive_int, seconds_text, seed
from ..registry import OBJECTIVES, typed_options
from . import register_command
from .common import OneLineErrorParser, say_how_to_resume
from .exits import EXIT_INTERRUPTED, EXIT_OK, UsageError

BENCH_TIME_LIMIT = 10.0  # seconds per puzzle and method when --time-limit is not given
QUICK_PUZZLES = 3
QUICK_TIME_LIMIT = 5.0


def default_workers() -> int:
    """The cores this process may use but one, at least 1: one core stays
    free for the main process and the machine."""
    return max(1, cores.usable() - 1)


def add_parser(commands) -> None:
    """The ``bench`` sub-command and its actions ``run`` and ``report``."""
    from ..bench.datasets import dataset_help

    bench = commands.add_parser(
        "bench", help="time methods on datasets (run) and summarise a results file (report)",
        description="Benchmarks: 'bench run' appends one CSV row per puzzle x method x "
        "repetition and resumes an interrupted run; 'bench report' writes a markdown "
        "summary and plots.",
    )
    actions = bench.add_subparsers(dest="bench_command", required=True, metavar="ACTION",
                                   parser_class=OneLineErrorParser)
    run_parser = actions.add_parser(
        "run", help="run methods x datasets",
        description=f"Datasets: {dataset_help()}. Methods: every registered method "
        "('sudoku-models methods'). Every row carries the run's settings; re-running the same "
        "command skips the rows already written, other settings add their own rows.",
    )
    add_run_arguments(run_parser)
    run_parser.set_defaults(handler=run)
    report = actions.add_parser(
        "report", help="summary.md and plots from a results CSV",
        description="The summary table (summary.md, summary.csv, summary.tex with booktabs) "
        "and figures (PNG at 200 dpi, SVG, PDF) of a results file.")
    report.add_argument("results", type=file_name, help="results CSV of 'bench run'")
    report.add_argument("--out-dir", help="where to write (default: beside the CSV)")
    report.add_argument("--sort", metavar="COLUMN",
                        help="sort the lines of each dataset and order by this column of the "
                        "table, e.g. 'median ms' (default: by method)")
    report.add_argument("--descending", action="store_true", help="sort largest first")
    report.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="the times read: wall seconds, or cpu: the worker's CPU seconds "
                             "(for single-threaded methods, what holds on a shared machine; "
                             "older results files may have none) (default wall)")
    report.add_argument("--reference", metavar="METHOD",
                        help="the method the speed-up column compares with (default: milp)")
    report.set_defaults(handler=report_results)


def add_run_arguments(run_parser: argparse.ArgumentParser) -> None:
    """The options of ``bench run``."""
    run_parser.add_argument(
        "--methods", "--method", "-m", dest="methods",
        help="comma-separated registered methods ('sudoku-models methods'), each with its own "
        "options in brackets if wanted, e.g. milp,milp-alldiff[transformation=hull],"
        "cp[cage=table;rule45=True] (each configuration its own rows and, with --interleave, "
        "its own turn), or all (default milp,cp; all with --quick)")
    run_parser.add_argument("--datasets", default="top95",
                            help="comma-separated specs (default top95)")
    run_parser.add_argument("--sample", type=positive_int,
                            help="puzzles per dataset: a random sample drawn with --seed "
                            "(default: all; required for generated sets)")
    run_parser.add_argument("--first", type=positive_int,
                            help="the first N puzzles of each dataset instead of a sample")
    run_parser.add_argument("--repeat", type=positive_int, default=1,
                            help="rows per puzzle and method")
    run_parser.add_argument("--warmup", type=non_negative_int, default=1,
                            help="untimed solves of a small fixed puzzle before the first timed "
                            "solve of each method configuration in each worker, so that no "
                            "first row carries the solver's set-up (default 1; 0: none)")
    run_parser.add_argument("--time-limit", type=seconds_text, metavar="SECONDS",
                            help="per puzzle and method, model build included (default "
                            f"{BENCH_TIME_LIMIT:g} s unless --cpu-limit is given); a result "
                            "past it is TIME_LIMIT; local workers are stopped from outside "
                            "2 s + 10%% after it")
    run_parser.add_argument("--cpu-limit", type=seconds_text, metavar="SECONDS",
                            help="per puzzle and method, model build included, in CPU seconds "
                            "of the solving worker: the solver is stopped when the worker has "
                            "spent them, so the machine's load lowers no method's budget "
                            "(TIME_LIMIT; the cpu_limit_s column); with --time-limit both apply")
    run_parser.add_argument("--interleave", action="store_true",
                            help="solve each puzzle with every method before the next, the "
                            "methods' order rotated from puzzle to puzzle (one chunk per puzzle "
                            "and method): the run for paired comparisons")
    run_parser.add_argument("--quick", action="store_true",
                            help=f"a first comparison in under a minute: every method on the "
                            f"first {QUICK_PUZZLES} puzzles of each dataset with a "
                            f"{QUICK_TIME_LIMIT:g} s limit (unless --methods, --first or "
                            "--time-limit say otherwise)")
    run_parser.add_argument("--objective", choices=OBJECTIVES, default=OBJECTIVES[0],
                            help=f"objective of the MILP methods (default {OBJECTIVES[0]})")
    run_parser.add_argument("--seed", type=seed, default=0,
                            help="seed of samples and generated sets (0 or more)")
    run_parser.add_argument("--option", action="append", type=key_value, default=[],
                            metavar="KEY=VALUE", dest="options",
                            help="a method option for every chosen method that takes it, e.g. "
                            "clues=units (SAT: a fresh solver per puzzle) or filter=paper; "
                            "repeatable")
    run_parser.add_argument("--solver-seed", type=non_negative_int, default=0, metavar="N",
                            help="random seed of the solvers that take one (HiGHS, SCIP, "
                            "CP-SAT, CaDiCaL), recorded as seed=N in the options column; "
                            "backtracking and matching are deterministic and ignore it "
                            "(default 0)")
    run_parser.add_argument("--seeds", type=positive_int, default=1, metavar="K",
                            help="run each configuration whose solver takes a seed with K seeds "
                            "from --solver-seed on (the solver_seed column): the variability "
                            "a difference between methods must exceed (default 1)")
    run_parser.add_argument("--permutations", type=positive_int, default=1, metavar="K",
                            help="solve each puzzle in K isomorphic copies (rows, bands, columns, "
                            "stacks, transposition, values relabelled, as far as every "
                            "constraint kind allows; copy 0 the puzzle itself; the permutation "
                            "column), each answer moved back and verified against the puzzle "
                            "(default 1: the puzzle alone)")
    run_parser.add_argument("--workers", type=positive_int, default=default_workers(),
                            help="local worker processes, one solver thread and one core each "
                            "(at most one per core; default: the cores but one, at least 1: "
                            "%(default)s here)")
    run_parser.add_argument("--scheduler", metavar="ADDRESS",
                            help="run on an existing Dask cluster (tcp://host:port) instead")
    run_parser.add_argument("--executor", choices=("local", "slurm"), default="local",
                            help="slurm: from a login node, one SLURM job array through "
                            "submitit, a chunk per task; the command waits for the rows "
                            "(default local: --workers processes)")
    run_parser.add_argument("--slurm-partition", metavar="NAME",
                            help="--executor slurm: the partition to submit to")
    run_parser.add_argument("--out", default="results.csv",
                            help="results CSV (default results.csv); a run with other settings "
                            "appends its own rows")
    run_parser.add_argument("--overwrite", action="store_true",
                            help="replace --out instead of appending")


def run(args: argparse.Namespace) -> int:
    """``bench run``."""
    from ..bench.plan import configurations
    from ..bench.runner import RunSpec, methods, run_benchmark
    from ..bench.slurm import slurm_executor
    from ..solving import option_value

    if args.quick:
        args.methods = args.methods or "all"
        args.first = args.first or (None if args.sample else QUICK_PUZZLES)
        args.time_limit = args.time_limit or QUICK_TIME_LIMIT
    methods_ = args.methods or "milp,cp"
    names = list(methods()) if methods_ == "all" else configurations(methods_)
    if args.sample and args.first:
        raise UsageError("--sample and --first exclude each other")
    try:
        outcome = run_benchmark(RunSpec(
            names, [d.strip() for d in args.datasets.split(",") if d.strip()], args.out,
            sample=args.sample, first=args.first, repeat=args.repeat, warmup=args.warmup,
            time_limit=args.time_limit or (None if args.cpu_limit else BENCH_TIME_LIMIT),
            cpu_limit=args.cpu_limit, seed=args.seed,
            workers=args.workers, scheduler=args.scheduler, objective=args.objective,
            solver_seed=args.solver_seed, seeds=args.seeds, permutations=args.permutations,
            options=typed_options({key: option_value(text) for key, text in args.options}),
            overwrite=args.overwrite, interleave=args.interleave,
            slurm=slurm_executor(args.slurm_partition) if args.executor == "slurm" else None))
    except KeyboardInterrupt:
        say_how_to_resume(args.out)
        return EXIT_INTERRUPTED
    print(f"wrote {outcome.written} rows to {args.out} ({len(outcome.keys)} rows in this run)")
    return EXIT_OK


def report_results(args: argparse.Namespace) -> int:
    """``bench report``."""
    from ..bench.report import write_report

    summary = write_report(args.results, args.out_dir, sort_by=args.sort,
                           reference=args.reference, descending=args.descending,
                           clock=args.clock)
    print(summary.read_text())
    print(f"wrote {summary}")
    return EXIT_OK


register_command("bench", add_parser)
