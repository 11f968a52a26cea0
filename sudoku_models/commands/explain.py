"""``sudoku-models explain``: a puzzle solved step by step with named human
techniques (:mod:`sudoku_models.logic`)."""

from __future__ import annotations

import argparse
import json
import sys

from . import register_command
from .common import command_line_puzzle
from .exits import EXIT_OK, report_error


def add_parser(commands) -> None:
    """The ``explain`` sub-command."""
    parser = commands.add_parser(
        "explain",
        help="solve a puzzle step by step with named human techniques",
        description="Solve a puzzle with human techniques in Sudoku Explainer's order (singles, "
        "Locked Candidates, subsets, fish, wings, uniqueness, chains and forcing chains; for "
        "variants also killer cage sums and the rules between two cells: Kropki, XV, "
        "thermometers, ...), and print each step in the usual notation (r4c7 is row 4, column "
        "7; r2c5<>4 removes candidate 4; chains in Eureka notation) with its SE rating. If no "
        "technique applies before the grid is full, the last step says the rest needs search. "
        "Any order (4x4 to 36x36).",
    )
    parser.add_argument("puzzle", help="the puzzle as one line ('.' or '0' empty)")
    parser.add_argument("--json", action="store_true",
                        help="print the steps and the result as JSON")
    parser.add_argument("--plot", metavar="PDF_OR_FOLDER",
                        help="also draw every step: a .pdf file gets a page per step, anything "
                        "else is a folder of step-001.svg, ... (candidates, the cells and houses "
                        "the step uses highlighted, placements green, eliminations red, a "
                        "chain's links as arcs, strong solid and weak dashed, the step's text "
                        "as caption)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the steps; exit 0, or 2 for a puzzle with contradictory clues."""
    from ..logic.candidates import UnsolvablePuzzle
    from ..logic.human_solver import solve_steps
    from ..puzzle import Puzzle

    puzzle = command_line_puzzle(args.puzzle)
    try:
        steps, grid = solve_steps(puzzle)
    except UnsolvablePuzzle as exc:
        return report_error(exc)
    result = Puzzle.from_grid([grid.values[r * grid.side:(r + 1) * grid.side]
                               for r in range(grid.side)])
    solved = grid.solved()
    if args.plot:
        from ..step_pictures import write_step_pictures

        written = write_step_pictures(puzzle, args.plot)
        print(f"drew {len(steps)} steps in {args.plot}"
              + (f" ({len(written)} files)" if len(written) > 1 else ""), file=sys.stderr)
    if args.json:
        print(json.dumps({"puzzle": puzzle.to_string(), "solved": solved,
                          "grid": result.to_string(), "steps": [s.to_dict() for s in steps]},
                         indent=1))
        return EXIT_OK
    for number, step in enumerate(steps, start=1):
        print(f"{number:>3}. {step.text}")
    if solved:
        print(f"Solved in {len(steps)} steps: {result.to_string()}")
    else:
        print(f"Stopped after {len(steps) - 1} steps; grid so far: {result.to_string()}")
    return EXIT_OK


register_command("explain", add_parser)
