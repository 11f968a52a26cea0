"""``sudoku-models generate``: the generator's command, plugged into the
command line through the ``sudoku_models.extensions`` entry point (see
:mod:`sudoku_models.extensions`). Imports nothing heavy: the generator and
numba load when the command runs."""

from __future__ import annotations

import argparse
import shlex
import sys

from sudoku_models.arguments import seconds, seed, whole_number
from sudoku_models.commands import register_command
from sudoku_models.commands.exits import EXIT_OK, UsageError
from sudoku_models.files import check_output
from sudoku_models.logic.rating import LEVELS


def add_parser(commands) -> None:
    """The ``generate`` sub-command (see :func:`sudoku_models.commands.register_command`)."""
    from generator.options import DEFAULT_TIME_LIMIT, SYMMETRIES

    generate = commands.add_parser(
        "generate",
        help="generate unique-solution puzzles: N clues, a difficulty, minimal",
        description="Generate puzzles with exactly one solution, one per line in the dataset "
        "format (81 characters, '.' empty, for 9x9): with exactly --clues clues, at a "
        "--difficulty (rated by 'sudoku-models rate'), --minimal (no clue can be removed), or "
        "any combination. The same --seed gives the same puzzles. Requests that cannot be met "
        "fail at once with the reason; a puzzle not found within --time-limit fails with what "
        "was reached.",
    )
    generate.add_argument("--clues", type=lambda t: whole_number(t, 0, 10_000),
                          help="clues per puzzle")
    generate.add_argument("--difficulty", choices=LEVELS, help="the rating level to reach")
    generate.add_argument("--minimal", action="store_true",
                          help="only minimal puzzles: removing any clue loses uniqueness")
    generate.add_argument("--count", type=lambda t: whole_number(t, 1, 1_000_000), default=1,
                          help="how many (default 1)")
    generate.add_argument("--order", type=lambda t: whole_number(t, 2, 6), default=3,
                          help="box size n: 2 for 4x4, 3 for 9x9 (default), 4 for 16x16, ... 6")
    generate.add_argument("--seed", type=seed, help="random seed, for reproducible puzzles "
                          "(default: one drawn at random, printed in the header line)")
    generate.add_argument("--symmetry", choices=SYMMETRIES, help="place the clues symmetrically")
    generate.add_argument("--time-limit", type=seconds, metavar="SECONDS",
                          default=DEFAULT_TIME_LIMIT,
                          help=f"give up on a puzzle after this long (default {DEFAULT_TIME_LIMIT:g})")
    generate.add_argument("--out", "-o", help="write the puzzles to this file (default: stdout); "
                          "a file generate did not write is refused unless --overwrite")
    generate.add_argument("--overwrite", action="store_true",
                          help="replace --out even if generate did not write it")
    generate.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Generate ``args.count`` puzzles and print or write them."""
    import secrets

    import numpy as np
    from tqdm import tqdm

    from generator import GenerationError, generate

    if args.clues is None and args.difficulty is None and not args.minimal:
        raise UsageError("say what to generate: --clues N, --difficulty LEVEL and/or --minimal")
    if args.out:
        _check_out(args)
    seed = secrets.randbelow(2**63) if args.seed is None else args.seed
    rng = np.random.default_rng(seed)
    lines = []
    try:
        for _ in tqdm(range(args.count), unit="puzzle", desc="generating",
                      disable=args.count == 1 or None):
            puzzle = generate(args.clues, order=args.order, seed=rng, symmetry=args.symmetry,
                              time_limit=args.time_limit, difficulty=args.difficulty,
                              minimal=args.minimal)
            lines.append(puzzle.to_string())
    except GenerationError as exc:
        raise UsageError(str(exc)) from None
    wanted = ", ".join(filter(None, [
        f"{args.clues} clues" if args.clues is not None else "",
        args.difficulty or "", "minimal" if args.minimal else ""]))
    header = (f"# {args.count} puzzles, order {args.order}, {wanted}, unique solution; "
              f"{reproducing_command(args, seed)}")
    text = "\n".join([header, *lines]) + "\n"
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)
        print(f"wrote {len(lines)} puzzles to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _check_out(args: argparse.Namespace) -> None:
    """Before generating: ``--out`` may name a new file, one ``generate``
    wrote (its header line names the command) or, with ``--overwrite``,
    another regular file; never a directory, FIFO or device
    (:func:`~sudoku_models.files.check_output`)."""
    path = check_output(args.out)
    if path.exists() and path.stat().st_size and not args.overwrite:
        with open(path, "rb") as handle:
            first = handle.readline(4096)
        if not (first.startswith(b"# ") and b"; sudoku-models generate " in first):
            raise UsageError(f"--out {args.out}: exists and was not written by generate; "
                             f"choose another file, or --overwrite to replace it")


def reproducing_command(args: argparse.Namespace, seed: int) -> str:
    """The ``sudoku-models generate`` command line that makes the same
    puzzles: every option that shapes them, with ``seed`` (the one drawn
    when none was given)."""
    from generator.options import DEFAULT_TIME_LIMIT

    words = ["sudoku-models", "generate"]
    if args.clues is not None:
        words += ["--clues", str(args.clues)]
    if args.difficulty:
        words += ["--difficulty", args.difficulty]
    if args.minimal:
        words.append("--minimal")
    words += ["--count", str(args.count), "--order", str(args.order), "--seed", str(seed)]
    if args.symmetry:
        words += ["--symmetry", args.symmetry]
    if args.time_limit != DEFAULT_TIME_LIMIT:
        words += ["--time-limit", str(args.time_limit)]
    return shlex.join(words)


register_command("generate", add_parser)
