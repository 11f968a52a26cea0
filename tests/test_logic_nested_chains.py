"""SE's first nesting level of forcing chains, "Dynamic Forcing Chains (+)":
the rules a chain may use on the grid it has emptied
(:mod:`sudoku_models.logic.nested`), and the puzzles of the shipped
``top1465`` that stopped at "Needs search" before it, rated against
Sukaku Explainer's ``serate`` and checked against their solutions.

No shipped SE-rated puzzle needs a nested chain (the 480 of
``benchmarks/studykit/se-rated-diabolical.txt`` all finish with dynamic
chains, 9.1 at most), so the expected ratings come from Sukaku Explainer's
``serate`` (github.com/SudokuMonster/SukakuExplainer at 362854e, built and
run here with ``benchmarks.se_agreement.serate``'s driver, ``--threads=1``,
its ``--after="%r %s"`` log of each step's rating)."""

import pytest

from sudoku_models import Puzzle, read_puzzles
from sudoku_models.logic import rate
from sudoku_models.logic.candidates import CandidateGrid
from sudoku_models.logic.ladder import TECHNIQUES
from sudoku_models.logic.nested import advanced_offs

from .helpers import DATASETS
from .logic_checks import replay, solutions

#: The puzzles of top1465 that stopped at "Needs search" before level 1
#: (their place in the file, 1-based), with serate's ER and the ratings of
#: serate's steps from its first nested one on, as long as ours take the
#: same steps (after that, equal ratings can be met in another order).
NEEDING_LEVEL_1 = {
    2: ("7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        9.5, [9.3, 9.4]),
    77: ("7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
         9.8, [9.7, 9.7, 9.8, 9.8, 9.8]),
}


def test_the_stopped_top1465_puzzles_are_shipped():
    puzzles = read_puzzles(DATASETS / "top1465.txt")
    for number, (text, _, _) in NEEDING_LEVEL_1.items():
        assert puzzles[number - 1].to_string() == text


@pytest.mark.parametrize("number", [
    2, pytest.param(77, marks=pytest.mark.slow)])  # 77: 7 s, five nested steps
def test_level_1_rates_as_serate_and_never_removes_the_solution(number):
    text, se_er, se_nested = NEEDING_LEVEL_1[number]
    puzzle = Puzzle.from_string(text)
    (solution,) = solutions(puzzle, limit=2)
    steps = replay(puzzle, solution)  # every elimination checked against the solution
    nested = [s for s in steps if s.technique.endswith("(+)")]
    assert nested, "no step used level 1"
    assert [s.rating for s in nested[:len(se_nested)]] == se_nested
    assert max(s.rating for s in steps) == se_er
    assert rate(puzzle).se.er == se_er


def test_level_1_comes_last_and_rates_from_9():
    names = [name for name, _, _ in TECHNIQUES]
    assert names[-2:] == ["Dynamic Forcing Chains", "Dynamic Forcing Chains (+)"]
    assert TECHNIQUES[-1][2] == 9.0


def _grids():
    """An empty 9x9 (every candidate everywhere) as the step's grid, and a
    copy of its candidates and value planes to empty as a chain would."""
    grid = CandidateGrid.from_puzzle(Puzzle.from_string("." * 81))
    return grid, list(grid.cand), list(grid.value_planes())


def _remove(cand, planes, cell, value):
    cand[cell] &= ~(1 << (value - 1))
    planes[value - 1] &= ~(1 << cell)


def _off(cell, value):
    return (cell * 9 + value - 1) << 1


def _advanced(grid, cand, planes):
    return advanced_offs(grid.cand, grid.value_planes(), grid.values, cand, planes, 9,
                         grid.tables)


def test_pointing_inside_a_chain_rests_on_the_chain_s_eliminations():
    grid, cand, planes = _grids()
    for cell in (9, 10, 11, 18, 19, 20):  # 1 leaves rows 2 and 3 of box 1
        _remove(cand, planes, cell, 1)
    found = _advanced(grid, cand, planes)
    # 1 in box 1 only in row 1: off in r1c4..r1c9, each resting on the six offs
    parents = tuple(_off(c, 1) for c in (9, 10, 11, 18, 19, 20))
    assert found == [(_off(c, 1), parents) for c in range(3, 9)]


def test_a_deduction_the_chain_did_not_make_possible_is_not_used():
    grid, cand, planes = _grids()
    assert _advanced(grid, cand, planes) == []
    # a naked pair alone on the step's grid: it needs no elimination of the chain
    grid.cand[0] = grid.cand[1] = 0b11
    assert _advanced(grid, list(grid.cand), list(grid.value_planes())) == []


def test_a_naked_pair_made_by_the_chain_and_its_parents():
    grid, cand, planes = _grids()
    for cell in (0, 1):  # r1c1 and r1c2 keep 1 and 2 only
        for value in range(3, 10):
            _remove(cand, planes, cell, value)
    found = _advanced(grid, cand, planes)
    # Pointing and hidden pairs find nothing; the naked pair in box 1 comes
    # first (boxes, then columns, then rows), then the one in row 1; the
    # cells in the order of SE's HashMap (buckets of 16: 18 after 2)
    parents = tuple(_off(c, v) for c in (0, 1) for v in range(3, 10))
    box = [2, 18, 19, 20, 9, 10, 11]
    row = list(range(2, 9))
    expected = [(_off(c, v), parents) for c in box for v in (1, 2)]
    expected += [(_off(c, v), parents) for c in row for v in (1, 2)]
    assert found == expected
