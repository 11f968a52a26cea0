"""Puzzles as JSON: the toolkit's format round-trips every layout and
constraint kind; the f-puzzles format (plain, as JSON text, and as the
lz-string compressed links of f-puzzles and SudokuPad) reads the kinds the
toolkit models and names every other one; bad files give one message
naming what and where."""

import json

import lzstring
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, PuzzleFormatError
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import (AntiKing, AntiKnight, Arrow, Cage, Kropki,
                                           KropkiNegative, NonConsecutive, Parity, Region,
                                           Thermometer, XV, XVNegative)
from sudoku_models.core.rules import diagonals, disjoint_groups, Rules
from sudoku_models.errors import RulesError

from .test_geometry import _random_jigsaw
from .test_rules import _full_grid, _random_constraint
from sudoku_models.formats.fpuzzles import from_fpuzzles
from sudoku_models.formats.toolkit_json import from_json, to_json


def random_constraints(layout, values, rng, skip=lambda constraint, layout: False) -> list:
    """Up to 12 random constraints of every kind (half of them holding on
    ``values``), those ``skip`` names or that the rules refuse left out."""
    constraints = []
    for _ in range(12):
        candidate = _random_constraint(layout, values.ravel(), rng)
        if skip(candidate, layout):
            continue
        try:
            Rules(layout, (*constraints, candidate))
        except RulesError:
            continue
        constraints.append(candidate)
    return constraints


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4)]), st.integers(0, 2**32 - 1),
       st.booleans())
def test_every_kind_round_trips(box, seed, jigsaw):
    rng = np.random.default_rng(seed)
    layout = Layout.boxes(*box)
    values = _full_grid(layout, rng)
    if jigsaw and layout.side <= 6:  # random growth rarely fills larger grids
        layout = Layout.jigsaw(_random_jigsaw(layout.side, rng))
    constraints = random_constraints(layout, values, rng)
    grid = np.where(rng.random(values.shape) < 0.3, values, 0)
    puzzle = Puzzle(grid, layout, name="p", constraints=tuple(constraints))
    text = json.dumps(to_json(puzzle))
    assert from_json(text) == puzzle
    assert from_json(json.loads(text)).name == "p"


def test_a_latin_square_and_a_36x36_round_trip():
    latin = Puzzle(np.eye(5, dtype=int), Layout.latin(5))
    assert from_json(to_json(latin)) == latin
    assert to_json(latin)["layout"] == {"kind": "latin"}
    big = Puzzle(np.zeros((36, 36), int), 6, constraints=(Cage((0, 1), 71),))
    data = to_json(big)
    assert "," in data["grid"] and from_json(data) == big


def test_the_documented_example_reads():
    data = {
        "format": "sudoku-models/1", "name": "killer 1", "size": 6,
        "layout": {"kind": "boxes", "box": [2, 3]}, "grid": "1" + "." * 35,
        "constraints": [
            {"kind": "cage", "cells": ["r1c1", "r1c2"], "total": 7},
            {"kind": "thermometer", "cells": ["r2c1", "r2c2", "r2c3"]},
            {"kind": "arrow", "circle": "R4C4", "cells": ["r4c5", "r4c6"]},
            {"kind": "anti-knight"}, {"kind": "diagonals"}]}
    puzzle = from_json(data)
    assert puzzle.layout == Layout.boxes(2, 3) and puzzle.grid[0, 0] == 1
    assert puzzle.constraints[:4] == (Cage((0, 1), 7), Thermometer((6, 7, 8)),
                                      Arrow(21, (22, 23)), AntiKnight())
    assert puzzle.constraints[4:] == diagonals(Layout.boxes(2, 3))
    nested = dict(data, grid=[[0] * 6 for _ in range(6)])
    assert from_json(nested).num_clues == 0


@pytest.mark.parametrize("data, message", [
    ({"size": 9}, "no 'grid'"),
    ({"grid": "." * 81}, "'size' must be the side"),
    ({"size": 9, "grid": "." * 81, "solver": "x"}, "unknown field\\(s\\) solver"),
    ({"size": 9, "grid": "." * 81, "format": "other/2"}, "unknown format 'other/2'"),
    ({"size": 9, "grid": "." * 81, "layout": {"kind": "hex"}}, "kind boxes, jigsaw or latin"),
    ({"size": 9, "grid": "." * 81, "layout": {"kind": "boxes", "box": [3]}}, "'box': \\[rows"),
    ({"size": 6, "grid": "." * 36, "layout": {"kind": "jigsaw", "regions": [[0] * 6] * 6}},
     "has 6 regions, got 1 labels"),
    ({"size": 9, "grid": "." * 81, "constraints": {}}, "'constraints' must be a list"),
    ({"size": 9, "grid": "." * 81, "constraints": ["cage"]}, "constraint 1: a constraint is an"),
    ({"size": 9, "grid": "." * 81, "constraints": [{"kind": "cage", "cells": ["r1c1"],
                                                     "sum": 3}]}, "cage takes cells, total, not sum"),
    ({"size": 9, "grid": "." * 81, "constraints": [{"kind": "thermometer"}]},
     "thermometer needs 'cells'"),
    ({"size": 9, "grid": "." * 81, "constraints": [{"kind": "cage", "cells": ["a1"]}]},
     "'a1' is not a cell name"),
    ({"size": 9, "grid": "." * 81, "constraints": [{"kind": "kropki", "cells": ["r1c1", "r1c2"],
                                                     "color": 3}]}, "'color' must be a string"),
    ({"size": 9, "grid": 81}, "'grid' must be a string or nested lists"),
    ("[1, 2", "not valid JSON: .* line 1, column"),
    ([], "a puzzle is a JSON object, got list"),
])
def test_bad_json_is_one_message_naming_what_and_where(data, message):
    with pytest.raises(PuzzleFormatError, match=f"^puzzles.jsonl:4.*{message}"):
        from_json(data, where="puzzles.jsonl:4")


def _fpuzzles():
    grid = [[{} for _ in range(6)] for _ in range(6)]
    grid[0][0] = {"value": 1, "given": True}
    grid[0][1] = {"value": 2}  # a digit the solver typed: not a clue
    return {
        "size": 6, "title": "six", "author": "me", "ruleset": "...", "grid": grid,
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R6C6"]}],
        "thermometer": [{"lines": [["R2C1", "R2C2"], ["R3C1", "R3C2", "R3C3"]]}],
        "arrow": [{"cells": ["R4C4"], "lines": [["R4C4", "R4C5"], ["R4C4", "R5C4"]]}],
        "difference": [{"cells": ["R5C1", "R5C2"]}], "ratio": [{"cells": ["R6C1", "R6C2"]}],
        "xv": [{"cells": ["R6C3", "R6C4"], "value": "V"}], "odd": [{"cell": "R1C6"}],
        "even": [{"cell": "R2C6"}, {"cell": "R3C6"}], "extraregion": [{"cells": ["R1C5", "R2C5"]}],
        "diagonal-": True, "antiknight": True, "antiking": False, "nonconsecutive": True,
        "disjointgroups": True, "negative": ["ratio", "xv"], "littlekillersum": [],
    }


def test_f_puzzles_reads_every_supported_kind():
    puzzle = from_fpuzzles(_fpuzzles())
    layout = Layout.boxes(2, 3)
    assert puzzle.layout == layout and puzzle.name == "six" and puzzle.num_clues == 1
    expected = {diagonals(layout)[0], AntiKnight(), NonConsecutive(), *disjoint_groups(layout),
                Region((4, 10)), Cage((0, 1), 3), Cage((35,), None), Thermometer((6, 7)),
                Thermometer((12, 13, 14)), Arrow(21, (22, 27)), Kropki((24, 25), "white"),
                Kropki((30, 31), "black"), XV((32, 33), 5), Parity((5,), "odd"),
                Parity((11, 17), "even"), KropkiNegative(("black",)), XVNegative()}
    assert set(puzzle.constraints) == expected and len(puzzle.constraints) == len(expected)
    assert AntiKing() not in puzzle.constraints


def test_f_puzzles_text_and_links_read_the_same():
    data = _fpuzzles()
    text = json.dumps(data)
    packed = lzstring.LZString().compressToBase64(text)
    expected = from_fpuzzles(data)
    for form in (text, packed, f"https://www.f-puzzles.com/?load={packed}",
                 f"https://sudokupad.app/fpuzzles{packed}?setting-nogrid=1"):
        assert from_fpuzzles(form) == expected
    assert from_json(text) == expected  # recognised by its grid of cell objects


def test_f_puzzles_jigsaw_regions():
    data = _fpuzzles()
    regions = np.array(Layout.boxes(3, 2).regions)  # 3x2 boxes are a jigsaw of a 6x6
    for r in range(6):
        for c in range(6):
            data["grid"][r][c] = dict(data["grid"][r][c], region=int(regions[r, c]))
    del data["disjointgroups"]
    assert from_fpuzzles(data).layout == Layout.boxes(3, 2)


@pytest.mark.parametrize("change, message", [
    ({"littlekillersum": [{"cell": "R0C1", "value": "10"}]}, "'direction' must be one of"),
    ({"quadruple": [{"cells": ["R1C1"], "values": [1]}]}, "'quadruple' is not supported"),
    ({"entropicline": [{"lines": [["R1C1", "R1C2"]]}]}, "'entropicline' is not supported"),
    ({"cage": [{"cells": ["R1C1"], "value": "5"}]}, "'cage' is not supported"),
    ({"negative": ["difference", "renban"]}, "negative constraint for renban"),
    ({"arrow": [{"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C2"]]}]},
     "circle of 2 cells"),
    ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Y"}]}, "neither X nor V"),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "ten"}]}, "not a whole number"),
    ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "13"}]}, "sum to 3..11, not 13"),
    ({"size": 7}, "'grid' of N rows"),
])
def test_f_puzzles_names_what_it_cannot_read(change, message):
    data = dict(_fpuzzles(), **change)
    with pytest.raises(PuzzleFormatError, match=message):
        from_fpuzzles(data)


def test_not_a_link():
    with pytest.raises(PuzzleFormatError, match="could not decompress"):
        from_fpuzzles("https://sudokupad.app/fpuzzles!!!")
