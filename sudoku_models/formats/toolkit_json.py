"""Puzzles as JSON in the toolkit's own format (f-puzzles JSON:
:mod:`.fpuzzles`).

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
(``cells``, ``circle``, ``clones``, a pill arrow's ``pill`` as cell names; ``total``, ``color``, ``value``,
``colors``, ``name``, ``parity``, ``values``, ``gap``, ``extreme``; a regular
line's ``pattern``, or its ``transitions`` as ``[state, value, next state]``
triples with ``start`` and ``accepting``; a pairwise relation's ``allowed``
as ``[value, value]`` pairs; a sum line's ``loop`` as true or false; an
``or``'s ``branches`` as lists of constraints);
``{"kind": "diagonals"}``, ``{"kind": "windoku"}`` and
``{"kind": "disjoint-groups"}`` are read as the regions they stand for.
"""

from __future__ import annotations

import dataclasses
import difflib
import json

from ..core.geometry import Layout, LayoutError
from ..limits import MAX_VALUES
from ..core.constraint import KINDS
from ..core.rules import diagonals, disjoint_groups, Rules, windoku
from ..errors import RulesError, excerpt
from ..core.value_range import ONE_TO_N, ValueRange, named_range
from ..puzzle import Puzzle
from .fpuzzles import from_fpuzzles, is_fpuzzles
from .json_text import cell_index, cell_label, fail, loads

FORMAT = "sudoku-models/1"
_CELL_LISTS = ("cells", "clones", "pill")  # fields that hold cells, named r1c1 in JSON
_SHORTHANDS = {"diagonals": diagonals, "windoku": windoku, "disjoint-groups": disjoint_groups}


def _cells(names, side: int, where: str, key: str = "cells") -> tuple[int, ...]:
    if not isinstance(names, list) or not names:
        fail(where, f"'{key}' must be a non-empty list of cell names, got {names!r}"[:200])
    return tuple(cell_index(name, side, where) for name in names)



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
        fail(where, f"'layout' must be an object with kind boxes, jigsaw or latin, got {data!r}")
    kind = data["kind"]
    allowed = {"boxes": {"kind", "box"}, "jigsaw": {"kind", "regions"}, "latin": {"kind"}}[kind]
    if set(data) - allowed:
        fail(where, f"a {kind} layout takes {', '.join(sorted(allowed))}, not "
                     f"{', '.join(sorted(map(str, set(data) - allowed)))}")
    if kind == "boxes":
        box = data.get("box")
        if not (isinstance(box, list) and len(box) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in box)):
            fail(where, f"a boxes layout needs 'box': [rows, columns], got {box!r}")
        layout = Layout.boxes(*box)
    elif kind == "latin":
        layout = Layout.latin(side)
    else:
        layout = Layout.jigsaw(data.get("regions"))
    if layout.side != side:
        fail(where, f"the layout is {layout.side}x{layout.side} but 'size' is {side}")
    return layout


def constraint_to_json(constraint, side: int) -> dict:
    """One constraint as a JSON object (cells by name)."""
    out = {"kind": constraint.kind}
    for f in dataclasses.fields(constraint):
        value = getattr(constraint, f.name)
        if f.name in _CELL_LISTS:
            out[f.name] = [cell_label(c, side) for c in value]
        elif f.name == "branches":  # an Or composite: lists of constraints
            out[f.name] = [[constraint_to_json(c, side) for c in branch] for branch in value]
        elif f.name == "circle":
            out["circle"] = cell_label(value, side)
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
    fail(where, f"'{key}' must be {wanted}{' or null' if optional else ''}, got {value!r}")


def _names(names) -> str:
    """Unknown names as a message shows them: the first three, a long or
    unprintable one cut (:func:`~sudoku_models.errors.excerpt`), and how
    many more."""
    names = sorted(names)
    shown = ", ".join(name if len(name) <= 40 and name.isprintable() else excerpt(name)
                      for name in names[:3])
    return shown + (f" and {len(names) - 3:,} more" if len(names) > 3 else "")


def constraints_from_json(items, layout: Layout, where: str = "") -> tuple:
    """The constraints of a JSON list (see the module docstring)."""
    if items is None:
        return ()
    if not isinstance(items, list):
        fail(where, f"'constraints' must be a list, got {type(items).__name__}")
    out = []
    for number, item in enumerate(items, start=1):
        here = f"{where + ', ' if where else ''}constraint {number}"
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
            fail(here, f"a constraint is an object with a 'kind', got {item!r}"[:200])
        kind = item["kind"]
        if kind in _SHORTHANDS and set(item) == {"kind"}:
            try:
                out.extend(_SHORTHANDS[kind](layout))
            except RulesError as error:
                fail(here, str(error))
            continue
        cls = KINDS.get(kind)
        if cls is None:  # named briefly, however long (a 4,301-character kind was echoed whole)
            close = difflib.get_close_matches(kind[:100], [*KINDS, *_SHORTHANDS], n=1)
            fail(here, f"unknown constraint kind {excerpt(kind)}"
                       + (f" (did you mean {close[0]}?)" if close else "")
                       + "; every kind: sudoku_models.core.constraint.KINDS")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(item) - set(fields) - {"kind"}
        if unknown:
            fail(here, f"{kind} takes {', '.join(fields) or 'no fields'}, not {_names(unknown)}")
        values = {}
        for key, f in fields.items():
            if key not in item:
                if f.default is dataclasses.MISSING:
                    fail(here, f"{kind} needs '{key}'")
                continue
            if key in _CELL_LISTS:
                values[key] = _cells(item[key], layout.side, here, key)
            elif key == "circle":
                values[key] = cell_index(item[key], layout.side, here)
            elif key == "branches":
                if not isinstance(item[key], list) or not item[key]:
                    fail(here, f"'branches' must be a list of lists of constraints, got "
                                f"{item[key]!r}"[:200])
                values[key] = tuple(constraints_from_json(branch, layout, f"{here}, branch {i}")
                                    for i, branch in enumerate(item[key], start=1))
            else:
                values[key] = _check_type(item[key], f.type, key, here)
        constraint = cls(**values)
        try:
            constraint.validate(layout)
        except RulesError as error:
            fail(here, str(error))
        out.append(constraint)
    return tuple(out)


def to_json(puzzle: Puzzle) -> dict:
    """``puzzle`` as one JSON object of the toolkit's format (``json.dumps``
    it); :func:`from_json` reads it back to the same puzzle."""
    rules = puzzle.rules
    side = rules.layout.side
    out = {"format": FORMAT}
    if puzzle.name:
        out["name"] = puzzle.name
    out.update(size=side, layout=_layout_to_json(rules.layout), grid=puzzle.to_string())
    if rules.constraints:
        out["constraints"] = [constraint_to_json(c, side) for c in rules.constraints]
    if puzzle.values != ONE_TO_N or rules.layout.more_values:
        out["values"] = puzzle.values.name(rules.layout.values)
    return out


def from_json(data, where: str | None = None) -> Puzzle:
    """A puzzle from one JSON object (a ``dict``, or its text) of the
    toolkit's format, or of the f-puzzles format (recognised by its ``grid``
    of cell objects: :func:`~.fpuzzles.from_fpuzzles`). ``where`` prefixes
    messages. Raises :class:`PuzzleFormatError` naming what is wrong and
    where."""
    where = where or ""
    if isinstance(data, str):
        data = loads(data, where)
    if not isinstance(data, dict):
        fail(where, f"a puzzle is a JSON object, got {type(data).__name__}")
    if "format" not in data and is_fpuzzles(data):
        return from_fpuzzles(data, where or "f-puzzles")
    if data.get("format", FORMAT) != FORMAT:
        fail(where, f"unknown format {data.get('format')!r}; this reader knows {FORMAT!r} "
                     "and f-puzzles")
    known = {"format", "name", "size", "layout", "grid", "constraints", "source", "solution",
             "values"}
    unknown = set(data) - known
    if unknown:
        fail(where, f"unknown field(s) {_names(unknown)}; the fields are "
                     f"{', '.join(sorted(known))}")
    side = data.get("size")
    if isinstance(side, bool) or not isinstance(side, int):
        fail(where, f"'size' must be the side of the grid (an int), got {side!r}")
    values, count = ONE_TO_N, side
    if "values" in data:
        found = named_range(data["values"], side) if isinstance(data["values"], str) else None
        if found is None:
            fail(where, f"'values' must be {ONE_TO_N.name(side)!r} or "
                         f"{ValueRange(0).name(side)!r}, or a range of more values (up to "
                         f"{max(side, MAX_VALUES)}) such as '1-{side + 1}', got "
                         f"{data['values']!r}")
        values, count = found
    try:
        layout = _layout_from_json(data.get("layout"), side, where).with_values(count)
    except LayoutError as error:
        fail(where, str(error))
    constraints = constraints_from_json(data.get("constraints"), layout, where)
    try:
        rules = Rules(layout, constraints)
    except RulesError as error:
        fail(where, str(error))
    name = data.get("name", "")
    if not isinstance(name, str):
        fail(where, f"'name' must be a string, got {name!r}")
    if "grid" not in data:
        fail(where, "no 'grid' (the clues; '.' for every cell of an empty grid)")
    grid = data["grid"]
    if isinstance(grid, str):
        grid = Puzzle.from_string(grid, where=where or None, layout=rules).grid
    elif isinstance(grid, list):
        grid = Puzzle.from_grid(grid, where=where or None, layout=rules.layout).grid
    else:
        fail(where, f"'grid' must be a string or nested lists, got {type(grid).__name__}")
    return Puzzle(grid, rules, name, values=values)

