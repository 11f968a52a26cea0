"""JSON text read safely, and cells named as JSON writes them (``r4c7``):
what the toolkit's format (:mod:`.toolkit_json`) and f-puzzles
(:mod:`.fpuzzles`) share. ``NaN``, ``Infinity``, numbers of more digits
than :data:`~sudoku_models.limits.MAX_JSON_DIGITS` and nesting too deep
are refused as a :class:`~sudoku_models.errors.PuzzleFormatError`, never
converted."""

from __future__ import annotations

import json
import re

from ..errors import PuzzleFormatError
from ..limits import MAX_JSON_DIGITS
_CELL = re.compile(r"[rR]([0-9]{1,3})[cC]([0-9]{1,3})")  # ASCII digits, whole name


def fail(where: str, message: str):
    """Raise a :class:`PuzzleFormatError`: ``message``, after ``where``."""
    raise PuzzleFormatError(f"{where}: {message}" if where else message)


def cell_index(name, side: int, where: str = "") -> int:
    """The flat index of a cell named ``r4c7`` (1-based, either case) in a
    grid of side ``side``; :class:`PuzzleFormatError` naming it otherwise."""
    match = _CELL.fullmatch(name) if isinstance(name, str) else None
    if match is None:
        fail(where, f"{name!r} is not a cell name such as 'r4c7'"[:200])
    row, col = int(match[1]), int(match[2])
    if not (1 <= row <= side and 1 <= col <= side):
        fail(where, f"cell {name} is outside the {side}x{side} grid")
    return (row - 1) * side + col - 1


def cell_label(cell: int, side: int) -> str:
    """``r4c7``: a flat cell as JSON names it."""
    row, col = divmod(cell, side)
    return f"r{row + 1}c{col + 1}"


def _refuse_constant(name: str):
    raise PuzzleFormatError(f"{name} is not a JSON number (JSON has no NaN or Infinity)")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise PuzzleFormatError(f"the number {text[:20]}... has {len(text)} digits; no puzzle "
                                f"number has more than {MAX_JSON_DIGITS}")
    return int(text)


JSON_HOOKS = {"parse_constant": _refuse_constant, "parse_int": _bounded_int}
"""``json.loads`` keyword arguments that refuse NaN, Infinity and integers
too long for a puzzle (a :class:`PuzzleFormatError`), for readers that
call ``json.loads`` themselves."""


def loads(text: str, where: str = ""):
    """``json.loads`` with a :class:`PuzzleFormatError` naming the line and
    column of a syntax error; ``NaN``, ``Infinity``, integers of more than
    :data:`~sudoku_models.limits.MAX_JSON_DIGITS` digits and nesting deeper than Python's recursion limit are
    refused the same way."""
    try:
        return json.loads(text, **JSON_HOOKS)
    except json.JSONDecodeError as error:
        fail(where, f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}")
    except PuzzleFormatError as error:
        fail(where, str(error))
    except RecursionError:
        fail(where, "the JSON is nested too deeply for a puzzle")

