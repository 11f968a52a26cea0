"""The bipartite-matching method: both forbidden-edge filters agree, the
deduction is sound, and branching solves every puzzle."""

from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models.deadline import Deadline
from sudoku_models.registry import MATCHING_FILTERS
from sudoku_models import Puzzle, read_puzzles, solve, verify
from sudoku_models.formulations import matching
from sudoku_models.formulations.matching import (
    deduce, forbidden_paper, forbidden_regin, initial_candidates,
)

from .helpers import DATASETS, SEED_B

house_states = st.integers(2, 6).flatmap(
    lambda side: st.lists(st.integers(0, 2**side - 1), min_size=side, max_size=side)
)


def forbidden_by_enumeration(masks, digits=None):
    """Every matching that covers the cells listed explicitly (a perfect one
    when there are as many cells as digits): the definition itself."""
    cells = len(masks)
    allowed = [0] * cells
    found = False
    for perm in permutations(range(digits or cells), cells):
        if all(masks[c] >> perm[c] & 1 for c in range(cells)):
            found = True
            for c in range(cells):
                allowed[c] |= 1 << perm[c]
    return [m & ~a for m, a in zip(masks, allowed)] if found else None


group_states = st.integers(2, 6).flatmap(
    lambda side: st.tuples(st.just(side), st.lists(st.integers(0, 2**side - 1), min_size=1,
                                                   max_size=side - 1)))


@settings(max_examples=300)
@given(group_states)
def test_a_group_smaller_than_the_digits_keeps_the_edges_of_some_covering_matching(state):
    """A cage or an extra group of fewer cells than digits: an edge stays
    when some matching covering the group's cells uses it (free digits
    allowed), as the definition says."""
    side, masks = state
    expected = forbidden_by_enumeration(masks, side)
    assert forbidden_paper(masks) == expected
    assert forbidden_regin(masks) == expected


@settings(max_examples=300)
@given(house_states)
def test_both_filters_remove_the_same_edges_as_the_definition(masks):
    expected = forbidden_by_enumeration(masks)
    assert forbidden_paper(masks) == expected
    assert forbidden_regin(masks) == expected


@settings(max_examples=100)
@given(st.integers(0, 2**32 - 1))
def test_both_filters_reach_the_same_fixed_point_on_random_states(seed):
    rng = np.random.default_rng(seed)
    grid = np.where(rng.random((9, 9)) < 0.35, rng.integers(1, 10, (9, 9)), 0)
    puzzle = Puzzle.from_grid(grid)
    by_paper, by_regin = initial_candidates(puzzle), initial_candidates(puzzle)
    outcome_paper = deduce(by_paper, 3, forbidden_paper)
    outcome_regin = deduce(by_regin, 3, forbidden_regin)
    assert outcome_paper.status == outcome_regin.status
    if outcome_paper.status != "infeasible":
        assert by_paper == by_regin


def test_deduction_never_removes_the_solution():
    for puzzle in read_puzzles(DATASETS / "top95.txt")[:20]:
        cand = initial_candidates(puzzle)
        deduce(cand, 3)
        solution = solve(puzzle, method="cp").grid.ravel()
        assert all(m >> (v - 1) & 1 for m, v in zip(cand, solution))


def stalled_top95(count):
    """The first ``count`` top95 puzzles on which deduction alone stalls."""
    stalled = [p for p in read_puzzles(DATASETS / "top95.txt")
               if deduce(initial_candidates(p), 3).status == "stalled"]
    return stalled[:count]


def test_deduction_alone_solves_easy_puzzles_and_stalls_on_most_hard_ones():
    from generator import generate

    very_easy = generate(40, seed=1)
    cand = initial_candidates(very_easy)
    assert deduce(cand, 3).status == "solved"
    assert verify(very_easy, np.array([m.bit_length() for m in cand]).reshape(9, 9))
    assert len(stalled_top95(95)) > 60  # the hard set mostly needs guesses


@pytest.mark.parametrize("filter_name", MATCHING_FILTERS)
def test_branching_solves_stalled_puzzles_with_either_filter(filter_name):
    for puzzle in stalled_top95(3):
        result = solve(puzzle, method="matching", filter=filter_name)
        assert verify(puzzle, result.grid)
        assert result.stats["branches"] > 0


def test_build_returns_the_bipartite_graph():
    edges = matching.build(Puzzle.from_clues(SEED_B))
    assert edges.shape == (9, 9, 9)
    assert edges[0, 1].tolist() == [False, True] + [False] * 7  # clue 2 at (1, 2)
    assert edges[0, 0].all()


def test_unknown_filter_raises():
    with pytest.raises(ValueError, match="filter must be one of regin, paper"):
        solve(Puzzle.from_clues(SEED_B), method="matching", filter="greedy")


NO_SOLUTION = "59241..83.87..926.3....715.258.6.9377..582..164.793.28..3..58.6815.3.4.2.76.48.1."


@pytest.mark.parametrize("time_limit", [1e-6, 1e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2])
def test_a_deadline_never_turns_into_a_wrong_answer(time_limit):
    # Regression: a deadline inside the deduction used to leave houses
    # unfiltered and the grid was declared solved (OPTIMAL, failing verify).
    puzzle = Puzzle.from_string(NO_SOLUTION)
    result = solve(puzzle, method="matching", time_limit=time_limit)
    assert result.status.value in ("TIME_LIMIT", "INFEASIBLE")
    assert result.grid is None


def test_deduce_out_of_time_proves_nothing():
    puzzle = Puzzle.from_string(NO_SOLUTION)
    outcome = deduce(initial_candidates(puzzle), 3, deadline=Deadline(wall=0.0))  # already passed
    assert outcome.status == "out of time"


def test_deep_search_is_iterative_and_honours_the_limit():
    # Regression: the recursive search ended in RecursionError on an empty 36x36 grid.
    import time

    start = time.perf_counter()
    result = solve(Puzzle(np.zeros((36, 36), dtype=int), 6), method="matching", time_limit=1.0)
    assert result.status.value == "TIME_LIMIT"
    assert time.perf_counter() - start < 4.0
