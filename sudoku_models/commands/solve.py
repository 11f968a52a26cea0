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
from ..formulations.objectives import OBJECTIVES
from ..formulations.sat import DEFAULT_SOLVER as DEFAULT_SAT_SOLVER
from ..formulations.sat import SOLVERS as SAT_SOLVERS
from ..puzzle import Puzzle
from ..registry import METHODS
from . import register_command
from .common import (add_method_option, add_source, command_line_puzzle, read_file,
                     say_how_to_resume, text_table)
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
                       help="per-puzzle time limit of each solver, model build included")
    solve.add_argument("--objective", choices=OBJECTIVES, default=OBJECTIVES[0],
                       help="MILP objective: 0, or MATLAB's tie-breaking f = 1..N "
                       f"(default: {OBJECTIVES[0]})")
    milp_solvers = METHODS["milp"].options["solver"]
    solve.add_argument("--milp-solver", choices=milp_solvers,
                       help=f"the solver of the milp model (default {milp_solvers[0]}; scip "
                       "needs the extra [scip])")
    solve.add_argument("--sat-solver", metavar="NAME", choices=SAT_SOLVERS,
                       help=f"the PySAT solver of the sat-* methods (default "
                       f"{DEFAULT_SAT_SOLVER}; one of {', '.join(SAT_SOLVERS)})")
    solve.add_argument("--log", action="store_true", help="show each solver's own log")
    solve.add_argument("--first", type=positive_int, metavar="N",
                       help="with --file: only the first N puzzles")
    solve.add_argument("--out", metavar="CSV", help="with --file: write one row per puzzle and "
                       "method to this results CSV (the schema of 'bench run'; a results file "
                       "is appended to, its rows of the same settings are not solved again, "
                       "any other file refused)")
    solve.add_argument("--overwrite", action="store_true", help="replace --out instead")
    solve.add_argument("--solutions", metavar="FILE",
                       help="write one line per puzzle ('-': standard output): its solution by "
                       "the first method, in the puzzle format, or INFEASIBLE / TIME_LIMIT / ERROR")
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
            solver = args.milp_solver if method == "milp" else args.sat_solver
            if solver is not None:
                chosen[method] = {"solver": solver}
    return chosen


class _Collected:
    """What the outputs need of the rows as they come: every row (for the
    summary), the first method's solution line of each puzzle (for
    ``--solutions``) and, for one puzzle, each method's result."""

    def __init__(self, first_method: str, keep_results: bool) -> None:
        self.first_method = first_method
        self.keep_results = keep_results
        self.rows: list[dict] = []
        self.solutions: dict[int, str] = {}
        self.results: dict[str, object] = {}

    def __call__(self, row: dict, result) -> None:
        self.rows.append(row)
        if row["method"] == self.first_method:
            self.solutions[row["index"]] = _solution_line(result, row["order"], row["status"])
        if self.keep_results:
            self.results[row["method"]] = (row, result)


def _solution_line(result, order: int, status: str) -> str:
    """A solution in the puzzle format, or the status when there is none."""
    if result is not None and result.status.solved:
        return Puzzle(result.grid, order).to_string()
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
        dataset, puzzles = "PUZZLE", [command_line_puzzle(args.puzzle)]
    else:
        dataset = STDIN if args.file == "-" else args.file
        puzzles = read_file(args.file).puzzles()[: args.first]
    collected = _Collected(args.method[0], keep_results=args.file is None)
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
    rows = collected.rows
    if args.file is None:
        _print_one(puzzles[0], args.method, collected.results)
    else:
        rows += _earlier_rows(args.out, outcome, rows)
        _print_summary(rows, args.file, len(puzzles))
        if args.out:
            print(f"wrote {outcome.written} rows to {args.out}")
    if args.solutions:
        _write_solutions(args, puzzles, collected.solutions)
    if args.plot:
        _save_plot(args.plot, puzzles, rows, collected.results)
    wrong = any(r["status"] in ("OPTIMAL", "FEASIBLE") and r["verified"] not in (True, "true")
                for r in rows)
    return EXIT_WRONG_ANSWER if wrong else EXIT_OK


def _earlier_rows(out, outcome, fresh: list[dict]) -> list[dict]:
    """The rows of this run that ``out`` held before it (not solved again)."""
    if not out or len(outcome.keys) == len(fresh):
        return []
    from ..bench.results import read_results, row_key

    new = {row_key(row) for row in fresh}
    return [row for row in read_results(out)
            if row_key(row) in outcome.keys and row_key(row) not in new]


def _print_summary(rows: list[dict], source: str, puzzles: int) -> None:
    from ..bench.summary import COLUMNS, summary_lines

    lines = summary_lines(rows)
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
            solved[index] = _solution_line(result, puzzles[index - 1].order, result.status.value)
    text = "".join(solved[i] + "\n" for i in range(1, len(puzzles) + 1))
    if args.solutions == "-":
        sys.stdout.write(text)
    else:
        with open(args.solutions, "w") as handle:
            handle.write(text)
    print(f"wrote {len(puzzles)} solutions to {args.solutions}", file=sys.stderr)


def _print_one(puzzle: Puzzle, methods: list[str], results: dict) -> None:
    """The puzzle and each method's grid side by side, then a table of
    status, verification, model size, times and solver statistics."""
    import numpy as np

    columns = [("puzzle", str(puzzle).splitlines())]
    for method in methods:
        row, result = results[method]
        solved = result is not None and result.status.solved
        columns.append((method, str(Puzzle(result.grid, puzzle.order)).splitlines() if solved
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
