"""The ``sudoku-models`` command line.

Bad input (a malformed puzzle, a missing file, a bad option value) prints one
line on standard error and exits with code 2; no traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import numpy as np
from tqdm import tqdm

from .counting import COUNTING_METHODS, count_solutions
from .errors import PuzzleFormatError
from .files import read_puzzles
from .formulations import FORMULATIONS
from .puzzle import Puzzle
from .result import SolveResult
from .solving import solve_many
from .verify import verify

EXIT_BAD_INPUT = 2
DEFAULT_METHODS = ("milp", "cp")


class UsageError(ValueError):
    """A command-line value that is not usable (reported in one line, exit 2)."""


def _methods(text: str) -> list[str]:
    names = list(FORMULATIONS) if text == "all" else [m.strip() for m in text.split(",") if m.strip()]
    unknown = [m for m in names if m not in FORMULATIONS]
    if unknown or not names:
        raise argparse.ArgumentTypeError(
            f"unknown method {', '.join(unknown) or text!r}; choose from "
            f"{', '.join(FORMULATIONS)} or all"
        )
    return names


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def _limit(text: str) -> int | None:
    return None if text == "all" else _positive_int(text)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``sudoku-models`` and its sub-commands."""
    methods_help = "; ".join(f"{name}: {cls.description}" for name, cls in FORMULATIONS.items())
    parser = argparse.ArgumentParser(
        prog="sudoku-models",
        description="Solve Sudoku with MILP (Pyomo + HiGHS) and CP (OR-Tools CP-SAT) "
        "formulations side by side.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    solve = commands.add_parser(
        "solve",
        help="solve one puzzle or a file of puzzles with one or more formulations",
        description="Solve a puzzle (81-character line, '.' or '0' empty) or, with --file, "
        "every puzzle of a file, with each chosen formulation; every solution is verified "
        "against the rules and the clues. Formulations: " + methods_help,
    )
    source = solve.add_mutually_exclusive_group(required=True)
    source.add_argument("puzzle", nargs="?", help="the puzzle as one line (see README for 16x16)")
    source.add_argument("--file", "-f", help="file of puzzles: one per line with '#' comments, "
                        "or Project Euler 96 'Grid NN' blocks")
    solve.add_argument("--method", "-m", type=_methods, default=list(DEFAULT_METHODS),
                       help="comma-separated formulations, or 'all' (default: milp,cp)")
    solve.add_argument("--time-limit", type=_positive_float, metavar="SECONDS",
                       help="per-puzzle time limit of each solver")
    solve.add_argument("--objective", choices=("feasibility", "tiebreak"), default="feasibility",
                       help="MILP objective: 0, or MATLAB's tie-breaking f = 1..N "
                       "(default: feasibility)")
    solve.add_argument("--log", action="store_true", help="show each solver's own log")
    solve.add_argument("--first", type=_positive_int, metavar="N",
                       help="with --file: only the first N puzzles")
    solve.add_argument("--out", metavar="CSV", help="with --file: write one row per puzzle and "
                       "method to this results CSV (the schema of 'bench run'; a results file "
                       "is appended to, any other file refused)")
    solve.add_argument("--overwrite", action="store_true", help="replace --out instead")
    solve.add_argument("--plot", metavar="PNG",
                       help="save a picture: the grid and each solution for one puzzle, the "
                       "distribution of times per method for a file")
    solve.set_defaults(handler=_solve_command)

    generate = commands.add_parser(
        "generate",
        help="generate unique-solution puzzles with exactly N clues",
        description="Generate puzzles with exactly --clues clues and exactly one solution, one "
        "per line in the dataset format (81 characters, '.' empty, for 9x9). The same --seed "
        "gives the same puzzles.",
    )
    generate.add_argument("--clues", type=int, required=True, help="clues per puzzle")
    generate.add_argument("--count", type=_positive_int, default=1, help="how many (default 1)")
    generate.add_argument("--order", type=int, default=3,
                          help="box size n: 2 for 4x4, 3 for 9x9 (default), 4 for 16x16, ...")
    generate.add_argument("--seed", type=int, help="random seed, for reproducible puzzles")
    generate.add_argument("--symmetry", choices=("rotational", "mirror", "diagonal"),
                          help="place the clues symmetrically")
    generate.add_argument("--time-limit", type=_positive_float, metavar="SECONDS",
                          help="give up on a puzzle after this long (default: no limit)")
    generate.add_argument("--out", "-o", help="write the puzzles to this file (default: stdout)")
    generate.set_defaults(handler=_generate_command)

    count = commands.add_parser(
        "count",
        help="count the solutions of a puzzle or of every puzzle in a file",
        description="Count solutions, stopping at --limit, with the compiled backtracking "
        "counter (default), CP-SAT solution enumeration (cp, cp-bool) or HiGHS with no-good "
        "cuts (milp, matrix).",
    )
    count_source = count.add_mutually_exclusive_group(required=True)
    count_source.add_argument("puzzle", nargs="?", help="the puzzle as one line")
    count_source.add_argument("--file", "-f", help="file of puzzles, as for solve")
    count.add_argument("--limit", type=_limit, default=1000,
                       help="stop counting at this many solutions, or 'all' (default 1000)")
    count.add_argument("--method", "-m", choices=COUNTING_METHODS, default="backtracking",
                       help="how to count (default: backtracking)")
    count.set_defaults(handler=_count_command)

    bench = commands.add_parser(
        "bench", help="time formulations on datasets (run) and summarise a results file (report)",
        description="Benchmarks: 'bench run' appends one CSV row per puzzle x method x "
        "repetition and resumes an interrupted run; 'bench report' writes a markdown "
        "summary and plots.",
    )
    bench_commands = bench.add_subparsers(dest="bench_command", required=True, metavar="ACTION")
    from .bench.command import add_run_arguments
    from .bench.datasets import dataset_help

    run = bench_commands.add_parser(
        "run", help="run methods x datasets",
        description=f"Datasets: {dataset_help()}. Methods: the formulations and 'backtracking' "
        "(the compiled counter). Every row carries the run's settings; re-running the same "
        "command skips the rows already written, other settings add their own rows.",
    )
    add_run_arguments(run)
    run.set_defaults(handler=_bench_run_command)
    report = bench_commands.add_parser("report", help="summary.md and plots from a results CSV")
    report.add_argument("results", help="results CSV of 'bench run'")
    report.add_argument("--out-dir", help="where to write (default: beside the CSV)")
    report.set_defaults(handler=_bench_report_command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except (PuzzleFormatError, UsageError) as exc:
        print(f"sudoku-models: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(f"sudoku-models: error: {exc.strerror or exc}: {exc.filename}", file=sys.stderr)
        return EXIT_BAD_INPUT


# -- solve -----------------------------------------------------------------


def _puzzles(args: argparse.Namespace) -> list[Puzzle]:
    """The puzzles named on the command line: PUZZLE or --file (and --first)."""
    first = getattr(args, "first", None)
    if args.file:
        puzzles = read_puzzles(args.file)[:first]
        if not puzzles:
            raise UsageError(f"{args.file}: no puzzle in the file")
        return puzzles
    if first:
        raise UsageError("--first goes with --file")
    return [Puzzle.from_string(args.puzzle, where="PUZZLE", name="PUZZLE")]


def _solve_command(args: argparse.Namespace) -> int:
    if args.file:
        from .bench.command import solve_file

        return solve_file(args)
    if args.out:
        raise UsageError("--out goes with --file (one row per puzzle and method)")
    puzzles = _puzzles(args)
    options = {"time_limit": args.time_limit, "log": args.log}
    results: dict[str, list[SolveResult]] = {}
    with tqdm(total=len(puzzles) * len(args.method), unit="puzzle", disable=len(puzzles) == 1 or None) as bar:
        for method in args.method:
            bar.set_description(method)
            extra = {"objective": args.objective} if FORMULATIONS[method].objectives else {}
            results[method] = []
            for result in solve_many(puzzles, method, **options, **extra):
                results[method].append(result)
                bar.update()
    verified = {m: [verify(p, r.grid) for p, r in zip(puzzles, rs)] for m, rs in results.items()}
    _print_one(puzzles[0], results, verified)
    if args.plot:
        _save_plot(args.plot, puzzles, results)
    wrong = any(r.status.solved and not ok for m in results for r, ok in zip(results[m], verified[m]))
    return 1 if wrong else 0


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


# -- generate and count -----------------------------------------------------


def _generate_command(args: argparse.Namespace) -> int:
    from generator import GenerationError, generate

    rng = np.random.default_rng(args.seed)
    lines = []
    try:
        for _ in tqdm(range(args.count), unit="puzzle", desc="generating", disable=args.count == 1 or None):
            puzzle = generate(args.clues, order=args.order, seed=rng, symmetry=args.symmetry,
                              time_limit=args.time_limit)
            lines.append(puzzle.to_string())
    except GenerationError as exc:
        raise UsageError(str(exc)) from None
    header = (f"# {args.count} puzzles, order {args.order}, {args.clues} clues, unique solution; "
              f"sudoku-models generate --seed {args.seed}"
              + (f" --symmetry {args.symmetry}" if args.symmetry else ""))
    text = "\n".join([header, *lines]) + "\n"
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)
        print(f"wrote {len(lines)} puzzles to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _count_command(args: argparse.Namespace) -> int:
    puzzles = _puzzles(args)
    counts = []
    for puzzle in tqdm(puzzles, unit="puzzle", desc="counting", disable=len(puzzles) == 1 or None):
        counts.append(count_solutions(puzzle, method=args.method, limit=args.limit))
    stopped = "+ (stopped at --limit)"
    for puzzle, n in zip(puzzles, counts):
        print(f"{puzzle.name}\t{n}{stopped if n == args.limit else ''}")
    if len(puzzles) > 1:
        unique = sum(n == 1 for n in counts)
        none = sum(n == 0 for n in counts)
        print(f"{len(puzzles)} puzzles: {unique} with one solution, {len(puzzles) - unique - none} "
              f"with several, {none} with none")
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
