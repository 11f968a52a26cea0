"""Puzzles in the values 0..N-1 (the Interactive Sudoku Solver's
``Shape~4x4~0-3``): the translated puzzle has exactly the original's
solutions, checked on every 4x4 grid against each kind's definition written
here in the own values; every method solves one; answers and the constraint
string come back in the own values; kinds not translated are refused by
name."""

from __future__ import annotations

import base64
import re
from functools import lru_cache
from itertools import permutations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, solve, verify
from sudoku_models.errors import PuzzleFormatError
from sudoku_models.formats.iss import _diagonal
from sudoku_models.formats.puzzle_text import read_puzzle
from sudoku_models.registry import METHODS
from sudoku_models.core.value_range import ValueRange, ValueRangeError
from sudoku_models.formats.fpuzzles import sudokupad_link, to_fpuzzles
from sudoku_models.formats.iss import from_iss, to_iss
from sudoku_models.formats.toolkit_json import from_json, to_json

SIDE = 4


def cell_id(cell: int) -> str:
    return f"R{cell // SIDE + 1}C{cell % SIDE + 1}"


@lru_cache(maxsize=1)
def all_grids() -> np.ndarray:
    """Every 4x4 Sudoku (288), in the own values 0..3, ``(288, 16)``."""
    rows = list(permutations(range(SIDE)))
    found = []

    def extend(done):
        if len(done) == SIDE:
            found.append(np.concatenate(done))
            return
        for row in rows:
            grid = np.array(done + [row])
            r = len(done)
            box = grid[r // 2 * 2:r + 1]
            if all(len(set(grid[:, c])) == r + 1 for c in range(SIDE)) and all(
                    len(set(box[:, b:b + 2].ravel())) == box[:, b:b + 2].size for b in (0, 2)):
                extend(done + [row])

    extend([])
    return np.array(found)


def _visible(word) -> list[bool]:
    return [i == 0 or v > max(word[:i]) for i, v in enumerate(word)]


def _first_hidden(word):
    return next((v for v, seen in zip(word, _visible(word)) if not seen), None)


# Regular expressions over the own digits 0..3 (and 4 to 9, which name no value),
# read alike by Python's re and the toolkit's syntax.
_atoms = st.one_of(st.sampled_from("0123459."), st.builds(
    lambda negate, low, high: f"[{'^' * negate}{low}-{max(low, high)}]", st.booleans(),
    st.integers(0, 4), st.integers(0, 9)))
_pieces = st.builds(lambda atom, count: atom + count, _atoms,
                    st.sampled_from(["", "", "*", "+", "?", "{1,2}", "{2}"]))
_words = st.lists(_pieces, min_size=1, max_size=4).map("".join)
patterns = st.one_of(_words, st.builds(lambda a, b: f"({a}|{b})*", _words, _words))


# Each kind: the constraint string item and its meaning in the own values.
def _item(draw):
    cells = st.lists(st.integers(0, SIDE * SIDE - 1), min_size=2, max_size=5, unique=True)
    kind = draw(st.sampled_from(["cage", "sum", "arrow", "double", "zipper", "thermo", "black",
                                 "white", "x", "v", "quad", "sky", "hidden", "little",
                                 "given", "set", "whisper", "renban", "regex", "greater",
                                 "palindrome", "modular", "anti-consecutive"]))
    line = draw(cells)
    ids = "~".join(cell_id(c) for c in line)
    total = draw(st.integers(0, 12))
    if kind == "cage":
        return f".Cage~{total}~{ids}", lambda g: len(set(g[line])) == len(line) and (
            total == 0 or g[line].sum() == total)
    if kind == "sum":
        return f".Sum~{total}~{ids}", lambda g: g[line].sum() == total
    if kind == "arrow":
        return f".Arrow~{ids}", lambda g: g[line[0]] == g[line[1:]].sum()
    if kind == "double":
        assume(len(line) >= 3)
        return f".DoubleArrow~{ids}", lambda g: g[line[0]] + g[line[-1]] == g[line[1:-1]].sum()
    if kind == "zipper":
        def zipper(g):
            w = g[line]
            n = len(w)
            sums = {w[i] + w[n - 1 - i] for i in range(n // 2)} | (
                {w[n // 2]} if n % 2 else set())
            return len(sums) == 1
        return f".Zipper~{ids}", zipper
    if kind == "regex":
        pattern = draw(patterns)
        code = base64.urlsafe_b64encode(pattern.encode()).decode().rstrip("=")
        return f".Regex~{code}~{ids}", lambda g: re.fullmatch(
            pattern, "".join(map(str, g[line]))) is not None
    if kind == "greater":
        return f".GreaterThan~{cell_id(line[0])}~{cell_id(line[1])}", \
            lambda g: g[line[0]] > g[line[1]]
    if kind == "palindrome":
        return f".Palindrome~{ids}", lambda g: list(g[line]) == list(g[line][::-1])
    if kind == "modular":
        m = draw(st.integers(2, 4))
        return f".Modular~{m}~{ids}", lambda g: all(
            len({v % m for v in g[line][i:i + m]}) == len(g[line][i:i + m])
            for i in range(max(1, len(line) - m + 1)))
    if kind == "anti-consecutive":
        return ".AntiConsecutive", lambda g: all(
            abs(int(g[a]) - int(g[b])) != 1 for a in range(SIDE * SIDE)
            for b in (a + 1, a + SIDE) if b < SIDE * SIDE and (b == a + SIDE or b // SIDE == a // SIDE))
    if kind == "thermo":
        return f".Thermo~{ids}", lambda g: all(np.diff(g[line]) > 0)
    if kind == "whisper":
        return f".Whisper~2~{ids}", lambda g: all(abs(np.diff(g[line])) >= 2)
    if kind == "renban":
        return f".Renban~{ids}", lambda g: len(set(g[line])) == len(line) and \
            g[line].max() - g[line].min() == len(line) - 1
    if kind in ("black", "white", "x", "v"):
        a = draw(st.integers(0, SIDE * SIDE - 1))
        b = draw(st.sampled_from([c for c in (a - 1, a + 1, a - SIDE, a + SIDE)
                                  if 0 <= c < SIDE * SIDE and (c // SIDE == a // SIDE or
                                                               c % SIDE == a % SIDE)]))
        rule = {"black": lambda u, v: u == 2 * v or v == 2 * u, "white": lambda u, v: abs(u - v) == 1,
                "x": lambda u, v: u + v == 10, "v": lambda u, v: u + v == 5}[kind]
        name = {"black": "BlackDot", "white": "WhiteDot", "x": "X", "v": "V"}[kind]
        return f".{name}~{cell_id(a)}~{cell_id(b)}", lambda g: rule(g[a], g[b])
    if kind == "quad":
        corner = draw(st.sampled_from([r * SIDE + c for r in range(3) for c in range(3)]))
        values = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4))
        square = [corner, corner + 1, corner + SIDE, corner + SIDE + 1]
        return (f".Quad~{cell_id(corner)}~{'~'.join(map(str, values))}",
                lambda g: all(list(g[square]).count(v) >= values.count(v) for v in values))
    if kind in ("sky", "hidden"):
        row = draw(st.integers(0, 3))
        clue = draw(st.integers(1, 4) if kind == "sky" else st.integers(0, 3))
        cells_ = [row * SIDE + c for c in range(SIDE)]
        if kind == "sky":  # a 0 is never seen (the solver's skyscraper)
            return (f".Skyscraper~R{row + 1}~{clue}~",
                    lambda g: sum(v > max([0, *g[cells_][:i]]) for i, v in
                                  enumerate(g[cells_])) == clue)
        return (f".HiddenSkyscraper~R{row + 1}~{clue}~",
                lambda g: _first_hidden(list(g[cells_])) == clue)
    if kind == "little":
        start = draw(st.sampled_from([0, 4, 1, 2, 3, 7, 13, 14]))
        try:
            diagonal = list(_diagonal(start, SIDE, ""))
        except PuzzleFormatError:
            assume(False)
        return f".LittleKiller~{total}~{cell_id(start)}", lambda g: g[diagonal].sum() == total
    cell = line[0]
    values = sorted(draw(st.sets(st.integers(0, 3), min_size=1, max_size=3 if kind == "set"
                                 else 1)))
    return (f".~{cell_id(cell)}_{'_'.join(map(str, values))}", lambda g: g[cell] in values)


items = st.composite(lambda draw: _item(draw))


@settings(max_examples=300, deadline=None)
@given(st.lists(items(), min_size=1, max_size=3))
def test_the_translated_puzzle_has_exactly_the_solutions_of_the_original(chosen):
    text = ".Shape~4x4~0-3" + "".join(item for item, _ in chosen)
    try:
        puzzle = read_puzzle(text)
    except PuzzleFormatError as error:  # a cage on repeated cells, a line too long, ...
        assert not isinstance(error, ValueRangeError), error
        assume(False)
    assert puzzle.values == ValueRange(0)
    clues = puzzle.grid.ravel()
    for grid in all_grids():
        inside = grid + 1
        held = puzzle.rules.violations(inside) == [] and all(
            clues[c] in (0, inside[c]) for c in range(SIDE * SIDE))
        assert held == all(meaning(grid) for _, meaning in chosen), (text, grid)


def _own_puzzle() -> tuple[str, np.ndarray]:
    """A 4x4 in 0..3 with an arrow, a black dot, a skyscraper and a cage,
    and its one solution found by brute force on the definitions."""
    text = (".Shape~4x4~0-3.Arrow~R1C1~R1C2~R2C1.BlackDot~R3C3~R3C4.Skyscraper~R4~2~"
            ".Cage~3~R4C3~R4C4.Sum~2~R2C2~R2C3.~R1C1_3")
    meanings = [lambda g: g[0] == g[1] + g[4], lambda g: g[10] in (2 * g[11], g[11] / 2),
                lambda g: sum(v > max([0, *g[12:16][:i]]) for i, v in enumerate(g[12:16])) == 2,
                lambda g: g[14] + g[15] == 3, lambda g: g[5] + g[6] == 2, lambda g: g[0] == 3]
    answers = [g for g in all_grids() if all(m(g) for m in meanings)]
    assert len(answers) == 1
    return text, answers[0]


def test_every_method_solves_a_puzzle_in_0_to_3_to_its_one_answer():
    text, answer = _own_puzzle()
    puzzle = read_puzzle(text)
    methods = [m for m, info in METHODS.items() if puzzle.rules.kinds <= set(info.kinds)]
    assert {"backtracking", "cp", "milp"} <= set(methods)
    for method in methods:
        result = solve(puzzle, method, time_limit=60)
        assert verify(puzzle, result.grid), method
        assert np.array_equal(puzzle.values.own(result.grid).ravel(), answer), method


def test_answers_and_the_constraint_string_come_back_in_the_own_values():
    text = ".Shape~6x6~0-5.~R1C1_0~R2C3_5~R3C2_1_3_5.Cage~5~R6C1~R6C2.Quad~R4C4~0~5"
    puzzle = read_puzzle(text)
    assert puzzle.grid[0, 0] == 1 and puzzle.grid[1, 2] == 6  # 1..N inside
    assert str(puzzle).splitlines()[0].split()[0] == "0"
    assert puzzle.to_string()[0] == "1"  # the line format stays in 1..N
    assert "values='0-5'" in repr(puzzle)
    again = read_puzzle(to_iss(puzzle))
    assert again == puzzle and to_iss(puzzle).startswith(".Shape~6x6~0-5")
    assert ".Cage~5~R6C1~R6C2" in to_iss(puzzle) and "R3C2_1_3_5" in to_iss(puzzle)
    assert from_iss(".Shape~6x6.~R1C1_1") != from_iss(".Shape~6x6~0-5.~R1C1_0")
    grid = solve(puzzle, "backtracking").grid
    own = puzzle.values.own(grid)
    assert own.min() == 0 and own.max() == 5 and own[0, 0] == 0
    assert puzzle.values.own(puzzle.grid)[0, 1] == -1  # an empty cell
    import pickle
    assert pickle.loads(pickle.dumps(puzzle)).values == ValueRange(0)


@pytest.mark.parametrize("text, message", [
    (".Shape~9x9~0-8.SumLine~10~R1C1~R1C2~R1C3~LOOP", "item 2 (SumLine): sum-line r1c1: a "
     "sum-line constraint in the values 0-8 has no translation into 1..9"),
    (".Shape~9x9~0-8.PillArrow~2~R1C1~R1C2~R2C1", "pill-arrow"),
    (".Shape~9x9~0-8.Entropic~R1C1~R1C2~R1C3", "entropic"),
    (".Shape~9x9~0-8.~R1C1_9", "'R1C1_9' is not a cell and its values in 0..8"),
    (".Shape~9x9.~R1C1_0", "'R1C1_0' is not a cell and its values in 1..9"),
    (".~R1C1_1_x", "'R1C1_1_x' is not a cell and its values in 1..9"),
    (".Shape~4x4~0-3.~R1C1_0_4", "'R1C1_0_4' is not a cell and its values in 0..3"),
    (".Shape~9x9~0-16", "'9x9~0-16': the toolkit reads the values 1..V or 0..V-1 of a 9x9 "
                        "grid, V from 9 to 16"),  # more values: tests/test_more_values.py
    (".Shape~6x6~5", "'6x6~5': the toolkit reads the values 1..V or 0..V-1 of a 6x6 grid"),
    (".Shape~9x9~0-8~Raw", "no other value range or grid type"),
])
def test_what_is_not_translated_is_refused_by_name(text, message):
    with pytest.raises(PuzzleFormatError) as caught:
        read_puzzle(text)
    assert message in str(caught.value)


def test_a_rule_read_as_an_automaton_in_0_to_n_minus_1_is_written_as_the_solvers_nfa():
    """An arrow in 0..3 is read as a regular line (the toolkit's own arrow
    sums 1..N); written back, the line is the solver's NFA item, whose
    symbols are the values counted from 1 (the own value 0 is symbol 1)."""
    puzzle = read_puzzle(".Shape~4x4~0-3.Arrow~R1C1~R1C2~R2C1")
    text = to_iss(puzzle)
    assert text.startswith(".Shape~4x4~0-3.NFA~") and text.endswith("~_~R1C2~R2C1~R1C1")
    back = read_puzzle(text)
    assert [bool(verify(back, (g + 1).reshape(4, 4))) for g in all_grids()] == \
        [bool(verify(puzzle, (g + 1).reshape(4, 4))) for g in all_grids()]
    assert sum(bool(verify(back, (g + 1).reshape(4, 4))) for g in all_grids()) == sum(
        g[0] == g[1] + g[4] for g in all_grids())


def test_the_command_line_shows_the_answer_in_the_own_values_and_refuses_in_one_line(capsys):
    from sudoku_models.cli import main

    text, answer = _own_puzzle()
    assert main(["solve", text, "--method", "backtracking"]) == 0
    shown = capsys.readouterr().out.splitlines()
    start = shown[0].index("backtracking")
    rows = [line[start:].replace("|", "").split() for line in shown[1:6] if "-" not in line]
    assert np.array_equal(np.array(rows, dtype=int).ravel(), answer)
    assert main(["solve", ".Shape~9x9~0-8.Entropic~R1C1~R1C2~R1C3"]) == 2
    error = capsys.readouterr().err
    assert "entropic r1c1: a entropic constraint in the values 0-8" in error
    assert "Traceback" not in error


def test_a_clue_no_word_of_the_own_values_meets_is_infeasible_for_every_method():
    puzzle = read_puzzle(".Shape~4x4~0-3.Skyscraper~R1~4~")  # a 0 is never seen: 3 at most
    methods = [m for m, info in METHODS.items() if puzzle.rules.kinds <= set(info.kinds)]
    assert len(methods) >= 5
    for method in methods:
        assert solve(puzzle, method, time_limit=60).status.name == "INFEASIBLE", method


def test_the_toolkit_json_keeps_the_range_beside_its_1_to_n_grid():
    puzzle = read_puzzle(".Shape~4x4~0-3.Arrow~R1C1~R1C2~R2C1.~R1C1_3")
    data = to_json(puzzle)
    assert data["values"] == "0-3" and data["grid"][0] == "4"  # the clue 3, as 4 inside
    assert from_json(data) == puzzle
    assert "values" not in to_json(read_puzzle(".Shape~4x4.~R1C1_3"))
    for bad in ("0-20", "2-5", "1-3", 0, None):  # "0-4": five values (test_more_values.py)
        with pytest.raises(PuzzleFormatError, match="'values' must be '1-4' or '0-3', or a "
                                                    "range of more values"):
            from_json({**data, "values": bad})


def test_f_puzzles_and_sudokupad_refuse_the_range_they_cannot_write(capsys):
    from sudoku_models.cli import main

    puzzle = read_puzzle(".Shape~4x4~0-3.Cage~3~R4C3~R4C4")
    for write in (to_fpuzzles, sudokupad_link):
        with pytest.raises(PuzzleFormatError, match="a puzzle in the values 0-3 has no "
                                                    "f-puzzles or SudokuPad form"):
            write(puzzle)
    assert main(["export", ".Shape~4x4~0-3.Cage~3~R4C3~R4C4", "--format", "fpuzzles"]) == 2
    assert "has no f-puzzles or SudokuPad form" in capsys.readouterr().err


NINE = 9
PAIRS = [(a, b) for a in range(NINE * NINE) for b in (a + 1, a + NINE)
         if b < NINE * NINE and (b == a + NINE or b // NINE == a // NINE)]
MARKS = {"WhiteDot": lambda u, v: abs(u - v) == 1, "BlackDot": lambda u, v: u == 2 * v or v == 2 * u,
         "X": lambda u, v: u + v == 10, "V": lambda u, v: u + v == 5}
BASE = solve(Puzzle(np.zeros((9, 9), int), 3), "backtracking").grid.ravel() - 1  # in 0..8


def _name(cell: int) -> str:
    return f"R{cell // NINE + 1}C{cell % NINE + 1}"


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(NINE)), st.permutations(range(NINE)), st.booleans(), st.booleans())
def test_the_negative_kropki_and_xv_rules_leave_the_marked_pairs_alone(first, second, kropki, xv):
    """Every pair of the first grid that a dot or an X/V fits is marked (one
    dot, one X/V): the grid holds; a second grid holds as its definition says."""
    own = np.array(first)[BASE]
    marked = []
    for pair in PAIRS:
        for kinds in (("WhiteDot", "BlackDot"), ("X", "V")):
            kind = next((k for k in kinds if MARKS[k](*own[list(pair)])), None)
            if kind:
                marked.append((kind, pair))
    text = ".Shape~9x9~0-8" + "".join(f".{kind}~{_name(a)}~{_name(b)}" for kind, (a, b) in marked)
    puzzle = read_puzzle(text + ".StrictKropki" * kropki + ".StrictXV" * xv)
    dotted = {pair for kind, pair in marked if kind.endswith("Dot")}
    xv_marked = {pair for kind, pair in marked if kind in ("X", "V")}

    def meaning(g):
        def fits(kinds, pair):
            return any(MARKS[kind](*g[list(pair)]) for kind in kinds)
        return all(MARKS[kind](*g[list(pair)]) for kind, pair in marked) and all(
            not (kropki and pair not in dotted and fits(("WhiteDot", "BlackDot"), pair)) and
            not (xv and pair not in xv_marked and fits(("X", "V"), pair)) for pair in PAIRS)

    assert meaning(own) and puzzle.rules.violations(own + 1) == []
    other = np.array(second)[BASE]
    assert (puzzle.rules.violations(other + 1) == []) == meaning(other)
