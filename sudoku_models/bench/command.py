"""The benchmark commands behind the CLI: ``bench run``, ``bench report`` and
``solve --file`` (the one-dataset, one-repetition case of ``bench run``).

Each handler returns the exit code: 0 done, 1 a solver returned a grid that
failed verification, 2 bad input or a run that cannot go on (one line on
standard error), 130 interrupted (one line saying how to resume). Nothing
heavy is imported before a handler runs.
"""

from __future__ import annotations

import argparse
import errno
import os
import shlex
import sys

from ..arguments import non_negative_int, positive_int, seconds, seed
from ..stoppable import EXIT_INTERRUPTED

EXIT_BAD_INPUT = 2


def _key_value(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value.strip()


def add_run_arguments(run: argparse.ArgumentParser) -> None:
    """The options of ``bench run``."""
    run.add_argument("--methods", "--method", "-m", dest="methods", default="milp,cp",
                     help="comma-separated registered methods ('sudoku-models methods'), or all "
                     "(default milp,cp)")
    run.add_argument("--datasets", default="top95", help="comma-separated specs (default top95)")
    run.add_argument("--sample", type=positive_int, help="puzzles per dataset: a random sample "
                     "drawn with --seed (default: all; required for generated sets)")
    run.add_argument("--first", type=positive_int, help="the first N puzzles of each dataset "
                     "instead of a sample")
    run.add_argument("--repeat", type=positive_int, default=1, help="rows per puzzle and method")
    run.add_argument("--warmup", type=non_negative_int, default=1,
                     help="untimed solves per chunk (default 1)")
    run.add_argument("--time-limit", type=seconds, metavar="SECONDS",
                     help="per puzzle and method, model build included; local workers are "
                     "stopped from outside 2 s + 10%% after it")
    run.add_argument("--objective", choices=("feasibility", "tiebreak"), default="feasibility",
                     help="objective of the MILP methods (default feasibility)")
    run.add_argument("--seed", type=seed, default=0,
                     help="seed of samples and generated sets (0 or more)")
    run.add_argument("--option", action="append", type=_key_value, default=[],
                     metavar="KEY=VALUE", dest="options",
                     help="a method option for every chosen method that takes it, e.g. "
                     "clues=units (SAT: a fresh solver per puzzle) or filter=paper; repeatable")
    run.add_argument("--solver-seed", type=non_negative_int, default=0, metavar="N",
                     help="random seed of the solvers that take one (HiGHS, SCIP, CP-SAT, "
                     "CaDiCaL), recorded as seed=N in the options column; backtracking and "
                     "matching are deterministic and ignore it (default 0)")
    run.add_argument("--workers", type=positive_int, default=1,
                     help="local worker processes, one solver thread each (default 1)")
    run.add_argument("--scheduler", metavar="ADDRESS",
                     help="run on an existing Dask cluster (tcp://host:port) instead")
    run.add_argument("--out", default="results.csv", help="results CSV (default results.csv); "
                     "a run with other settings appends its own rows")
    run.add_argument("--overwrite", action="store_true", help="replace --out instead of appending")


def _fail(exc) -> int:
    print(f"sudoku-models: error: {exc}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _run(out, run) -> tuple[object, int | None]:
    """Call ``run()``; map its failures to one line and an exit code."""
    try:
        return run(), None
    except KeyboardInterrupt:
        command = shlex.join(["sudoku-models", *sys.argv[1:]]) if sys.argv[1:] else "the command"
        print(f"sudoku-models: interrupted; rows written so far are in {out}: run {command} "
              f"again to resume", file=sys.stderr)
        return None, EXIT_INTERRUPTED
    except OSError as exc:
        return None, _fail(f"{exc.filename or out}: {exc.strerror or exc}")
    except ValueError as exc:
        return None, _fail(exc)


def run_command(args: argparse.Namespace) -> int:
    """``bench run``."""
    from .runner import methods, run_benchmark

    names = list(methods()) if args.methods == "all" else [
        m.strip() for m in args.methods.split(",") if m.strip()]
    if args.sample and args.first:
        return _fail("--sample and --first exclude each other")
    outcome, code = _run(args.out, lambda: run_benchmark(
        names, [d.strip() for d in args.datasets.split(",") if d.strip()], args.out,
        sample=args.sample, first=args.first, repeat=args.repeat, warmup=args.warmup,
        time_limit=args.time_limit, seed=args.seed, workers=args.workers,
        scheduler=args.scheduler, objective=args.objective, solver_seed=args.solver_seed,
        options=dict(args.options), overwrite=args.overwrite))
    if code is not None:
        return code
    print(f"wrote {outcome.written} rows to {args.out} ({len(outcome.keys)} rows in this run)")
    return 0


def report_command(args: argparse.Namespace) -> int:
    """``bench report``."""
    from .report import write_report

    summary, code = _run(args.results, lambda: write_report(args.results, args.out_dir))
    if code is not None:
        return code
    print(summary.read_text())
    print(f"wrote {summary}")
    return 0


def solve_file(args: argparse.Namespace) -> int:
    """``solve --file``: the file as one dataset, one repetition, one worker,
    through :func:`~sudoku_models.bench.run_benchmark`; prints the summary of
    :func:`~sudoku_models.bench.summarise` for this run's rows, writes them to
    ``--out`` (appending to a results file, refusing any other file unless
    ``--overwrite``) and ``--plot``. Exit 1 when a solved grid fails
    verification."""
    import tempfile
    from pathlib import Path

    from .report import plain_table, summarise
    from .results import read_results, results_frame, row_key
    from .runner import run_benchmark

    if not Path(args.file).is_file():  # reported by the CLI like every missing input file
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), args.file)
    with tempfile.TemporaryDirectory() as scratch:
        out = args.out or str(Path(scratch) / "results.csv")
        outcome, code = _run(out, lambda: run_benchmark(
            args.method, [args.file], out, first=args.first, warmup=0,
            time_limit=args.time_limit, objective=args.objective, log=args.log,
            overwrite=getattr(args, "overwrite", False)))
        if code is not None:
            return code
        frame = results_frame([r for r in read_results(out) if row_key(r) in outcome.keys])
    if frame.empty:
        return _fail(f"{args.file}: no puzzle in the file")
    table = summarise(frame).drop(columns=["dataset", "order"])
    print(f"{frame['index'].nunique()} puzzles of {args.file}")
    print(plain_table(table))
    if args.out:
        print(f"wrote {outcome.written} rows to {args.out}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        from .report import labelled, method_colours, plot_distribution

        named = labelled(frame)
        plot_distribution(named, method_colours(named["label"].unique()), Path(args.plot))
        print(f"wrote {args.plot}")
    wrong = frame["status"].isin(["OPTIMAL", "FEASIBLE"]) & ~frame["verified"].fillna(False)
    return 1 if wrong.any() else 0
