"""The explaining solver and the rating on other layouts and variants: 6x6,
8x8 and 12x12 with rectangular boxes, 4x4 and 9x9 X-Sudoku, Latin squares,
jigsaws, windoku, disjoint groups, anti-knight, anti-king and parity
and killer cages (tests/data/logic_variants.jsonl, made by
tests/data/make_logic_variants.py).
Every step is replayed against the unique solution found by an independent
CP-SAT model (tests/logic_checks.py); the constraints the techniques cannot
reason about (arrows) are refused by name. The relations between two cells
(Kropki, XV, thermometers, ...) are tested in tests/test_logic_relations.py."""

import functools
import json
from itertools import product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, verify
from sudoku_models.core.geometry import Layout
from sudoku_models.logic import UnsolvablePuzzle, UnsupportedRules, explain, hint, rate
from sudoku_models.logic.candidates import CandidateGrid, technique_tables
from sudoku_models.logic.cage_sums import cage_fillings
from sudoku_models.logic.step import NEEDS_SEARCH
from sudoku_models.core.cell_kinds import (AntiKnight, Arrow, Cage, GreaterThan, Kropki,
                                           NonConsecutive, Parity, Region, Thermometer, XV)
from sudoku_models.core.rules import diagonals, windoku

from .logic_checks import replay, solutions
from sudoku_models.formats.toolkit_json import from_json

DATA = Path(__file__).resolve().parent / "data" / "logic_variants.jsonl"
PUZZLES = [from_json(json.loads(line)) for line in DATA.read_text().splitlines()]
BY_NAME = {p.name: p for p in PUZZLES}


@functools.cache
def _explained(name: str) -> tuple:
    """The steps of the collection's puzzle ``name``, explained once for
    every test that reads them (the 9x9 variants reach the forcing chains)."""
    return tuple(explain(BY_NAME[name]))


def _unique_solution(puzzle: Puzzle) -> np.ndarray:
    found = solutions(puzzle, limit=2)
    assert len(found) == 1, f"{puzzle.name}: {len(found)} solutions"
    assert verify(puzzle, found[0]), puzzle.name
    assert puzzle.rules.violations(found[0]) == []
    return found[0]


SLOW_REPLAYS = {"x seed 4"}  # over 10 s on 2 cores: run with -m slow


@pytest.mark.parametrize("puzzle", [pytest.param(p, marks=pytest.mark.slow) if p.name in SLOW_REPLAYS
                                    else p for p in PUZZLES], ids=[p.name for p in PUZZLES])
def test_steps_replay_against_the_cp_sat_solution(puzzle):
    steps = replay(puzzle, _unique_solution(puzzle))
    assert steps
    rating = rate(puzzle)
    counted = [s.technique for s in steps if s.technique != NEEDS_SEARCH]
    assert sum(rating.steps.values()) == len(counted)
    if counted and steps[-1].technique != NEEDS_SEARCH:
        assert rating.se.er == max(s.rating for s in steps)
    assert (rating.level == "needs search") == (steps[-1].technique == NEEDS_SEARCH)


@pytest.mark.slow
def test_the_collection_covers_the_layouts_and_is_explained_to_the_end_where_it_can():
    kinds = {p.layout.kind for p in PUZZLES}
    assert kinds == {"boxes", "jigsaw", "latin"}
    assert {p.layout.box_shape for p in PUZZLES} >= {(2, 2), (2, 3), (2, 4), (3, 4), (3, 3)}
    finished = {p.name.split()[0] for p in PUZZLES
                if _explained(p.name)[-1].technique != NEEDS_SEARCH}
    assert finished >= {"6x6", "8x8", "12x12", "4x4x", "latin5", "latin7", "jigsaw9", "x",
                        "windoku", "parity"}


def _labels_in(steps, names) -> set:
    return {s.technique for s in steps for name in names if f" {name}" in s.text}


def test_extra_regions_are_houses_for_every_house_technique():
    extra = [p for p in PUZZLES if any(isinstance(c, Region) for c in p.constraints)]
    used = set()
    for puzzle in extra:
        names = [c.name for c in puzzle.constraints]
        used |= _labels_in(_explained(puzzle.name), names)
    assert used >= {"Hidden Single", "Locked Candidates Type 1 (Pointing)",
                    "Locked Candidates Type 2 (Claiming)", "Hidden Pair"}


def test_a_region_name_in_a_hidden_single():
    steps = _explained("x seed 3 floor 24")
    diagonal = [s for s in steps if s.technique == "Hidden Single" and "anti-diagonal" in s.text]
    assert diagonal
    step = diagonal[0]
    cell, value = step.placements[0]
    assert step.text == (f"Hidden Single: r{cell // 9 + 1}c{cell % 9 + 1}={value} (the only "
                         f"place for {value} in anti-diagonal)")


def test_locked_candidates_between_a_window_and_a_box():
    steps = _explained("windoku seed 1")
    from_box = [s for s in steps if "Pointing" in s.technique and " b" in s.text.split(" is ")[0]
                and "confined to window" in s.text]
    from_window = [s for s in steps if "Pointing" in s.technique and " in window" in s.text]
    assert from_box and from_window


def test_the_diagonals_are_what_finish_an_x_sudoku():
    puzzle = BY_NAME["x seed 2 floor 28"]
    assert rate(puzzle).level != "needs search"
    plain = Puzzle(puzzle.grid, puzzle.layout)
    assert len(solutions(plain, limit=2)) == 2
    assert explain(plain)[-1].technique == NEEDS_SEARCH


def test_a_latin_square_has_rows_and_columns_only():
    table = technique_tables(Layout.latin(7))
    assert len(table.houses) == 14
    assert {label[0] for label in table.labels} == {"r", "c"}
    for puzzle in PUZZLES:
        if puzzle.layout.kind == "latin":
            assert not any("Locked Candidates" in s.technique for s in explain(puzzle))


def test_house_labels_name_boxes_and_extra_regions():
    layout = Layout.square(3)
    rules = Puzzle(np.zeros((9, 9), int), layout, constraints=windoku(layout)).rules
    table = technique_tables(rules)
    assert table.labels[:3] == ("r1", "r2", "r3") and table.labels[18:27][-1] == "b9"
    assert table.labels[27:] == ("window 1", "window 2", "window 3", "window 4")
    assert table.houses[27] == (10, 11, 12, 19, 20, 21, 28, 29, 30)
    assert 27 in table.cell_houses[10] and 27 not in table.cell_houses[0]


def test_anti_knight_and_small_groups_add_peers():
    grid = np.zeros((9, 9), int)
    grid[4, 4] = 5
    small = Region((0, 80), "corners")
    puzzle = Puzzle(grid, Layout.square(3), constraints=(AntiKnight(), small))
    cand = CandidateGrid.from_puzzle(puzzle)
    bit = 1 << 4
    knight = {(2, 3), (2, 5), (3, 2), (3, 6), (5, 2), (5, 6), (6, 3), (6, 5)}
    for cell in range(81):
        r, c = divmod(cell, 9)
        sees = r == 4 or c == 4 or (r // 3, c // 3) == (1, 1) or (r, c) in knight
        if cell != 40:
            assert bool(cand.cand[cell] & bit) != sees, (r, c)
    assert 80 in cand.tables.peer_sets[0] and 0 in cand.tables.peer_sets[80]
    assert len(cand.tables.houses) == 27  # two cells are no house


def test_a_cage_without_a_total_of_n_cells_is_a_house():
    puzzle = BY_NAME["x seed 2 floor 28"]
    main, anti = diagonals(puzzle.layout)
    caged = Puzzle(puzzle.grid, puzzle.layout,
                   constraints=(main, Cage(anti.cells)))
    steps, caged_steps = explain(puzzle), explain(caged)
    assert [s.placements for s in steps] == [s.placements for s in caged_steps]
    assert any("cage r1c9" in s.text for s in caged_steps)


def test_parity_restricts_the_candidates():
    puzzle = BY_NAME["parity seed 1"]
    cand = CandidateGrid.from_puzzle(puzzle)
    for constraint in puzzle.constraints:
        for cell in constraint.cells:
            if not puzzle.grid.flat[cell]:
                held = [v for v in range(1, 10) if cand.cand[cell] >> (v - 1) & 1]
                assert all(v % 2 == (constraint.parity == "odd") for v in held)


def test_clues_breaking_a_relation_or_parity_are_unsolvable():
    grid = np.zeros((9, 9), int)
    grid[2, 2] = grid[3, 4] = 7
    with pytest.raises(UnsolvablePuzzle, match=r"r3c3 and r4c5 both hold 7, which anti-knight "
                                                r"forbids"):
        explain(Puzzle(grid, Layout.square(3), constraints=(AntiKnight(),)))
    grid = np.zeros((6, 6), int)
    grid[0, 0] = 4
    with pytest.raises(UnsolvablePuzzle, match="r1c1 holds 4, which odd r1c1 forbids"):
        rate(Puzzle(grid, Layout.boxes(2, 3), constraints=(Parity((0,), "odd"),)))
    layout = Layout.square(3)
    grid = np.zeros((9, 9), int)
    grid[0, 0] = grid[8, 8] = 3
    with pytest.raises(UnsolvablePuzzle, match="3 appears more than once in region "
                                               "'main diagonal'"):
        explain(Puzzle(grid, layout, constraints=diagonals(layout)))


@pytest.mark.parametrize("constraints, kinds", [
    ((Arrow(0, (1, 2)), Kropki((9, 10)), Thermometer((18, 19))), "arrow"),
    ((XV((0, 1)), Cage((2, 3), 5), Arrow(30, (31,)), GreaterThan((9, 30)), NonConsecutive()),
     "arrow"),
])
def test_constraints_it_cannot_reason_about_are_refused_by_name(constraints, kinds):
    puzzle = Puzzle(np.zeros((9, 9), int), Layout.square(3), constraints=constraints)
    for function in (explain, hint, rate):
        with pytest.raises(UnsupportedRules) as info:
            function(puzzle)
        message = str(info.value)
        assert isinstance(info.value, ValueError) and "\n" not in message
        assert message.startswith(f"the human techniques cannot explain {kinds} constraints")


def test_hint_and_json_on_a_jigsaw():
    puzzle = BY_NAME["jigsaw9 seed 2 floor 30"]
    first = explain(puzzle)[0]
    assert hint(puzzle) == first
    data = json.loads(json.dumps(first.to_dict()))
    assert data["technique"] == first.technique and data["placements"]


@given(st.integers(4, 9).flatmap(lambda side: st.tuples(
    st.just(side), st.lists(st.integers(1, (1 << side) - 1), min_size=1, max_size=4),
    st.integers(1, 30))))
@settings(max_examples=300, deadline=None)
def test_cage_fillings_agree_with_trying_every_filling(case):
    side, masks, total = case
    support, combinations = [0] * len(masks), set()
    for filling in product(*[[v for v in range(1, side + 1) if m >> (v - 1) & 1] for m in masks]):
        if len(set(filling)) == len(filling) and sum(filling) == total:
            for i, value in enumerate(filling):
                support[i] |= 1 << (value - 1)
            combinations.add(sum(1 << (v - 1) for v in filling))
    found_support, found_combinations = cage_fillings(masks, total)
    assert found_support == support
    assert set(found_combinations) == combinations
    assert len(found_combinations) == len(combinations)


def test_killers_are_explained_with_cage_sums():
    killers = [p for p in PUZZLES if p.name.startswith("killer")]
    assert {p.side for p in killers} == {4, 6, 9}
    steps = [s for p in killers for s in explain(p)]
    combos = [s for s in steps if s.technique == "Cage Combinations"]
    sums = [s for s in steps if s.technique == "Innies and Outies"]
    assert combos and sums
    assert any(s.placements for s in sums) and any(s.eliminations for s in sums)
    assert any(" 49 or 58 or 67, so " in s.text for s in combos)  # a 2-cell cage of 13
    assert all(rate(p).level != "needs search" for p in killers if "large" not in p.name)
    assert any("the cages over " in s.text for s in sums)  # outies
    assert any("the cages inside " in s.text for s in sums)  # innies
    assert any("the cages inside r8-r9 " in s.text for s in sums)  # of two rows


def test_a_contradictory_cage_total_is_unsolvable():
    grid = np.zeros((4, 4), int)
    grid[0, 0] = 4
    puzzle = Puzzle(grid, Layout.square(2), constraints=(Cage((0, 1), 4),))
    with pytest.raises(UnsolvablePuzzle, match="r1c2 has no candidate left"):
        explain(puzzle)
    assert solutions(puzzle, 1) == []
