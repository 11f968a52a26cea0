"""True candidates and every solution (sudoku_models.solution_space),
checked against brute force over every 4x4 grid, on classic and variant
puzzles, with the counter and SAT; the limit and the CLI."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, verify
from sudoku_models.errors import CountIncomplete
from sudoku_models.core.geometry import Layout
from sudoku_models.solution_space import iter_solutions, true_candidates

from .variant_puzzles import all_grids, random_rules

LAYOUT = Layout.square(2)


def _brute_solutions(puzzle: Puzzle) -> np.ndarray:
    """Every solution of a 4x4 ``puzzle``, ``(count, 16)``, by brute force."""
    grids = all_grids(puzzle.layout)
    clues = puzzle.grid.ravel()
    keep = grids[np.all((clues == 0) | (grids == clues), axis=1)]
    return np.array([g for g in keep if not puzzle.rules.violations(g)]).reshape(-1, 16)


def _random_puzzle(seed: int, constraints: int, share: float) -> Puzzle:
    rng = np.random.default_rng(seed)
    grids = all_grids(LAYOUT)
    values = grids[rng.integers(len(grids))]
    rules = random_rules(LAYOUT, values, rng, constraints)
    grid = np.where(rng.random(16) < share, 0, values).reshape(4, 4)
    return Puzzle(grid, rules)


@pytest.mark.parametrize("method", ["backtracking", "sat-extended"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), constraints=st.integers(0, 3),
       share=st.sampled_from([0.6, 0.8, 1.0]))
def test_true_candidates_and_solutions_match_brute_force(method, seed, constraints, share):
    puzzle = _random_puzzle(seed, constraints, share)
    solutions = _brute_solutions(puzzle)
    found = true_candidates(puzzle, method)
    assert found.complete and not found.undecided.any()
    expected = np.zeros((4, 4, 4), dtype=bool)
    for s in solutions:
        expected[np.arange(4)[:, None], np.arange(4)[None, :], s.reshape(4, 4) - 1] = True
    assert np.array_equal(found.candidates, expected)
    listed = [g.ravel() for g in iter_solutions(puzzle, method)]
    assert len({tuple(g) for g in listed}) == len(listed) == len(solutions)
    assert {tuple(g) for g in listed} == {tuple(s) for s in solutions}
    assert all(verify(puzzle, g.reshape(4, 4)) for g in listed)


def test_a_unique_puzzle_takes_one_solve_with_the_counter():
    puzzle = Puzzle.from_string(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    found = true_candidates(puzzle)
    assert found.solves == 1 and found.candidates.sum() == 81
    solution = found.candidates.argmax(axis=2) + 1
    assert verify(puzzle, solution)


def test_an_infeasible_puzzle_has_no_candidates():
    puzzle = Puzzle.from_string("11" + "." * 14)
    found = true_candidates(puzzle)
    assert found.complete and not found.solutions_exist
    assert list(iter_solutions(puzzle)) == []


class _Clock:
    """A perf_counter that advances one second per reading."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("method", ["backtracking", "sat-extended"])
def test_a_limit_leaves_digits_undecided_never_wrong(method, monkeypatch):
    from sudoku_models import solution_space

    monkeypatch.setattr(solution_space, "time", _Clock())  # six solves fit in 6.5 "seconds"
    puzzle = Puzzle.from_string("." * 81)  # every digit of every cell is a true candidate
    found = true_candidates(puzzle, method, time_limit=6.5)
    assert not found.complete and found.reason == "time limit" and found.solves == 6
    assert not (found.candidates & found.undecided).any()
    assert (found.candidates | found.undecided).all()  # nothing refuted: all are true
    assert 81 <= found.candidates.sum() < 729


def test_an_enumeration_cut_short_says_how_many_it_gave():
    solutions = iter_solutions(Puzzle.from_string("." * 81), limit=None, time_limit=0.5)
    given = 0
    with pytest.raises(CountIncomplete) as stopped:
        for _ in solutions:
            given += 1
    assert stopped.value.lower_bound == given and stopped.value.reason == "time limit"


def test_the_limit_stops_the_enumeration():
    assert len(list(iter_solutions(Puzzle.from_string("." * 16), limit=7))) == 7


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "sudoku_models", "count", *args],
                          capture_output=True, text=True, timeout=120)


def test_the_cli_prints_true_candidates_and_solutions():
    puzzle = Puzzle.from_string("12..34.." + "." * 8)
    solutions = _brute_solutions(puzzle)
    shown = _cli("--candidates", puzzle.to_string())
    assert shown.returncode == 0, shown.stderr
    cells = [cell for line in shown.stdout.splitlines() for cell in line.split()]
    assert cells == ["".join(str(v) for v in sorted({int(s[i]) for s in solutions}))
                     for i in range(16)]
    listed = _cli("--solutions", "--limit", "all", puzzle.to_string())
    lines = listed.stdout.splitlines()
    assert lines[-1] == f"{len(solutions)} solutions"
    assert sorted(lines[:-1]) == sorted("".join(map(str, s)) for s in solutions)
    both = _cli("--solutions", "--candidates", puzzle.to_string())
    assert both.returncode == 2 and "not allowed with" in both.stderr
