"""Isomorphic copies of a puzzle (sudoku_models.symmetry): for every constraint
kind and layout, a copy has exactly the original's solutions, moved alike,
checked by brute force over every 4x4 grid (no solver involved) or by the
counter on a 6x6, and every answer of a copy moved back verifies against
the original."""

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, iter_solutions, verify
from sudoku_models.core.geometry import Layout
from sudoku_models.core.constraint import KINDS
from sudoku_models.core.cell_kinds import Cage, Indexing, Thermometer
from sudoku_models.core.line_kinds import Regular
from sudoku_models.core.rules import diagonals, Rules
from sudoku_models.errors import InvalidValueError, PuzzleFormatError
from sudoku_models.symmetry import KIND_MOVES, copies, move_count, puzzle_freedom

from .test_geometry import _random_jigsaw
from .test_puzzle_json import random_constraints
from .test_rules import _full_grid
from .variant_puzzles import all_grids, variant_puzzle

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _solutions(puzzle: Puzzle) -> set[bytes]:
    """Every solution of a 4x4 puzzle, by brute force over every grid of
    its layout and the rules' definitions."""
    grids = all_grids(puzzle.layout)
    clues = puzzle.grid.ravel()
    kept = grids[np.all((clues == 0) | (grids == clues), axis=1)]
    return {g.astype(np.int64).tobytes() for g in kept if not puzzle.rules.violations(g)}


def _check_4x4(puzzle: Puzzle, isomorphs) -> None:
    """Each copy's solutions, moved back, are the original's, and each verifies."""
    expected = _solutions(puzzle)
    side = puzzle.side
    for iso in isomorphs:
        found = _solutions(iso.puzzle)
        back = set()
        for solution in found:
            grid = iso.original_grid(np.frombuffer(solution, dtype=np.int64).reshape(side, side))
            assert verify(puzzle, grid), iso.moves
            back.add(grid.astype(np.int64).tobytes())
        assert len(found) == len(back) == len(expected) and back == expected, iso.moves


def _check_counter(puzzle: Puzzle, isomorphs) -> None:
    """Larger grids: the counter's count of each copy is the original's, and
    each copy's solutions (up to 50) moved back verify."""
    expected = count_solutions(puzzle, "backtracking", limit=None, time_limit=60)
    for iso in isomorphs:
        assert count_solutions(iso.puzzle, "backtracking", limit=None, time_limit=60) == \
            expected, iso.moves
        for grid in iter_solutions(iso.puzzle, "backtracking", limit=50):
            assert verify(puzzle, iso.original_grid(grid)), iso.moves


def test_every_kind_has_an_entry():
    assert set(KIND_MOVES) == set(KINDS)


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_keeps_its_solutions_in_every_copy(kind):
    """Puzzles of each kind (variant_puzzle: two constraints of the kind
    that hold on a random grid, some clues): six 4x4s with eight copies
    each, or two 6x6s (no 4x4 grid holds the kind, or its side is not
    divisible by 3) with six; all copies of a puzzle different moves."""
    for seed in range(1, 7):
        try:
            puzzle, k = variant_puzzle(kind, Layout.square(2), seed), 8
        except ValueError:
            if seed > 2:
                break
            puzzle, k = variant_puzzle(kind, Layout.boxes(2, 3), seed, share=0.35), 6
        made = copies(puzzle, k, seed=seed)
        assert len(made) == min(k, move_count(puzzle)) and len(made) > 1
        assert len({iso.moves for iso in made}) == len(made)
        if puzzle.side == 4:
            _check_4x4(puzzle, made[1:])
        else:
            _check_counter(puzzle, made[1:])


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from(["boxes", "jigsaw", "latin"]),
       share=st.floats(0.2, 0.6))
def test_random_mixes_of_kinds_on_every_4x4_layout_keep_their_solutions(seed, shape, share):
    """Up to 12 random constraints of many kinds at once (half of them
    holding on a random grid), on square boxes, a random jigsaw or a Latin
    square: the copies have the original's solutions, moved alike."""
    rng = np.random.default_rng(seed)
    values = _full_grid(Layout.square(2), rng)
    layout = {"boxes": Layout.square(2), "latin": Layout.latin(4),
              "jigsaw": Layout.jigsaw(_random_jigsaw(4, rng))}[shape]
    if shape == "jigsaw":  # a grid of this jigsaw to draw holding constraints from
        grids = all_grids(layout)
        if not len(grids):
            layout = Layout.square(2)
        else:
            values = grids[rng.integers(len(grids))].reshape(4, 4)
    constraints = random_constraints(layout, values, rng)
    grid = np.where(rng.random((4, 4)) < share, values, 0)
    puzzle = Puzzle(grid, Rules(layout, tuple(constraints)))
    _check_4x4(puzzle, copies(puzzle, 4, seed=seed % 1000)[1:])


def test_a_jigsaw_moves_by_its_mirrors_and_its_copies_keep_their_regions_joined():
    rng = np.random.default_rng(5)
    layout = Layout.jigsaw(_random_jigsaw(6, rng))
    puzzle = Puzzle(np.zeros((6, 6), int), layout)
    assert move_count(puzzle) == 2 * 2 * 2 * math.factorial(6)
    for iso in copies(puzzle, 8, seed=3):
        moved = iso.puzzle.layout.regions
        for region in range(6):  # each region one piece: every cell reaches every other
            cells = {tuple(c) for c in np.argwhere(moved == region)}
            seen, todo = set(), [next(iter(cells))]
            while todo:
                r, c = todo.pop()
                if (r, c) in seen:
                    continue
                seen.add((r, c))
                todo += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
            assert seen == cells, iso.moves


def test_the_moves_counted_by_hand():
    """A 9x9: 3!^8 orders of rows and columns (bands, stacks and within
    them), 2 for the transposition, 9! relabellings (the Sudoku symmetry
    group, 1,218,998,108,160). A 6x6 of 2x3 boxes: 3! bands times 2!^3,
    2! stacks times 3!^2, no transposition, 6!. A killer keeps its bands
    and stacks and admits the complement alone. A 4x4 Latin square: 4!,
    4!, 2, 4!."""
    classic = Puzzle.from_string(TOP95_1)
    assert move_count(classic) == 1_218_998_108_160 == 6**8 * 2 * math.factorial(9)
    assert move_count(Puzzle(np.zeros((6, 6), int), Layout.boxes(2, 3))) == \
        6 * 8 * 2 * 36 * 720
    killer = Puzzle(np.zeros((9, 9), int), 3, constraints=(Cage((0, 1, 9), 12),))
    assert move_count(killer) == 6**8 * 2 * 2
    assert move_count(Puzzle(np.zeros((4, 4), int), Layout.latin(4))) == 24 * 24 * 2 * 24
    x_sudoku = Puzzle(np.zeros((9, 9), int), 3, constraints=diagonals(Layout.square(3)))
    assert puzzle_freedom(x_sudoku).text() == (
        "rows layout, columns layout, transposable, values any relabelling")


def test_a_complemented_copy_reads_thermometers_backwards_and_totals_from_the_top():
    """On a 4x4 the complement maps v to 5 - v: a cage of 2 cells totalling 3
    totals 2 * 5 - 3 = 7, a thermometer runs from its other end."""
    puzzle = Puzzle(np.zeros((4, 4), int), 2,
                    constraints=(Cage((0, 1), 3), Thermometer((4, 5, 6))))
    made = copies(puzzle, 40, seed=0)
    complemented = [iso for iso in made if iso.complemented]
    assert complemented and all(iso.digits == (4, 3, 2, 1) for iso in complemented)
    for iso in complemented:
        cage, thermometer = iso.puzzle.constraints
        assert cage.total == 7 and set(cage.cells) == {int(iso.cells[0]), int(iso.cells[1])}
        assert thermometer.cells == tuple(int(iso.cells[c]) for c in (6, 5, 4))
    assert all(iso.digits == (1, 2, 3, 4) for iso in made if not iso.complemented)


def test_a_regular_expression_is_relabelled_as_its_automaton():
    puzzle = Puzzle(np.zeros((4, 4), int), 2, constraints=(Regular((0, 1, 2), pattern="1[23]4"),))
    iso = next(iso for iso in copies(puzzle, 10, seed=1)
               if iso.digits != (1, 2, 3, 4))
    (moved,) = iso.puzzle.constraints
    automaton = moved.automaton(4)
    for word in ((1, 2, 4), (1, 3, 4), (1, 4, 4), (2, 2, 4)):
        relabelled = [iso.digits[v - 1] for v in word]
        assert automaton.accepts(relabelled) == (word in ((1, 2, 4), (1, 3, 4)))


def test_copies_are_the_same_for_a_seed_the_first_is_the_puzzle_and_the_answer_moves_back():
    puzzle = Puzzle.from_string(TOP95_1, name="top95:1")
    first, again = copies(puzzle, 5, seed=7), copies(puzzle, 5, seed=7)
    assert [i.puzzle for i in first] == [i.puzzle for i in again]
    assert [i.puzzle for i in copies(puzzle, 5, seed=8)] != [i.puzzle for i in first]
    assert first[0].puzzle == puzzle and first[0].moves == "identity"
    assert first[2].puzzle.name == "top95:1 (copy 2)"
    from sudoku_models import solve

    for iso in first:
        answer = solve(iso.puzzle, "backtracking").grid
        assert verify(iso.puzzle, answer) and verify(puzzle, iso.original_grid(answer))
        assert np.array_equal(iso.copy_grid(iso.original_grid(answer)), answer)


def test_fewer_copies_when_the_puzzle_admits_fewer_moves():
    """Column and row indexing together fix both axes: the identity and the
    transposition are left (it swaps their directions)."""
    puzzle = Puzzle(np.zeros((4, 4), int), 2,
                    constraints=(Indexing((0,), "column"), Indexing((5,), "row")))
    made = copies(puzzle, 5, seed=0)
    assert move_count(puzzle) == 2 and len(made) == 2
    assert [c.direction for c in made[1].puzzle.constraints] == ["row", "column"]
    assert made[1].moves == "transposed"


@pytest.mark.parametrize("call, error, message", [
    (lambda p: copies(p, 0), InvalidValueError, "k must be at least 1, got 0"),
    (lambda p: copies(p, 3, seed=-1), InvalidValueError, "seed must be at least 0, got -1"),
    (lambda p: copies(p, "3"), TypeError, "k must be an int, got str"),
    (lambda p: copies(TOP95_1, 3), TypeError, "copies takes a Puzzle, got str"),
    (lambda p: copies(p, 2)[1].original_grid(np.zeros((4, 4), int)), PuzzleFormatError,
     r"a grid of the copy must have shape \(9, 9\), got \(4, 4\)"),
    (lambda p: copies(p, 2)[1].copy_grid(np.full((9, 9), 10)), PuzzleFormatError,
     "a grid of the original holds integers 0..9"),
])
def test_bad_arguments_are_named(call, error, message):
    with pytest.raises(error, match=message):
        call(Puzzle.from_string(TOP95_1))


def test_a_grid_with_more_values_than_cells_relabels_all_its_values():
    """A 4x4 holding four different values of 1..6 per house, with a cage
    and a thermometer: its copies (the complement is 7 - v) count as it
    does on CP-SAT, the counter not taking such grids."""
    layout = Layout.square(2).with_values(6)
    full = np.array([[1, 6, 2, 5], [5, 3, 4, 1], [3, 1, 5, 2], [4, 2, 1, 3]])
    grid = np.where(np.arange(16).reshape(4, 4) % 3 == 0, full, 0)
    puzzle = Puzzle(grid, layout, constraints=(Cage((0, 1, 4), 12), Thermometer((5, 6, 10))))
    made = copies(puzzle, 6, seed=4)
    assert any(iso.complemented for iso in made)
    expected = count_solutions(puzzle, "cp", limit=None)
    assert expected > 1
    for iso in made[1:]:
        assert count_solutions(iso.puzzle, "cp", limit=None) == expected, iso.moves
        for answer in iter_solutions(iso.puzzle, "cp", limit=20):
            assert verify(puzzle, iso.original_grid(answer)), iso.moves
