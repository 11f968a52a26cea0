"""Outside clues (little killer, sandwich, X-sum, skyscraper): their
definitions, their models against brute force on 4x4 grids, and the
formats that carry them."""

from __future__ import annotations

from itertools import permutations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, solve, verify
from sudoku_models.core.automata import (linear_automaton, sandwich_automaton, skyscraper_automaton,
                                    x_sum_automaton)
from sudoku_models.errors import PuzzleFormatError
from sudoku_models.core.geometry import Layout
from sudoku_models.formats.iss import from_iss, to_iss
from sudoku_models.formats.fpuzzles import from_fpuzzles, to_fpuzzles
from sudoku_models.formats.toolkit_json import constraints_from_json
from sudoku_models.registry import METHODS
from sudoku_models.core.line_kinds import LittleKiller, Sandwich, Skyscraper, XSum
from sudoku_models.core.rules import Rules

from .variant_puzzles import all_grids, brute_count, holding_constraint, outside_line

LAYOUT = Layout.square(2)
KINDS = ("little-killer", "sandwich", "x-sum", "skyscraper")


@pytest.mark.parametrize("side", [4, 6])
def test_each_automaton_accepts_exactly_the_rows_its_definition_allows(side):
    line = tuple(range(side))
    for clue in range(0, 2 * side * side):
        automata = {Sandwich: sandwich_automaton(clue, side), XSum: x_sum_automaton(clue, side)}
        if clue <= side:
            automata[Skyscraper] = skyscraper_automaton(clue, side)
        for row in permutations(range(1, side + 1)):
            for kind, automaton in automata.items():
                assert automaton.accepts(row) == kind(line, clue).holds(list(row), side), \
                    (kind.kind, clue, row)
    assert linear_automaton((1, 1), 7, 4).accepts([4, 3])
    assert not linear_automaton((1, 1, 1), 7, 4).accepts([4, 4, 4])


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), st.floats(0.0, 0.6), st.booleans())
def test_every_method_counts_outside_clues_as_brute_force(seed, share, fit):
    """Two or three clues, holding on a random grid or with a random clue:
    every counting method agrees with brute force over the 288 grids."""
    rng = np.random.default_rng(seed)
    grids = all_grids(LAYOUT)
    values = grids[int(rng.integers(len(grids)))]
    clues = []
    while len(clues) < int(rng.integers(2, 4)):
        clue = holding_constraint(str(rng.choice(KINDS)), LAYOUT, values, rng)
        if not fit:  # another clue of the same kind and cells
            field = "count" if isinstance(clue, Skyscraper) else "total"
            low = len(clue.cells) if isinstance(clue, LittleKiller) else 0
            clue = type(clue)(clue.cells, int(rng.integers(low + 1 if field == "count" else low,
                                                           len(clue.cells) * 2 + 2)))
        clues.append(clue)
    grid = np.where(rng.random(16) < share, values, 0).reshape(4, 4)
    puzzle = Puzzle(grid, Rules(LAYOUT, tuple(clues)))
    expected = min(brute_count(puzzle), 10)
    for method in [m for m, info in METHODS.items() if set(KINDS) <= set(info.kinds)
                   and info.can_count]:
        if method in ("milp", "matrix") and expected > 4:
            continue  # no-good cuts: slow beyond a few solutions
        assert count_solutions(puzzle, method, limit=10, time_limit=60) == expected, method
    result = solve(puzzle, "backtracking")
    assert verify(puzzle, result.grid) if expected else result.status.name == "INFEASIBLE"


def test_the_checker_states_each_rule():
    grid = np.array([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])
    rules = Rules(LAYOUT, (LittleKiller((4, 9, 14), 6), Sandwich((0, 1, 2, 3), 5),
                           XSum((3, 2, 1, 0), 4), Skyscraper((0, 4, 8, 12), 3)))
    assert rules.violations(grid) == ["x-sum r1c4 (4): 4/3/2/1 breaks it"]
    rules = Rules(LAYOUT, (LittleKiller((4, 9, 14), 7), Sandwich((0, 1, 2, 3), 4),
                           XSum((3, 2, 1, 0), 10), Skyscraper((0, 4, 8, 12), 2)))
    assert rules.violations(grid) == [
        "little killer r2c1 (7) sums to 6", "sandwich r1c1 (4): 1/2/3/4 breaks it",
        "skyscraper r1c1 (2): 1/3/2/4 breaks it"]


def test_a_9x9_with_every_outside_clue_solves_alike_in_every_method():
    """Two clues of each kind that hold on a grid, and one given: every
    method that models them finds a grid the checker accepts."""
    layout = Layout.square(3)
    full = solve(Puzzle(np.zeros((9, 9), int), layout), "backtracking").grid.ravel()
    rng = np.random.default_rng(7)
    clues = tuple(holding_constraint(kind, layout, full, rng) for kind in KINDS * 2)
    grid = np.zeros(81, int)
    grid[40] = full[40]
    puzzle = Puzzle(grid.reshape(9, 9), Rules(layout, clues))
    for method in [m for m, info in METHODS.items() if set(KINDS) <= set(info.kinds)]:
        assert verify(puzzle, solve(puzzle, method, time_limit=60).grid), method


def test_the_constraint_string_and_f_puzzles_carry_them_both_ways():
    text = (".LittleKiller~22~R1C1.LittleKiller~34~R1C7.LittleKiller~10~R9C3"
            ".LittleKiller~10~R5C9.Sandwich~18~C1.Sandwich~10~R2.XSum~C1~25~23"
            ".Skyscraper~C4~~3.Skyscraper~R4~2")
    puzzle = from_iss(text)
    rules = puzzle.rules
    side = 9
    # the solver's diagonals: left edge down-right, top edge down-left, bottom edge up-right,
    # right edge up-left
    assert rules.constraints[:4] == (
        LittleKiller(tuple(10 * i for i in range(9)), 22),
        LittleKiller(tuple(6 + 8 * i for i in range(7)), 34),
        LittleKiller(tuple(74 - 8 * i for i in range(7)), 10),
        LittleKiller(tuple(44 - 10 * i for i in range(5)), 10))
    column = tuple(r * side for r in range(side))
    assert rules.constraints[6:8] == (XSum(column, 25), XSum(column[::-1], 23))
    assert rules.constraints[8] == Skyscraper(tuple(r * side + 3 for r in range(8, -1, -1)), 3)
    assert from_iss(to_iss(puzzle)).rules == rules
    data = to_fpuzzles(puzzle)
    assert data["sandwichsum"] == [{"cell": "R0C1", "value": "18"},
                                   {"cell": "R2C0", "value": "10"}]
    assert data["littlekillersum"][1]["cell"] == "R0C8"
    assert from_fpuzzles(data).rules == rules
    for entry in data["littlekillersum"]:  # the diagonal from the clue cell and direction
        del entry["cells"]
    assert from_fpuzzles(data).rules == rules


@pytest.mark.parametrize("item, message", [
    ({"kind": "little-killer", "cells": ["r1c1", "r1c2"], "total": 5}, "a diagonal of cells"),
    ({"kind": "little-killer", "cells": ["r1c1", "r2c2"], "total": 9}, "sum to 2..8, not 9"),
    ({"kind": "sandwich", "cells": ["r1c1", "r1c2", "r1c3"], "total": 2}, "a whole row"),
    ({"kind": "x-sum", "cells": ["r1c1", "r2c1", "r4c1", "r3c1"], "total": 2}, "a whole row"),
    ({"kind": "skyscraper", "cells": ["r1c1", "r1c2", "r1c3", "r1c4"]}, "needs 'count'"),
])
def test_a_misplaced_clue_is_a_format_error_naming_it(item, message):
    with pytest.raises(PuzzleFormatError, match=message):
        constraints_from_json([item], LAYOUT)


@pytest.mark.parametrize("text, message", [
    (".LittleKiller~22~R5C5", "no little killer diagonal starts at R5C5"),
    (".LittleKiller~x~R1C1", "'x' is not a whole number"),
    (".Sandwich~18~R10", "'R10' is not a row or column"),
    (".XSum~C1", "needs a row or column and one or two clues"),
])
def test_a_bad_outside_item_is_a_format_error_naming_it(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        from_iss(text)


@pytest.mark.parametrize("entry, message", [
    ({"littlekillersum": [{"cell": "R2C2", "direction": "DR", "value": "5"}]}, "beside the grid"),
    ({"littlekillersum": [{"cell": "R0C1", "direction": "up", "value": "5"}]}, "'direction'"),
    ({"xsum": [{"cell": "R0C0", "value": "5"}]}, "beside the grid"),
    ({"sandwichsum": [{"cell": "R0C1", "value": "x"}]}, "sandwichsum 1"),
])
def test_a_bad_f_puzzles_clue_is_a_format_error_naming_it(entry, message):
    data = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], **entry}
    with pytest.raises(PuzzleFormatError, match=message):
        from_fpuzzles(data)


def test_outside_clues_are_drawn_beside_the_grid():
    from .test_drawing import _artists, _draw

    line = outside_line(9, np.random.default_rng(3))
    ax = _draw((XSum(line, 15), LittleKiller((9, 19, 29), 12)))
    (x_sum,) = _artists(ax, "x-sum")
    x, y = x_sum.get_position()
    assert not (0 < x < 9 and 0 < y < 9) and x_sum.get_text() == "\u27e815\u27e9"
    assert "12" in [a.get_text() for a in _artists(ax, "little-killer") if hasattr(a, "get_text")]
