"""``sudoku-models count``: the number of solutions of a puzzle or of every
puzzle of a file, or a lower bound when a limit or Ctrl-C stops a count."""

from __future__ import annotations

import argparse
import sys

from .arguments import count_limit, seconds_text
from ..registry import counting_methods
from . import register_command
from .common import add_method_option, add_source, read_file, source_puzzles
from .exits import EXIT_INTERRUPTED, EXIT_OK, UsageError

AT_LIMIT = "stopped at --limit"


def add_parser(commands) -> None:
    """The ``count`` sub-command."""
    count = commands.add_parser(
        "count",
        help="count the solutions of a puzzle or of every puzzle in a file",
        description="Count solutions, stopping at --limit, with the compiled backtracking "
        "counter (default), CP-SAT solution enumeration (cp, cp-bool) or HiGHS with no-good "
        "cuts (milp, matrix). A count cut short by --time-limit, --cpu-limit or Ctrl-C is "
        "reported as a "
        "lower bound ('at least N'), never as the count; Ctrl-C exits with code 130.",
    )
    add_source(count, file_help="file of puzzles, as for solve")
    count.add_argument("--limit", type=count_limit, default=1000,
                       help="stop counting at this many solutions, or 'all' (default 1000)")
    count.add_argument("--time-limit", type=seconds_text, metavar="SECONDS",
                       help="stop each count after this long and report a lower bound")
    count.add_argument("--cpu-limit", type=seconds_text, metavar="SECONDS",
                       help="stop each count once this process has spent this many CPU "
                       "seconds on it and report a lower bound (not with --candidates or "
                       "--solutions)")
    shown = count.add_mutually_exclusive_group()
    shown.add_argument("--candidates", action="store_true",
                       help="print each cell's true candidates (the digits it holds in some "
                            "solution) instead of the count; with --time-limit, digits not "
                            "decided in time are shown in parentheses")
    shown.add_argument("--solutions", action="store_true",
                       help="print every solution (up to --limit), one line each, then the count")
    add_method_option(count, "backtracking", counting_methods, many=False,
                      what="counting methods")
    count.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """One line per puzzle (name, tab, count), then a summary for a file,
    written at once. Without ``--time-limit``, a file of one order goes to
    the compiled batch counter as one array (no
    :class:`~sudoku_models.Puzzle` per line); with it, every puzzle is
    counted on its own, so that the limit is each puzzle's."""
    if args.candidates or args.solutions:
        if args.cpu_limit is not None:
            raise UsageError(f"--cpu-limit counts only; with "
                             f"{'--candidates' if args.candidates else '--solutions'} use "
                             f"--time-limit")
        return _show_each(source_puzzles(args), args)
    found = read_file(args.file) if args.file is not None else None
    if args.method == "backtracking" and found is not None and found.order is not None \
            and len(found) > 1 and args.time_limit is None and args.cpu_limit is None:
        names = found.names
        counts, interrupted = _count_batch(found.grids, found.order, args)
    else:
        puzzles = found.puzzles() if found is not None else source_puzzles(args)
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
    return EXIT_OK


def _show_each(puzzles, args) -> int:
    """``--candidates``/``--solutions``: for each puzzle, its name (for a
    file) then its true candidates or its solutions and count
    (:mod:`sudoku_models.solution_space`), written as each is found."""
    from ..errors import CountIncomplete
    from ..puzzle import Puzzle
    from ..solution_space import iter_solutions, true_candidates

    for puzzle in puzzles:
        if len(puzzles) > 1:
            print(f"# {puzzle.name}")
        if args.candidates:
            found = true_candidates(puzzle, args.method, time_limit=args.time_limit)
            sys.stdout.write(found.text() if found.solutions_exist or not found.complete
                             else "no solution\n")
            if not found.complete:
                print(f"sudoku-models: stopped ({found.reason}); digits in parentheses are "
                      f"undecided", file=sys.stderr)
                if found.reason == "interrupted":
                    return EXIT_INTERRUPTED
            continue
        given = 0
        try:
            for grid in iter_solutions(puzzle, args.method, limit=args.limit,
                                       time_limit=args.time_limit):
                given += 1
                print(Puzzle(grid, puzzle.rules).to_string())
            print(f"{given} solution{'s' * (given != 1)}"
                  + (f" ({AT_LIMIT})" if given == args.limit else ""))
        except CountIncomplete as exc:
            print(f"at least {exc.lower_bound} solutions ({exc.reason})")
            if exc.reason == "interrupted":
                return EXIT_INTERRUPTED
    return EXIT_OK


def _count_each(puzzles, args) -> tuple[list[tuple[int, str]], bool]:
    """Count puzzle by puzzle (any counting method): ``(count or lower
    bound, "" or why it is a bound)`` each, and whether Ctrl-C stopped it."""
    from tqdm import tqdm

    from ..errors import CountIncomplete
    from ..solving import count_solutions

    counts: list[tuple[int, str]] = []
    with tqdm(puzzles, unit="puzzle", desc="counting", disable=len(puzzles) == 1 or None) as bar:
        for puzzle in bar:
            try:
                n = count_solutions(puzzle, method=args.method, limit=args.limit,
                                    time_limit=args.time_limit, cpu_limit=args.cpu_limit)
                counts.append((n, AT_LIMIT if n == args.limit else ""))
            except CountIncomplete as exc:
                counts.append((exc.lower_bound, exc.reason))
                if exc.reason == "interrupted":
                    return counts, True
    return counts, False


def _count_batch(grids, order: int, args) -> tuple[list[tuple[int, str]], bool]:
    """Count ``grids`` (``(P, order**4)`` ints, 0 = empty) in one call
    of the compiled counter on every core
    (:func:`sudoku_models.counter.backtrack_count_many`): ``(count or lower
    bound, "" or why it is a bound)`` each, and whether Ctrl-C stopped it."""
    from ..errors import CountIncomplete

    backtrack_count_many = _load_counter(order)
    try:
        found = backtrack_count_many(grids, args.limit).tolist()
        return [(n, AT_LIMIT if n == args.limit else "") for n in found], False
    except CountIncomplete as exc:  # -1: not finished, at least 0 solutions
        counts = [(n, AT_LIMIT if n == args.limit else "") if n >= 0 else (0, exc.reason)
                  for n in exc.counts.tolist()]
        return counts, exc.reason == "interrupted"


def _load_counter(order: int):
    """Import the compiled counter and load its batch kernel for ``order``
    (:func:`sudoku_models.counter.load_kernels`) the quick way for this
    short process; returns :func:`~sudoku_models.counter.backtrack_count_many`.

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

    from ..stoppable import ctrl_c_deferred

    hide_scipy = "scipy.linalg" not in sys.modules
    if hide_scipy:
        sys.modules["scipy.linalg"] = None  # an import of it raises ImportError
    gc.disable()
    try:
        with ctrl_c_deferred():
            from ..counter import backtrack_count_many, load_kernels

        load_kernels("count9_many" if order == 3 else "count")
    finally:
        if hide_scipy:
            del sys.modules["scipy.linalg"]
        gc.freeze()
        gc.enable()
    return backtrack_count_many


register_command("count", add_parser)
