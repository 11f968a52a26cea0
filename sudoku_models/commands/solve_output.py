"""What ``sudoku-models solve`` prints, writes and draws: the side-by-side
view of one puzzle, the summary of a file, one JSON line per solve, the
``--solutions`` file and the ``--plot`` picture."""

from __future__ import annotations

import argparse
import math
import sys
from typing import TYPE_CHECKING

from .common import text_table
from .exits import UsageError

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from ..solving import Solved

STDIN = "<stdin>"  # the dataset name of the puzzles of standard input


def json_line(solved: Solved, options: str) -> str:
    """One JSON object (a line) for ``solve --format json``: ``puzzle`` its
    name (the clue line for PUZZLE), ``json`` the whole puzzle in the
    toolkit's JSON (layout, cages and every other constraint:
    :func:`~sudoku_models.formats.toolkit_json.to_json`, read back by
    :func:`~sudoku_models.formats.puzzle_text.read_puzzle`), then the solve."""
    import json

    from ..formats.toolkit_json import to_json

    result = solved.result
    record = {"puzzle": solved.puzzle.name, "json": to_json(solved.puzzle),
              "index": solved.index, "method": solved.method,
              "options": options, "status": solved.status, "verified": solved.verified,
              "solution": None if result is None or not result.status.solved
              else solution_line(result, solved.status),
              "build_s": None if result is None else result.build_seconds,
              "solve_s": None if result is None else result.solve_seconds,
              "cpu_s": solved.cpu_seconds, "solver": None if result is None else result.solver,
              "stats": {} if result is None else result.stats, "error": solved.error}
    return json.dumps(record, default=str)


def solution_line(result, status: str) -> str:
    """A solution in the puzzle format (any layout: the grid's values, one
    line), or the status when there is none."""
    if result is not None and result.status.solved:
        from ..core.geometry import Layout
        from ..puzzle import Puzzle

        side = len(result.grid)  # more values than cells: the grid's largest value
        layout = Layout.latin(side).with_values(max(side, int(result.grid.max())))
        return Puzzle(result.grid, layout).to_string()
    return status


SOLUTIONS_HEADER = "# sudoku-models solve: solutions"


def check_solutions_file(args: argparse.Namespace) -> None:
    """Before solving: ``--solutions`` may name a new file, one ``solve``
    wrote (its first line starts with :data:`SOLUTIONS_HEADER`) or, with
    ``--overwrite``, another regular file; never the input file nor
    ``--out`` (:class:`UsageError` or
    :class:`~sudoku_models.formats.files.OutputFileError`)."""
    from pathlib import Path

    from ..output_files import check_output

    path = check_output(args.solutions, reading=(args.file,), option="--solutions")
    if args.out and Path(args.out).resolve() == path.resolve():
        raise UsageError(f"--solutions {args.solutions}: is the --out file too")
    if path.exists() and path.stat().st_size and not args.overwrite:
        with open(path, "rb") as handle:
            first = handle.read(len(SOLUTIONS_HEADER))
        if first != SOLUTIONS_HEADER.encode():
            raise UsageError(f"--solutions {args.solutions}: exists and was not written by "
                             f"solve; choose another file, or --overwrite to replace it")


def print_summary(lines: list[dict], source: str, puzzles: int) -> None:
    from ..records.summary import SUMMARY_COLUMNS

    columns = [c for c in SUMMARY_COLUMNS if c != "dataset"]
    if len({line["order"] for line in lines}) == 1:
        columns.remove("order")
    print(f"{puzzles} puzzles of {STDIN if source == '-' else source}")
    print(text_table(columns, [[_cell(line[c]) for c in columns] for line in lines],
                     rule=False))


def _cell(value) -> str:
    if isinstance(value, float):
        return "" if math.isnan(value) else f"{value:.2f}"
    return str(value)


def write_solutions(args: argparse.Namespace, puzzles: list[Puzzle],
                    solved: dict[int, str], options: dict) -> None:
    """One line per puzzle: the first method's solution in the puzzle
    format, or its status. A puzzle whose row ``--out`` held already (not
    solved in this run) is solved again for its grid (with the first
    method's ``options``), not recorded."""
    missing = [i for i in range(1, len(puzzles) + 1) if i not in solved]
    if missing:
        from ..solving import solve_many

        method = args.method[0]
        again = solve_many([puzzles[i - 1] for i in missing], method,
                           time_limit=args.time_limit, cpu_limit=args.cpu_limit, **options)
        for index, result in zip(missing, again):
            solved[index] = solution_line(result, result.status.value)
    text = "".join(solved[i] + "\n" for i in range(1, len(puzzles) + 1))
    if args.solutions == "-":
        sys.stdout.write(text)
    else:
        source = args.puzzle if args.file is None else STDIN if args.file == "-" else args.file
        with open(args.solutions, "w") as handle:
            handle.write(f"{SOLUTIONS_HEADER} of {source} by {args.method[0]}\n{text}")
    print(f"wrote {len(puzzles)} solutions to {args.solutions}", file=sys.stderr)


def print_one(puzzle: Puzzle, methods: list[str], results: dict[str, Solved]) -> None:
    """The puzzle and each method's grid side by side, then a table of
    status, verification, model size, times and solver statistics."""
    import numpy as np

    from ..puzzle import Puzzle

    columns = [("puzzle", str(puzzle).splitlines())]
    for method in methods:
        result = results[method].result
        solved = result is not None and result.status.solved
        columns.append((method, str(Puzzle(result.grid, puzzle.layout, values=puzzle.values))
                        .splitlines() if solved
                        else [results[method].status]))
    width = max(len(line) for _, lines in columns for line in lines) + 4
    height = max(len(lines) for _, lines in columns)
    print("".join(name.ljust(width) for name, _ in columns))
    for line in range(height):
        print("".join((lines[line] if line < len(lines) else "").ljust(width)
                      for _, lines in columns))
    print()
    got = [results[m] for m in methods]
    rs = [solved.result for solved in got]

    def each(read) -> list:
        return [read(r) if r is not None else "" for r in rs]

    table = [
        ("status", *[solved.status for solved in got]),
        ("verified", *["yes" if solved.verified else "no" for solved in got]),
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
    for method, solved in zip(methods, got):
        if solved.error:
            print(f"{method}: {solved.error}")
    done = [r for r in rs if r is not None and r.status.solved]
    agreement = ""
    if len(done) > 1:
        same = all(np.array_equal(done[0].grid, r.grid) for r in done)
        agreement = "; the solutions agree" if same else (
            "; the solutions differ: the puzzle has more than one solution")
    print(f"\n{puzzle.num_clues} clues{agreement}")


def save_plot(path: str, puzzles: list[Puzzle], rows: list[dict], results: dict) -> None:
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
        for ax, (method, solved) in zip(axes[1:], results.items()):
            result = solved.result
            done = result is not None and result.status.solved
            seconds = 0.0 if result is None else result.solve_seconds
            draw_sudoku(puzzle, result.grid if done else None, ax=ax,
                        title=f"{method}: {solved.status}, {1000 * seconds:.1f} ms")
        fig.tight_layout()
        fig.savefig(path, dpi=120)
        plt.close(fig)
    else:
        from pathlib import Path

        from ..bench.report import labelled, method_colours, plot_distribution
        from ..records.results import format_value, results_frame

        frame = labelled(results_frame([{k: format_value(v) for k, v in row.items()}
                                        for row in rows]))
        plot_distribution(frame, method_colours(frame["label"].unique()), Path(path))
    print(f"wrote {path}")
