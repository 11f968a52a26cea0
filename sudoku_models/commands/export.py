"""``sudoku-models export``: a method's model of a puzzle written to a file."""

from __future__ import annotations

import argparse
import sys

from ..arguments import file_name
from ..registry import OBJECTIVES
from ..registry import exporting_methods
from . import register_command
from .common import add_method_option, command_line_puzzle
from .exits import EXIT_OK


def add_parser(commands) -> None:
    """The ``export`` sub-command."""
    from ..model_files import SUFFIXES

    export = commands.add_parser(
        "export",
        help="write a method's model of a puzzle to a file (LP, MPS, CP-SAT proto text, ...)",
        description="Write the model a method builds for PUZZLE: 'lp' and 'mps' (HiGHS's "
        "writer; milp, matrix, milp-alldiff) with readable 1-based names such as x_r1_c2_v4 "
        "and cell_r1_c2; 'pbtxt' (the CP-SAT CpModelProto as protobuf text; cp, cp-bool). "
        "The format comes from --format or the suffix of -o.",
    )
    export.add_argument("puzzle", help="the puzzle as one line")
    add_method_option(export, "milp", exporting_methods, many=False, what="methods that export")
    export.add_argument("--format", choices=sorted(set(SUFFIXES.values())),
                        help="file format (default: from the suffix of -o)")
    export.add_argument("--objective", choices=OBJECTIVES, help="MILP objective (milp, matrix)")
    export.add_argument("-o", "--out", required=True, type=file_name, help="the file to write")
    export.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write the model; one line on standard error says where."""
    from ..model_files import export
    from ..files import check_output

    check_output(args.out, option="-o")
    puzzle = command_line_puzzle(args.puzzle)
    options = {"objective": args.objective} if args.objective else {}
    path = export(puzzle, args.method, args.out, format=args.format, **options)
    print(f"wrote the {args.method} model of the puzzle to {path}", file=sys.stderr)
    return EXIT_OK


register_command("export", add_parser)
