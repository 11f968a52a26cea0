"""The variant kernel's two-way search and its locked candidates between
extra houses and the houses they meet (issue 33): counts against brute
force on 4x4 grids with extra houses and thermometers, every answer
checked by ``verify``."""

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, solve, verify
from sudoku_models.counter import backtrack_count, kernel, kernel_tables
from sudoku_models.counter.core import new_control
from sudoku_models.errors import CountIncomplete, RulesError, UnsolvablePuzzle
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import Arrow, Cage, Region, Thermometer
from sudoku_models.core.rules import Rules

from .variant_puzzles import brute_count

FOUR = Layout.square(2)


def _house(values: np.ndarray, rng: np.random.Generator, holds: bool) -> Region:
    """Four cells: holding four different values of ``values`` (``holds``)
    or drawn blindly."""
    order = rng.permutation(16).tolist()
    if not holds:
        return Region(tuple(order[:4]))
    picked, seen = [], set()
    for cell in order:
        if int(values[cell]) not in seen:
            picked.append(cell)
            seen.add(int(values[cell]))
    return Region(tuple(picked))


def _thermometer(values: np.ndarray, rng: np.random.Generator, holds: bool) -> Thermometer:
    """Two or three cells: increasing in ``values`` (``holds``, when the
    cells drawn have two values or more) or drawn blindly."""
    cells = rng.choice(16, int(rng.integers(2, 4)), replace=False).tolist()
    if holds:
        rising = {int(values[c]): c for c in cells}  # one cell per value
        if len(rising) >= 2:
            cells = [rising[v] for v in sorted(rising)]
    return Thermometer(tuple(cells))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), houses=st.integers(1, 2), thermometers=st.integers(0, 3),
       share=st.floats(0.0, 0.5))
def test_extra_houses_and_thermometers_count_as_brute_force(seed, houses, thermometers, share):
    rng = np.random.default_rng(seed)
    full = solve(Puzzle(np.zeros((4, 4), int), FOUR), "backtracking").grid.ravel()
    full = rng.permutation(4)[full - 1] + 1  # the values renamed: another full grid
    constraints = [_house(full, rng, bool(rng.integers(2))) for _ in range(houses)]
    constraints += [_thermometer(full, rng, bool(rng.integers(2))) for _ in range(thermometers)]
    try:
        rules = Rules(FOUR, tuple(constraints))
    except RulesError:
        assume(False)
    grid = np.where(rng.random(16) < share, full, 0).reshape(4, 4)
    puzzle = Puzzle(grid, rules)
    expected = brute_count(puzzle)
    assert count_solutions(puzzle, "backtracking", limit=None) == expected
    if puzzle.conflicts():  # clues repeated in a house: named before any search
        assert expected == 0
        with pytest.raises(UnsolvablePuzzle, match="the clues repeat"):
            solve(puzzle, "backtracking")
        return
    result = solve(puzzle, "backtracking")
    if expected:
        assert verify(puzzle, result.grid)
    else:
        assert result.status.name == "INFEASIBLE"


def test_a_value_locked_in_an_extra_house_leaves_the_house_it_meets():
    """An extra house in the middle (r2c2 r2c3 r3c2 r3c3) meets row 2 in
    r2c2 r2c3. A 1 at r3c1 strikes 1 from r3c2 and r3c3, so the house's 1
    lies in row 2 there: the propagated root has no 1 left at r2c4 (which
    no clue sees), and r2c2, r2c3 keep it."""
    grid = np.zeros((4, 4), int)
    grid[2, 0] = 1  # r3c1
    rules = Rules(FOUR, (Region((5, 6, 9, 10)),))
    tables = kernel_tables.build_rules(rules)
    work = tables.workspace()
    solution = np.zeros(16, np.int32)
    found = kernel.count(grid.ravel().astype(np.int32), 1, 0, tables.identity, new_control(),
                         solution, tables.locked, work)
    assert found == -1  # the budget of no branch node: the root state stays in row 0
    cand = work[kernel_tables.CAND][0]
    assert not cand[7] & 1  # r2c4
    assert cand[5] & 1 and cand[6] & 1  # r2c2, r2c3 keep it


def test_a_variant_count_stops_at_its_time_limit_with_a_lower_bound():
    """The two-way search polls the stop flag: counting every solution of
    an empty 9x9 grid with one thermometer (far too many) stops at the
    limit and says how many it had found."""
    puzzle = Puzzle(np.zeros((9, 9), int),
                    Rules(Layout.square(3), (Thermometer((0, 1, 2)),)))
    with pytest.raises(CountIncomplete) as stopped:
        backtrack_count(puzzle, limit=None, time_limit=0.3)
    assert stopped.value.lower_bound >= 1


def _sums_only(rules: Rules) -> bool:
    return bool(kernel._sums_only.py_func(kernel_tables.build_rules(rules).locked))


def test_only_a_variant_of_sums_alone_leaves_a_strike_unpropagated():
    """Killers and arrows take the lazy strikes; a thermometer (pair
    relations) or an extra house keeps the propagated strikes the snipes need."""
    cage, arrow = Cage((0, 1), 3), Arrow(5, (6, 10))
    assert _sums_only(Rules(FOUR, (cage,)))
    assert _sums_only(Rules(FOUR, (cage, arrow)))
    assert not _sums_only(Rules(FOUR, (cage, Thermometer((2, 3)))))
    assert not _sums_only(Rules(FOUR, (cage, Region((5, 6, 9, 10)))))


def _cages(full: np.ndarray, rng: np.random.Generator) -> list[Cage]:
    """Cages of one to three cells grown from random cells of ``full`` (4x4)
    over different values, their totals from it (a total dropped now and
    then): ``full`` is a solution."""
    free = set(range(16))
    cages = []
    while free:
        cells = [int(rng.choice(sorted(free)))]
        free.discard(cells[0])
        for _ in range(int(rng.integers(0, 3))):
            row, col = divmod(cells[-1], 4)
            near = [c for c in (cells[-1] - 4, cells[-1] + 4, cells[-1] - 1 if col else -1,
                                cells[-1] + 1 if col < 3 else -1)
                    if c in free and full[c] not in full[cells]]
            if not near:
                break
            cells.append(int(rng.choice(near)))
            free.discard(cells[-1])
        total = int(full[cells].sum()) if rng.random() < 0.8 else None
        cages.append(Cage(tuple(sorted(cells)), total))
    return cages


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), keep=st.floats(0.0, 1.0), share=st.floats(0.0, 0.4),
       rule=st.sampled_from(kernel_tables.CAGE_RULES))
def test_killers_with_lazy_strikes_count_as_brute_force(seed, keep, share, rule):
    """The lazy strikes of a variant of sums alone (cages, some dropped, so
    that many grids fit) count every solution, under both cage rules."""
    rng = np.random.default_rng(seed)
    full = solve(Puzzle(np.zeros((4, 4), int), FOUR), "backtracking").grid.ravel()
    full = rng.permutation(4)[full - 1] + 1
    cages = [c for c in _cages(full, rng) if rng.random() < keep]
    assume(cages)
    puzzle = Puzzle(np.where(rng.random(16) < share, full, 0).reshape(4, 4),
                    Rules(FOUR, tuple(cages)))
    expected = brute_count(puzzle)
    tables = kernel_tables.build_rules(puzzle.rules, rule)
    solution = np.zeros(16, np.int32)
    found = kernel.count(puzzle.grid.ravel().astype(np.int32), 1000, 10**9, tables.identity,
                         new_control(), solution, tables.locked, tables.workspace())
    assert found == expected
    assert expected >= 1 and verify(puzzle, solution.reshape(4, 4))


def test_a_search_starts_from_the_cells_priorities():
    """Each cell's starting weight is the sum of its constraints' weights
    (the Interactive Sudoku Solver's cell priorities): its houses, a cage's
    group and sum (small cages first), a thermometer's length."""
    nine = Layout.square(3)
    rules = Rules(nine, (Cage((0, 1), 3), Thermometer((40, 41, 42, 43))))
    priority = kernel_tables.build_rules(rules).locked[kernel_tables.PRIORITY]
    houses = 3 * 9
    assert priority[0] == priority[1] == houses + 2 + max(2 * 9 - 2, 9)
    assert priority[40] == priority[43] == houses + 4
    assert priority[80] == houses
