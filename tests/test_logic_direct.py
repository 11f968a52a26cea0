"""SE's direct techniques (sudoku_models/logic/direct.py): each found where
serate uses it, its placement checked against the puzzle's solution (the
compiled backtracking counter's), and ER, EP, ED equal to serate's on every
puzzle of the recorded serate comparison that serate rated with one of them
(benchmarks/se_agreement/results/serate.csv, serate's own output)."""

import pandas as pd
import pytest

from sudoku_models import Puzzle, read_puzzles
from sudoku_models.counter import backtrack_solve
from sudoku_models.logic import rate
from sudoku_models.logic.candidates import CandidateGrid
from sudoku_models.logic.direct import _direct_intersection, direct_claiming, direct_pointing
from sudoku_models.logic.human_solver import apply, next_step
from sudoku_models.logic.ladder import TECHNIQUES
from sudoku_models.logic.techniques import hidden_single_box

from benchmarks.se_agreement import serate

from .helpers import DATASETS

DIRECT = ("Direct Pointing", "Direct Claiming", "Direct Hidden Pair", "Direct Hidden Triplet")


def _rated_direct_by_serate() -> pd.DataFrame:
    """The recorded serate comparison's puzzles whose ER serate set with a
    direct technique."""
    recorded = pd.read_csv(serate.OUT)
    return recorded[recorded["se_hardest"].isin(DIRECT)]


def _first_use(puzzle: Puzzle, technique: str):
    """The grid before the ladder first uses ``technique`` on ``puzzle``
    and that step; every step up to it agrees with the solution."""
    solution = backtrack_solve(puzzle).ravel()
    grid = CandidateGrid.from_puzzle(puzzle)
    while True:
        step = next_step(grid)
        assert step is not None, f"{technique} not used"
        assert all(solution[c] == v for c, v in step.placements), step.text
        assert all(solution[c] != v for c, v in step.eliminations), step.text
        if step.technique == technique:
            return grid, step
        apply(grid, step)


def _check_step(grid: CandidateGrid, step, technique: str) -> None:
    """One placement, named in the field's notation, and no technique before
    it in the ladder applied there."""
    assert len(step.placements) == 1 and not step.eliminations
    (cell, value), side = step.placements[0], grid.side
    assert step.text.startswith(f"{technique}: ")
    assert step.text.endswith(f": r{cell // side + 1}c{cell % side + 1}={value}")
    rank = next(i for i, (name, _, _) in enumerate(TECHNIQUES) if name == technique)
    assert step.rating == TECHNIQUES[rank][2]
    assert all(find(grid) is None for _, find, _ in TECHNIQUES[:rank])


@pytest.mark.parametrize("technique",
                         ["Direct Pointing", "Direct Hidden Pair", "Direct Hidden Triplet"])
def test_each_direct_technique_sets_er_where_serate_does(technique):
    rows = _rated_direct_by_serate()
    text, se_er = rows[rows["se_hardest"] == technique][["puzzle", "se_er"]].iloc[0]
    puzzle = Puzzle.from_string(text)
    grid, step = _first_use(puzzle, technique)
    _check_step(grid, step, technique)
    rating = rate(puzzle)
    assert rating.hardest == technique and rating.se.er == se_er


def test_er_ep_ed_agree_with_serate_where_it_rates_a_direct_technique():
    rows = _rated_direct_by_serate()
    assert len(rows) >= 20  # 21 of 630 (17clue, generated easy and medium)
    for row in rows.itertuples():
        rating = rate(row.puzzle)
        assert (rating.se.er, rating.se.ep, rating.se.ed) == (row.se_er, row.se_ep, row.se_ed)
        assert rating.hardest == row.se_hardest


def test_direct_claiming_on_a_jigsaw():
    # the 15th shipped jigsaw, its 4th step (the first of the shipped
    # jigsaws where the ladder uses it, found by scanning them in order)
    puzzle = read_puzzles(DATASETS / "jigsaw-9x9.jsonl")[14]
    grid, step = _first_use(puzzle, "Direct Claiming")
    _check_step(grid, step, "Direct Claiming")


def test_a_direct_claiming_on_a_classic_grid_comes_with_a_box_single_or_direct_pointing():
    # Why serate never names a Direct Claiming on a 9x9 with boxes, and the
    # ladder does not look for one there (the search itself finds them): a row's
    # value confined to one box b, another row of the band with one place
    # left outside b (in box b'): in the band's third box the value is only
    # in the third row (or placed there already), so a box holds a hidden
    # single or a Direct Pointing from the third box leaves b' one place;
    # both come first in the ladder.
    seen = 0
    for text in _rated_direct_by_serate()["puzzle"]:
        grid = CandidateGrid.from_puzzle(Puzzle.from_string(text))
        while not grid.solved():
            assert direct_claiming(grid) is None
            if _direct_intersection(grid, False) is not None:
                seen += 1
                assert hidden_single_box(grid) or direct_pointing(grid)
            apply(grid, next_step(grid))
    assert seen > 0
