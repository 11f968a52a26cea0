"""``sudoku-models solve``: one puzzle or a file of puzzles, with one or more
methods, through the solving pipeline (:mod:`sudoku_models.solving`).

PUZZLE and ``--file`` alike are solved in this process by
:func:`~sudoku_models.solving.solve_one` with one
:class:`~sudoku_models.solving.Models` for the run: one model per method,
rules and options, each puzzle solved once and every solution verified.
``--out`` records one row per puzzle and method in the results schema of
``bench run`` (:mod:`sudoku_models.records`; a row the file holds already
is not solved again); the benchmark harness is not involved. No worker
process starts, no temporary file is written, pandas is not imported (only
``--plot`` of a file needs it). What is printed and drawn:
:mod:`.solve_output`. The
time limit is each solver's own, as in the API, and the CPU limit the
toolkit's (:mod:`sudoku_models.deadline`); Ctrl-C stops the solver
(:mod:`sudoku_models.stoppable`) and exits 130, after saying how to resume
when ``--out`` holds the rows so far.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from .arguments import key_value, plot_file, positive_int, seconds_text
from ..registry import METHODS, OBJECTIVES
from . import register_command
from .common import (Vocabulary, add_method_option, add_source, command_line_puzzle,
                     read_file, say_how_to_resume)
from .exits import EXIT_INTERRUPTED, EXIT_OK, EXIT_WRONG_ANSWER, UsageError
from .solve_output import (STDIN, check_solutions_file, json_line, print_one, print_summary,
                           save_plot, solution_line, write_solutions)

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from ..solving import Models, Solved

DEFAULT_METHODS = ("milp", "cp")


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
    solve.add_argument("--time-limit", type=seconds_text, metavar="SECONDS",
                       help="per-puzzle time limit of each solver (the solver's own: "
                       "'bench run' also stops a worker from outside)")
    solve.add_argument("--cpu-limit", type=seconds_text, metavar="SECONDS",
                       help="per-puzzle limit in CPU seconds of this process, build included: "
                       "the solver is stopped when they are spent, whatever the machine's "
                       "load (TIME_LIMIT); with --time-limit both apply")
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
    solve.add_argument("--option", action="append", type=key_value, default=[],
                       metavar="KEY=VALUE", dest="options",
                       help="a method option for every chosen method that takes it, e.g. "
                       "cage=sets, order=cumulative, prune=False, rule45=True (see "
                       "'sudoku-models methods'); repeatable")
    solve.add_argument("--format", choices=("table", "json"), default="table",
                       help="table: the side-by-side view or the summary (default); json: one "
                       "JSON line per puzzle and method as it is solved (puzzle: its name or line, "
                       "json: the whole puzzle in the toolkit's JSON, cages and all, index, method, "
                       "status, verified, solution, seconds, CPU seconds, solver, statistics)")
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
    """The options of ``solve`` for each chosen method that takes them:
    ``--option KEY=VALUE`` (an option no chosen method takes is a
    :class:`UsageError`) and a solver given with ``--milp-solver`` or
    ``--sat-solver``."""
    from ..registry import typed_options
    from ..solving import option_value

    given = typed_options({key: option_value(text) for key, text in getattr(args, "options", [])})
    for key in given:
        if not any(key in METHODS[m].options for m in args.method):
            raise UsageError(f"--option {key}: no chosen method takes it (see "
                             f"'sudoku-models methods')")
    chosen = {}
    for method in args.method:
        mine = {k: v for k, v in given.items() if k in METHODS[method].options}
        if "solver" in METHODS[method].options:
            solver = args.milp_solver if METHODS[method].paradigm == "MILP" else args.sat_solver
            if solver is not None:
                mine["solver"] = solver
        if mine:
            chosen[method] = mine
    return chosen


class _Collected:
    """What the outputs need of the puzzles as they are solved, without
    keeping them all: the summary (:class:`~sudoku_models.records.summary.Summary`),
    whether a solved grid failed verification, each method's
    :class:`~sudoku_models.solving.Solved` for one puzzle, the first
    method's solution line of each puzzle only for ``--solutions`` (a
    :class:`~sudoku_models.puzzle.Puzzle` made of each grid: 0.02 ms a
    puzzle) and every summary row only for ``--plot`` of a file."""

    def __init__(self, dataset: str, first_method: str, one_puzzle: bool,
                 keep_rows: bool, keep_solutions: bool, json_lines: bool = False) -> None:
        from ..records.summary import Summary

        self.dataset = dataset
        self.first_method = first_method
        self.one_puzzle = one_puzzle
        self.summary = Summary()
        self.wrong = False
        self.rows: list[dict] | None = [] if keep_rows else None
        self.solutions: dict[int, str] | None = {} if keep_solutions else None
        self.results: dict[str, Solved] = {}
        self.first_error: dict[str, str] = {}  # per method: the first ERROR's message
        self.json_lines = json_lines

    def __call__(self, solved: Solved, options: str) -> None:
        """One puzzle solved by one method, whose options read ``options``."""
        result = solved.result
        self.count({"dataset": self.dataset, "order": solved.puzzle.order,
                    "method": solved.method, "options": options, "status": solved.status,
                    "verified": solved.verified,
                    "build_s": None if result is None else result.build_seconds,
                    "solve_s": None if result is None else result.solve_seconds})
        if self.solutions is not None and solved.method == self.first_method:
            self.solutions[solved.index] = solution_line(result, solved.status)
        if self.one_puzzle:
            self.results[solved.method] = solved
        if solved.error is not None:
            self.first_error.setdefault(solved.method, f"{solved.puzzle.name}: {solved.error}")
        if self.json_lines:
            print(json_line(solved, options), flush=True)

    def count(self, row: dict) -> None:
        """A row for the summary, the verification check and ``--plot``
        (also a row ``--out`` held before the run)."""
        self.summary.add(row)
        self.wrong |= (row["status"] in ("OPTIMAL", "FEASIBLE")
                       and row["verified"] not in (True, "true"))
        if self.rows is not None:
            self.rows.append(row)


class _Recorder:
    """``--out``: the results file, one row per puzzle and method in the
    schema of ``bench run`` (:mod:`sudoku_models.records`), keyed by the
    settings of this ``solve`` (its time limit and ``--first``; ``executor``
    ``in-process``), so that the same command again solves only what the
    file does not hold."""

    def __init__(self, args: argparse.Namespace, dataset: str, options: dict[str, dict]) -> None:
        from ..records.results import ResultsFile
        from ..solving import options_text

        reading = () if args.file in (None, "-") else (args.file,)
        self.out = args.out
        self.file = ResultsFile(args.out, overwrite=args.overwrite, reading=reading)
        settings = {"seed": 0, "sample": None, "first": args.first,
                    "time_limit_s": args.time_limit, "cpu_limit_s": args.cpu_limit,
                    "warmup": 1, "workers": 1, "threads": 1}
        self.bases = {method: {"dataset": dataset, "method": method,
                               "options": options_text(values), "repetition": 1,
                               "solver_seed": values.get("seed", 0), **settings,
                               "executor": "in-process"}
                      for method, values in options.items()}
        self.written = 0
        self._earlier: dict | None = None  # key -> row, read when first needed

    def held(self, method: str, index: int, puzzle: Puzzle) -> dict | None:
        """The row the file holds for puzzle ``index`` and ``method``, or
        None; :class:`~sudoku_models.errors.RunError` when that row is of
        another puzzle."""
        from ..records.results import held, read_results, row_key
        from ..records.rows import puzzle_hash

        base = self.bases[method]
        if not held(self.file.done, base, index, puzzle_hash(puzzle), self.out):
            return None
        if self._earlier is None:
            self._earlier = {row_key(row): row for row in read_results(self.out)}
        return self._earlier[row_key({**base, "index": index})]

    def write(self, solved: Solved, load: float | None) -> None:
        from ..records.rows import solved_row

        self.file.append(solved_row(self.bases[solved.method], solved, load))
        self.written += 1


def run(args: argparse.Namespace) -> int:
    """Solve PUZZLE or the puzzles of ``--file``; print the side-by-side view
    (one puzzle) or the summary (a file); write ``--out``,
    ``--solutions`` and ``--plot``. Exit 1 when a solved grid fails
    verification, 130 on Ctrl-C. The garbage collector is paused from here
    until the first method has loaded (:func:`_load_frozen`): the puzzles,
    numpy and the reading of the file make objects that live as long as the
    run, which its collections until then (5-9 ms) would traverse in vain."""
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run(args, collecting)
    finally:
        if collecting:  # no method loaded (every row held, or an error before): the pause ends
            gc.enable()


def _run(args: argparse.Namespace, collecting: bool) -> int:
    from ..solving import option_values

    if args.file is None:
        for option in ("first", "out"):
            if getattr(args, option):
                raise UsageError(f"--{option} goes with --file (one row per puzzle and method)")
    if args.solutions and args.solutions != "-":
        check_solutions_file(args)
    if args.plot:
        from ..output_files import check_output

        check_output(args.plot, reading=(args.file,), option="--plot")
    if args.file is None:
        from ..solving import check_clues

        dataset, puzzles = "PUZZLE", [command_line_puzzle(args.puzzle)]
        check_clues(puzzles[0])  # repeated clues: one line, exit 2 (in a file: that row's error)
    else:
        dataset = STDIN if args.file == "-" else args.file
        puzzles = read_file(args.file).puzzles()[: args.first]
    chosen = _solver_options(args)
    options = {m: option_values(m, args.objective, 0, chosen.get(m, {})) for m in args.method}
    for method, values in options.items():  # solver options too: before any puzzle, exit 2
        METHODS[method].check_configuration(values)
    collected = _Collected(dataset, args.method[0], one_puzzle=args.file is None,
                           keep_rows=bool(args.plot) and args.file is not None,
                           keep_solutions=bool(args.solutions),
                           json_lines=args.format == "json")
    recorder = _Recorder(args, dataset, options) if args.out else None
    try:
        _solve_all(puzzles, options, args, collected, recorder, collecting)
    except KeyboardInterrupt:
        if not args.out:
            raise
        say_how_to_resume(args.out)
        return EXIT_INTERRUPTED
    finally:
        if recorder is not None:
            recorder.file.close()
    if args.format == "json":
        if args.out:
            print(f"wrote {recorder.written} rows to {args.out}", file=sys.stderr)
    elif args.file is None:
        print_one(puzzles[0], args.method, collected.results)
    else:
        print_summary(collected.summary.lines(), args.file, len(puzzles))
        for method, message in collected.first_error.items():
            print(f"{method}: the first error: {message}")
        if args.out:
            print(f"wrote {recorder.written} rows to {args.out}")
    if args.solutions:
        first = args.method[0]
        again = {k: v for k, v in options[first].items()
                 if k in METHODS[first].options and k in ("objective", *chosen.get(first, {}))}
        write_solutions(args, puzzles, collected.solutions, again)
    if args.plot:
        save_plot(args.plot, puzzles, collected.rows, collected.results)
    return EXIT_WRONG_ANSWER if collected.wrong else EXIT_OK


def _solve_all(puzzles: list[Puzzle], options: dict[str, dict], args: argparse.Namespace,
               collected: _Collected, recorder: _Recorder | None, collecting: bool) -> None:
    """Every puzzle with every method, method by method (one
    :class:`~sudoku_models.solving.Models` for the run), each
    :class:`~sudoku_models.solving.Solved` handed to ``collected`` and
    recorded by ``recorder``; a row ``--out`` holds already is counted, not
    solved again. A progress bar for a file when standard error is a terminal."""
    import os

    from ..solving import Models, options_text, solve_one

    from ..errors import ModelTooLarge

    models = Models(args.time_limit, args.cpu_limit, log=args.log)
    refused = (ModelTooLarge,) if args.file is None else ()  # one puzzle: a refusal, exit 2
    total = len(puzzles) * len(options)
    bar = None
    if total > 1 and sys.stderr.isatty():  # tqdm shows nothing elsewhere: not imported (5-8 ms)
        from tqdm import tqdm

        bar = tqdm(total=total, unit="solve", file=sys.stderr)
    loaded: set[str] = set()
    try:
        for method, values in options.items():
            for index, puzzle in enumerate(puzzles, 1):
                held = recorder.held(method, index, puzzle) if recorder else None
                if held is not None:
                    collected.count(held)
                else:
                    if method not in loaded:
                        _load_frozen(models, method, collecting)
                        loaded.add(method)
                    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
                    solved = solve_one(models, index, puzzle, method, values, refused)
                    if recorder is not None:
                        recorder.write(solved, load)
                    collected(solved, options_text(values))
                if bar is not None:
                    bar.update()
    finally:
        if bar is not None:
            bar.close()


def _load_frozen(models: Models, method: str, collecting: bool) -> None:
    """Load ``method``'s solver library (:meth:`~sudoku_models.solving.Models.prepare`)
    with the garbage collector paused, then freeze every object the process
    holds (``gc.freeze``, as ``count`` does for its counter): for ``milp``,
    Pyomo, HiGHS and numpy make about 57,000 long-lived objects, which the
    collections during their import, the warm-up's collection of its model
    and the interpreter's at exit would each traverse (13-25 ms a full
    collection; the collector took 72 ms of a 300-puzzle ``solve --file``
    before the exit, 10-12 ms now). Freezes only when the
    library is not loaded yet: a process that runs commands one after
    another (the tests) freezes each method's load once, with whatever
    garbage it held then. The collector runs again afterwards when
    ``collecting`` (it ran when :func:`run` paused it)."""
    import gc

    target = METHODS[method].target
    fresh = not (isinstance(target, type) or target.partition(":")[0] in sys.modules)
    gc.disable()
    try:
        models.prepare(method)
    finally:
        if fresh:
            gc.freeze()
        if collecting:
            gc.enable()


register_command("solve", add_parser)
