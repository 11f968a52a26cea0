"""Puzzles as JSON: the toolkit's own format, and the f-puzzles format that
f-puzzles.com and SudokuPad share puzzles in (plain, or lz-string
compressed as their links carry it).

The toolkit's format (``"format": "sudoku-models/1"``), one object per
puzzle; a ``.json`` file holds one object or a list, a ``.jsonl`` file one
object per line::

    {
      "format": "sudoku-models/1",
      "name": "killer 1",                       # optional
      "size": 6,                                # N, the side
      "layout": {"kind": "boxes", "box": [2, 3]},   # or {"kind": "jigsaw",
                                                # "regions": [[0, 0, 1, ...], ...]},
                                                # or {"kind": "latin"};
                                                # default: the usual boxes of N
      "grid": "1.....2.....",                   # the clues: the line format of
                                                # Puzzle.from_string, or nested lists
      "constraints": [                          # optional, see sudoku_models.core.rules
        {"kind": "cage", "cells": ["r1c1", "r1c2"], "total": 7},
        {"kind": "thermometer", "cells": ["r2c1", "r2c2", "r2c3"]},
        {"kind": "arrow", "circle": "r4c4", "cells": ["r4c5", "r4c6"]},
        {"kind": "anti-knight"}
      ],
      "values": "0-5"                           # optional: how the puzzle writes
                                                # its values (1-N, the default,
                                                # or 0-(N-1)), or more values
                                                # than cells per house ("1-9" on
                                                # a 6x6: each house holds 6
                                                # different values of 1..9); the
                                                # grid and the constraints are in
                                                # 1..V always (V: the count)
    }

Cells are named ``r1c1`` (1-based row and column, either case). Each
constraint kind's fields are those of its class in :mod:`sudoku_models.core.rules`
(``cells``, ``circle``, ``clones`` as cell names; ``total``, ``color``, ``value``,
``colors``, ``name``, ``parity``, ``values``, ``gap``, ``extreme``; a regular
line's ``pattern``, or its ``transitions`` as ``[state, value, next state]``
triples with ``start`` and ``accepting``; a pairwise relation's ``allowed``
as ``[value, value]`` pairs; a sum line's ``loop`` as true or false; an
``or``'s ``branches`` as lists of constraints);
``{"kind": "diagonals"}``, ``{"kind": "windoku"}`` and
``{"kind": "disjoint-groups"}`` are read as the regions they stand for.

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
:func:`to_fpuzzles` writes the format. SudokuPad's own format (its ``scl``
links): :func:`from_sudokupad`. Links and lz-string: :mod:`sudoku_models.formats.links`.
"""

from __future__ import annotations

import dataclasses
import json
import re
import warnings

import numpy as np

from ..errors import PuzzleFormatError
from ..core.geometry import MAX_VALUES, Layout, LayoutError
from .links import payload_json
from ..core.value_range import ONE_TO_N, ValueRange, named
from ..core.rules import (KINDS, XV, AntiKing, AntiKnight, Arrow, Between, Cage, Candidates, Clone,
                    Fortress,
                    Kropki, KropkiNegative, LittleKiller, NonConsecutive, Palindrome, Parity,
                    Region, Renban, Rules, RulesError, Sandwich, Skyscraper, Thermometer,
                    Whispers, XSum, XVNegative, diagonals, disjoint_groups, windoku)

FORMAT = "sudoku-models/1"
_MAX_DIGITS = 40  # longer JSON numbers are refused before Python converts them
_CELL = re.compile(r"[rR]([0-9]{1,3})[cC]([0-9]{1,3})")  # ASCII digits, whole name
_CELL_LISTS = ("cells", "clones")  # fields that hold cells, named r1c1 in JSON
_SHORTHANDS = {"diagonals": diagonals, "windoku": windoku, "disjoint-groups": disjoint_groups}


def _fail(where: str, message: str):
    raise PuzzleFormatError(f"{where}: {message}" if where else message)


# -- cells ---------------------------------------------------------------------


def cell_index(name, side: int, where: str = "") -> int:
    """The flat index of a cell named ``r4c7`` (1-based, either case) in a
    grid of side ``side``; :class:`PuzzleFormatError` naming it otherwise."""
    match = _CELL.fullmatch(name) if isinstance(name, str) else None
    if match is None:
        _fail(where, f"{name!r} is not a cell name such as 'r4c7'"[:200])
    row, col = int(match[1]), int(match[2])
    if not (1 <= row <= side and 1 <= col <= side):
        _fail(where, f"cell {name} is outside the {side}x{side} grid")
    return (row - 1) * side + col - 1


def _cells(names, side: int, where: str, key: str = "cells") -> tuple[int, ...]:
    if not isinstance(names, list) or not names:
        _fail(where, f"'{key}' must be a non-empty list of cell names, got {names!r}"[:200])
    return tuple(cell_index(name, side, where) for name in names)


def _name(cell: int, side: int) -> str:
    row, col = divmod(cell, side)
    return f"r{row + 1}c{col + 1}"


# -- the toolkit's format --------------------------------------------------------


def _layout_to_json(layout: Layout) -> dict:
    if layout.kind == "boxes":
        return {"kind": "boxes", "box": list(layout.box_shape)}
    if layout.kind == "latin":
        return {"kind": "latin"}
    return {"kind": "jigsaw", "regions": layout.regions.tolist()}


def _layout_from_json(data, side: int, where: str) -> Layout:
    if data is None:
        return Layout.for_side(side)
    if not isinstance(data, dict) or data.get("kind") not in ("boxes", "jigsaw", "latin"):
        _fail(where, f"'layout' must be an object with kind boxes, jigsaw or latin, got {data!r}")
    kind = data["kind"]
    allowed = {"boxes": {"kind", "box"}, "jigsaw": {"kind", "regions"}, "latin": {"kind"}}[kind]
    if set(data) - allowed:
        _fail(where, f"a {kind} layout takes {', '.join(sorted(allowed))}, not "
                     f"{', '.join(sorted(map(str, set(data) - allowed)))}")
    if kind == "boxes":
        box = data.get("box")
        if not (isinstance(box, list) and len(box) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in box)):
            _fail(where, f"a boxes layout needs 'box': [rows, columns], got {box!r}")
        layout = Layout.boxes(*box)
    elif kind == "latin":
        layout = Layout.latin(side)
    else:
        layout = Layout.jigsaw(data.get("regions"))
    if layout.side != side:
        _fail(where, f"the layout is {layout.side}x{layout.side} but 'size' is {side}")
    return layout


def constraint_to_json(constraint, side: int) -> dict:
    """One constraint as a JSON object (cells by name)."""
    out = {"kind": constraint.kind}
    for f in dataclasses.fields(constraint):
        value = getattr(constraint, f.name)
        if f.name in _CELL_LISTS:
            out[f.name] = [_name(c, side) for c in value]
        elif f.name == "branches":  # an Or composite: lists of constraints
            out[f.name] = [[constraint_to_json(c, side) for c in branch] for branch in value]
        elif f.name == "circle":
            out["circle"] = _name(value, side)
        elif value is not None and value != f.default:
            out[f.name] = (json.loads(json.dumps(value)) if isinstance(value, tuple)
                           else value)
    return out


def _check_type(value, annotation: str, key: str, where: str):
    """``value`` checked against a field's annotation (``int``, ``str``, their
    optional forms, ``tuple[str, ...]``)."""
    optional = annotation.endswith("| None")
    base = annotation.replace("| None", "").strip()
    if value is None and optional:
        return None
    if base == "int" and isinstance(value, int) and not isinstance(value, bool):
        return value
    if base == "str" and isinstance(value, str):
        return value
    if base == "tuple[str, ...]" and isinstance(value, list) and all(
            isinstance(v, str) for v in value):
        return tuple(value)
    if base == "tuple[int, ...]" and isinstance(value, list) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return tuple(value)
    if base == "bool" and isinstance(value, bool):
        return value
    if base == "tuple[tuple[int, int], ...]" and isinstance(value, list) and all(
            isinstance(t, list) and len(t) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in t) for t in value):
        return tuple(tuple(t) for t in value)
    if base == "tuple[tuple[int, int, int], ...]" and isinstance(value, list) and all(
            isinstance(t, list) and len(t) == 3 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in t) for t in value):
        return tuple(tuple(t) for t in value)
    wanted = {"int": "a whole number", "str": "a string", "tuple[str, ...]": "a list of strings",
              "tuple[int, ...]": "a list of whole numbers",
              "tuple[tuple[int, int, int], ...]": "a list of [state, value, next state] "
                                                   "triples",
              "bool": "true or false",
              "tuple[tuple[int, int], ...]": "a list of [value, value] pairs"}.get(base, base)
    _fail(where, f"'{key}' must be {wanted}{' or null' if optional else ''}, got {value!r}")


def constraints_from_json(items, layout: Layout, where: str = "") -> tuple:
    """The constraints of a JSON list (see the module docstring)."""
    if items is None:
        return ()
    if not isinstance(items, list):
        _fail(where, f"'constraints' must be a list, got {type(items).__name__}")
    out = []
    for number, item in enumerate(items, start=1):
        here = f"{where + ', ' if where else ''}constraint {number}"
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
            _fail(here, f"a constraint is an object with a 'kind', got {item!r}")
        kind = item["kind"]
        if kind in _SHORTHANDS and set(item) == {"kind"}:
            try:
                out.extend(_SHORTHANDS[kind](layout))
            except RulesError as error:
                _fail(here, str(error))
            continue
        cls = KINDS.get(kind)
        if cls is None:
            _fail(here, f"unknown constraint kind {kind!r}; the kinds are "
                        f"{', '.join([*KINDS, *_SHORTHANDS])}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(item) - set(fields) - {"kind"}
        if unknown:
            _fail(here, f"{kind} takes {', '.join(fields) or 'no fields'}, not "
                        f"{', '.join(sorted(unknown))}")
        values = {}
        for key, f in fields.items():
            if key not in item:
                if f.default is dataclasses.MISSING:
                    _fail(here, f"{kind} needs '{key}'")
                continue
            if key in _CELL_LISTS:
                values[key] = _cells(item[key], layout.side, here, key)
            elif key == "circle":
                values[key] = cell_index(item[key], layout.side, here)
            elif key == "branches":
                if not isinstance(item[key], list) or not item[key]:
                    _fail(here, f"'branches' must be a list of lists of constraints, got "
                                f"{item[key]!r}"[:200])
                values[key] = tuple(constraints_from_json(branch, layout, f"{here}, branch {i}")
                                    for i, branch in enumerate(item[key], start=1))
            else:
                values[key] = _check_type(item[key], f.type, key, here)
        constraint = cls(**values)
        try:
            constraint.validate(layout)
        except RulesError as error:
            _fail(here, str(error))
        out.append(constraint)
    return tuple(out)


def to_json(grid_text: str, rules: Rules, name: str = "", values: ValueRange = ONE_TO_N) -> dict:
    """A puzzle's parts (its clues in the line format, its value range) as
    one JSON object of the toolkit's format."""
    side = rules.layout.side
    out = {"format": FORMAT}
    if name:
        out["name"] = name
    out.update(size=side, layout=_layout_to_json(rules.layout), grid=grid_text)
    if rules.constraints:
        out["constraints"] = [constraint_to_json(c, side) for c in rules.constraints]
    if values != ONE_TO_N or rules.layout.more_values:
        out["values"] = values.name(rules.layout.values)
    return out


def from_json(data, where: str = ""):
    """``(grid_text_or_lists, rules, name, values)`` from one JSON object of the
    toolkit's format, or of the f-puzzles format (recognised by its ``grid``
    of cell objects); :class:`PuzzleFormatError` naming what is wrong and where."""
    if isinstance(data, str):
        data = loads(data, where)
    if not isinstance(data, dict):
        _fail(where, f"a puzzle is a JSON object, got {type(data).__name__}")
    if "format" not in data and isinstance(data.get("grid"), list) and data["grid"] and \
            isinstance(data["grid"][0], list) and data["grid"][0] and \
            isinstance(data["grid"][0][0], dict):
        return (*from_fpuzzles(data, where), ONE_TO_N)
    if data.get("format", FORMAT) != FORMAT:
        _fail(where, f"unknown format {data.get('format')!r}; this reader knows {FORMAT!r} "
                     "and f-puzzles")
    known = {"format", "name", "size", "layout", "grid", "constraints", "source", "solution",
             "values"}
    unknown = set(data) - known
    if unknown:
        _fail(where, f"unknown field(s) {', '.join(sorted(unknown))}; the fields are "
                     f"{', '.join(sorted(known))}")
    side = data.get("size")
    if isinstance(side, bool) or not isinstance(side, int):
        _fail(where, f"'size' must be the side of the grid (an int), got {side!r}")
    values, count = ONE_TO_N, side
    if "values" in data:
        found = named(data["values"], side) if isinstance(data["values"], str) else None
        if found is None:
            _fail(where, f"'values' must be {ONE_TO_N.name(side)!r} or "
                         f"{ValueRange(0).name(side)!r}, or a range of more values (up to "
                         f"{max(side, MAX_VALUES)}) such as '1-{side + 1}', got "
                         f"{data['values']!r}")
        values, count = found
    try:
        layout = _layout_from_json(data.get("layout"), side, where).with_values(count)
    except LayoutError as error:
        _fail(where, str(error))
    constraints = constraints_from_json(data.get("constraints"), layout, where)
    try:
        rules = Rules(layout, constraints)
    except RulesError as error:
        _fail(where, str(error))
    name = data.get("name", "")
    if not isinstance(name, str):
        _fail(where, f"'name' must be a string, got {name!r}")
    if "grid" not in data:
        _fail(where, "no 'grid' (the clues; '.' for every cell of an empty grid)")
    return data["grid"], rules, name, values


def _refuse_constant(name: str):
    raise PuzzleFormatError(f"{name} is not a JSON number (JSON has no NaN or Infinity)")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        raise PuzzleFormatError(f"the number {text[:20]}... has {len(text)} digits; no puzzle "
                                f"number has more than {_MAX_DIGITS}")
    return int(text)


JSON_HOOKS = {"parse_constant": _refuse_constant, "parse_int": _bounded_int}
"""``json.loads`` keyword arguments that refuse NaN, Infinity and integers
too long for a puzzle (a :class:`PuzzleFormatError`), for readers that
call ``json.loads`` themselves."""


def loads(text: str, where: str = ""):
    """``json.loads`` with a :class:`PuzzleFormatError` naming the line and
    column of a syntax error; ``NaN``, ``Infinity``, integers of more than
    40 digits and nesting deeper than Python's recursion limit are
    refused the same way."""
    try:
        return json.loads(text, **JSON_HOOKS)
    except json.JSONDecodeError as error:
        _fail(where, f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}")
    except PuzzleFormatError as error:
        _fail(where, str(error))
    except RecursionError:
        _fail(where, "the JSON is nested too deeply for a puzzle")


# -- f-puzzles -------------------------------------------------------------------

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
            value.strip().isdigit() and len(value.strip()) <= _MAX_DIGITS:
        return int(value.strip())
    _fail(where, f"{what} {value!r} is not a whole number")


def _fp_entries(data: dict, key: str, where: str) -> list[tuple[str, dict]]:
    """The objects listed under ``key``, each with where it is
    (``"f-puzzles, killercage 2"``)."""
    value = data.get(key)
    if value in (None, False, ""):
        return []
    if not isinstance(value, list):
        _fail(where, f"{key!r} must be a list of objects, got {type(value).__name__}")
    out = []
    for number, item in enumerate(value, start=1):
        here = f"{where}, {key} {number}"
        if not isinstance(item, dict):
            _fail(here, f"an entry is an object, got {item!r}"[:200])
        out.append((here, item))
    return out


def _fp_cells(item: dict, key: str, side: int, where: str, count: int | None = None):
    names = item.get(key)
    if not isinstance(names, list) or not names:
        _fail(where, f"{key!r} must be a non-empty list of cell names such as 'R1C1', got "
                     f"{names!r}"[:200])
    cells = tuple(cell_index(name, side, where) for name in names)
    if count is not None and len(cells) != count:
        _fail(where, f"{key!r} must name {count} cells, got {len(cells)}")
    return cells


def _fp_lines(item: dict, side: int, where: str) -> list[tuple[int, ...]]:
    lines = item.get("lines")
    if not isinstance(lines, list) or not all(isinstance(line, list) for line in lines):
        _fail(where, f"'lines' must be a list of lists of cell names, got {lines!r}"[:200])
    return [_fp_cells({"lines": line}, "lines", side, where) for line in lines]


def _cell_objects(rows: list, where: str):
    """``(row, column, where, cell)`` of every cell object of ``rows`` (0-based
    row and column; ``where`` names the cell), or :class:`PuzzleFormatError`
    for a cell that is not an object."""
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            here = f"{where} r{r + 1}c{c + 1}"
            if not isinstance(cell, dict):
                _fail(here, f"a cell is an object, got {cell!r}"[:200])
            yield r, c, here, cell


def from_fpuzzles(data, where: str = "f-puzzles"):
    """``(grid, rules, name)`` from an f-puzzles object, its JSON text, or its
    lz-string compressed form (the ``load=`` of an f-puzzles link or the
    ``fpuzzles...`` of a SudokuPad link, the whole link accepted).

    Keys that draw or set up a solver (:data:`FPUZZLES_DECORATION`) are
    ignored with one :class:`DecorationIgnored` warning naming them; a key
    that states a rule the toolkit does not model is a
    :class:`PuzzleFormatError` naming it, as is any value of the wrong type
    (named by its key and entry)."""
    if isinstance(data, str):
        data = loads(payload_json(data), where)
    if not isinstance(data, dict):
        _fail(where, f"an f-puzzles puzzle is a JSON object, got {type(data).__name__}")
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
        _fail(where, f"constraint {key!r} is not supported (the supported ones: "
                     f"{', '.join(sorted(_FPUZZLES_FLAGS | _FPUZZLES_LISTS - {'negative'}))})")
    side = data.get("size")
    grid_cells = data.get("grid")
    if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= 49 or \
            not isinstance(grid_cells, list) or len(grid_cells) != side or \
            any(not isinstance(row, list) or len(row) != side for row in grid_cells):
        _fail(where, "an f-puzzles puzzle needs 'size' N and a 'grid' of N rows of N cells")
    grid = np.zeros((side, side), dtype=np.int64)
    regions = np.full((side, side), -1, dtype=np.int64)
    has_regions = False
    pencil = []  # candidate givens, validated with the constraints
    for r, c, here, cell in _cell_objects(grid_cells, f"{where}, grid"):
        marks = cell.get("givenPencilMarks")
        if marks not in (None, []):
            if not isinstance(marks, list):
                _fail(here, f"'givenPencilMarks' must be a list of values, got {marks!r}"[:200])
            pencil.append((here, Candidates((r * side + c,), tuple(
                _fp_whole(v, here, "pencil mark", text_ok=False) for v in marks))))
        if cell.get("given") and cell.get("value") is not None:
            value = cell["value"]
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= side:
                _fail(here, f"'value' {value!r} is not a whole number in 1..{side}"[:200])
            grid[r, c] = value
        if "region" in cell:
            has_regions = True
            label = cell["region"]
            if label is None:
                _fail(here, "the cell belongs to no region; irregular grids with cells "
                            "outside every region are not supported")
            if isinstance(label, bool) or not isinstance(label, int) or not 0 <= label < side:
                _fail(here, f"'region' {label!r} is not a region number 0..{side - 1}"[:200])
            regions[r, c] = label
    try:
        if has_regions:
            default = Layout.for_side(side)
            fill = default.regions if default.regions is not None else regions
            layout = Layout.jigsaw(np.where(regions >= 0, regions, fill))
        else:
            layout = Layout.for_side(side)
    except LayoutError as error:
        _fail(where, str(error))
    constraints = []
    for key, make in (("diagonal-", lambda: [diagonals(layout)[0]]),
                      ("diagonal+", lambda: [diagonals(layout)[1]]),
                      ("antiknight", lambda: [AntiKnight()]), ("antiking", lambda: [AntiKing()]),
                      ("nonconsecutive", lambda: [NonConsecutive()]),
                      ("disjointgroups", lambda: list(disjoint_groups(layout)))):
        flag = data.get(key)
        if flag not in (None, True, False):
            _fail(where, f"{key!r} must be true or false, got {flag!r}"[:200])
        if flag:
            try:
                constraints.extend(make())
            except RulesError as error:
                _fail(where, f"{key}: {error}")
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
            _fail(here, f"arrow with a circle of {len(circle)} cells (a multi-digit pill) is "
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
            _fail(here, f"xv mark {mark!r} is neither X nor V"[:200])
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
            _fail(here, f"'direction' must be one of {', '.join(_FP_DIRECTIONS)}, got "
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
            _fail(here, str(error))
        constraints.append(constraint)
    negative = data.get("negative")
    negative = [] if negative in (None, False, "") else negative
    if not isinstance(negative, list) or not all(isinstance(k, str) for k in negative):
        _fail(where, f"'negative' must be a list of constraint names such as \"ratio\", got "
                     f"{negative!r}"[:200])
    unknown = set(negative) - set(_NEGATIVE)
    if unknown:
        _fail(where, f"negative constraint for {', '.join(sorted(unknown))} is not supported")
    colors = tuple(_NEGATIVE[k] for k in ("difference", "ratio") if k in negative)
    if colors:
        constraints.append(KropkiNegative(colors))
    if "xv" in negative:
        constraints.append(XVNegative())
    try:
        rules = Rules(layout, tuple(constraints))
    except RulesError as error:
        _fail(where, str(error))
    if ignored:
        warnings.warn(DecorationIgnored(
            f"{where}: ignored {', '.join(sorted(ignored))} (drawing or solver settings, no "
            "rule)"), stacklevel=3)
    title = data.get("title") or ""
    return grid, rules, title if isinstance(title, str) else ""


_FP_DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def _fp_outside(name, side: int, where: str, corner: bool = False) -> tuple[int, int]:
    """The 0-based row and column of an f-puzzles clue cell outside the
    grid (``R0C3`` above column 3, ``R3C10`` right of row 3 on a 9x9; a
    corner such as ``R0C0`` when ``corner``)."""
    match = re.fullmatch(r"R(\d{1,3})C(\d{1,3})", name) if isinstance(name, str) else None
    r, c = (int(match[1]) - 1, int(match[2]) - 1) if match else (-2, -2)
    if not (-1 <= r <= side and -1 <= c <= side) or (0 <= r < side and 0 <= c < side) or \
            (not corner and r in (-1, side) and c in (-1, side)):
        _fail(where, f"'cell' must be a cell beside the grid such as 'R0C1', got {name!r}"[:200])
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


def to_fpuzzles(grid: np.ndarray, rules: Rules, name: str = "") -> dict:
    """A puzzle's clues (``(N, N)`` ints, 0 empty) and rules as an f-puzzles
    object (what an f-puzzles or SudokuPad link carries, compressed);
    :func:`from_fpuzzles` reads it back to the same puzzle. Raises
    :class:`PuzzleFormatError` for a kind f-puzzles has no key for
    (``greater``, whispers of another gap than 5) and for candidate givens
    that leave a cell no value."""
    layout = rules.layout
    side = layout.side
    default = Layout.for_side(side)
    labels = None if layout == default else layout.regions
    if labels is None and layout != default:
        _fail("f-puzzles", f"{layout.name} has no f-puzzles form (f-puzzles draws regions)")
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
                    _fail("f-puzzles", f"the candidate givens of {_name(cell, side)} leave it "
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
            _fail("f-puzzles", f"{constraint.kind} has no f-puzzles form")
    if negative:
        out["negative"] = sorted(set(negative))
    return out
# -- SudokuPad's own format ----------------------------------------------------------

_SCL_DRAWN = ("lines", "arrows", "overlays", "underlays")
_SCL_QUIET = {"id", "cellSize", "settings", "metadata", "duration", "videos", "title", "author",
              "rules", "solution", "cells", "regions", "cages"}


def _scl_cells(pairs, side: int, where: str) -> tuple[int, ...]:
    if not isinstance(pairs, list) or not pairs:
        _fail(where, f"'cells' must be a non-empty list of [row, column] pairs, got "
                     f"{pairs!r}"[:200])
    out = []
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < side for v in pair)):
            _fail(where, f"{pair!r} is not a [row, column] pair of a {side}x{side} grid"[:200])
        out.append(pair[0] * side + pair[1])
    return tuple(out)


def from_sudokupad(data, where: str = "SudokuPad"):
    """``(grid, rules, name)`` from SudokuPad's own puzzle object (the
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
        _fail(where, f"a SudokuPad puzzle is a JSON object, got {type(data).__name__}")
    drawn = [key for key in _SCL_DRAWN if data.get(key)]
    if drawn:
        _fail(where, f"{', '.join(drawn)} draw rules this reader cannot tell apart (a line may "
                     "be a thermometer, a whisper or decoration); share the puzzle's f-puzzles "
                     "form")
    ignored = sorted(k for k, v in data.items() if k not in _SCL_QUIET and k not in _SCL_DRAWN
                     and v not in (None, False, [], "", {}))
    rows = data.get("cells")
    side = len(rows) if isinstance(rows, list) else 0
    if not 1 <= side <= 49 or any(not isinstance(row, list) or len(row) != side for row in rows):
        _fail(where, "a SudokuPad puzzle needs 'cells': N rows of N cells")
    grid = np.zeros((side, side), dtype=np.int64)
    for r, c, here, cell in _cell_objects(rows, f"{where}, cell"):
        value = cell.get("value")
        if value not in (None, ""):
            value = _fp_whole(value, here, "'value'")
            if not 1 <= value <= side:
                _fail(here, f"'value' {value} is not in 1..{side}")
            grid[r, c] = value
    try:
        regions = data.get("regions")
        if regions:
            if not isinstance(regions, list):
                _fail(where, f"'regions' must be a list, got {type(regions).__name__}")
            labels = np.full(side * side, -1, dtype=np.int64)
            for number, region in enumerate(regions):
                labels[list(_scl_cells(region, side, f"{where}, region {number + 1}"))] = number
            if (labels < 0).any():
                first = int(np.argmax(labels < 0))
                _fail(where, f"cell {_name(first, side)} is in no region")
            layout = Layout.jigsaw(labels.reshape(side, side))
        else:
            layout = Layout.for_side(side)
    except LayoutError as error:
        _fail(where, str(error))
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
            _fail(here, str(error))
        constraints.append(cage)
    try:
        rules = Rules(layout, tuple(constraints))
    except RulesError as error:
        _fail(where, str(error))
    if ignored:
        warnings.warn(DecorationIgnored(f"{where}: ignored {', '.join(ignored)}"), stacklevel=3)
    return grid, rules, name
