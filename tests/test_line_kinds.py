"""The Interactive Sudoku Solver's line and sum kinds: each automaton
against its kind's definition, the sums against theirs, every method on a
9x9, and the constraint string both ways."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, solve, verify
from sudoku_models.errors import PuzzleFormatError
from sudoku_models.core.geometry import Layout
from sudoku_models.formats.iss import from_iss, to_iss
from sudoku_models.registry import METHODS
from sudoku_models.core.line_kinds import (CellSum, DoubleArrow, Entropic, HiddenSkyscraper,
                                           Lunchbox, Modular, NumberedRoom, PillArrow, Quadruple,
                                           SumLine, Zipper)
from sudoku_models.core.rules import Rules

from .variant_puzzles import holding_constraint

LAYOUT = Layout.square(3)
KINDS = ("sum", "pill-arrow", "double-arrow", "zipper", "sum-line", "modular", "entropic",
         "quadruple", "numbered-room", "hidden-skyscraper", "lunchbox")
ROW = tuple(range(9))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=2, max_size=9), st.integers(1, 20),
       st.integers(2, 5))
def test_each_automaton_accepts_exactly_what_its_definition_allows(word, clue, modulus):
    line = tuple(range(len(word)))
    kinds = [SumLine(line, clue), Modular(line, modulus), Entropic(line),
             Quadruple((0, 1, 9, 10), tuple(word[:min(4, len(word))]))]
    if len(word) == 9:
        kinds += [HiddenSkyscraper(ROW, clue % 9 + 1), NumberedRoom(ROW, clue % 9 + 1)]
    if len(set(word)) == len(word):  # a lunchbox's values differ (its group says so)
        kinds.append(Lunchbox(line, clue))
    for kind in kinds:
        assert kind.automaton(9).accepts(word) == kind.holds(word, 9), (kind, word)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=9, max_size=9))
def test_the_sum_kinds_hold_exactly_when_their_rule_does(values):
    grid = np.array(values * 9)  # only the first row is read
    cases = [(CellSum((0, 1, 1), 12), values[0] + 2 * values[1] == 12),
             (PillArrow((0, 1), (2, 3, 4)), 10 * values[0] + values[1] == sum(values[2:5])),
             (DoubleArrow((0, 1, 2, 3)), values[0] + values[3] == values[1] + values[2]),
             (Zipper((0, 1, 2, 3, 4)), values[0] + values[4] == values[2] == values[1] + values[3]),
             (Zipper((0, 1, 2, 3)), values[0] + values[3] == values[1] + values[2])]
    for constraint, holds in cases:
        rules = Rules(LAYOUT, (constraint,))
        assert (rules.violations(grid) == []) == holds, constraint


def test_a_9x9_with_every_line_kind_solves_alike_in_every_method():
    """One clue of each kind that holds on a grid, a two-digit pill arrow
    among them, and a few givens: every method finds a grid the checker
    accepts."""
    full = solve(Puzzle(np.zeros((9, 9), int), LAYOUT), "backtracking").grid.ravel()
    rng = np.random.default_rng(5)
    clues = [holding_constraint(kind, LAYOUT, full, rng) for kind in KINDS]
    pill = next(  # r1c1 r1c2 read as a number, the sum of three other cells
        PillArrow((0, 1), tuple(int(c) for c in cells)) for cells in
        (rng.choice(np.arange(9, 81), 3, False) for _ in range(100_000))
        if full[cells].sum() == 10 * full[0] + full[1])
    rules = Rules(LAYOUT, (*clues, pill))
    assert rules.violations(full) == []
    grid = np.where(np.arange(81) % 5 == 0, full, 0).reshape(9, 9)
    puzzle = Puzzle(grid, rules)
    for method in [m for m, info in METHODS.items() if set(KINDS) <= set(info.kinds)]:
        assert verify(puzzle, solve(puzzle, method, time_limit=60).grid), method


def test_the_constraint_string_carries_each_kind_both_ways():
    text = (".Sum~30~R1C9~R2C8~R4C6~R4C6.SumLine~10~R4C1~R3C2~R2C3~R1C4"
            ".PillArrow~2~R6C1~R6C2~R7C3~R8C3.DoubleArrow~R3C5~R3C4~R2C4"
            ".Zipper~R7C2~R7C1~R8C1.Modular~2~R8C7~R8C8~R7C8.Entropic~R4C8~R4C9~R5C9"
            ".Quad~R5C5~1~2.NumberedRoom~C1~1~6.HiddenSkyscraper~C4~8~.Lunchbox~7~R9C4~R9C5~R9C6")
    puzzle = from_iss(text)
    rules = puzzle.rules
    assert rules.constraints[0] == CellSum((8, 16, 32, 32), 30)
    assert rules.constraints[2] == PillArrow((45, 46), (56, 65))
    assert rules.constraints[7] == Quadruple((40, 41, 49, 50), (1, 2))
    assert rules.constraints[8:10] == (NumberedRoom(tuple(range(0, 81, 9)), 1),
                                       NumberedRoom(tuple(range(0, 81, 9))[::-1], 6))
    assert from_iss(to_iss(puzzle)).rules == rules


@pytest.mark.parametrize("text, message", [
    (".Quad~R9C1~1", "not the top-left cell of a 2x2 square"),
    (".Quad~R1C1~1~2~3~4~5", "1 to 4 values"),
    (".PillArrow~3~R1C1~R1C2", "a pill and an arrow of one or more cells"),
    (".Modular~1~R1C1~R1C2", "the modulus must be 2..9"),
    (".SumLine~0~R1C1~R1C2", "the total must be 1 or more"),
    (".DoubleArrow~R1C1~R1C2", "3 or more cells"),
    (".Sum~x~R1C1", "'x' is not a whole number"),
    (".SumLine~10~R1C1~R1C2~R2C2~LOOP~R3C3", "a SumLine loop is not supported"),
])
def test_a_bad_item_is_a_format_error_naming_it(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        from_iss(text)


def test_a_pill_reads_its_digits_in_reading_order_as_the_solver_does():
    # the pill listed right to left: r1c2 r1c1 still reads r1c1 r1c2
    puzzle = from_iss(".PillArrow~2~R1C2~R1C1~R2C1~R3C1")
    rules = puzzle.rules
    assert rules.constraints == (PillArrow((0, 1), (9, 18)),)
    values = np.zeros(81, int)
    values[[0, 1, 9, 18]] = [1, 5, 7, 8]  # 15 = 7 + 8
    assert rules.violations(values) == []
    values[[0, 1]] = [5, 1]
    assert rules.violations(values) == ["pill-arrow r1c1: -10r1c1 -r1c2 +r2c1 +r3c1 is -36, not 0"]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 16).flatmap(lambda side: st.tuples(
    st.just(side), st.lists(st.integers(1, side), min_size=2, max_size=10))))
def test_a_between_line_on_any_side_up_to_16_accepts_what_the_rule_holds(drawn):
    """The between automaton on a 16x16 passed 20,000 states before its
    state kept only the bound that matters (the highest value inside when
    they lie above the first end, the lowest when below); now every side
    up to 16 builds, and accepts exactly the words the rule holds."""
    from sudoku_models.core.line_kinds import Between

    side, word = drawn
    line = Between(tuple(range(len(word))))
    assert line.automaton(side).accepts(word) == line.holds(word, side)
