"""``sudoku-models rate``: the difficulty of a puzzle or of every puzzle of
a file, on Sudoku Explainer's scale (ER, EP, ED) or its five levels, by the
human techniques it needs (:mod:`sudoku_models.logic`)."""

from __future__ import annotations

import argparse
import json

from ..registry import LEVELS
from . import register_command
from .common import add_source, source_puzzles
from .exits import EXIT_OK, report_error


def add_parser(commands) -> None:
    """The ``rate`` sub-command."""
    parser = commands.add_parser(
        "rate",
        help="rate the difficulty of a puzzle or of every puzzle in a file",
        description="Rate puzzles by the human techniques they need, on Sudoku Explainer's "
        "scale (ER: the hardest step, EP: the hardest up to the first placement, ED: the "
        f"first step) and its five bands: {', '.join(LEVELS)} (see README, 'Explaining and "
        "rating puzzles').",
    )
    add_source(parser, file_help="file of puzzles, as for solve")
    parser.add_argument("--scale", choices=("levels", "se"), default="levels",
                        help="levels: the level and the hardest technique (default); se: "
                        "ER/EP/ED on Sudoku Explainer's scale")
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """One line (or JSON object) per puzzle. A single puzzle with
    contradictory clues, or with constraints the techniques cannot reason
    about, exits 2; in a file it is reported (``no solution``, ``not rated``)
    and the others are rated."""
    from ..logic.candidates import UnsolvablePuzzle, UnsupportedRules
    from ..logic.grading import rate

    for puzzle in source_puzzles(args):
        try:
            rating = rate(puzzle)
        except (UnsolvablePuzzle, UnsupportedRules) as exc:
            if args.file is None:
                return report_error(exc)
            level = "no solution" if isinstance(exc, UnsolvablePuzzle) else "not rated"
            row = {"puzzle": puzzle.name, "level": level, "error": str(exc)}
            print(json.dumps(row) if args.json else f"{puzzle.name}  {level}: {exc}")
            continue
        if args.json:
            print(json.dumps({"puzzle": puzzle.name, **rating.to_dict()}))
        else:
            steps = ", ".join(f"{name} {n}" for name, n in rating.steps.items())
            if args.scale == "se":
                er, ep, ed = (f"{x:.1f}" if x is not None else "?" for x in rating.se)
                left = f"  (stopped with {rating.cells_left} cells left)" if rating.se.er is None \
                    else ""
                print(f"{puzzle.name}  ER {er}/{ep}/{ed}  {rating.hardest}{left}")
            else:
                print(f"{puzzle.name}  {rating.level}  ER {rating.se.er}  hardest: "
                      f"{rating.hardest}  ({steps})")
    return EXIT_OK


register_command("rate", add_parser)
