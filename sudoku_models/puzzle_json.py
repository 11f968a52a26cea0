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
      "constraints": [                          # optional, see sudoku_models.rules
        {"kind": "cage", "cells": ["r1c1", "r1c2"], "total": 7},
        {"kind": "thermometer", "cells": ["r2c1", "r2c2", "r2c3"]},
        {"kind": "arrow", "circle": "r4c4", "cells": ["r4c5", "r4c6"]},
        {"kind": "anti-knight"}
      ]
    }

Cells are named ``r1c1`` (1-based row and column, either case). Each
constraint kind's fields are those of its class in :mod:`sudoku_models.rules`
(``cells``, ``circle``, ``total``, ``color``, ``value``, ``colors``, ``name``,
``parity``); ``{"kind": "diagonals"}``, ``{"kind": "windoku"}`` and
``{"kind": "disjoint-groups"}`` are read as the regions they stand for.

f-puzzles (``size``, ``grid`` of ``{"value", "given", "region"}``,
``killercage``, ``thermometer``, ``arrow``, ``difference``, ``ratio``, ``xv``,
``odd``, ``even``, ``extraregion``, ``diagonal+``, ``diagonal-``,
``antiknight``, ``antiking``, ``disjointgroups``, ``nonconsecutive``,
``negative``): only given values are clues; any other constraint in the
file (a little killer, a German whisper, a cosmetic line or cage...) is a
:class:`~sudoku_models.errors.PuzzleFormatError` naming it, never silently
dropped. The lz-string decoding is the ``lzstring`` package's.
"""

from __future__ import annotations

import dataclasses
import json
import re
from urllib.parse import unquote

import numpy as np

from .errors import PuzzleFormatError
from .geometry import Layout, LayoutError
from .rules import (KINDS, XV, AntiKing, AntiKnight, Arrow, Cage, Kropki, KropkiNegative,
                    NonConsecutive, Parity, Region, Rules, RulesError, Thermometer, XVNegative,
                    diagonals, disjoint_groups, windoku)

FORMAT = "sudoku-models/1"
_CELL = re.compile(r"^[rR](\d+)[cC](\d+)$")
_SHORTHANDS = {"diagonals": diagonals, "windoku": windoku, "disjoint-groups": disjoint_groups}


def _fail(where: str, message: str):
    raise PuzzleFormatError(f"{where}: {message}" if where else message)


# -- cells ---------------------------------------------------------------------


def cell_index(name, side: int, where: str = "") -> int:
    """The flat index of a cell named ``r4c7`` (1-based, either case) in a
    grid of side ``side``; :class:`PuzzleFormatError` naming it otherwise."""
    match = _CELL.match(name) if isinstance(name, str) else None
    if match is None:
        _fail(where, f"{name!r} is not a cell name such as 'r4c7'")
    row, col = int(match[1]), int(match[2])
    if not (1 <= row <= side and 1 <= col <= side):
        _fail(where, f"cell {name} is outside the {side}x{side} grid")
    return (row - 1) * side + col - 1


def _cells(names, side: int, where: str) -> tuple[int, ...]:
    if not isinstance(names, list) or not names:
        _fail(where, f"'cells' must be a non-empty list of cell names, got {names!r}")
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
        if f.name == "cells":
            out["cells"] = [_name(c, side) for c in value]
        elif f.name == "circle":
            out["circle"] = _name(value, side)
        elif value is not None and value != f.default:
            out[f.name] = list(value) if isinstance(value, tuple) else value
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
    wanted = {"int": "a whole number", "str": "a string",
              "tuple[str, ...]": "a list of strings"}.get(base, base)
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
            if key == "cells":
                values[key] = _cells(item[key], layout.side, here)
            elif key == "circle":
                values[key] = cell_index(item[key], layout.side, here)
            else:
                values[key] = _check_type(item[key], f.type, key, here)
        constraint = cls(**values)
        try:
            constraint.validate(layout)
        except RulesError as error:
            _fail(here, str(error))
        out.append(constraint)
    return tuple(out)


def to_json(grid_text: str, rules: Rules, name: str = "") -> dict:
    """A puzzle's parts (its clues in the line format) as one JSON object of
    the toolkit's format."""
    side = rules.layout.side
    out = {"format": FORMAT}
    if name:
        out["name"] = name
    out.update(size=side, layout=_layout_to_json(rules.layout), grid=grid_text)
    if rules.constraints:
        out["constraints"] = [constraint_to_json(c, side) for c in rules.constraints]
    return out


def from_json(data, where: str = ""):
    """``(grid_text_or_lists, rules, name)`` from one JSON object of the
    toolkit's format, or of the f-puzzles format (recognised by its ``grid``
    of cell objects); :class:`PuzzleFormatError` naming what is wrong and where."""
    if isinstance(data, str):
        data = loads(data, where)
    if not isinstance(data, dict):
        _fail(where, f"a puzzle is a JSON object, got {type(data).__name__}")
    if "format" not in data and isinstance(data.get("grid"), list) and data["grid"] and \
            isinstance(data["grid"][0], list) and data["grid"][0] and \
            isinstance(data["grid"][0][0], dict):
        return from_fpuzzles(data, where)
    if data.get("format", FORMAT) != FORMAT:
        _fail(where, f"unknown format {data.get('format')!r}; this reader knows {FORMAT!r} "
                     "and f-puzzles")
    known = {"format", "name", "size", "layout", "grid", "constraints", "source", "solution"}
    unknown = set(data) - known
    if unknown:
        _fail(where, f"unknown field(s) {', '.join(sorted(unknown))}; the fields are "
                     f"{', '.join(sorted(known))}")
    side = data.get("size")
    if isinstance(side, bool) or not isinstance(side, int):
        _fail(where, f"'size' must be the side of the grid (an int), got {side!r}")
    try:
        layout = _layout_from_json(data.get("layout"), side, where)
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
    return data["grid"], rules, name


def loads(text: str, where: str = ""):
    """``json.loads`` with a :class:`PuzzleFormatError` naming the line and
    column of a syntax error."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        _fail(where, f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}")


# -- f-puzzles -------------------------------------------------------------------

_FPUZZLES_META = {"size", "grid", "title", "author", "ruleset", "solution", "version"}
_FPUZZLES_FLAGS = {"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups",
                   "nonconsecutive"}
_FPUZZLES_LISTS = {"killercage", "extraregion", "thermometer", "arrow", "difference", "ratio",
                   "xv", "odd", "even", "negative"}
_NEGATIVE = {"difference": "white", "ratio": "black", "xv": "xv"}


def from_fpuzzles(data, where: str = "f-puzzles"):
    """``(grid, rules, name)`` from an f-puzzles object, its JSON text, or its
    lz-string compressed form (the ``load=`` of an f-puzzles link or the
    ``fpuzzles...`` of a SudokuPad link, the whole link accepted)."""
    if isinstance(data, str):
        text = data.strip()
        data = loads(text if text.startswith("{") else decompress(text), where)
    if not isinstance(data, dict):
        _fail(where, f"an f-puzzles puzzle is a JSON object, got {type(data).__name__}")
    for key, value in data.items():
        if key in _FPUZZLES_META or key in _FPUZZLES_FLAGS or key in _FPUZZLES_LISTS:
            continue
        if value in (None, False, [], "", {}):
            continue  # an empty or switched-off tool says nothing
        _fail(where, f"constraint {key!r} is not supported (the supported ones: "
                     f"{', '.join(sorted(_FPUZZLES_FLAGS | _FPUZZLES_LISTS - {'negative'}))})")
    side = data.get("size")
    grid_cells = data.get("grid")
    if isinstance(side, bool) or not isinstance(side, int) or not isinstance(grid_cells, list) \
            or len(grid_cells) != side or any(not isinstance(row, list) or len(row) != side
                                              for row in grid_cells):
        _fail(where, "an f-puzzles puzzle needs 'size' N and a 'grid' of N rows of N cells")
    grid = np.zeros((side, side), dtype=np.int64)
    regions = np.full((side, side), -1, dtype=np.int64)
    has_regions = False
    for r, row in enumerate(grid_cells):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                _fail(where, f"grid r{r + 1}c{c + 1}: a cell is an object, got {cell!r}")
            if cell.get("given") and cell.get("value") is not None:
                value = cell["value"]
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= side:
                    _fail(where, f"grid r{r + 1}c{c + 1}: value {value!r} is not in 1..{side}")
                grid[r, c] = value
            if "region" in cell:
                has_regions = True
                if cell["region"] is None:
                    _fail(where, f"grid r{r + 1}c{c + 1} belongs to no region; irregular "
                                 "grids with cells outside every region are not supported")
                regions[r, c] = cell["region"]
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

    def cells(item, key="cells"):
        return _cells(item.get(key), side, where)

    def entries(key):
        value = data.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            _fail(where, f"f-puzzles {key!r} must be a list of objects")
        return value

    if data.get("diagonal-"):
        constraints.append(diagonals(layout)[0])
    if data.get("diagonal+"):
        constraints.append(diagonals(layout)[1])
    if data.get("antiknight"):
        constraints.append(AntiKnight())
    if data.get("antiking"):
        constraints.append(AntiKing())
    if data.get("nonconsecutive"):
        constraints.append(NonConsecutive())
    if data.get("disjointgroups"):
        constraints.extend(disjoint_groups(layout))
    for item in entries("extraregion"):
        constraints.append(Region(cells(item)))
    for item in entries("killercage"):
        total = item.get("value")
        if total not in (None, "") and not str(total).strip().isdigit():
            _fail(where, f"killer cage at {item.get('cells', ['?'])[0]}: total {total!r} is "
                         "not a whole number")
        constraints.append(Cage(cells(item), None if total in (None, "") else int(total)))
    for item in entries("thermometer"):
        for line in item.get("lines") or []:
            constraints.append(Thermometer(_cells(line, side, where)))
    for item in entries("arrow"):
        circle = cells(item)
        if len(circle) != 1:
            _fail(where, f"arrow with a circle of {len(circle)} cells (a multi-digit pill) is "
                         "not supported")
        path = []
        for line in item.get("lines") or []:
            path += [c for c in _cells(line, side, where) if c not in circle and c not in path]
        constraints.append(Arrow(circle[0], tuple(path)))
    for key, color in (("difference", "white"), ("ratio", "black")):
        for item in entries(key):
            value = item.get("value")
            constraints.append(Kropki(cells(item), color, None if value in (None, "")
                                      else int(value)))
    for item in entries("xv"):
        mark = str(item.get("value", "")).upper()
        if mark not in ("X", "V"):
            _fail(where, f"xv mark {item.get('value')!r} is neither X nor V")
        constraints.append(XV(cells(item), 10 if mark == "X" else 5))
    for key in ("odd", "even"):
        picked = tuple(cell_index(item.get("cell"), side, where) for item in entries(key))
        if picked:
            constraints.append(Parity(picked, key))
    negative = data.get("negative") or []
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
    title = data.get("title") or ""
    return grid, rules, title if isinstance(title, str) else ""


def decompress(text: str) -> str:
    """The JSON text inside an lz-string (base64) compressed f-puzzles
    string, or inside a whole f-puzzles (``?load=``) or SudokuPad
    (``fpuzzles...``) link."""
    payload = unquote(text.strip())
    for marker in ("load=", "fpuzzles"):
        if marker in payload:
            payload = payload.split(marker, 1)[1]
    payload = payload.split("&", 1)[0].split("#", 1)[0].replace(" ", "+")
    try:
        import lzstring
    except ImportError as error:  # a dependency: only a broken install lacks it
        raise PuzzleFormatError(f"compressed f-puzzles need the lzstring package ({error})") \
            from None
    try:
        decoded = lzstring.LZString().decompressFromBase64(payload)
    except Exception:  # noqa: BLE001  (the library raises whatever its decoder hits)
        decoded = None
    if not decoded:
        raise PuzzleFormatError("not an lz-string compressed f-puzzles puzzle (could not "
                                "decompress it)")
    return decoded
