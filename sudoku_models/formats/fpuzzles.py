"""Puzzles in the forms f-puzzles.com and SudokuPad share them: the
f-puzzles object (plain, as JSON text, or lz-string compressed as an
f-puzzles or SudokuPad link carries it: :func:`from_fpuzzles`,
:func:`to_fpuzzles`, :func:`sudokupad_link`) and SudokuPad's own ``scl``
object (:func:`from_sudokupad`).

f-puzzles (``size``, ``grid`` of ``{"value", "given", "region"}``,
``killercage``, ``thermometer``, ``arrow``, ``difference``, ``ratio``, ``xv``,
``odd``, ``even``, ``extraregion``, ``betweenline``, ``diagonal+``, ``diagonal-``,
``antiknight``, ``antiking``, ``disjointgroups``, ``nonconsecutive``,
``negative``): only given values are clues; keys that draw or set up a
solver (``line``, ``text``, ``rectangle``, ``circle``, a ``cage`` without a
value, ``disabledlogic``, ...: :data:`FPUZZLES_DECORATION`) are ignored with
one :class:`DecorationIgnored` warning naming them; any other constraint (a
little killer, a German whisper, candidate givens...) is a
:class:`~sudoku_models.errors.PuzzleFormatError` naming it, never silently
dropped, as is a value of the wrong type (named by its key and entry).
Links and lz-string: :mod:`sudoku_models.formats.links`.
"""

from __future__ import annotations

import json
import re
import warnings

import numpy as np

from ..core.geometry import Layout, LayoutError
from ..core.cell_kinds import (AntiKing, AntiKnight, Arrow, Cage, Candidates, Clone, Fortress,
                               Kropki, KropkiNegative, NonConsecutive, Parity, Region, Thermometer,
                               XV, XVNegative)
from ..core.line_kinds import (Between, LittleKiller, Palindrome, Renban, Sandwich, Skyscraper,
                               Whispers, XSum)
from ..core.rules import diagonals, disjoint_groups, Rules
from ..errors import RulesError
from ..core.value_range import ONE_TO_N
from ..errors import PuzzleFormatError
from ..puzzle import Puzzle
from ..limits import MAX_JSON_DIGITS
from .json_text import cell_index, cell_label, fail, loads
from .links import SUDOKUPAD_LINK, compress, payload_json

_FPUZZLES_META = {"size", "grid", "title", "author", "ruleset", "solution", "version"}
_FPUZZLES_FLAGS = {"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups",
                   "nonconsecutive"}
_FPUZZLES_LISTS = {"killercage", "extraregion", "thermometer", "arrow", "difference", "ratio",
                   "xv", "odd", "even", "negative", "whispers", "renban", "palindrome",
                   "minimum", "maximum", "clone", "littlekillersum", "sandwichsum", "xsum",
                   "skyscraper", "betweenline"}
_FPUZZLES_LINES = {"whispers": Whispers, "renban": Renban, "palindrome": Palindrome,
                   "betweenline": Between}
FPUZZLES_DECORATION = frozenset({
    "disabledlogic", "truecandidatesoptions", "line", "text", "rectangle", "circle", "cage",
    "highlightconflicts", "cellcolor", "fogofwar", "foglight"})
"""f-puzzles keys that are solver settings or drawing only (a ``cage`` without a value
is a drawn outline): read and ignored, with one :class:`DecorationIgnored` warning."""
_CELL_DECORATION = {"c", "cornerPencilMarks", "centerPencilMarks", "highlight"}
_NEGATIVE = {"difference": "white", "ratio": "black", "xv": "xv"}


class DecorationIgnored(UserWarning):
    """A puzzle carried keys that draw or set up a solver but state no rule
    (f-puzzles' ``line``, ``text``, ``disabledlogic``, ...); the message names
    them. They were ignored."""


def _fp_whole(value, where: str, what: str, text_ok: bool = True) -> int:
    """``value`` as a whole number: an int, or (f-puzzles writes totals as
    strings) a string of ASCII digits; anything else (2.7, ``"٣"``, a list)
    is a :class:`PuzzleFormatError` naming ``what``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if text_ok and isinstance(value, str) and value.strip().isascii() and \
            value.strip().isdigit() and len(value.strip()) <= MAX_JSON_DIGITS:
        return int(value.strip())
    fail(where, f"{what} {value!r} is not a whole number")


def _fp_entries(data: dict, key: str, where: str) -> list[tuple[str, dict]]:
    """The objects listed under ``key``, each with where it is
    (``"f-puzzles, killercage 2"``)."""
    value = data.get(key)
    if value in (None, False, ""):
        return []
    if not isinstance(value, list):
        fail(where, f"{key!r} must be a list of objects, got {type(value).__name__}")
    out = []
    for number, item in enumerate(value, start=1):
        here = f"{where}, {key} {number}"
        if not isinstance(item, dict):
            fail(here, f"an entry is an object, got {item!r}"[:200])
        out.append((here, item))
    return out


def _fp_cells(item: dict, key: str, side: int, where: str, count: int | None = None):
    names = item.get(key)
    if not isinstance(names, list) or not names:
        fail(where, f"{key!r} must be a non-empty list of cell names such as 'R1C1', got "
                     f"{names!r}"[:200])
    cells = tuple(cell_index(name, side, where) for name in names)
    if count is not None and len(cells) != count:
        fail(where, f"{key!r} must name {count} cells, got {len(cells)}")
    return cells


def _fp_lines(item: dict, side: int, where: str) -> list[tuple[int, ...]]:
    lines = item.get("lines")
    if not isinstance(lines, list) or not all(isinstance(line, list) for line in lines):
        fail(where, f"'lines' must be a list of lists of cell names, got {lines!r}"[:200])
    return [_fp_cells({"lines": line}, "lines", side, where) for line in lines]


def _cell_objects(rows: list, where: str):
    """``(row, column, where, cell)`` of every cell object of ``rows`` (0-based
    row and column; ``where`` names the cell), or :class:`PuzzleFormatError`
    for a cell that is not an object."""
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            here = f"{where} r{r + 1}c{c + 1}"
            if not isinstance(cell, dict):
                fail(here, f"a cell is an object, got {cell!r}"[:200])
            yield r, c, here, cell


def is_fpuzzles(data) -> bool:
    """Whether a JSON object is f-puzzles' (a ``grid`` of rows of cell objects)."""
    grid = data.get("grid") if isinstance(data, dict) else None
    return isinstance(grid, list) and bool(grid) and isinstance(grid[0], list) and \
        bool(grid[0]) and isinstance(grid[0][0], dict)


def from_fpuzzles(data, where: str = "f-puzzles") -> Puzzle:
    """A puzzle from an f-puzzles object, its JSON text, or its lz-string
    compressed form (the ``load=`` of an f-puzzles link or the
    ``fpuzzles...`` of a SudokuPad link, the whole link accepted).

    Keys that draw or set up a solver (:data:`FPUZZLES_DECORATION`) are
    ignored with one :class:`DecorationIgnored` warning naming them; a key
    that states a rule the toolkit does not model is a
    :class:`PuzzleFormatError` naming it, as is any value of the wrong type
    (named by its key and entry)."""
    if isinstance(data, str):
        data = loads(payload_json(data), where)
    if not isinstance(data, dict):
        fail(where, f"an f-puzzles puzzle is a JSON object, got {type(data).__name__}")
    ignored = []
    for key, value in data.items():
        if key in _FPUZZLES_META or key in _FPUZZLES_FLAGS or key in _FPUZZLES_LISTS:
            continue
        if value in (None, False, [], "", {}):
            continue  # an empty or switched-off tool says nothing
        if key == "cage" and isinstance(value, list) and all(
                isinstance(item, dict) and item.get("value") in (None, "") for item in value):
            ignored.append(key)
            continue
        if key.lower() in FPUZZLES_DECORATION - {"cage"}:
            ignored.append(key)
            continue
        fail(where, f"constraint {key!r} is not supported (the supported ones: "
                     f"{', '.join(sorted(_FPUZZLES_FLAGS | _FPUZZLES_LISTS - {'negative'}))})")
    side = data.get("size")
    grid_cells = data.get("grid")
    if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= 49 or \
            not isinstance(grid_cells, list) or len(grid_cells) != side or \
            any(not isinstance(row, list) or len(row) != side for row in grid_cells):
        fail(where, "an f-puzzles puzzle needs 'size' N and a 'grid' of N rows of N cells")
    grid = np.zeros((side, side), dtype=np.int64)
    regions = np.full((side, side), -1, dtype=np.int64)
    has_regions = False
    pencil = []  # candidate givens, validated with the constraints
    for r, c, here, cell in _cell_objects(grid_cells, f"{where}, grid"):
        marks = cell.get("givenPencilMarks")
        if marks not in (None, []):
            if not isinstance(marks, list):
                fail(here, f"'givenPencilMarks' must be a list of values, got {marks!r}"[:200])
            pencil.append((here, Candidates((r * side + c,), tuple(
                _fp_whole(v, here, "pencil mark", text_ok=False) for v in marks))))
        if cell.get("given") and cell.get("value") is not None:
            value = cell["value"]
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= side:
                fail(here, f"'value' {value!r} is not a whole number in 1..{side}"[:200])
            grid[r, c] = value
        if "region" in cell:
            has_regions = True
            label = cell["region"]
            if label is None:
                fail(here, "the cell belongs to no region; irregular grids with cells "
                            "outside every region are not supported")
            if isinstance(label, bool) or not isinstance(label, int) or not 0 <= label < side:
                fail(here, f"'region' {label!r} is not a region number 0..{side - 1}"[:200])
            regions[r, c] = label
    try:
        if has_regions:
            default = Layout.for_side(side)
            fill = default.regions if default.regions is not None else regions
            layout = Layout.jigsaw(np.where(regions >= 0, regions, fill))
        else:
            layout = Layout.for_side(side)
    except LayoutError as error:
        fail(where, str(error))
    constraints = []
    for key, make in (("diagonal-", lambda: [diagonals(layout)[0]]),
                      ("diagonal+", lambda: [diagonals(layout)[1]]),
                      ("antiknight", lambda: [AntiKnight()]), ("antiking", lambda: [AntiKing()]),
                      ("nonconsecutive", lambda: [NonConsecutive()]),
                      ("disjointgroups", lambda: list(disjoint_groups(layout)))):
        flag = data.get(key)
        if flag not in (None, True, False):
            fail(where, f"{key!r} must be true or false, got {flag!r}"[:200])
        if flag:
            try:
                constraints.extend(make())
            except RulesError as error:
                fail(where, f"{key}: {error}")
    found = list(pencil)  # (where, constraint), validated below to name the entry
    for here, item in _fp_entries(data, "extraregion", where):
        found.append((here, Region(_fp_cells(item, "cells", side, here))))
    for here, item in _fp_entries(data, "killercage", where):
        total = item.get("value")
        cells = _fp_cells(item, "cells", side, here)
        total = None if total in (None, "") else _fp_whole(total, here, "total")
        found.append((here, Cage(cells, total)))
    for here, item in _fp_entries(data, "thermometer", where):
        found.extend((here, Thermometer(line)) for line in _fp_lines(item, side, here))
    for key, cls in _FPUZZLES_LINES.items():
        for here, item in _fp_entries(data, key, where):
            found.extend((here, cls(line)) for line in _fp_lines(item, side, here))
    for here, item in _fp_entries(data, "arrow", where):
        circle = _fp_cells(item, "cells", side, here)
        if len(circle) != 1:
            fail(here, f"arrow with a circle of {len(circle)} cells (a multi-digit pill) is "
                        "not supported")
        path = []
        for line in _fp_lines(item, side, here):
            path += [c for c in line if c not in circle and c not in path]
        found.append((here, Arrow(circle[0], tuple(path))))
    for key, color in (("difference", "white"), ("ratio", "black")):
        for here, item in _fp_entries(data, key, where):
            value = item.get("value")
            value = None if value in (None, "") else _fp_whole(value, here, "value")
            found.append((here, Kropki(_fp_cells(item, "cells", side, here, 2), color, value)))
    for here, item in _fp_entries(data, "xv", where):
        mark = item.get("value")
        if not isinstance(mark, str) or mark.upper() not in ("X", "V"):
            fail(here, f"xv mark {mark!r} is neither X nor V"[:200])
        found.append((here, XV(_fp_cells(item, "cells", side, here, 2),
                               10 if mark.upper() == "X" else 5)))
    for here, item in _fp_entries(data, "littlekillersum", where):
        total = _fp_whole(item.get("value"), here, "total")
        if item.get("cells"):
            found.append((here, LittleKiller(_fp_cells(item, "cells", side, here), total)))
            continue
        r, c = _fp_outside(item.get("cell"), side, here, corner=True)
        step = _FP_DIRECTIONS.get(item.get("direction"))
        if step is None:
            fail(here, f"'direction' must be one of {', '.join(_FP_DIRECTIONS)}, got "
                        f"{item.get('direction')!r}"[:200])
        diagonal = []
        r, c = r + step[0], c + step[1]
        while 0 <= r < side and 0 <= c < side:
            diagonal.append(r * side + c)
            r, c = r + step[0], c + step[1]
        found.append((here, LittleKiller(tuple(diagonal), total)))
    for key, cls in (("sandwichsum", Sandwich), ("xsum", XSum), ("skyscraper", Skyscraper)):
        for here, item in _fp_entries(data, key, where):
            line = _fp_outside_line(item.get("cell"), side, here)
            found.append((here, cls(line, _fp_whole(item.get("value"), here, "clue"))))
    for here, item in _fp_entries(data, "clone", where):
        found.append((here, Clone(_fp_cells(item, "cells", side, here),
                                  _fp_cells(item, "cloneCells", side, here))))
    for key in ("odd", "even", "minimum", "maximum"):
        picked = tuple(dict.fromkeys(  # each cell once, in order
            _fp_cells({"cell": [item.get("cell")]}, "cell", side, here)[0]
            for here, item in _fp_entries(data, key, where)))
        if picked:
            found.append((f"{where}, {key}", Parity(picked, key) if key in ("odd", "even")
                           else Fortress(picked, key)))
    for here, constraint in found:
        try:
            constraint.validate(layout)
        except RulesError as error:
            fail(here, str(error))
        constraints.append(constraint)
    negative = data.get("negative")
    negative = [] if negative in (None, False, "") else negative
    if not isinstance(negative, list) or not all(isinstance(k, str) for k in negative):
        fail(where, f"'negative' must be a list of constraint names such as \"ratio\", got "
                     f"{negative!r}"[:200])
    unknown = set(negative) - set(_NEGATIVE)
    if unknown:
        fail(where, f"negative constraint for {', '.join(sorted(unknown))} is not supported")
    colors = tuple(_NEGATIVE[k] for k in ("difference", "ratio") if k in negative)
    if colors:
        constraints.append(KropkiNegative(colors))
    if "xv" in negative:
        constraints.append(XVNegative())
    try:
        rules = Rules(layout, tuple(constraints))
    except RulesError as error:
        fail(where, str(error))
    if ignored:
        warnings.warn(DecorationIgnored(
            f"{where}: ignored {', '.join(sorted(ignored))} (drawing or solver settings, no "
            "rule)"), stacklevel=3)
    title = data.get("title") or ""
    return Puzzle(grid, rules, title if isinstance(title, str) else "")


_FP_DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def _fp_outside(name, side: int, where: str, corner: bool = False) -> tuple[int, int]:
    """The 0-based row and column of an f-puzzles clue cell outside the
    grid (``R0C3`` above column 3, ``R3C10`` right of row 3 on a 9x9; a
    corner such as ``R0C0`` when ``corner``)."""
    match = re.fullmatch(r"R(\d{1,3})C(\d{1,3})", name) if isinstance(name, str) else None
    r, c = (int(match[1]) - 1, int(match[2]) - 1) if match else (-2, -2)
    if not (-1 <= r <= side and -1 <= c <= side) or (0 <= r < side and 0 <= c < side) or \
            (not corner and r in (-1, side) and c in (-1, side)):
        fail(where, f"'cell' must be a cell beside the grid such as 'R0C1', got {name!r}"[:200])
    return r, c


def _fp_outside_line(name, side: int, where: str) -> tuple[int, ...]:
    """The row or column an outside clue looks along, from the clue."""
    r, c = _fp_outside(name, side, where)
    if r in (-1, side):
        cells = tuple(row * side + c for row in range(side))
        return cells if r == -1 else cells[::-1]
    cells = tuple(r * side + col for col in range(side))
    return cells if c == -1 else cells[::-1]


def _fp_outside_name(cells, side: int) -> str:
    """The f-puzzles clue cell before the first of ``cells`` (a row or a
    column from one end, or a diagonal)."""
    (r0, c0), (r1, c1) = divmod(cells[0], side), divmod(cells[1], side)
    return f"R{r0 - (r1 - r0) + 1}C{c0 - (c1 - c0) + 1}"


def _fp_name(cell: int, side: int) -> str:
    row, col = divmod(cell, side)
    return f"R{row + 1}C{col + 1}"


def to_fpuzzles(puzzle: Puzzle) -> dict:
    """``puzzle`` as an f-puzzles object (``json.dumps`` it; what an
    f-puzzles or SudokuPad link carries, compressed): :func:`from_fpuzzles`
    reads it back to the same puzzle. Raises :class:`PuzzleFormatError` for
    a kind f-puzzles has no key for (``greater``, whispers of another gap
    than 5), for candidate givens that leave a cell no value, and for
    values other than 1..N (f-puzzles has no value range: the toolkit's JSON
    and the constraint string keep it)."""
    if puzzle.values != ONE_TO_N or puzzle.layout.more_values:
        raise PuzzleFormatError(
            f"a puzzle in the values {puzzle.values.name(puzzle.layout.values)} has no "
            f"f-puzzles or SudokuPad form (they write 1..{puzzle.side}); the toolkit's JSON "
            f"and the constraint string keep the range")
    grid, rules, name = puzzle.grid, puzzle.rules, puzzle.name
    layout = rules.layout
    side = layout.side
    default = Layout.for_side(side)
    labels = None if layout == default else layout.regions
    if labels is None and layout != default:
        fail("f-puzzles", f"{layout.name} has no f-puzzles form (f-puzzles draws regions)")
    cells = []
    for r in range(side):
        row = []
        for c in range(side):
            cell = {}
            if grid[r, c]:
                cell.update(value=int(grid[r, c]), given=True)
            if labels is not None:
                cell["region"] = int(labels[r, c])
            row.append(cell)
        cells.append(row)
    out = {"size": side, "grid": cells}
    if name:
        out["title"] = name

    def names(cells_):
        return [_fp_name(c, side) for c in cells_]

    def add(key, item):
        out.setdefault(key, []).append(item)

    diagonal = dict(zip(diagonals(layout), ("diagonal-", "diagonal+")))
    groups = set(disjoint_groups(layout)) if layout.box_shape else set()
    negative = []
    for constraint in rules.constraints:
        if constraint in diagonal:
            out[diagonal[constraint]] = True
        elif constraint in groups:
            out["disjointgroups"] = True
        elif isinstance(constraint, Region):
            add("extraregion", {"cells": names(constraint.cells)})
        elif isinstance(constraint, Cage):
            add("killercage", {"cells": names(constraint.cells)} | (
                {} if constraint.total is None else {"value": str(constraint.total)}))
        elif isinstance(constraint, Thermometer):
            add("thermometer", {"lines": [names(constraint.cells)]})
        elif isinstance(constraint, Arrow):
            add("arrow", {"cells": names([constraint.circle]),
                          "lines": [names([constraint.circle, *constraint.cells])]})
        elif isinstance(constraint, Kropki):
            add("difference" if constraint.color == "white" else "ratio",
                {"cells": names(constraint.cells)} | (
                    {} if constraint.value is None else {"value": str(constraint.value)}))
        elif isinstance(constraint, XV):
            add("xv", {"cells": names(constraint.cells),
                       "value": "X" if constraint.total == 10 else "V"})
        elif isinstance(constraint, Parity):
            for cell in constraint.cells:
                add(constraint.parity, {"cell": _fp_name(cell, side)})
        elif isinstance(constraint, Fortress):
            for cell in constraint.cells:
                add(constraint.extreme, {"cell": _fp_name(cell, side)})
        elif isinstance(constraint, Clone):
            add("clone", {"cells": names(constraint.cells),
                          "cloneCells": names(constraint.clones)})
        elif isinstance(constraint, Candidates):
            for cell in constraint.cells:
                target = cells[cell // side][cell % side]
                marks = set(target.get("givenPencilMarks", constraint.values))
                target["givenPencilMarks"] = sorted(marks & set(constraint.values))
                if not target["givenPencilMarks"]:
                    fail("f-puzzles", f"the candidate givens of {cell_label(cell, side)} leave it "
                                       "no value, which f-puzzles cannot say")
        elif isinstance(constraint, Whispers) and constraint.gap == 5:
            add("whispers", {"lines": [names(constraint.cells)]})
        elif isinstance(constraint, (Renban, Palindrome)):
            add(constraint.kind, {"lines": [names(constraint.cells)]})
        elif isinstance(constraint, Between):
            add("betweenline", {"lines": [names(constraint.cells)]})
        elif isinstance(constraint, LittleKiller) and len(constraint.cells) > 1:
            (r0, c0), (r1, c1) = (divmod(c, side) for c in constraint.cells[:2])
            direction = {v: k for k, v in _FP_DIRECTIONS.items()}[(r1 - r0, c1 - c0)]
            add("littlekillersum", {"cell": _fp_outside_name(constraint.cells, side),
                                    "cells": names(constraint.cells), "direction": direction,
                                    "value": str(constraint.total)})
        elif isinstance(constraint, (Sandwich, XSum, Skyscraper)):
            key = {Sandwich: "sandwichsum", XSum: "xsum", Skyscraper: "skyscraper"}[
                type(constraint)]
            clue = constraint.count if isinstance(constraint, Skyscraper) else constraint.total
            add(key, {"cell": _fp_outside_name(constraint.cells, side), "value": str(clue)})
        elif isinstance(constraint, KropkiNegative):
            negative += [k for k, color in _NEGATIVE.items() if color in constraint.colors]
        elif isinstance(constraint, XVNegative):
            negative.append("xv")
        elif isinstance(constraint, (AntiKnight, AntiKing, NonConsecutive)):
            out[constraint.kind.replace("-", "")] = True
        else:
            fail("f-puzzles", f"{constraint.kind} has no f-puzzles form")
    if negative:
        out["negative"] = sorted(set(negative))
    return out
# -- SudokuPad's own format ----------------------------------------------------------

_SCL_DRAWN = ("lines", "arrows", "overlays", "underlays")
_SCL_QUIET = {"id", "cellSize", "settings", "metadata", "duration", "videos", "title", "author",
              "rules", "solution", "cells", "regions", "cages"}


def _scl_cells(pairs, side: int, where: str) -> tuple[int, ...]:
    if not isinstance(pairs, list) or not pairs:
        fail(where, f"'cells' must be a non-empty list of [row, column] pairs, got "
                     f"{pairs!r}"[:200])
    out = []
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < side for v in pair)):
            fail(where, f"{pair!r} is not a [row, column] pair of a {side}x{side} grid"[:200])
        out.append(pair[0] * side + pair[1])
    return tuple(out)


def sudokupad_link(puzzle: Puzzle) -> str:
    """A link that opens ``puzzle`` in SudokuPad
    (``https://sudokupad.app/fpuzzles<lz-string>``, the f-puzzles form
    compressed); :func:`~sudoku_models.formats.puzzle_text.read_puzzle`
    reads it back. Raises as :func:`to_fpuzzles`."""
    return SUDOKUPAD_LINK + compress(json.dumps(to_fpuzzles(puzzle), separators=(",", ":")))


def from_sudokupad(data, where: str = "SudokuPad") -> Puzzle:
    """A puzzle from SudokuPad's own puzzle object (the
    ``scl`` links; :func:`~sudoku_models.formats.links.unpack` unzips them): the
    givens of ``cells``, the ``regions`` and the killer ``cages`` (a cage
    with a value; SudokuPad keeps the title in a cage without cells).
    ``lines``, ``arrows``, ``overlays`` and ``underlays`` draw rules only a
    person reads (a thermometer is a line with a circle): a
    :class:`PuzzleFormatError` naming them (share the f-puzzles form of such
    a puzzle)."""
    if isinstance(data, str):
        data = loads(data, where)
    if not isinstance(data, dict):
        fail(where, f"a SudokuPad puzzle is a JSON object, got {type(data).__name__}")
    drawn = [key for key in _SCL_DRAWN if data.get(key)]
    if drawn:
        fail(where, f"{', '.join(drawn)} draw rules this reader cannot tell apart (a line may "
                     "be a thermometer, a whisper or decoration); share the puzzle's f-puzzles "
                     "form")
    ignored = sorted(k for k, v in data.items() if k not in _SCL_QUIET and k not in _SCL_DRAWN
                     and v not in (None, False, [], "", {}))
    rows = data.get("cells")
    side = len(rows) if isinstance(rows, list) else 0
    if not 1 <= side <= 49 or any(not isinstance(row, list) or len(row) != side for row in rows):
        fail(where, "a SudokuPad puzzle needs 'cells': N rows of N cells")
    grid = np.zeros((side, side), dtype=np.int64)
    for r, c, here, cell in _cell_objects(rows, f"{where}, cell"):
        value = cell.get("value")
        if value not in (None, ""):
            value = _fp_whole(value, here, "'value'")
            if not 1 <= value <= side:
                fail(here, f"'value' {value} is not in 1..{side}")
            grid[r, c] = value
    try:
        regions = data.get("regions")
        if regions:
            if not isinstance(regions, list):
                fail(where, f"'regions' must be a list, got {type(regions).__name__}")
            labels = np.full(side * side, -1, dtype=np.int64)
            for number, region in enumerate(regions):
                labels[list(_scl_cells(region, side, f"{where}, region {number + 1}"))] = number
            if (labels < 0).any():
                first = int(np.argmax(labels < 0))
                fail(where, f"cell {cell_label(first, side)} is in no region")
            layout = Layout.jigsaw(labels.reshape(side, side))
        else:
            layout = Layout.for_side(side)
    except LayoutError as error:
        fail(where, str(error))
    constraints, name = [], ""
    for here, item in _fp_entries(data, "cages", where):
        value = item.get("value")
        if not item.get("cells"):
            if isinstance(value, str) and value.startswith("title:"):
                name = value[len("title:"):].strip()
            continue  # metadata: title, author, rules, solution
        if value in (None, "") and not item.get("unique"):
            continue  # an outline
        total = None if value in (None, "") else _fp_whole(value, here, "total")
        cage = Cage(_scl_cells(item.get("cells"), side, here), total)
        try:
            cage.validate(layout)
        except RulesError as error:
            fail(here, str(error))
        constraints.append(cage)
    try:
        rules = Rules(layout, tuple(constraints))
    except RulesError as error:
        fail(where, str(error))
    if ignored:
        warnings.warn(DecorationIgnored(f"{where}: ignored {', '.join(ignored)}"), stacklevel=3)
    return Puzzle(grid, rules, name)
