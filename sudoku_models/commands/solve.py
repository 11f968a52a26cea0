"""``sudoku-models solve``: one puzzle or a file of puzzles, with one or more
methods, through the one pipeline of the benchmarks.

PUZZLE and ``--file`` alike go through
:func:`~sudoku_models.bench.run_benchmark` in this process (``in_process``):
one model per method and order, each puzzle solved once, every solution
verified, one row per puzzle and method in the results schema (written to
``--out`` when given), the grids kept for ``--solutions``. No worker process
starts, no temporary file is written, pandas is not imported (only
``--plot`` of a file needs it). The time limit is each solver's own, as in
the API; Ctrl-C stops the solver (:mod:`sudoku_models.stoppable`) and exits
130, after saying how to resume when ``--out`` holds the rows so far.
"""

from __future__ import annotations

import argparse
import math
import sys

from ..arguments import plot_file, positive_int, seconds
from ..registry import OBJECTIVES
from ..geometry import Layout
from ..puzzle import Puzzle
from ..registry import METHODS
from . import register_command
from .common import (Vocabulary, add_method_option, add_source, command_line_puzzle,
                     read_file, say_how_to_resume, text_table)
from .exits import EXIT_INTERRUPTED, EXIT_OK, EXIT_WRONG_ANSWER, UsageError

DEFAULT_METHODS = ("milp", "cp")
STDIN = "<stdin>"  # the dataset name of the puzzles of standard input


def add_parser(commands) -> None:
    """The ``solve`` sub-command."""
    solve = commands.add_parser(
        "solve",
        help="solve one puzzle or a file of puzzles with one or more methods",
        description="Solve a puzzle (81-character line, '.' or '0' empty) or, with --file, "
        "every puzzle of a file, with each chosen method; every solution is verified "
        "against the rules and the clues. Exit code 1 if a solution fails verification.",
    )
    add_source(solve, puzzle_help="the puzzle as one line (see README for 16x16)")
    add_method_option(solve, list(DEFAULT_METHODS))
    solve.add_argument("--time-limit", type=seconds, metavar="SECONDS",
                       help="per-puzzle time limit of each solver (the solver's own: "
                       "'bench run' also stops a worker from outside)")
    solve.add_argument("--objective", choices=OBJECTIVES, default=OBJECTIVES[0],
                       help="MILP objective: 0, or MATLAB's tie-breaking f = 1..N "
                       f"(default: {OBJECTIVES[0]})")
    milp_solvers = METHODS["milp"].options["solver"]
    solve.add_argument("--milp-solver", choices=milp_solvers,
                       help=f"the solver of the milp and milp-alldiff models (default "
                       f"{milp_solvers[0]}; scip needs the extra [scip])")
    solve.add_argument("--sat-solver", metavar="NAME",
                       choices=Vocabulary("sudoku_models.registry", "SAT_SOLVERS"),
                       help="the PySAT solver of the sat-* methods: %(choices)s (default: "
                       "CaDiCaL, as the methods' descriptions say)")
    solve.add_argument("--log", action="store_true", help="show each solver's own log")
    solve.add_argument("--first", type=positive_int, metavar="N",
                       help="with --file: only the first N puzzles")
    solve.add_argument("--out", metavar="CSV", help="with --file: write one row per puzzle and "
                       "method to this results CSV (the schema of 'bench run'; a results file "
                       "is appended to, its rows of the same settings are not solved again, "
                       "any other file refused)")
    solve.add_argument("--overwrite", action="store_true",
                       help="replace --out, and a --solutions file not written by solve")
    solve.add_argument("--solutions", metavar="FILE",
                       help="write one line per puzzle ('-': standard output): its solution by "
                       "the first method, in the puzzle format, or INFEASIBLE / TIME_LIMIT / "
                       "ERROR, under a '#' header line; a file solve did not write is refused "
                       "unless --overwrite, the input file always")
    solve.add_argument("--plot", metavar="PICTURE", type=plot_file,
                       help="save a picture (.png, .pdf, .svg, ...): the grid and each solution "
                       "for one puzzle, the distribution of times per method for a file")
    solve.set_defaults(handler=run)


def _solver_options(args: argparse.Namespace) -> dict[str, dict]:
    """The options of ``solve`` for each chosen method that takes them (a
    solver given with ``--milp-solver`` or ``--sat-solver``)."""
    chosen = {}
    for method in args.method:
        if "solver" in METHODS[method].options:
            solver = args.milp_solver if METHODS[method].paradigm == "MILP" else args.sat_solver
            if solver is not None:
                chosen[method] = {"solver": solver}
    return chosen


class _Collected:
    """What the outputs need of the rows as they come, without keeping them
    all: the summary (:class:`~sudoku_models.bench.summary.Summary`),
    whether a solved grid failed verification, the first method's solution
    line of each puzzle (for ``--solutions``), each method's row and result
    for one puzzle, and every row only for ``--plot`` of a file."""

    def __init__(self, first_method: str, one_puzzle: bool, keep_rows: bool) -> None:
        from ..bench.summary import Summary

        self.first_method = first_method
        self.one_puzzle = one_puzzle
        self.summary = Summary()
        self.wrong = False
        self.rows: list[dict] | None = [] if keep_rows else None
        self.solutions: dict[int, str] = {}
        self.results: dict[str, tuple] = {}
        self.first_error: dict[str, str] = {}  # per method: the first ERROR row's message

    def __call__(self, row: dict, result) -> None:
        """A row of this run with its result (None for an ``ERROR`` row)."""
        self.count(row)
        if row["method"] == self.first_method:
            self.solutions[row["index"]] = _solution_line(result, row["status"])
        if self.one_puzzle:
            self.results[row["method"]] = (row, result)
        if row["status"] == "ERROR":
            self.first_error.setdefault(row["method"], f"{row['puzzle']}: {row.get('error')}")

    def count(self, row: dict) -> None:
        """A row for the summary, the verification check and ``--plot``
        (also a row ``--out`` held before the run)."""
        self.summary.add(row)
        self.wrong |= (row["status"] in ("OPTIMAL", "FEASIBLE")
                       and row["verified"] not in (True, "true"))
        if self.rows is not None:
            self.rows.append(row)


def _solution_line(result, status: str) -> str:
    """A solution in the puzzle format (any layout: the grid's values, one
    line), or the status when there is none."""
    if result is not None and result.status.solved:
        return Puzzle(result.grid, Layout.latin(len(result.grid))).to_string()
    return status


def run(args: argparse.Namespace) -> int:
    """Solve PUZZLE or the puzzles of ``--file``; print the side-by-side view
    (one puzzle) or the summary (a file); write ``--out``,
    ``--solutions`` and ``--plot``. Exit 1 when a solved grid fails
    verification, 130 on Ctrl-C."""
    from ..bench.runner import run_benchmark

    if args.file is None:
        for option in ("first", "out"):
            if getattr(args, option):
                raise UsageError(f"--{option} goes with --file (one row per puzzle and method)")
    if args.solutions and args.solutions != "-":
        _check_solutions_file(args)
    if args.plot:
        from ..files import check_output

        check_output(args.plot, reading=(args.file,), option="--plot")
    if args.file is None:
        dataset, puzzles = "PUZZLE", [command_line_puzzle(args.puzzle)]
    else:
        dataset = STDIN if args.file == "-" else args.file
        puzzles = read_file(args.file).puzzles()[: args.first]
    collected = _Collected(args.method[0], one_puzzle=args.file is None,
                           keep_rows=bool(args.plot) and args.file is not None)
    try:
        outcome = run_benchmark(
            args.method, [(dataset, puzzles)], args.out, first=args.first,
            time_limit=args.time_limit, objective=args.objective,
            per_method=_solver_options(args), overwrite=args.overwrite, log=args.log,
            progress=len(puzzles) > 1, in_process=True, on_result=collected)
    except KeyboardInterrupt:
        if not args.out:
            raise
        say_how_to_resume(args.out)
        return EXIT_INTERRUPTED
    if args.file is None:
        _print_one(puzzles[0], args.method, collected.results)
    else:
        if args.out and outcome.written < len(outcome.keys):
            _count_earlier_rows(args.out, outcome, collected)
        _print_summary(collected.summary.lines(), args.file, len(puzzles))
        for method, message in collected.first_error.items():
            print(f"{method}: the first error: {message}")
        if args.out:
            print(f"wrote {outcome.written} rows to {args.out}")
    if args.solutions:
        _write_solutions(args, puzzles, collected.solutions)
    if args.plot:
        _save_plot(args.plot, puzzles, collected.rows, collected.results)
    return EXIT_WRONG_ANSWER if collected.wrong else EXIT_OK


SOLUTIONS_HEADER = "# sudoku-models solve: solutions"


def _check_solutions_file(args: argparse.Namespace) -> None:
    """Before solving: ``--solutions`` may name a new file, one ``solve``
    wrote (its first line starts with :data:`SOLUTIONS_HEADER`) or, with
    ``--overwrite``, another regular file; never the input file nor
    ``--out`` (:class:`UsageError` or
    :class:`~sudoku_models.files.OutputFileError`)."""
    from pathlib import Path

    from ..files import check_output

    path = check_output(args.solutions, reading=(args.file,), option="--solutions")
    if args.out and Path(args.out).resolve() == path.resolve():
        raise UsageError(f"--solutions {args.solutions}: is the --out file too")
    if path.exists() and path.stat().st_size and not args.overwrite:
        with open(path, "rb") as handle:
            first = handle.read(len(SOLUTIONS_HEADER))
        if first != SOLUTIONS_HEADER.encode():
            raise UsageError(f"--solutions {args.solutions}: exists and was not written by "
                             f"solve; choose another file, or --overwrite to replace it")


def _count_earlier_rows(out, outcome, collected: _Collected) -> None:
    """Count the rows of this run that ``out`` held before it (the run
    skipped them). Each key of the run is in the file once, and the rows
    written now come after the ones that were there (the file was locked
    meanwhile): the earlier rows are the matching ones but the last
    ``outcome.written``."""
    from ..bench.results import read_results, row_key

    matching = [row for row in read_results(out) if row_key(row) in outcome.keys]
    for row in matching[: len(matching) - outcome.written]:
        collected.count(row)


def _print_summary(lines: list[dict], source: str, puzzles: int) -> None:
    from ..bench.summary import COLUMNS

    columns = [c for c in COLUMNS if c != "dataset"]
    if len({line["order"] for line in lines}) == 1:
        columns.remove("order")
    print(f"{puzzles} puzzles of {STDIN if source == '-' else source}")
    print(text_table(columns, [[_cell(line[c]) for c in columns] for line in lines],
                     rule=False))


def _cell(value) -> str:
    if isinstance(value, float):
        return "" if math.isnan(value) else f"{value:.2f}"
    return str(value)


def _write_solutions(args: argparse.Namespace, puzzles: list[Puzzle],
                     solved: dict[int, str]) -> None:
    """One line per puzzle: the first method's solution in the puzzle
    format, or its status. A puzzle whose row ``--out`` held already (not
    solved in this run) is solved again for its grid, not recorded."""
    missing = [i for i in range(1, len(puzzles) + 1) if i not in solved]
    if missing:
        from ..solving import solve_many

        method = args.method[0]
        options = {k: v for k, v in [("objective", args.objective)]
                   if k in METHODS[method].options}
        options.update(_solver_options(args).get(method, {}))
        again = solve_many([puzzles[i - 1] for i in missing], method,
                           time_limit=args.time_limit, **options)
        for index, result in zip(missing, again):
            solved[index] = _solution_line(result, result.status.value)
    text = "".join(solved[i] + "\n" for i in range(1, len(puzzles) + 1))
    if args.solutions == "-":
        sys.stdout.write(text)
    else:
        source = args.puzzle if args.file is None else STDIN if args.file == "-" else args.file
        with open(args.solutions, "w") as handle:
            handle.write(f"{SOLUTIONS_HEADER} of {source} by {args.method[0]}\n{text}")
    print(f"wrote {len(puzzles)} solutions to {args.solutions}", file=sys.stderr)


def _print_one(puzzle: Puzzle, methods: list[str], results: dict) -> None:
    """The puzzle and each method's grid side by side, then a table of
    status, verification, model size, times and solver statistics."""
    import numpy as np

    columns = [("puzzle", str(puzzle).splitlines())]
    for method in methods:
        row, result = results[method]
        solved = result is not None and result.status.solved
        columns.append((method, str(Puzzle(result.grid, puzzle.layout)).splitlines() if solved
                        else [row["status"]]))
    width = max(len(line) for _, lines in columns for line in lines) + 4
    height = max(len(lines) for _, lines in columns)
    print("".join(name.ljust(width) for name, _ in columns))
    for line in range(height):
        print("".join((lines[line] if line < len(lines) else "").ljust(width)
                      for _, lines in columns))
    print()
    got = [results[m] for m in methods]
    rs = [result for _, result in got]

    def each(read) -> list:
        return [read(r) if r is not None else "" for r in rs]

    table = [
        ("status", *[row["status"] for row, _ in got]),
        ("verified", *["yes" if row["verified"] else "no" for row, _ in got]),
        ("solver", *each(lambda r: r.solver)),
        ("variables", *each(lambda r: r.size.variables)),
        ("constraints", *each(lambda r: r.size.constraints)),
        ("nonzeros", *each(lambda r: r.size.nonzeros)),
        ("build ms", *each(lambda r: f"{1000 * r.build_seconds:.1f}")),
        ("solve ms", *each(lambda r: f"{1000 * r.solve_seconds:.1f}")),
    ]
    stat_names = dict.fromkeys(name for r in rs if r is not None for name in r.stats)
    table += [(name, *each(lambda r, n=name: r.stats.get(n, ""))) for name in stat_names]
    if any(r is not None and r.objective is not None for r in rs):
        table.append(("objective", *each(lambda r: "" if r.objective is None
                                         else f"{r.objective:g}")))
    print(text_table(["", *methods], table))
    for method, (row, _) in zip(methods, got):
        if row.get("error"):
            print(f"{method}: {row['error']}")
    solved = [r for r in rs if r is not None and r.status.solved]
    agreement = ""
    if len(solved) > 1:
        same = all(np.array_equal(solved[0].grid, r.grid) for r in solved)
        agreement = "; the solutions agree" if same else (
            "; the solutions differ: the puzzle has more than one solution")
    print(f"\n{puzzle.num_clues} clues{agreement}")


def _save_plot(path: str, puzzles: list[Puzzle], rows: list[dict], results: dict) -> None:
    """One puzzle: its grid and each method's solution. A file: the
    distribution of times per method (:func:`~sudoku_models.bench.report.plot_distribution`)."""
    import matplotlib

    matplotlib.use("Agg")  # a file, never a window
    import matplotlib.pyplot as plt

    if results:
        from ..plotting import draw_sudoku

        puzzle = puzzles[0]
        fig, axes = plt.subplots(1, len(results) + 1, figsize=(3.6 * (len(results) + 1), 4.2))
        draw_sudoku(puzzle, ax=axes[0], title=f"{puzzle.num_clues} clues")
        for ax, (method, (row, result)) in zip(axes[1:], results.items()):
            solved = result is not None and result.status.solved
            seconds = float(row.get("solve_s") or 0)
            draw_sudoku(puzzle, result.grid if solved else None, ax=ax,
                        title=f"{method}: {row['status']}, {1000 * seconds:.1f} ms")
        fig.tight_layout()
        fig.savefig(path, dpi=120)
        plt.close(fig)
    else:
        from pathlib import Path

        from ..bench.report import labelled, method_colours, plot_distribution
        from ..bench.results import format_value, results_frame

        frame = labelled(results_frame([{k: format_value(v) for k, v in row.items()}
                                        for row in rows]))
        plot_distribution(frame, method_colours(frame["label"].unique()), Path(path))
    print(f"wrote {path}")


register_command("solve", add_parser)
