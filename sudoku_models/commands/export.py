"""``sudoku-models export``: a method's model of a puzzle written to a file,
or the puzzle itself as people share it (a SudokuPad link, f-puzzles JSON,
the Interactive Sudoku Solver's constraint string)."""

from __future__ import annotations

import argparse
import sys

from .arguments import file_name
from ..registry import OBJECTIVES
from ..registry import exporting_methods
from . import register_command
from .common import add_method_option, command_line_puzzle
from .exits import EXIT_OK, UsageError
from ..formats import PUZZLE_FORMATS


def add_parser(commands) -> None:
    """The ``export`` sub-command."""
    from ..model_files import SUFFIXES

    export = commands.add_parser(
        "export",
        help="write a method's model of a puzzle to a file (LP, MPS, CP-SAT proto text, ...)",
        description="Write the model a method builds for PUZZLE: 'lp' and 'mps' (HiGHS's "
        "writer; milp, matrix, milp-alldiff) with readable 1-based names such as x_r1_c2_v4 "
        "and cell_r1_c2; 'pbtxt' (the CP-SAT CpModelProto as protobuf text; cp, cp-bool). "
        "The format comes from --format or the suffix of -o. The puzzle itself: 'line' (the "
        "line format), 'json' (the toolkit's JSON, with every constraint), 'sudokupad' (a "
        "link that opens it in SudokuPad), 'fpuzzles' (f-puzzles JSON), 'iss' (the "
        "Interactive Sudoku Solver's constraint string), to -o or the terminal.",
    )
    export.add_argument("puzzle", help="the puzzle in any format the toolkit reads (a line, "
                        "JSON, a SudokuPad or f-puzzles link, ...)")
    add_method_option(export, "milp", exporting_methods, many=False, what="methods that export")
    export.add_argument("--format", choices=sorted({*SUFFIXES.values(), *PUZZLE_FORMATS}),
                        help="file format (default: from the suffix of -o)")
    export.add_argument("--objective", choices=OBJECTIVES, help="MILP objective (milp, matrix)")
    export.add_argument("-o", "--out", type=file_name,
                        help="the file to write (a model needs one; a puzzle format without "
                        "-o is printed)")
    export.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write the model (one line on standard error says where), or the
    puzzle in a shared format (printed without ``-o``)."""
    from ..output_files import check_output
    from ..model_files import export

    if args.out is not None:
        check_output(args.out, option="-o")
    puzzle = command_line_puzzle(args.puzzle)
    if args.format in PUZZLE_FORMATS:
        from ..formats.puzzle_text import write_puzzle

        text = write_puzzle(puzzle, args.format)
        if args.out is None:
            print(text)
        else:
            with open(args.out, "w") as handle:
                handle.write(text + "\n")
            print(f"wrote the puzzle as {args.format} to {args.out}", file=sys.stderr)
        return EXIT_OK
    if args.out is None:
        raise UsageError(f"-o FILE is needed to export a model (or --format "
                         f"{', '.join(PUZZLE_FORMATS)} for the puzzle itself)")
    options = {"objective": args.objective} if args.objective else {}
    path = export(puzzle, args.method, args.out, format=args.format, **options)
    print(f"wrote the {args.method} model of the puzzle to {path}", file=sys.stderr)
    return EXIT_OK


register_command("export", add_parser)
