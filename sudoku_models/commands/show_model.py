"""``sudoku-models show-model``: a method's model of a puzzle printed in the
solver's own terms (:mod:`sudoku_models.model_text`): the LP file or
Pyomo's ``pprint`` of a MILP, the CP-SAT model one line per constraint or
its proto text, the CNF of a SAT method. Meant for a 4x4 (a 9x9 prints
hundreds of lines: ``--lines`` cuts it)."""

from __future__ import annotations

import argparse

from .arguments import key_value, positive_int
from . import register_command
from .common import command_line_puzzle
from .exits import EXIT_OK, UsageError

FORMS = ("lp", "pyomo", "constraints", "proto", "cnf")  # model_text.FORMS, without its imports


def line_count(text: str) -> int | None:
    """``all`` (None) or a whole number of lines >= 1."""
    return None if text == "all" else positive_int(text)


def add_parser(commands) -> None:
    """The ``show-model`` sub-command."""
    show = commands.add_parser(
        "show-model", help="print a method's model of a puzzle in the solver's own terms",
        description="Print the model METHOD builds for PUZZLE (best a 4x4, e.g. "
        "1.......3....4..), its size first: a MILP as the LP file its back-end writes "
        "(readable names x_r1_c2_v4, cell_r1_c2, row_r1_v4; the clues as bounds) or as "
        "Pyomo's pprint (--form pyomo); a CP-SAT model one line per variable and constraint "
        "(all_different(...)) or as its proto text (--form proto); a SAT method's DIMACS CNF. "
        "A model of your own: METHOD is its name in MODULE:NAME form.")
    show.add_argument("method", metavar="METHOD",
                      help="a method with a model ('sudoku-models methods': those with an "
                      "export format), or MODULE:NAME for a model of your own")
    show.add_argument("puzzle", metavar="PUZZLE", help="the puzzle in any format the toolkit "
                      "reads (a line, JSON, a SudokuPad or f-puzzles link, ...)")
    show.add_argument("--form", choices=FORMS,
                      help="lp or pyomo (MILP), constraints or proto (CP), cnf (SAT) "
                      "(default: the first of the method's paradigm)")
    show.add_argument("--lines", type=line_count, default=100, metavar="N",
                      help="print at most N lines of the model, or all (default 100)")
    show.add_argument("--option", action="append", type=key_value, default=[],
                      metavar="KEY=VALUE", dest="options",
                      help="a method option, e.g. cage=sets or objective=tiebreak; repeatable")
    show.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the model's header line and text."""
    from ..model_text import model_text
    from ..registry import typed_options
    from ..solving import option_value

    options = typed_options({key: option_value(text) for key, text in args.options})
    if len(options) < len(args.options):
        raise UsageError("--option: each option once")
    puzzle = command_line_puzzle(args.puzzle)
    print(model_text(puzzle, args.method, args.form, **options).shown(args.lines))
    return EXIT_OK


register_command("show-model", add_parser)
