"""Puzzles as people share them: SudokuPad and f-puzzles links and bare
lz-string payloads (both forms), SudokuPad's own format, the Interactive
Sudoku Solver's constraint string and the short killer format, read by
read_puzzle, the CLI's PUZZLE and --file; written back by to_fpuzzles,
sudokupad_link and to_iss; decoration keys ignored with one warning."""

import json
import warnings

import lzstring
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, PuzzleFormatError, count_solutions, solve, verify
from sudoku_models.drawing import _DRAW
from sudoku_models.formats.files import read_puzzles
from sudoku_models.core.geometry import Layout
from sudoku_models.formats.iss import from_short_killer
from sudoku_models.formats.puzzle_text import read_puzzle
from sudoku_models.formats.fpuzzles import DecorationIgnored
from sudoku_models.core.constraint import Constraint, KINDS
from sudoku_models.core.cell_kinds import (Candidates, Clone, Fortress, GreaterThan,
                                           KropkiNegative, Parity)
from sudoku_models.core.line_kinds import Regular, Whispers

from .test_input_edges import cli
from .test_puzzle_json import _fpuzzles, random_constraints
from .test_rules import _full_grid
from sudoku_models.formats.fpuzzles import from_fpuzzles, sudokupad_link, to_fpuzzles
from sudoku_models.formats.iss import from_iss, to_iss
from sudoku_models.formats.toolkit_json import to_json

LZ = lzstring.LZString()
HARD = ".~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1" \
       "~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4"
HARD_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
PENCILMARK = (".~R1C1_1_2~R2C2_1_2_9~R2C4_1_3~R1C5_1_4_6~R2C5_8_9~R4C2_2_3~R5C2_7_9~R9C1_2_3~R7C3_8_9~R"
              "8C3_1_2_3_8_9~R6C3_6_7~R3C3_5_6_9~R4C4_3_4_5~R4C5_4_9~R5C5_6_7_8~R8C5_1_2~R7C4_4_6~R9C5_"
              "5_6~R1C6_6_9~R3C6_5_7~R4C6_6_9~R6C6_1_4_7~R8C6_1_8~R9C9_3_4_5~R8C8_2_8_9~R7C7_6_7_8~R6C8"
              "_4_8~R5C9_4_6~R4C7_5_6~R3C7_7_9~R2C8_1_2_3_5_8_9~R1C8_1_9~R1C9_1_3")
PENCILMARK_SOLUTION = "278569413916384752435127968123496587894275136567831249759643821642718395381952674"
TAREK_1 = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"


def _meaning(puzzle: Puzzle) -> tuple:
    """What a puzzle says, independent of how a format groups it: the values
    clues, parity and candidate givens leave each cell, fortress cells and
    negative dots one by one, duplicates merged."""
    items = set()
    allowed = {}  # cell -> the values parity and candidate givens leave it
    for c in puzzle.constraints:
        if isinstance(c, (Parity, Candidates)):
            values = set(c.values) if isinstance(c, Candidates) else {
                v for v in range(1, puzzle.side + 1) if v % 2 == (c.parity == "odd")}
            for cell in c.cells:
                allowed[cell] = allowed.get(cell, values) & values
        elif isinstance(c, Fortress):
            items |= {("fortress", c.extreme, cell) for cell in c.cells}
        elif isinstance(c, KropkiNegative):
            items |= {("no dot", color) for color in c.colors}
        else:
            items.add(c)
    for cell in np.flatnonzero(puzzle.grid.ravel()):  # a clue is a cell's one candidate
        value = {int(puzzle.grid.ravel()[cell])}
        allowed[int(cell)] = allowed.get(int(cell), value) & value
    items |= {("allowed", cell, frozenset(values)) for cell, values in allowed.items()}
    return puzzle.layout, frozenset(items)


def _random_puzzle(box, seed, skip):
    rng = np.random.default_rng(seed)
    layout = Layout.boxes(*box)
    values = _full_grid(layout, rng)
    constraints = random_constraints(layout, values, rng, skip)
    grid = np.where(rng.random(values.shape) < 0.3, values, 0)
    return Puzzle(grid, layout, constraints=tuple(constraints))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (2, 4)]), st.integers(0, 2**32 - 1))
def test_f_puzzles_and_sudokupad_links_round_trip_every_kind_they_have(box, seed):
    puzzle = _random_puzzle(box, seed, lambda c, layout: isinstance(c, (GreaterThan, Regular)) or (
        isinstance(c, Whispers) and c.gap != 5))
    try:
        data = to_fpuzzles(puzzle)
    except PuzzleFormatError as error:  # contradictory candidate givens: the one refusal
        assert "leave it no value" in str(error)
        return
    assert _meaning(from_fpuzzles(data)) == _meaning(puzzle)
    link = sudokupad_link(puzzle)
    assert link.startswith("https://sudokupad.app/fpuzzles")
    assert _meaning(read_puzzle(link)) == _meaning(puzzle)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (2, 4)]), st.integers(0, 2**32 - 1))
def test_the_constraint_string_round_trips_every_kind_it_has(box, seed):
    def skip(c, layout):
        side = layout.side
        return isinstance(c, (Fortress, Clone)) or (isinstance(c, Regular) and not c.pattern) or (
            isinstance(c, KropkiNegative) and len(c.colors) == 1) or (
            isinstance(c, GreaterThan) and abs(c.cells[0] // side - c.cells[1] // side)
            + abs(c.cells[0] % side - c.cells[1] % side) != 1)

    puzzle = _random_puzzle(box, seed, skip)
    text = to_iss(puzzle)
    assert _meaning(from_iss(text)) == _meaning(puzzle)
    assert _meaning(read_puzzle(text)) == _meaning(puzzle)


def test_the_interactive_solvers_example_reads_and_solves_to_its_published_answer():
    puzzle = read_puzzle(HARD)
    assert puzzle.num_clues == 21
    assert "".join(map(str, solve(puzzle, "backtracking").grid.ravel())) == HARD_SOLUTION


def test_a_constraint_string_for_another_shape_and_a_jigsaw():
    regions = np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 3, 3, 3], [2, 2, 2, 3]])
    puzzle = Puzzle(np.zeros((4, 4), int), Layout.jigsaw(regions))
    text = to_iss(puzzle)
    assert text.startswith(".Shape~4x4.NoBoxes.Jigsaw~0011001123332223")
    assert from_iss(text) == puzzle


def test_a_jigsaw_without_noboxes_keeps_the_boxes_as_the_solver_does():
    """The solver's 'Jigsaw boxes, disconnected': its regions beside the
    boxes give its published answer (the regions alone give several)."""
    text = (".Jigsaw~00112222200010333210014333211114333250444446257774888857774866857776866655555"
            "8866.~R1C1_4~R1C9_7~R3C1_1~R3C2_5~R3C9_4~R4C3_3~R4C7_7~R5C1_9~R5C3_1~R5C7_8~R5C9_6"
            "~R6C3_8~R6C7_4~R7C1_2~R7C9_8~R9C1_7~R9C9_9")
    puzzle = read_puzzle(text)
    assert puzzle.layout == Layout.square(3) and len(puzzle.constraints) == 9
    answer = "".join(map(str, solve(puzzle, "backtracking").grid.ravel()))
    assert answer.startswith("432659187869714253157823964543968712")
    alone = read_puzzle(".NoBoxes" + text)
    assert alone.layout.kind == "jigsaw" and count_solutions(alone, "backtracking", limit=2) == 2


def test_a_cage_total_of_zero_means_any_sum():
    [cage] = read_puzzle(".Cage~0~R1C1~R1C2").constraints
    assert cage.total is None and cage.cells == (0, 1)


@pytest.mark.parametrize("text, message", [
    (".FullRank~C2~26~", "constraint type 'FullRank' is not supported"),
    (".FullRank~C1~1~", "constraint type 'FullRank' is not supported"),
    (".~R1C1_10", "is not a cell and its values in 1..9"),
    (".Cage~x~R1C1~R1C2", "total 'x' is not a whole number"),
    (".Cage~50~R1C1~R1C2", "2 different values in 1..9 sum to 3..17, not 50"),
    (".Shape~6x7", "square grids up to 16x16"),
    (".Shape~9x9~7.Cage~3~R1C1~R2C1", "V from 9 to 16"),
    (".WhiteDot~R1C1~R3C3", "no two of its cells are orthogonal neighbours"),
    (".Thermo~R0C1~R1C2", "outside the 9x9 grid"),
    (".Diagonal~2", "direction must be 1 or -1"),
])
def test_a_constraint_string_names_the_item_it_cannot_read(text, message):
    with pytest.raises(PuzzleFormatError, match=message):
        read_puzzle(text)


def test_the_short_killer_format_reads_tareks_cages():
    grid, rules = from_short_killer(TAREK_1)
    cages = rules.constraints
    assert not grid.any() and sum(c.total for c in cages) == 405  # 9 rows of 45
    assert sorted(cell for c in cages for cell in c.cells) == list(range(81))
    first = next(c for c in cages if 0 in c.cells)
    assert sorted(first.cells) == [0, 1, 2, 9] and first.total == 16  # 'G' = 16 at r1c1
    assert read_puzzle(TAREK_1).rules == rules


def test_candidate_givens_read_as_a_string_and_as_pencil_marks_solve_to_the_published_answer():
    """The Interactive Sudoku Solver's 'Pencilmark sudoku' example, as its
    constraint string and in the 729-character pencil-mark format."""
    puzzle = read_puzzle(PENCILMARK)
    answer = solve(puzzle, "backtracking").grid
    assert "".join(map(str, answer.ravel())) == PENCILMARK_SOLUTION
    allowed = [set(range(1, 10)) for _ in range(81)]
    for c in puzzle.constraints:
        for cell in c.cells:
            allowed[cell] &= set(c.values)
    marks = "".join("".join(str(v) if v in a else "." for v in range(1, 10)) for a in allowed)
    assert _meaning(read_puzzle(marks)) == _meaning(puzzle)
    with pytest.raises(PuzzleFormatError, match="R1C1 has no value"):
        read_puzzle("." * 9 + marks[9:])


def test_the_long_killer_format_reads_the_same_cages_as_the_short_one():
    short = read_puzzle(TAREK_1)
    number = {cell: index for index, cage in enumerate(short.constraints) for cell in cage.cells}
    total = {index: cage.total for index, cage in enumerate(short.constraints)}
    codes = [str(total[number[cell]] * 256 + number[cell]) for cell in range(81)]
    assert read_puzzle("3x3::k:" + ":".join(codes) + ":").rules == short.rules
    diagonal = read_puzzle("3x3:d:k:" + ":".join(codes) + ":")
    assert len(diagonal.constraints) == len(short.constraints) + 2


def test_a_short_killer_arrow_off_the_grid_is_named():
    with pytest.raises(PuzzleFormatError, match="points outside the grid"):
        from_short_killer("^" + "1" * 80)


@pytest.mark.parametrize("form", ["base64", "uri"])
def test_a_bare_payload_in_either_lz_string_form_reads(form):
    text = json.dumps(_fpuzzles())
    payload = LZ.compressToBase64(text) if form == "base64" else \
        LZ.compressToEncodedURIComponent(text)
    expected = from_fpuzzles(_fpuzzles())
    assert read_puzzle(payload) == expected
    assert read_puzzle("fpuzzles" + payload) == expected
    assert read_puzzle(f"https://sudokupad.app/?puzzle=fpuzzles{payload}") == expected


def test_sudokupads_own_format_reads_givens_regions_and_killer_cages():
    zipped = ("{id:'x',ce:[[{v:1},,,],[,,,],[,,,],[,,,{v:'2'}]],"
              "ca:[{v:'title: tiny'},{ce:[[0,1],[0,2]],v:5},{ce:[[3,0],[3,1]]}],"
              "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
              "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}")
    puzzle = read_puzzle("https://sudokupad.app/scl" + LZ.compressToBase64(zipped))
    assert puzzle.name == "tiny" and puzzle.layout == Layout.square(2)
    assert puzzle.grid[0, 0] == 1 and puzzle.grid[3, 3] == 2 and puzzle.num_clues == 2
    [cage] = puzzle.constraints
    assert cage.cells == (1, 2) and cage.total == 5  # the cage without a value is an outline
    answer = solve(puzzle, "backtracking").grid
    assert verify(puzzle, answer) and answer[0, 1] + answer[0, 2] == 5


def test_sudokupad_lines_are_named_not_dropped():
    zipped = "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[0.5,1.5]]}]}"
    with pytest.raises(PuzzleFormatError, match="lines draw rules"):
        read_puzzle("scl" + LZ.compressToBase64(zipped))


def test_decoration_is_ignored_with_one_warning_naming_it():
    plain = _fpuzzles()
    decorated = dict(plain, disabledlogic=["Naked Single"], line=[{"lines": [["R1C1", "R1C2"]]}],
                     text=[{"cells": ["R1C1"], "value": "hi"}], cage=[{"cells": ["R6C6"]}],
                     truecandidatesoptions=["colored"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        puzzle = from_fpuzzles(decorated)
    assert puzzle == from_fpuzzles(plain)
    [warning] = [w for w in caught if issubclass(w.category, DecorationIgnored)]
    assert "cage, disabledlogic, line, text, truecandidatesoptions" in str(warning.message)


@pytest.mark.parametrize("key, value", [("entropicline", [{"lines": [["R1C1", "R1C2"]]}]),
                                        ("cage", [{"cells": ["R1C1"], "value": "5"}]),
                                        ("quadruple", [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"],
                                                        "values": [1]}])])
def test_a_rule_the_toolkit_does_not_model_is_named(key, value):
    with pytest.raises(PuzzleFormatError, match=f"'{key}' is not supported"):
        from_fpuzzles(dict(_fpuzzles(), **{key: value}))


def test_short_links_to_a_server_say_so():
    for link in ("https://sudokupad.app/t4fevoplnv", "https://www.f-puzzles.com/?id=abc"):
        with pytest.raises(PuzzleFormatError, match="stored on its server"):
            read_puzzle(link)


def test_the_command_line_reads_every_format_as_puzzle_and_in_files(tmp_path):
    puzzle = read_puzzle(HARD)
    forms = [json.dumps(to_json(puzzle)), json.dumps(to_fpuzzles(puzzle)),
             sudokupad_link(puzzle), LZ.compressToBase64(json.dumps(to_fpuzzles(puzzle))),
             to_iss(puzzle)]
    for form in forms:
        code, out, err = cli(["solve", form, "--method", "backtracking"])
        assert code == 0, err
        assert "796|318|452" in out.replace(" ", "")  # the last row of the one answer
    path = tmp_path / "shared.txt"
    path.write_text("# as people share them\n" + "\n".join(forms[2:]) + "\n")
    assert [p.grid.tobytes() for p in read_puzzles(path)] == [puzzle.grid.tobytes()] * 3
    code, _, err = cli(["solve", "https://sudokupad.app/fpuzzles!!!", "--method", "cp"])
    assert code == 2 and err.count("\n") == 1




def test_every_kind_has_a_checker_a_json_form_and_a_drawing_or_is_global():
    """Every kind: its own violations (the checker), a JSON form (the
    round trip above and test_puzzle_json), and a mark in drawing._DRAW
    unless it is a rule on the whole grid (no cells to draw on)."""
    global_kinds = {"anti-knight", "anti-king", "non-consecutive", "kropki-negative",
                    "xv-negative", "anti-taxicab", "global-entropy", "global-mod",
                    "or"}  # an Or composite: its branches' marks and a note
    for kind, cls in KINDS.items():
        assert cls.violations is not Constraint.violations, kind
        has_cells = "cells" in cls.__dataclass_fields__
        assert (cls in _DRAW) == has_cells, kind
        assert has_cells or kind in global_kinds, kind


def test_a_16x16_line_that_starts_like_a_constraint_string_is_a_line():
    line = ".G" + "." * 254  # 16 at r1c2: the line format, though it starts with '.' and a capital
    assert read_puzzle(line).grid[0, 1] == 16
    assert read_puzzle(".NoBoxes.AntiKnight").layout.kind == "latin"  # flags only: a string


def test_the_interactive_solvers_jigsaw_line_reads_cells_then_regions():
    """Its ``16x16: Jigsaw`` example is N*N cells then N*N region symbols;
    from side 10 its cells are letters from ``A`` for 1."""
    regions = np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 3, 3, 3], [2, 2, 2, 3]])
    puzzle = read_puzzle("1..." "...." "..4." "...2" "\n" + "".join("PQRS"[r] for r in regions.ravel()))
    assert puzzle.layout == Layout.jigsaw(regions)
    assert puzzle.grid.tolist() == [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 4, 0], [0, 0, 0, 2]]
    assert verify(puzzle, solve(puzzle, "backtracking").grid)
    cells = ["."] * 256
    cells[0], cells[17] = "A", "P"
    labels = "".join(chr(ord("a") + (i // 16 + i % 16) % 16) for i in range(256))  # diagonals
    big = read_puzzle("".join(cells) + " " + labels)
    assert big.layout.kind == "jigsaw" and big.grid[0, 0] == 1 and big.grid[1, 1] == 16
    with pytest.raises(PuzzleFormatError):  # two kinds of empty cell: not a jigsaw line
        read_puzzle("1.x." "...." "..4." "...2" + "".join("PQRS"[r] for r in regions.ravel()))
