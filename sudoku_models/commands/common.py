"""What several commands share: the parser with one-line errors, the method
option, PUZZLE or ``--file`` read through one reader, tables for the
terminal, the line that says how to resume a run."""

from __future__ import annotations

import argparse
import difflib
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .arguments import file_name, method_list, one_method
from ..registry import METHODS
from .exits import EXIT_BAD_INPUT, UsageError, one_line

if TYPE_CHECKING:  # the readers import numpy: loaded when a command reads, not for --help
    from ..formats.files import PuzzleGrids
    from ..puzzle import Puzzle


class OneLineErrorParser(argparse.ArgumentParser):
    """argparse with one-line errors (``sudoku-models solve: error: ...``,
    exit 2) that suggest the nearest known name (:func:`did_you_mean`), for
    the command line and every sub-command (``add_subparsers`` gives
    sub-commands their parent's class)."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {one_line(message)}"
                                  f"{did_you_mean(message, self)} (see {self.prog} --help)\n")


# "invalid choice: 'solv' (choose from ...)", "unknown method 'mlip'; choose from ...",
# "unknown dataset 'top96': use top95, ..."
_UNKNOWN = (re.compile(r"invalid choice: (?P<words>'[^']*'|\S+) \(choose from (?P<choices>.*)\)"),
            re.compile(r"unknown \w+ (?P<words>.+?)[;:] (?:choose from|use) (?P<choices>.*)"))


def did_you_mean(message: str, parser: argparse.ArgumentParser) -> str:
    """``" (did you mean X?)"`` for the unknown names an error ``message``
    reports, X the closest of the names the message lists (or, for
    "unrecognized arguments", of ``parser``'s options); ``""`` when none is
    close."""
    words: list[str] = []
    candidates: list[str] = []
    for pattern in _UNKNOWN:
        found = pattern.search(message)
        if found:
            words = [w.strip(" '\"") for w in found["words"].split(",")]
            candidates = re.findall(r"\w[\w.-]*", found["choices"])
            break
    else:
        if message.startswith("unrecognized arguments: "):
            words = [w.partition("=")[0] for w in message.split()[2:] if w.startswith("--")]
            candidates = [o for action in parser._actions for o in action.option_strings]
    close = [match for word in words for match in difflib.get_close_matches(word, candidates, 1)]
    return f" (did you mean {' or '.join(dict.fromkeys(close))}?)" if close else ""


class Vocabulary:
    """The allowed values of an option, read from the module that defines
    them (``getattr(module, name)``) when first needed: as argparse
    ``choices`` it loads nothing for ``--help`` of another command."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def _values(self) -> tuple:
        from importlib import import_module

        return tuple(getattr(import_module(self.module), self.name))

    def __iter__(self):
        return iter(self._values())

    def __contains__(self, value) -> bool:
        return value in self._values()


def add_method_option(parser, default, allowed: Callable[[], Sequence[str]] = lambda: tuple(METHODS),
                      many: bool = True, what: str = "methods") -> None:
    """``--method`` and its aliases ``--methods`` and ``-m`` (one spelling for
    every command): several methods of ``allowed()`` (``many``) or one; the
    help lists each with its description."""
    listed = "; ".join(f"{name}: {METHODS[name].description}" for name in allowed())
    shown = ",".join(default) if isinstance(default, (list, tuple)) else default
    parser.add_argument(
        "--method", "--methods", "-m", dest="method", default=default,
        type=method_list(allowed) if many else one_method(allowed),
        help=(f"comma-separated {what}, or 'all' " if many else f"one of the {what} ")
        + f"(default: {shown}). {listed}",
    )


def add_source(parser, puzzle_help: str = "the puzzle: a line, JSON, a SudokuPad or "
               "f-puzzles link, an lz-string or an Interactive Sudoku Solver string, or a file "
               "holding one (a path from the current folder)",
               file_help: str = "file of puzzles ('-': standard input) or a bundled collection's "
               "name (top95, 17clue, killer-9x9, ...): one per line with '#' "
               "comments, or Project Euler 96 'Grid NN' blocks") -> None:
    """PUZZLE or ``--file``/``-f`` FILE, one of them required."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("puzzle", nargs="?", help=puzzle_help)
    source.add_argument("--file", "-f", type=file_name, help=file_help)


def command_line_puzzle(text: str) -> Puzzle:
    """The puzzle given as PUZZLE in any format :func:`read_puzzle` reads,
    named by its title or its clues' line."""
    from ..puzzle import Puzzle
    from ..formats.puzzle_text import read_puzzle

    puzzle = read_puzzle(text, where="PUZZLE")
    return Puzzle(puzzle.grid, puzzle.rules, name=puzzle.name or puzzle.to_string(),
                  values=puzzle.values)


def read_file(path: str) -> PuzzleGrids:
    """The puzzles of ``--file`` (a file, ``-`` for standard input, a pipe,
    a device: whatever :func:`~sudoku_models.formats.files.read_any` reads, JSON
    included); :class:`UsageError` when it holds none."""
    from ..formats.files import read_any

    found = read_any(path)
    if not len(found):
        raise UsageError(f"{path}: no puzzle in the file")
    return found


def source_puzzles(args: argparse.Namespace) -> list[Puzzle]:
    """The puzzles of PUZZLE or ``--file`` (and ``--first`` where the
    command has it)."""
    first = getattr(args, "first", None)
    if args.file is not None:
        return read_file(args.file).puzzles()[:first]
    if first:
        raise UsageError("--first goes with --file")
    return [command_line_puzzle(args.puzzle)]


def text_table(header: Sequence[object], rows: Sequence[Sequence[object]],
               rule: bool = True) -> str:
    """Aligned text for a terminal: the first column left, the others right,
    a rule under the header (unless ``rule`` is False)."""
    cells = [list(map(str, header))] + [list(map(str, row)) for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
             for row in cells]
    if rule:
        lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def say_how_to_resume(out) -> None:
    """After Ctrl-C: where the rows are and the command that goes on."""
    command = shlex.join(["sudoku-models", *sys.argv[1:]]) if sys.argv[1:] else "the command"
    print(f"sudoku-models: interrupted; rows written so far are in {out}: run {command} "
          f"again to resume", file=sys.stderr)
