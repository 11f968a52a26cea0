"""``sudoku-models generate``: the generator's command, plugged into the
command line through the ``sudoku_models.extensions`` entry point (see
:mod:`sudoku_models.extensions`). Imports nothing heavy: the generator and
numba load when the command runs."""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from sudoku_models.commands.arguments import seconds_text, seed, whole_number_text
from sudoku_models.commands import register_command
from sudoku_models.commands.exits import EXIT_OK, UsageError
from sudoku_models.commands.warm_up import register_warm_up
from sudoku_models.registry import LEVELS


def add_parser(commands) -> None:
    """The ``generate`` sub-command (see :func:`sudoku_models.commands.register_command`)."""
    from generator.options import DEFAULT_TIME_LIMIT, SYMMETRIES

    generate = commands.add_parser(
        "generate",
        help="generate unique-solution puzzles: N clues, a difficulty, minimal",
        description="Generate puzzles with exactly one solution: with exactly --clues clues, at "
        "a --difficulty (rated by 'sudoku-models rate'), --minimal (no clue can be removed), or "
        "any combination; on the square grid of --order or on a --layout (rectangular boxes, "
        "a random jigsaw, a Latin square); or --killer puzzles with --cages cages (and "
        "--givens digits). Classic square puzzles are written one per line in the dataset "
        "format (81 characters, '.' empty, for 9x9) after a '#' header line; other layouts and "
        "killers as JSON lines (the sudoku-models/1 format, its 'source' field holding the "
        "command). The same --seed gives the same puzzles. Requests that cannot be met "
        "fail at once with the reason; a puzzle not found within --time-limit fails with what "
        "was reached.",
        epilog="examples: generate --clues 24 --count 5 | generate --layout boxes:2x3 --clues 12 "
        "| generate --layout jigsaw:9 --clues 30 | generate --killer --cages 17-25 --count 3",
    )
    generate.add_argument("--clues", type=lambda t: whole_number_text(t, 0, 10_000),
                          help="clues per puzzle. Low counts on 9x9: 17 and 18 are drawn from the "
                          "bundled 49,158 known 17-clue puzzles (collection 17clue), each "
                          "relabelled and permuted into a new grid (18: plus one clue of its "
                          "solution), in milliseconds; 19 to 21 come from the search, which may "
                          "need more than --time-limit; 16 or fewer have no unique puzzle")
    generate.add_argument("--difficulty", choices=LEVELS, help="the rating level to reach")
    generate.add_argument("--se", type=se_range, metavar="LOW-HIGH",
                          help="a range of Sudoku Explainer ratings the puzzle's ER lies in "
                          "(e.g. 7.0-8.0, or one rating such as 7.2)")
    generate.add_argument("--minimal", action="store_true",
                          help="only minimal puzzles: removing any clue loses uniqueness")
    generate.add_argument("--count", type=lambda t: whole_number_text(t, 1, 1_000_000), default=1,
                          help="how many (default 1)")
    generate.add_argument("--order", type=lambda t: whole_number_text(t, 2, 6),
                          help="box size n: 2 for 4x4, 3 for 9x9 (default), 4 for 16x16, ... 6")
    generate.add_argument("--layout", type=layout_spec, metavar="SPEC",
                          help="instead of --order: boxes:RxC (rectangular boxes of R rows and C "
                          "columns, e.g. boxes:2x3 for 6x6), jigsaw:N (a new random jigsaw of "
                          "side N for each puzzle, N in 4..36) or latin:N (no regions)")
    generate.add_argument("--killer", action="store_true",
                          help="killer puzzles: cages with totals drawn from a random full grid, "
                          "merged while the solution stays unique (needs --cages)")
    generate.add_argument("--cages", type=cage_range, metavar="N|LOW-HIGH",
                          help="--killer: the number of cages, or a range (e.g. 17-25)")
    generate.add_argument("--givens", type=lambda t: whole_number_text(t, 0, 10_000), default=0,
                          metavar="N", help="--killer: digits given beside the cages (default 0)")
    generate.add_argument("--max-cage", type=lambda t: whole_number_text(t, 1, 36),
                          metavar="N", help="--killer: the most cells a cage may have (default the side)")
    generate.add_argument("--seed", type=seed, help="random seed, for reproducible puzzles "
                          "(default: one drawn at random, printed in the header line or the JSON "
                          "'source' field)")
    generate.add_argument("--symmetry", choices=SYMMETRIES, help="place the clues symmetrically")
    generate.add_argument("--time-limit", type=seconds_text, metavar="SECONDS",
                          default=DEFAULT_TIME_LIMIT,
                          help=f"give up on a puzzle after this long (default {DEFAULT_TIME_LIMIT:g})")
    generate.add_argument("--out", "-o", help="write the puzzles to this file (default: stdout); "
                          "a file generate did not write is refused unless --overwrite")
    generate.add_argument("--overwrite", action="store_true",
                          help="replace --out even if generate did not write it")
    generate.set_defaults(handler=run)


def layout_spec(text: str):
    """A ``--layout`` spec: ``boxes:RxC``, ``jigsaw:N`` or ``latin:N``, as
    ``(kind, values)``."""
    kind, _, value = text.partition(":")
    try:
        if kind == "boxes":
            if not all(part.isascii() and part.isdigit() for part in value.lower().split("x")):
                raise ValueError
            rows, cols = (int(part) for part in value.lower().split("x"))
            if not (1 <= rows and 1 <= cols and 4 <= rows * cols <= 36):
                raise ValueError
            return kind, (rows, cols)
        if kind in ("jigsaw", "latin"):
            if not (value.isascii() and value.isdigit()):
                raise ValueError
            side = int(value)
            if not 4 <= side <= 36 and not (kind == "latin" and 2 <= side <= 36):
                raise ValueError
            return kind, (side,)
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(
        f"expected boxes:RxC (R*C in 4..36, e.g. boxes:2x3), jigsaw:N (N in 4..36) or latin:N, "
        f"got {text!r}")


def cage_range(text: str) -> tuple[int, int]:
    """A ``--cages`` value: ``N`` or ``LOW-HIGH``."""
    low, dash, high = text.partition("-")
    try:
        pair = (whole_number_text(low, 1, 1296), whole_number_text(high if dash else low, 1, 1296))
    except argparse.ArgumentTypeError:
        pair = (1, 0)
    if pair[0] > pair[1]:
        raise argparse.ArgumentTypeError(f"expected N or LOW-HIGH (whole numbers, LOW <= HIGH), "
                                         f"got {text!r}")
    return pair


def _layout(args: argparse.Namespace, rng):
    """The layout of the next puzzle (a fresh random jigsaw each time)."""
    from sudoku_models.core.geometry import Layout

    if args.layout is None:
        return Layout.square(args.order or 3)
    kind, values = args.layout
    if kind == "boxes":
        return Layout.boxes(*values)
    if kind == "latin":
        return Layout.latin(*values)
    from generator import random_jigsaw

    return random_jigsaw(values[0], seed=rng, time_limit=args.time_limit)


def _check_request(args: argparse.Namespace) -> None:
    if args.layout is not None and args.order is not None:
        raise UsageError("give --order or --layout, not both")
    if args.killer:
        if args.cages is None:
            raise UsageError("--killer needs --cages N or --cages LOW-HIGH")
        extra = [name for name, given in (("--clues", args.clues is not None),
                                          ("--difficulty", args.difficulty),
                                          ("--se", args.se),
                                          ("--minimal", args.minimal),
                                          ("--symmetry", args.symmetry)) if given]
        if extra:
            raise UsageError(f"--killer takes --cages, --givens and --max-cage, not "
                             f"{', '.join(extra)}")
        return
    if args.cages is not None or args.givens or args.max_cage is not None:
        raise UsageError("--cages, --givens and --max-cage go with --killer")
    if args.difficulty and args.se:
        raise UsageError("give --difficulty or --se, not both")
    if args.clues is None and args.difficulty is None and args.se is None and not args.minimal:
        raise UsageError("say what to generate: --clues N, --difficulty LEVEL, --se LOW-HIGH "
                         "and/or --minimal (or --killer --cages N)")
    if args.layout is None:
        from generator.generation_errors import GenerationError
        from generator.requests import check_request

        try:
            check_request(args.clues, args.order or 3, args.symmetry, args.time_limit,
                          args.difficulty, args.minimal, args.se)
        except GenerationError as exc:
            raise UsageError(str(exc)) from None
    elif args.layout[0] == "jigsaw" and args.clues is not None:
        from generator.requests import fewest_possible_clues, most_minimal_clues
        from sudoku_models.core.geometry import Layout

        side = args.layout[1][0]
        stand_in = Layout.latin(side)  # what the bounds need of a jigsaw: its side
        low = fewest_possible_clues(stand_in)
        high = most_minimal_clues(stand_in) if args.minimal else side * side
        if not low <= args.clues <= high:
            raise UsageError(f"cannot generate a {side}x{side} jigsaw with {args.clues} clues: "
                             f"ask for {low} to {high}{' (minimal)' if args.minimal else ''}")


def run(args: argparse.Namespace) -> int:
    """Generate ``args.count`` puzzles and print or write them; a request
    that cannot be met is refused before numpy and the compiled generator
    load."""
    _check_request(args)
    import json
    import secrets

    import numpy as np
    from tqdm import tqdm

    from generator import GenerationError, JigsawError, generate, generate_killer

    if args.out:
        _check_out(args)
    _say_if_known(args)
    seed = secrets.randbelow(2**63) if args.seed is None else args.seed
    rng = np.random.default_rng(seed)
    command = reproducing_command(args, seed)
    puzzles = []
    made = 0.0  # seconds the last puzzle's new jigsaw layout took of its limit
    jigsaw = args.layout is not None and args.layout[0] == "jigsaw"
    try:
        for _ in tqdm(range(args.count), unit="puzzle", desc="generating",
                      disable=args.count == 1 or None):
            started = time.monotonic()
            layout = _layout(args, rng)
            made = time.monotonic() - started if jigsaw else 0.0  # (else "within 1.99984 s")
            left = max(args.time_limit - made, 1e-3)  # one limit for both
            if args.killer:
                puzzle = generate_killer(args.cages, layout=layout, givens=args.givens,
                                         seed=rng, max_cage=args.max_cage, time_limit=left)
            else:
                puzzle = generate(args.clues, seed=rng, symmetry=args.symmetry,
                                  time_limit=left, difficulty=args.difficulty,
                                  minimal=args.minimal, layout=layout, se=args.se)
            puzzles.append(puzzle)
    except JigsawError as exc:
        raise UsageError(str(exc)) from None
    except GenerationError as exc:
        raise UsageError(f"{exc} (the rest of --time-limit {args.time_limit:g} s after "
                         f"{made:.2f} s making the jigsaw layout)" if jigsaw else str(exc)) from None
    if args.killer or args.layout is not None:
        from sudoku_models.formats.toolkit_json import to_json

        lines = [json.dumps({**to_json(p), "source": command}, separators=(",", ":"))
                 for p in puzzles]
    else:
        wanted = ", ".join(filter(None, [
            f"{args.clues} clues" if args.clues is not None else "",
            args.difficulty or "", f"SE {_se_text(args.se)}" if args.se else "",
            "minimal" if args.minimal else ""]))
        lines = [f"# {args.count} puzzles, order {args.order or 3}, {wanted}, unique solution; "
                 f"{command}", *(p.to_string() for p in puzzles)]
    text = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)
        print(f"wrote {len(puzzles)} puzzles to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _say_if_known(args: argparse.Namespace) -> None:
    """One line on stderr when the puzzles are drawn from the known 17-clue
    puzzles (:func:`generator.puzzles.draws_known`), not searched for."""
    from generator.known import HOW, SOURCE, known_count
    from generator.puzzles import draws_known

    if args.killer or args.layout is not None or not draws_known(
            args.clues, args.order or 3, args.symmetry, args.difficulty, args.minimal, args.se):
        return
    plus = "; plus one clue of its solution" if args.clues == 18 else ""
    print(f"sudoku-models generate: {args.clues} clues: each puzzle is one of the "
          f"{known_count():,} known 17-clue puzzles (collection {SOURCE}) {HOW}{plus}; no "
          f"search reaches so few clues in reasonable time", file=sys.stderr)


def _check_out(args: argparse.Namespace) -> None:
    """Before generating: ``--out`` may name a new file, one ``generate``
    wrote (its header line names the command) or, with ``--overwrite``,
    another regular file; never a directory, FIFO or device
    (:func:`~sudoku_models.formats.files.check_output`)."""
    from sudoku_models.output_files import check_output

    path = check_output(args.out)
    if path.exists() and path.stat().st_size and not args.overwrite:
        with open(path, "rb") as handle:
            first = handle.readline(4096)
        if not ((first.startswith(b"# ") and b"; sudoku-models generate " in first)
                or (first.startswith(b"{") and b'"source":"sudoku-models generate ' in first)):
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
    if args.se:
        words += ["--se", _se_text(args.se)]
    if args.minimal:
        words.append("--minimal")
    if args.killer:
        low, high = args.cages
        words += ["--killer", "--cages", str(low) if low == high else f"{low}-{high}"]
        if args.givens:
            words += ["--givens", str(args.givens)]
        if args.max_cage is not None:
            words += ["--max-cage", str(args.max_cage)]
    words += ["--count", str(args.count)]
    if args.layout is not None:
        kind, values = args.layout
        words += ["--layout", f"{kind}:{'x'.join(map(str, values))}"]
    else:
        words += ["--order", str(args.order or 3)]
    words += ["--seed", str(seed)]
    if args.symmetry:
        words += ["--symmetry", args.symmetry]
    if args.time_limit != DEFAULT_TIME_LIMIT:
        words += ["--time-limit", str(args.time_limit)]
    return shlex.join(words)


def se_range(text: str) -> tuple[float, float]:
    """``"7.0-8.0"`` -> ``(7.0, 8.0)``, ``"7.2"`` -> ``(7.2, 7.2)``: a range
    of Sudoku Explainer ratings from 1.0 to 12.0, low first."""
    try:
        parts = [float(p) for p in text.split("-")]
    except ValueError:
        parts = []
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2 or not 1.0 <= parts[0] <= parts[1] <= 12.0:
        raise argparse.ArgumentTypeError(
            f"expected a rating or a range LOW-HIGH of Sudoku Explainer ratings from 1.0 to "
            f"12.0, low first (e.g. 7.0-8.0), got {text!r}")
    return parts[0], parts[1]


def _se_text(se: tuple[float, float]) -> str:
    return f"{se[0]:g}" if se[0] == se[1] else f"{se[0]:g}-{se[1]:g}"


def _warm_up_generator() -> None:
    """What the generator's commands and functions compile on 9x9: two
    seeded generations as the command makes them (with its time limit), one
    by removal alone and one with a clue count (the fill, the removal pass,
    the search for N clues and their uniqueness checks), an 18-clue puzzle
    (the known puzzles' check), a short pool search for low clue counts
    (:func:`generator.low_clue_puzzles`: its search with value orders and
    completion checks), and the counting of grids by bands and up to
    symmetry on 4x4 (:mod:`generator.bands`, :mod:`generator.grid_symmetry`:
    the same kernels the 9x9 counts run, as in the counting notebook)."""
    from generator.bands import count_by_bands
    from generator.grid_symmetry import essentially_different_grids
    from generator.low_clue import low_clue_puzzles
    from generator.puzzles import generate

    generate(seed=0)
    generate(clues=24, seed=0)
    generate(clues=18, seed=0)
    low_clue_puzzles(81, seconds=0.2, seed=0, pool_size=2)  # any count: one step is enough
    count_by_bands(2, 2)
    essentially_different_grids(2)


register_command("generate", add_parser)
register_warm_up("the generator's kernels", _warm_up_generator)
