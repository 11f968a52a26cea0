"""The ``sudoku-models`` command line.

Bad input (a malformed puzzle, a missing file, a bad option value) prints one
line on standard error and exits with code 2; no traceback. An interrupt
(Ctrl-C) exits with code 130. Solvers are imported only by the commands that
run them, so the command line starts fast.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from .arguments import positive_int, seconds
from .counting import CountIncomplete
from .errors import PuzzleFormatError
from .files import PuzzleGrids, read_grids, read_puzzles
from .puzzle import Puzzle
from .registry import METHODS, counting_methods, exporting_methods
from .result import SolveResult
from .stoppable import EXIT_INTERRUPTED, run_command

EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 141  # what a shell shows for a program killed by SIGPIPE
DEFAULT_METHODS = ("milp", "cp")
PLOT_SUFFIXES = (".png", ".pdf", ".svg", ".jpg", ".jpeg", ".eps", ".ps", ".tif", ".tiff", ".webp")


class UsageError(ValueError):
    """A command-line value that is not usable (reported in one line, exit 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``sudoku-models solve: error: ...``."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _methods(text: str, allowed: Callable[[], Sequence[str]] = lambda: tuple(METHODS)) -> list[str]:
    names = list(allowed()) if text == "all" else [m.strip() for m in text.split(",") if m.strip()]
    unknown = [m for m in names if m not in allowed()]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown method {', '.join(unknown) or text!r}; choose from "
            f"{', '.join(allowed())} or all"
        )
    return names


def _one_method(allowed: Callable[[], Sequence[str]]):
    def parse(text: str) -> str:
        if text not in allowed():
            raise argparse.ArgumentTypeError(
                f"{text!r} cannot do this; choose from {', '.join(allowed())}")
        return text
    return parse






def _limit(text: str) -> int | None:
    return None if text == "all" else positive_int(text)


def _file_name(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("expected a file name ('-' for standard input), got ''")
    return text


def _plot_file(text: str) -> str:
    if Path(text).suffix.lower() not in PLOT_SUFFIXES:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the picture's format comes from its suffix; use one of "
            f"{', '.join(PLOT_SUFFIXES)}")
    return text


def _add_method_option(parser, default, allowed=lambda: tuple(METHODS), many=True,
                       what="methods") -> None:
    """``--method`` and its alias ``--methods`` (one spelling for every command)."""
    listed = "; ".join(f"{name}: {METHODS[name].description}" for name in allowed())
    parser.add_argument(
        "--method", "--methods", "-m", dest="method", default=default,
        type=(lambda text: _methods(text, allowed)) if many else _one_method(allowed),
        help=(f"comma-separated {what}, or 'all' " if many else f"one of the {what} ")
        + f"(default: {','.join(default) if isinstance(default, (list, tuple)) else default}). "
        + listed,
    )


_COMMANDS: dict[str, Callable] = {}


def register_command(name: str, add_parser: Callable) -> None:
    """Add a sub-command: ``add_parser(subparsers)`` creates its parser
    (``subparsers.add_parser(name, ...)``) and sets ``handler`` (a function
    of the parsed ``argparse.Namespace`` returning the exit code) with
    ``set_defaults``. Extensions (see :mod:`sudoku_models.extensions`) call
    this; ``generator`` adds ``generate`` this way."""
    _COMMANDS[name] = add_parser


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``sudoku-models`` and its sub-commands."""
    from . import __version__
    from .extensions import load_extensions

    load_extensions()
    parser = _Parser(
        prog="sudoku-models",
        description="Sudoku as MILP (Pyomo + HiGHS), CP (OR-Tools CP-SAT) and search, side by "
        "side: solve, count, generate, export models and benchmark them. "
        "'sudoku-models methods' lists the methods.",
        epilog="A puzzle is one line: 81 characters for 9x9 ('.' or '0' empty), 1-9A-G for "
        "16x16, or comma-separated numbers for any order (start it after '--' if it begins "
        "with '-'). FILE may be '-' for standard input.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=_Parser)
    from .logic.cli import add_explain_parser, add_rate_parser

    for add in (_add_solve, _add_count, _add_export, _add_methods, add_explain_parser,
                add_rate_parser, _add_bench):
        add(commands)
    for add in _COMMANDS.values():
        add(commands)
    return parser


def _add_solve(commands) -> None:
    solve = commands.add_parser(
        "solve",
        help="solve one puzzle or a file of puzzles with one or more methods",
        description="Solve a puzzle (81-character line, '.' or '0' empty) or, with --file, "
        "every puzzle of a file, with each chosen method; every solution is verified "
        "against the rules and the clues. Exit code 1 if a solution fails verification.",
    )
    source = solve.add_mutually_exclusive_group(required=True)
    source.add_argument("puzzle", nargs="?", help="the puzzle as one line (see README for 16x16)")
    source.add_argument("--file", "-f", type=_file_name,
                        help="file of puzzles ('-': standard input): one per line with '#' "
                        "comments, or Project Euler 96 'Grid NN' blocks")
    _add_method_option(solve, list(DEFAULT_METHODS))
    solve.add_argument("--time-limit", type=seconds, metavar="SECONDS",
                       help="per-puzzle time limit of each solver")
    solve.add_argument("--objective", choices=("feasibility", "tiebreak"), default="feasibility",
                       help="MILP objective: 0, or MATLAB's tie-breaking f = 1..N "
                       "(default: feasibility)")
    solve.add_argument("--milp-solver", choices=("highs", "scip"), default="highs",
                       help="the solver of the milp model (scip needs the extra [scip])")
    solve.add_argument("--sat-solver", metavar="NAME", default="cadical195",
                       help="the PySAT solver of the sat-* methods (default cadical195; also "
                       "glucose4, minisat22, ...)")
    solve.add_argument("--log", action="store_true", help="show each solver's own log")
    solve.add_argument("--first", type=positive_int, metavar="N",
                       help="with --file: only the first N puzzles")
    solve.add_argument("--out", metavar="CSV", help="with --file: write one row per puzzle and "
                       "method to this results CSV (the schema of 'bench run'; a results file "
                       "is appended to, any other file refused)")
    solve.add_argument("--overwrite", action="store_true", help="replace --out instead")
    solve.add_argument("--solutions", metavar="FILE",
                       help="write one line per puzzle ('-': standard output): its solution by "
                       "the first method, in the puzzle format, or INFEASIBLE / TIME_LIMIT / ERROR")
    solve.add_argument("--plot", metavar="PICTURE", type=_plot_file,
                       help="save a picture (.png, .pdf, .svg, ...): the grid and each solution "
                       "for one puzzle, the distribution of times per method for a file")
    solve.set_defaults(handler=_solve_command)


def _add_count(commands) -> None:
    count = commands.add_parser(
        "count",
        help="count the solutions of a puzzle or of every puzzle in a file",
        description="Count solutions, stopping at --limit, with the compiled backtracking "
        "counter (default), CP-SAT solution enumeration (cp, cp-bool) or HiGHS with no-good "
        "cuts (milp, matrix). A count cut short by --time-limit or Ctrl-C is reported as a "
        "lower bound ('at least N'), never as the count; Ctrl-C exits with code 130.",
    )
    source = count.add_mutually_exclusive_group(required=True)
    source.add_argument("puzzle", nargs="?", help="the puzzle as one line")
    source.add_argument("--file", "-f", type=_file_name, help="file of puzzles, as for solve")
    count.add_argument("--limit", type=_limit, default=1000,
                       help="stop counting at this many solutions, or 'all' (default 1000)")
    count.add_argument("--time-limit", type=seconds, metavar="SECONDS",
                       help="stop each count after this long and report a lower bound")
    _add_method_option(count, "backtracking", counting_methods, many=False,
                       what="counting methods")
    count.set_defaults(handler=_count_command)


def _add_export(commands) -> None:
    from .export import SUFFIXES

    export = commands.add_parser(
        "export",
        help="write a method's model of a puzzle to a file (LP, MPS, CP-SAT proto text, ...)",
        description="Write the model a method builds for PUZZLE: 'lp' and 'mps' (HiGHS's "
        "writer; milp, matrix, milp-alldiff) with readable 1-based names such as x_r1_c2_v4 "
        "and cell_r1_c2; 'pbtxt' (the CP-SAT CpModelProto as protobuf text; cp, cp-bool). "
        "The format comes from --format or the suffix of -o.",
    )
    export.add_argument("puzzle", help="the puzzle as one line")
    _add_method_option(export, "milp", exporting_methods, many=False, what="methods that export")
    export.add_argument("--format", choices=sorted(set(SUFFIXES.values())),
                        help="file format (default: from the suffix of -o)")
    export.add_argument("--objective", choices=("feasibility", "tiebreak"),
                        help="MILP objective (milp, matrix)")
    export.add_argument("-o", "--out", required=True, type=_file_name, help="the file to write")
    export.set_defaults(handler=_export_command)


def _add_methods(commands) -> None:
    methods = commands.add_parser(
        "methods", help="list every method: paradigm, model, solver, what it can do",
        description="The registry of methods: the same Sudoku as MILP, CP, SAT and search, "
        "each a model handed to a solver.")
    methods.set_defaults(handler=_methods_command)


def _add_bench(commands) -> None:
    bench = commands.add_parser(
        "bench", help="time methods on datasets (run) and summarise a results file (report)",
        description="Benchmarks: 'bench run' appends one CSV row per puzzle x method x "
        "repetition and resumes an interrupted run; 'bench report' writes a markdown "
        "summary and plots.",
    )
    bench_commands = bench.add_subparsers(dest="bench_command", required=True, metavar="ACTION",
                                          parser_class=_Parser)
    from .bench.command import add_run_arguments
    from .bench.datasets import dataset_help

    run = bench_commands.add_parser(
        "run", help="run methods x datasets",
        description=f"Datasets: {dataset_help()}. Methods: every registered method "
        "('sudoku-models methods'). Every row carries the run's settings; re-running the same "
        "command skips the rows already written, other settings add their own rows.",
    )
    add_run_arguments(run)
    run.set_defaults(handler=_bench_run_command)
    report = bench_commands.add_parser("report", help="summary.md and plots from a results CSV")
    report.add_argument("results", type=_file_name, help="results CSV of 'bench run'")
    report.add_argument("--out-dir", help="where to write (default: beside the CSV)")
    report.set_defaults(handler=_bench_report_command)






def main(argv: Sequence[str] | None = None) -> int:
    """The command line; returns the exit code. Ctrl-C anywhere in it, or an
    error that came of one, ends it with "interrupted" and exit code 130
    (:func:`~sudoku_models.stoppable.run_command`)."""
    return run_command(lambda: _main(argv), "sudoku-models")


def _main(argv: Sequence[str] | None) -> int:
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help, --version, or a usage error printed in one line
            return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
        return args.handler(args)
    except (PuzzleFormatError, UsageError, ValueError) as exc:
        print(f"sudoku-models: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing to report
        # Python's advice (signal module, "Note on SIGPIPE"): point stdout at
        # /dev/null so that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        name = f": {exc.filename}" if exc.filename else ""
        print(f"sudoku-models: error: {exc.strerror or exc}{name}", file=sys.stderr)
        return EXIT_BAD_INPUT


# -- solve -----------------------------------------------------------------


def _read_file(args: argparse.Namespace) -> PuzzleGrids:
    """The puzzles of ``--file``; :class:`UsageError` when it holds none."""
    found = read_grids(args.file)
    if not len(found):
        raise UsageError(f"{args.file}: no puzzle in the file")
    return found


def _puzzles(args: argparse.Namespace) -> list[Puzzle]:
    """The puzzles named on the command line: PUZZLE or --file (and --first).
    A puzzle given on the command line is named by its own line."""
    first = getattr(args, "first", None)
    if args.file:
        return _read_file(args).puzzles()[:first]
    if first:
        raise UsageError("--first goes with --file")
    puzzle = Puzzle.from_string(args.puzzle, where="PUZZLE")
    return [Puzzle(puzzle.grid, puzzle.order, name=puzzle.to_string())]


def _solve_command(args: argparse.Namespace) -> int:
    if args.file:
        from .bench.command import solve_file

        if args.file == "-":  # the pipeline reads datasets by name: give stdin one
            return _with_stdin_as_file(args)
        code = solve_file(args)
        if args.solutions and code in (0, 1):
            _write_solutions(args.solutions, _puzzles(args), args.method[0], args)
        return code
    if args.out:
        raise UsageError("--out goes with --file (one row per puzzle and method)")
    from tqdm import tqdm

    from .solving import solve_many
    from .verify import verify

    puzzles = _puzzles(args)
    options = {"time_limit": args.time_limit, "log": args.log}
    results: dict[str, list[SolveResult]] = {}
    with tqdm(total=len(puzzles) * len(args.method), unit="puzzle", disable=len(puzzles) == 1 or None) as bar:
        for method in args.method:
            bar.set_description(method)
            extra = _method_options(method, args)
            results[method] = []
            for result in solve_many(puzzles, method, **options, **extra):
                results[method].append(result)
                bar.update()
    verified = {m: [verify(p, r.grid) for p, r in zip(puzzles, rs)] for m, rs in results.items()}
    _print_one(puzzles[0], results, verified)
    if args.solutions:
        _write_solutions(args.solutions, puzzles, args.method[0], args, results[args.method[0]])
    if args.plot:
        _save_plot(args.plot, puzzles, results)
    wrong = any(r.status.solved and not ok for m in results for r, ok in zip(results[m], verified[m]))
    return 1 if wrong else 0


def _method_options(method: str, args: argparse.Namespace) -> dict:
    """The options of ``solve`` that ``method`` takes (its registry entry)."""
    takes = METHODS[method].options
    options = {"objective": args.objective} if "objective" in takes else {}
    if "solver" in takes:
        options["solver"] = args.milp_solver if method == "milp" else args.sat_solver
    return options


def _with_stdin_as_file(args: argparse.Namespace) -> int:
    """Solve the puzzles of standard input (read and
    checked by :func:`read_puzzles`) in a temporary file named by ``--file``."""
    import tempfile

    puzzles = read_puzzles("-")
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "stdin.txt"
        path.write_text("".join(p.to_string() + "\n" for p in puzzles))
        args.file = str(path)
        return _solve_command(args)


def _write_solutions(path: str, puzzles: list[Puzzle], method: str, args,
                     results: list[SolveResult] | None = None) -> None:
    """One line per puzzle: the solved grid in the puzzle format, or the
    status. With ``--file`` the pipeline keeps times, not grids: the puzzles
    are solved once more by ``method`` for their solutions."""
    if results is None:
        from .solving import solve_many

        results = list(solve_many(puzzles, method, time_limit=args.time_limit,
                                  **_method_options(method, args)))
    lines = [Puzzle(r.grid, p.order).to_string() if r.status.solved else r.status.value
             for p, r in zip(puzzles, results)]
    _write_text(path, "\n".join(lines) + "\n")
    print(f"wrote {len(lines)} solutions to {path}", file=sys.stderr)


def _write_text(path: str, text: str) -> None:
    """Write ``text`` to ``path``, or to standard output for ``-``."""
    if path == "-":
        sys.stdout.write(text)
    else:
        Path(path).write_text(text)


def _save_plot(path: str, puzzles: list[Puzzle], results: dict[str, list[SolveResult]]) -> None:
    import matplotlib

    matplotlib.use("Agg")  # a file, never a window
    import matplotlib.pyplot as plt

    from .plotting import draw_sudoku

    puzzle = puzzles[0]
    fig, axes = plt.subplots(1, len(results) + 1, figsize=(3.6 * (len(results) + 1), 4.2))
    draw_sudoku(puzzle, ax=axes[0], title=f"{puzzle.num_clues} clues")
    for ax, (method, (result,)) in zip(axes[1:], results.items()):
        draw_sudoku(puzzle, result.grid if result.status.solved else None, ax=ax,
                    title=f"{method}: {result.status.value}, {1000 * result.solve_seconds:.1f} ms")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    print(f"wrote {path}")


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = [list(map(str, header))] + [list(map(str, row)) for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
             for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _print_one(puzzle: Puzzle, results: dict[str, list[SolveResult]], verified) -> None:
    columns = [("puzzle", str(puzzle).splitlines())]
    for method, (result,) in results.items():
        grid = str(Puzzle(result.grid, puzzle.order)).splitlines() if result.status.solved else []
        columns.append((method, grid or [result.status.value]))
    width = max(len(line) for _, lines in columns for line in lines) + 4
    height = max(len(lines) for _, lines in columns)
    print("".join(name.ljust(width) for name, _ in columns))
    for row in range(height):
        print("".join((lines[row] if row < len(lines) else "").ljust(width) for _, lines in columns))
    print()
    rs = [rs[0] for rs in results.values()]
    rows = [
        ("status", *[r.status.value for r in rs]),
        ("verified", *["yes" if ok[0] else "no" for ok in verified.values()]),
        ("solver", *[r.solver for r in rs]),
        ("variables", *[r.size.variables for r in rs]),
        ("constraints", *[r.size.constraints for r in rs]),
        ("nonzeros", *[r.size.nonzeros for r in rs]),
        ("build ms", *[f"{1000 * r.build_seconds:.1f}" for r in rs]),
        ("solve ms", *[f"{1000 * r.solve_seconds:.1f}" for r in rs]),
    ]
    stat_names = dict.fromkeys(name for r in rs for name in r.stats)
    rows += [(name, *[r.stats.get(name, "") for r in rs]) for name in stat_names]
    if any(r.objective is not None for r in rs):
        rows.append(("objective", *["" if r.objective is None else f"{r.objective:g}" for r in rs]))
    print(_table(["", *results], rows))
    solved = [r for r in rs if r.status.solved]
    agreement = ""
    if len(solved) > 1:
        same = all(np.array_equal(solved[0].grid, r.grid) for r in solved)
        agreement = "; the solutions agree" if same else (
            "; the solutions differ: the puzzle has more than one solution")
    print(f"\n{puzzle.num_clues} clues{agreement}")


# -- count, export, methods --------------------------------------------------


def _count_command(args: argparse.Namespace) -> int:
    """One line per puzzle (name, tab, count), then a summary for a file,
    written at once. A file of one order goes to the compiled batch counter
    as one array (no :class:`Puzzle` per line)."""
    found = _read_file(args) if args.file else None
    if args.method == "backtracking" and found is not None and found.order is not None \
            and len(found) > 1:
        names = found.names
        counts, interrupted = _count_batch(found.grids, found.order, args)
    else:
        puzzles = found.puzzles() if found is not None else _puzzles(args)
        names = [p.name for p in puzzles]
        counts, interrupted = _count_each(puzzles, args)
    sys.stdout.write("".join(f"{name}\t{f'at least {n} ({bound})' if bound else n}\n"
                             for name, (n, bound) in zip(names, counts)))
    if interrupted:
        print(f"sudoku-models: interrupted after {len(counts)} of {len(names)} puzzles; counts "
              f"marked 'at least' are lower bounds", file=sys.stderr)
        return EXIT_INTERRUPTED
    if len(names) > 1:
        exact = [n for n, bound in counts if not bound]
        unique = exact.count(1)
        none = exact.count(0)
        print(f"{len(names)} puzzles: {unique} with one solution, {len(exact) - unique - none} "
              f"with several, {none} with none"
              + (f", {len(names) - len(exact)} cut short" if len(exact) < len(names) else ""))
    return 0


_AT_LIMIT = "stopped at --limit"


def _count_each(puzzles: list[Puzzle], args) -> tuple[list[tuple[int, str]], bool]:
    """Count puzzle by puzzle (any counting method): ``(count or lower
    bound, "" or why it is a bound)`` each, and whether Ctrl-C stopped it."""
    from tqdm import tqdm

    from .counting import count_solutions

    counts: list[tuple[int, str]] = []
    with tqdm(puzzles, unit="puzzle", desc="counting", disable=len(puzzles) == 1 or None) as bar:
        for puzzle in bar:
            try:
                n = count_solutions(puzzle, method=args.method, limit=args.limit,
                                    time_limit=args.time_limit)
                counts.append((n, _AT_LIMIT if n == args.limit else ""))
            except CountIncomplete as exc:
                counts.append((exc.lower_bound, exc.reason))
                if exc.reason == "interrupted":
                    return counts, True
    return counts, False


def _count_batch(grids: np.ndarray, order: int, args) -> tuple[list[tuple[int, str]], bool]:
    """Count ``grids`` (``(P, order**4)`` ints, 0 = empty) in one call
    of the compiled counter on every core
    (:func:`sudoku_models.counter.count_solutions_many`): ``(count or lower
    bound, "" or why it is a bound)`` each, and whether Ctrl-C stopped it.
    ``--time-limit`` bounds the whole batch here."""
    count_solutions_many = _load_counter(order)
    try:
        found = count_solutions_many(grids, args.limit, time_limit=args.time_limit).tolist()
        return [(n, _AT_LIMIT if n == args.limit else "") for n in found], False
    except CountIncomplete as exc:  # -1: not finished, at least 0 solutions
        counts = [(n, _AT_LIMIT if n == args.limit else "") if n >= 0 else (0, exc.reason)
                  for n in exc.counts.tolist()]
        return counts, exc.reason == "interrupted"


def _load_counter(order: int):
    """Import the compiled counter and load its batch kernel for ``order``
    (:func:`sudoku_models.counter.load_kernels`) the quick way for this
    short process; returns :func:`~sudoku_models.counter.count_solutions_many`.

    Meanwhile the garbage collector is paused, and what was built is then
    frozen (``gc.freeze``): with numba's set-up the process holds about 140,000
    long-lived objects, which collections during the load and again at the
    interpreter's exit would traverse (0.2-0.3 s of the 1.1 s that counting
    17clue.txt took). ``scipy.linalg``, which numba imports on its first
    kernel load only to see whether BLAS is there (0.15 s), is hidden
    meanwhile: the counter uses no BLAS (in this process numba's
    ``np.convolve``/``np.correlate`` would use a plain loop instead).
    """
    import gc

    from .stoppable import ctrl_c_deferred

    hide_scipy = "scipy.linalg" not in sys.modules
    if hide_scipy:
        sys.modules["scipy.linalg"] = None  # an import of it raises ImportError
    gc.disable()
    try:
        with ctrl_c_deferred():
            from .counter import count_solutions_many, load_kernels

        load_kernels("count9_many" if order == 3 else "count")
    finally:
        if hide_scipy:
            del sys.modules["scipy.linalg"]
        gc.freeze()
        gc.enable()
    return count_solutions_many


def _export_command(args: argparse.Namespace) -> int:
    from .export import export

    puzzle = Puzzle.from_string(args.puzzle, where="PUZZLE")
    options = {"objective": args.objective} if args.objective else {}
    path = export(puzzle, args.method, args.out, format=args.format, **options)
    print(f"wrote the {args.method} model of the puzzle to {path}", file=sys.stderr)
    return 0


def _methods_command(args: argparse.Namespace) -> int:
    rows = [(name, info.paradigm, info.model, info.solver, "yes" if info.can_count else "",
             ", ".join(info.export_formats)) for name, info in METHODS.items()]
    print(_table(["method", "paradigm", "model", "solver", "counts", "exports"], rows))
    print()
    for name, info in METHODS.items():
        options = "; ".join(f"{key}: {'|'.join(values) or 'name=value,... native parameters'}"
                            for key, values in info.options.items())
        print(f"{name}: {info.description}" + (f" (options: {options})" if options else ""))
    return 0


# -- bench ----------------------------------------------------------------------


def _bench_run_command(args: argparse.Namespace) -> int:
    from .bench.command import run_command

    return run_command(args)


def _bench_report_command(args: argparse.Namespace) -> int:
    from .bench.command import report_command

    return report_command(args)


if __name__ == "__main__":
    sys.exit(main())
