"""Puzzle: parsing, formatting, round trips and conflicts."""

import re
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, PuzzleFormatError

from .helpers import SEED_B, SEED_STRING, pattern_grid


@st.composite
def partial_grids(draw, orders=(2, 3, 4, 5)):
    """A full pattern grid of a drawn order with a drawn set of cells emptied
    (values need not form a consistent puzzle: the parser does not care)."""
    order = draw(st.sampled_from(orders))
    side = order * order
    values = draw(
        st.lists(st.integers(0, side), min_size=side * side, max_size=side * side)
    )
    return np.array(values).reshape(side, side), order


def test_seed_string_and_clue_matrix_give_the_same_puzzle():
    from_b = Puzzle.from_clues(SEED_B)
    from_line = Puzzle.from_string(SEED_STRING)
    assert from_b == from_line
    assert from_b.num_clues == 21
    assert from_b.grid[0, 1] == 2 and from_b.grid[8, 7] == 2
    np.testing.assert_array_equal(from_b.clue_list(), np.array(sorted(SEED_B)))


def test_zero_and_dot_are_both_empty():
    dots = Puzzle.from_string(SEED_STRING)
    zeros = Puzzle.from_string(SEED_STRING.replace(".", "0"))
    assert dots == zeros


@given(partial_grids())
def test_line_format_round_trips(grid_order):
    grid, order = grid_order
    puzzle = Puzzle.from_grid(grid)
    assert puzzle.order == order
    line = puzzle.to_string()
    assert len(line) == order**4
    assert Puzzle.from_string(line) == puzzle
    assert Puzzle.from_string(str(puzzle)) == puzzle  # the boxed display reads back
    assert Puzzle.from_clues(puzzle.clue_list(), order) == puzzle


def test_sixteen_by_sixteen_uses_letters_for_ten_to_sixteen():
    grid = pattern_grid(4)
    line = Puzzle.from_grid(grid).to_string()
    assert set(line) == set("123456789ABCDEFG")
    assert Puzzle.from_string(line.lower()).grid[0, 9] == 10


def test_order_six_round_trips_through_comma_format():
    puzzle = Puzzle.from_grid(np.where(pattern_grid(6) % 5 == 0, 0, pattern_grid(6)))
    line = puzzle.to_string()
    assert "," in line
    assert Puzzle.from_string(line) == puzzle
    assert puzzle.side == 36


def test_puzzle_is_immutable():
    puzzle = Puzzle.from_string(SEED_STRING)
    with pytest.raises(ValueError):
        puzzle.grid[0, 0] = 5
    with pytest.raises(AttributeError):
        puzzle.order = 4


@pytest.mark.parametrize(
    "read, text, message",
    [(Puzzle.from_string, text, message) for text, message in [
        (SEED_STRING[:-1], "got 80"),
        (SEED_STRING + "1", "got 82"),
        (SEED_STRING[:10] + "x" + SEED_STRING[11:], "row 2, column 2: 'x' is not a value"),
        ("1234" * 3 + "5...", "row 4, column 1: value '5' (5) is out of range 1..4"),
        ("G" + "." * 80, "row 1, column 1: value 'G' (16) is out of range 1..9"),
        ("1,2,x" + ",0" * 13, "row 1, column 3: 'x' is not a number"),
        ("1,2,3", "got 3"),
        ("1,2,3,5" + ",0" * 12, "row 1, column 4: value 5 is not an integer in 0..4"),
    ]] + [(Puzzle.from_grid, grid, message) for grid, message in [
        ([[1, 2], [3, 4]], "shape (2, 2)"),
        ([[0] * 9] * 8, "shape (8, 9)"),
        ([[0] * 4, [0] * 4, [0, 0, 7, 0], [0] * 4], "row 3, column 3: value 7"),
        ([[0] * 4, [0] * 4, [0, 0, 1.5, 0], [0] * 4], "row 3, column 3: value 1.5"),
        ([[0] * 4, [0] * 4, [0] * 4, [0, -1, 0, 0]], "row 4, column 2: value -1"),
        ([[0] * 4, [0] * 4, [0] * 3, [0] * 4], "not rectangular"),
        (np.full((4, 4), "1"), "must be numbers"),
    ]],
)
def test_malformed_strings_and_grids_name_what_and_where(read, text, message):
    with pytest.raises(PuzzleFormatError) as info:
        read(text)
    assert message in str(info.value)


@pytest.mark.parametrize(
    "clues, message",
    [
        (SEED_B[:3] + [[0, 4, 5]], "row 4 of B [0, 4, 5]: row index 0 is not an integer in 1..9"),
        (SEED_B[:3] + [[10, 4, 5]], "row 4 of B [10, 4, 5]: row index 10"),
        (SEED_B[:3] + [[1, 4, 10]], "row 4 of B [1, 4, 10]: value 10"),
        (SEED_B[:3] + [[1, 4, 0]], "value 0 is not an integer in 1..9"),
        (SEED_B[:3] + [[1, 2.5, 3]], "column index 2.5"),
        (SEED_B[:3] + [[1, 2, 5]], "row 4 of B [1, 2, 5]: cell (1, 2) already has the clue 2"),
        ([[1, 2]], "must be N x 3"),
    ],
)
def test_malformed_clue_matrices_name_the_row_of_b(clues, message):
    with pytest.raises(PuzzleFormatError) as info:
        Puzzle.from_clues(clues)
    assert message in str(info.value)


def test_clue_matrix_may_be_a_square_grid_like_sudoku_engine():
    grid = Puzzle.from_string(SEED_STRING).grid
    assert Puzzle.from_clues(grid) == Puzzle.from_clues(SEED_B)


@given(st.text(max_size=100))
def test_any_text_parses_or_raises_puzzle_format_error(text):
    try:
        puzzle = Puzzle.from_string(text)
    except PuzzleFormatError:
        return
    assert Puzzle.from_string(puzzle.to_string()) == puzzle


def test_conflicts_list_every_repeated_clue_by_house():
    text = "55" + "." * 79  # row 1 and box 1 repeat 5
    conflicts = Puzzle.from_string(text).conflicts()
    assert {(c.house, c.value, c.cells) for c in conflicts} == {
        ("row 1", 5, ((1, 1), (1, 2))),
        ("box 1", 5, ((1, 1), (1, 2))),
    }
    assert Puzzle.from_string(SEED_STRING).conflicts() == []


@settings(max_examples=50)
@given(partial_grids(orders=(2, 3)))
def test_conflicts_agree_with_a_direct_count(grid_order):
    grid, order = grid_order
    side = order * order
    puzzle = Puzzle.from_grid(grid)
    houses = [grid[r, :] for r in range(side)] + [grid[:, c] for c in range(side)]
    houses += [
        grid[b // order * order : b // order * order + order,
             b % order * order : b % order * order + order].ravel()
        for b in range(side)
    ]
    expected = sum(
        1 for h in houses for v in range(1, side + 1) if np.count_nonzero(h == v) > 1
    )
    assert len(puzzle.conflicts()) == expected


# -- only the documented characters (issue 15) ----------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        # a dotless i would upper-case to 'I' = 18 in a 25x25 grid
        ("ı" + "." * 624, "row 1, column 1: 'ı' (U+0131) is not a value"),
        # a ligature whose upper case is two characters ('FF')
        ("." * 255 + "ﬀ", "row 16, column 16: 'ﬀ' (U+FB00) is not a value"),
        ("." * 40 + "７" + "." * 40, "row 5, column 5: '７' (U+FF17) is not a value"),
        ("." * 80 + "\x00", r"row 9, column 9: '\x00' is not a value"),
        ("." * 80 + "\u3000", r"row 9, column 9: '\u3000' (U+3000) is not a value"),
        ("." * 79 + "ı", "character 80: 'ı' (U+0131) is not a value"),
        ("１" + ",0" * 15, "row 1, column 1: '１' (U+FF11) is not a number (use ASCII digits 0-9)"),
        ("0,٣" + ",0" * 14, "row 1, column 2: '٣' (U+0663) is not a number"),
        ("0,0,²" + ",0" * 13, "row 1, column 3: '²' (U+00B2) is not a number"),
        ("0,0,0,1\u00a0" + ",0" * 12, r"row 1, column 4: '1\xa0' (U+00A0) is not a number"),
        ("9" * 5000 + ",0" * 15, "row 1, column 1: value '9999"),
        ("0,17" + ",0" * 14, "row 1, column 2: value 17 is not an integer in 0..4"),
        ("x,0", "number 1: 'x' is not a number"),
        ("." * (1 << 20) + ".", "the text has 1048577 characters"),
    ],
)
def test_non_ascii_and_oversized_text_is_named(text, message):
    with pytest.raises(PuzzleFormatError) as info:
        Puzzle.from_string(text, where="f.txt, line 7")
    assert str(info.value).startswith("f.txt, line 7: ")
    assert message in str(info.value)


def test_leading_zeros_and_ascii_whitespace_still_read():
    line = Puzzle.from_grid(pattern_grid(2)).to_string()
    spaced = "\t" + ", ".join("0" + c for c in line) + "\r\n"
    assert Puzzle.from_string(spaced) == Puzzle.from_grid(pattern_grid(2))


@pytest.mark.parametrize("text", [None, b"." * 81, bytearray(b"." * 81), 81, ["." * 81]])
def test_from_string_of_a_non_string_is_a_type_error(text):
    with pytest.raises(TypeError, match=r"Puzzle.from_string takes a str, got \w+"):
        Puzzle.from_string(text)


@pytest.mark.parametrize("clues", [None, "1,2,3", 5, {1: 2}, {1, 2}])
def test_from_clues_of_a_non_array_is_a_type_error(clues):
    with pytest.raises(TypeError, match="Puzzle.from_clues takes clues as a list of lists"):
        Puzzle.from_clues(clues)


def test_from_grid_of_a_non_array_is_a_type_error():
    with pytest.raises(TypeError, match="Puzzle.from_grid takes grid as a list of lists"):
        Puzzle.from_grid(None)


@pytest.mark.parametrize(
    "clues, order, message",
    [
        (np.zeros((5, 0)), 3, "must be N x 3 (row, column, value), got shape (5, 0)"),
        (np.zeros((0, 5)), 3, "got shape (0, 5)"),
        ([[1, 2, 3], [1, 2]], 3, "got shape (2,) (its rows have different lengths)"),
        ([[1, 2, 3], [1, [2], 3]], 3, "row 2 of B [1, [2], 3]: column index [2] is not an integer"),
        ([[1, 2, 3]], 3.0, "order must be an int in 2..6, got 3.0"),
        ([[1, 2, 3]], True, "order must be an int in 2..6, got True"),
        ([[1, 2, 3]], 7, "got 7"),
        ([[1, 2, float("nan")]], 3, "value nan is not an integer in 1..9"),
        ([[1, 2, 10**400]], 3, "is not an integer in 1..9"),
    ],
)
def test_malformed_clue_matrix_shapes_and_orders(clues, order, message):
    with pytest.raises(PuzzleFormatError) as info:
        Puzzle.from_clues(clues, order)
    assert message in str(info.value)


@pytest.mark.parametrize("empty", [[], np.zeros((0, 3)), np.zeros((0, 0))])
def test_an_empty_clue_matrix_is_the_empty_puzzle(empty):
    puzzle = Puzzle.from_clues(empty, np.int64(4))
    assert puzzle.order == 4 and puzzle.num_clues == 0


# -- property: random text finds only the documented errors (issue 15) --------------

_ONE_CHAR = set("123456789ABCDEFGHIJKLMNOPabcdefghijklmnop.0") | set(" \t\n\r\x0b\x0c|+-")
_COMMA = set("0123456789,") | set(" \t\n\r\x0b\x0c")
_TRICKY = "0１２٣²₃ıİﬀß\ufeff\x00\x1c\x85\u2028\u3000\xa0,|+-. \t\r\n" + SEED_STRING


@st.composite
def hostile_text(draw):
    """Arbitrary Unicode (surrogates included), valid lines with characters
    swapped for look-alikes, control characters, BOMs and long runs."""
    kind = draw(st.sampled_from(["any", "tricky", "mutated", "long"]))
    if kind == "any":
        return draw(st.text(st.characters(codec=None, exclude_categories=()), max_size=300))
    if kind == "tricky":
        size = draw(st.sampled_from([16, 81, 256, 625, 1296 * 2]))
        return draw(st.text(st.sampled_from(_TRICKY), min_size=size - 2, max_size=size + 2))
    if kind == "mutated":
        order = draw(st.sampled_from([2, 3, 4, 5, 6]))
        line = list(Puzzle.from_grid(pattern_grid(order)).to_string())
        for _ in range(draw(st.integers(0, 3))):
            index = draw(st.integers(0, len(line) - 1))
            line[index] = draw(st.one_of(st.sampled_from(_TRICKY), st.characters()))
        return "".join(line)
    return draw(st.sampled_from([".", "1,", " ", "ı"])) * draw(st.integers(600, 3_000_000))


@settings(max_examples=300, deadline=None)
@given(hostile_text())
def test_hostile_text_parses_to_a_round_trip_or_a_format_error(text):
    try:
        puzzle = Puzzle.from_string(text)
    except PuzzleFormatError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert set(text) <= (_COMMA if "," in text else _ONE_CHAR)  # only documented characters
    assert 0 <= puzzle.grid.min() and puzzle.grid.max() <= puzzle.side
    assert Puzzle.from_string(puzzle.to_string()) == puzzle


_ENTRY = st.one_of(
    st.integers(-2, 40), st.integers(), st.floats(), st.booleans(), st.none(), st.text(max_size=3),
    st.lists(st.integers(0, 9), max_size=2), st.complex_numbers(),
)


@st.composite
def hostile_clues(draw):
    kind = draw(st.sampled_from(["rows", "ragged", "array", "scalar"]))
    if kind == "rows":
        return draw(st.lists(st.lists(_ENTRY, min_size=3, max_size=3), max_size=8))
    if kind == "ragged":
        return draw(st.lists(st.lists(_ENTRY, max_size=4), max_size=6))
    if kind == "array":
        shape = draw(st.tuples(st.integers(0, 9), st.integers(0, 9)))
        return np.asarray(draw(st.lists(st.integers(-1, 40), min_size=shape[0] * shape[1],
                                        max_size=shape[0] * shape[1]))).reshape(shape)
    return draw(st.one_of(st.none(), st.integers(), st.text(max_size=5), st.floats()))


@settings(max_examples=300, deadline=None)
@given(hostile_clues(), st.one_of(st.integers(-1, 8), st.floats(0, 8), st.none(), st.text(max_size=2)))
def test_hostile_clue_matrices_build_a_faithful_puzzle_or_raise_documented_errors(clues, order):
    array_like = isinstance(clues, (list, np.ndarray))
    try:
        puzzle = Puzzle.from_clues(clues, order)
    except TypeError as exc:
        assert not array_like and "Puzzle.from_clues takes clues" in str(exc)
        return
    except PuzzleFormatError as exc:
        assert array_like and str(exc)
        return
    grid = np.asarray(clues, dtype=object)
    if grid.ndim == 2 and grid.shape[0] == grid.shape[1] and grid.shape[0] in (4, 9, 16, 25, 36):
        np.testing.assert_array_equal(puzzle.grid, grid.astype(np.int64))  # read as a grid
        return
    assert type(order) is int and puzzle.order == order
    expected = {(int(r), int(c)): int(v) for r, c, v in np.reshape(grid, (-1, 3))}
    assert puzzle.num_clues == len(expected)
    for (row, col), value in expected.items():
        assert puzzle.grid[row - 1, col - 1] == value


# -- what every function that takes a puzzle accepts (as_puzzle) ------------

def test_as_puzzle_takes_strings_grids_and_puzzles():
    from sudoku_models.formats.puzzle_text import as_puzzle

    text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    puzzle = Puzzle.from_string(text)
    assert as_puzzle(puzzle) is puzzle
    assert as_puzzle(text) == puzzle
    assert as_puzzle(puzzle.grid.tolist()) == puzzle
    assert as_puzzle(np.array(puzzle.grid)) == puzzle
    with pytest.raises(PuzzleFormatError, match="got 12"):
        as_puzzle("4.....8.5...")


@pytest.mark.parametrize("value, shown", [(None, "NoneType"), (3, "int"), (b"...", "bytes"),
                                          ({1, 2}, "set")])
def test_as_puzzle_names_the_argument_for_anything_else(value, shown):
    from sudoku_models.formats.puzzle_text import as_puzzle

    with pytest.raises(TypeError, match=f"^grid_or_text must be a Puzzle, .* got {shown}$"):
        as_puzzle(value, "grid_or_text")


def test_as_puzzle_reads_a_dict_as_a_json_object_and_names_what_is_wrong_in_it():
    from sudoku_models.formats.puzzle_text import as_puzzle

    killer = {"format": "sudoku-models/1", "size": 4, "grid": "1...............",
              "constraints": [{"kind": "cage", "cells": ["r1c1", "r1c2"], "total": 3}]}
    puzzle = as_puzzle(killer)
    assert puzzle.grid[0, 0] == 1 and puzzle.constraints[0].total == 3
    with pytest.raises(PuzzleFormatError, match="'size' must be the side of the grid"):
        as_puzzle({})


@pytest.mark.parametrize("control", ["\v", "\f", "\x00", "\x1b"])
def test_control_characters_are_refused_even_the_whitespace_ones(control):
    text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    with pytest.raises(PuzzleFormatError, match=re.escape(f"character 41: {control!r} is not a value")):
        Puzzle.from_string(text[:40] + control + text[40:])
    assert Puzzle.from_string(text[:40] + " \t\r\n" + text[40:]).num_clues == 17


@pytest.mark.parametrize("side, rows, cols", [(6, 2, 3), (8, 2, 4), (10, 2, 5), (12, 3, 4),
                                              (15, 3, 5), (35, 5, 7)])
def test_a_rectangular_side_reads_as_its_most_square_boxes(side, rows, cols):
    from sudoku_models.core.geometry import Layout

    grid = np.zeros((side, side), int)
    grid[0, 0], grid[side - 1, side - 1] = side, 1
    for puzzle in (Puzzle.from_grid(grid), Puzzle.from_string(",".join(map(str, grid.ravel())))):
        assert puzzle.layout == Layout.boxes(rows, cols) and puzzle.order is None
        np.testing.assert_array_equal(puzzle.grid, grid)
    if side <= 25:  # one character per cell
        puzzle = Puzzle.from_grid(grid)
        again = Puzzle.from_string(puzzle.to_string())
        assert again.layout == puzzle.layout and (again.grid == grid).all()


def test_a_side_without_boxes_or_a_stray_length_is_refused_naming_the_lengths():
    with pytest.raises(PuzzleFormatError, match=r"or 36, 64, 100, 144, \.\.\. \(6x6, 8x8"):
        Puzzle.from_string("." * 37)
    with pytest.raises(PuzzleFormatError, match="a grid must be square with side"):
        Puzzle.from_grid(np.zeros((7, 7), int))  # 7 is prime: a Latin square needs its Layout
