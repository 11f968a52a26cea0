"""The ``explain`` and ``rate`` sub-commands of ``sudoku-models``:
``add_explain_parser(subparsers)`` and ``add_rate_parser(subparsers)`` add
them to the main parser; each sets ``handler`` to a function taking the
parsed arguments and returning the exit code.

A malformed puzzle raises :class:`~sudoku_models.PuzzleFormatError`, which
the main CLI prints in one line (exit 2); contradictory clues are reported
here the same way.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..files import read_puzzles
from ..puzzle import Puzzle
from .candidates import UnsolvablePuzzle
from .explain import solve_steps
from .rating import LEVELS, rate

EXIT_BAD_INPUT = 2


def add_explain_parser(subparsers) -> argparse.ArgumentParser:
    """Add ``explain PUZZLE [--json]`` to an ``add_subparsers()`` object."""
    parser = subparsers.add_parser(
        "explain",
        help="solve a puzzle step by step with named human techniques",
        description="Solve a puzzle with human techniques, easiest first (Full House, singles, "
        "Locked Candidates, Pairs/Triples/Quadruples, X-Wing, Swordfish, Jellyfish, Simple "
        "Colors, XY-Wing, XYZ-Wing), and print each step in the usual notation (r4c7 is row 4, "
        "column 7; r2c5<>4 removes candidate 4). If no technique applies before the grid is "
        "full, the last step says the rest needs search. Any order (4x4 to 36x36).",
    )
    parser.add_argument("puzzle", help="the puzzle as one line ('.' or '0' empty)")
    parser.add_argument("--json", action="store_true",
                        help="print the steps and the result as JSON")
    parser.set_defaults(handler=explain_command)
    return parser


def add_rate_parser(subparsers) -> argparse.ArgumentParser:
    """Add ``rate PUZZLE | --file F [--json]`` to an ``add_subparsers()`` object."""
    parser = subparsers.add_parser(
        "rate",
        help="rate the difficulty of a puzzle or of every puzzle in a file",
        description="Rate puzzles by the hardest human technique they need: "
        f"{', '.join(LEVELS)}; the score is the sum of HoDoKu's technique scores over "
        "the steps (see README, 'Explaining and rating puzzles').",
    )
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("puzzle", nargs="?", help="the puzzle as one line")
    source.add_argument("--file", "-f", help="file of puzzles, one per line")
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    parser.set_defaults(handler=rate_command)
    return parser


def _error(exc: Exception) -> int:
    print(f"sudoku-models: error: {exc}", file=sys.stderr)
    return EXIT_BAD_INPUT


def explain_command(args: argparse.Namespace) -> int:
    """Handler of ``explain``: prints the steps; exit 0, or 2 for a puzzle
    with contradictory clues."""
    puzzle = Puzzle.from_string(args.puzzle, where="PUZZLE", name=args.puzzle.strip())
    try:
        steps, grid = solve_steps(puzzle)
    except UnsolvablePuzzle as exc:
        return _error(exc)
    result = Puzzle.from_grid([grid.values[r * grid.side:(r + 1) * grid.side]
                               for r in range(grid.side)])
    solved = grid.solved()
    if args.json:
        print(json.dumps({"puzzle": puzzle.to_string(), "solved": solved,
                          "grid": result.to_string(), "steps": [s.to_dict() for s in steps]},
                         indent=1))
        return 0
    for number, step in enumerate(steps, start=1):
        print(f"{number:>3}. {step.text}")
    if solved:
        print(f"Solved in {len(steps)} steps: {result.to_string()}")
    else:
        print(f"Stopped after {len(steps) - 1} steps; grid so far: {result.to_string()}")
    return 0


def rate_command(args: argparse.Namespace) -> int:
    """Handler of ``rate``: one line (or JSON object) per puzzle. A single
    puzzle with contradictory clues exits 2; in a file it is reported as
    ``no solution`` and the others are rated."""
    if args.file:
        puzzles = read_puzzles(args.file)
    else:
        puzzles = [Puzzle.from_string(args.puzzle, where="PUZZLE", name=args.puzzle.strip())]
    for puzzle in puzzles:
        try:
            rating = rate(puzzle)
        except UnsolvablePuzzle as exc:
            if not args.file:
                return _error(exc)
            row = {"puzzle": puzzle.name, "level": "no solution", "error": str(exc)}
            print(json.dumps(row) if args.json else f"{puzzle.name}  no solution: {exc}")
            continue
        if args.json:
            print(json.dumps({"puzzle": puzzle.name, **rating.to_dict()}))
        else:
            steps = ", ".join(f"{name} {n}" for name, n in rating.steps.items())
            print(f"{puzzle.name}  {rating.level}  score {rating.score}  hardest: "
                  f"{rating.hardest}  ({steps})")
    return 0
