"""The counter's two cage rules (kernel_tables.CAGE_RULES: admissible digit
sets, sum bounds) count the same solutions as brute force over every 4x4
grid, and as CP-SAT on 6x6 killers; an unknown rule is named; every sum the
counter derives from the cages (innies and outies) holds on the grid the
cages were drawn from."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, verify
from sudoku_models.counter import kernel
from sudoku_models.counter.core import NO_LIMIT, new_control
from sudoku_models.counter.kernel_tables import (CAGE_RULES, SUM_CELLS, SUM_COEFS, SUM_TOTALS,
                                                 KernelRulesError, _derived_sums, build_rules)
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import Cage
from sudoku_models.core.rules import Rules
from sudoku_models.symmetry import copies

from .test_rules import _full_grid


def _all_4x4_grids() -> list[np.ndarray]:
    """Every 4x4 Sudoku grid (288), by brute force over row permutations."""
    rows = list(itertools.permutations(range(1, 5)))
    layout = Layout.square(2)
    found = []
    for picked in itertools.product(rows, repeat=4):
        grid = np.array(picked)
        if all(len(set(grid.ravel()[h])) == 4 for h in layout.houses):
            found.append(grid)
    return found


GRIDS_4 = _all_4x4_grids()


def _count(puzzle: Puzzle, rule: str, limit=NO_LIMIT) -> tuple[int, np.ndarray]:
    tables = build_rules(puzzle.rules, rule)
    solution = np.zeros(tables.cells, np.int32)
    found = kernel.count(np.ascontiguousarray(puzzle.grid.ravel(), np.int32), limit, NO_LIMIT,
                         tables.identity, new_control(), solution, tables.locked,
                         tables.workspace())
    return int(found), solution


def _random_killer(layout: Layout, rng, clue_share: float) -> Puzzle:
    """Cages grown at random over a random full grid, totals from it, a few clues."""
    values = _full_grid(layout, rng).ravel()
    side = layout.side
    free = set(range(layout.cells))
    cages = []
    while free:
        start = int(rng.choice(sorted(free)))
        cells = [start]
        free.discard(start)
        for _ in range(int(rng.integers(0, 4))):
            row, col = divmod(cells[-1], side)
            nexts = [(row + dr) * side + col + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                     if 0 <= row + dr < side and 0 <= col + dc < side]
            nexts = [c for c in nexts if c in free and values[c] not in values[cells]]
            if not nexts:
                break
            cells.append(int(rng.choice(nexts)))
            free.discard(cells[-1])
        total = int(values[cells].sum()) if rng.random() < 0.8 else None
        cages.append(Cage(tuple(cells), total))
    grid = np.where(rng.random(layout.cells) < clue_share, values, 0).reshape(side, side)
    return Puzzle(grid, Rules(layout, tuple(cages)))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_both_cage_rules_count_what_brute_force_counts_on_4x4(seed):
    puzzle = _random_killer(Layout.square(2), np.random.default_rng(seed), 0.1)
    expected = sum(1 for grid in GRIDS_4 if verify(puzzle, grid))
    for rule in CAGE_RULES:
        found, solution = _count(puzzle, rule)
        assert found == expected, rule
        if found:
            assert verify(puzzle, solution.reshape(4, 4))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_both_cage_rules_agree_with_cp_sat_on_6x6(seed):
    puzzle = _random_killer(Layout.boxes(2, 3), np.random.default_rng(seed), 0.15)
    expected = count_solutions(puzzle, "cp", limit=50)
    for rule in CAGE_RULES:
        assert _count(puzzle, rule, 50)[0] == expected, rule


def test_an_unknown_cage_rule_is_named():
    rules = Rules(Layout.square(2), (Cage((0, 1), 3),))
    with pytest.raises(KernelRulesError, match="cage_rule must be one of sets, bounds"):
        build_rules(rules, "table")



def _derived_terms(seed: int):
    """A random 9x9 killer's grid (flat) and the sums its counter tables
    hold as ``(cells, coefficients, total)``, cages and derived sums."""
    layout = Layout.square(3)
    puzzle = _random_killer(layout, np.random.default_rng(seed), 0.0)
    values = _full_grid(layout, np.random.default_rng(seed)).ravel()  # the grid it drew from
    tables = build_rules(puzzle.rules)
    rows = zip(tables.locked[SUM_CELLS], tables.locked[SUM_COEFS], tables.locked[SUM_TOTALS])
    return values, [(cells[cells >= 0], coefs[cells >= 0], int(total))
                    for cells, coefs, total in rows]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_derived_sum_holds_on_the_grid_the_cages_come_from(seed):
    values, sums = _derived_terms(seed)
    for cells, coefs, total in sums:
        assert int((values[cells] * coefs).sum()) == total, (cells, coefs, total)


def test_outies_minus_innies_are_derived():
    """The unions of rows, columns and regions give sums with innies on the
    minus side (kept when one side has at most two cells)."""
    mixed = [s for seed in range(5) for s in _derived_terms(seed)[1] if (s[1] < 0).any()]
    assert mixed
    assert all(len(c) <= 9 and min((k > 0).sum(), (k < 0).sum()) <= 2 for c, k, _ in mixed)


def _normal(terms, total) -> tuple:
    """A sum ``terms`` (``(cell, coefficient)`` pairs) ``= total`` as the
    same key for it and its negation: the sign that makes the coefficient
    of its lowest cell positive."""
    terms = sorted(terms)
    sign = 1 if terms[0][1] > 0 else -1
    return tuple((cell, sign * k) for cell, k in terms), sign * total


def _derived(puzzle: Puzzle) -> set:
    """The sums the counter derives from ``puzzle``'s cages (:func:`_normal`)."""
    return {_normal(zip(map(int, s.cells), s.coefficients), s.total)
            for s in _derived_sums(puzzle.rules)}


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_moved_copy_of_a_killer_gets_the_same_derived_sums_moved_alike(seed):
    """The family of unions the innie-outie sums come from is kept by the
    moves of an isomorphic copy (kernel_tables._unions), so the copy's
    search starts from equally strong sums."""
    puzzle = _random_killer(Layout.square(3), np.random.default_rng(seed), 0.0)
    original = _derived(puzzle)
    for copy in copies(puzzle, 4, seed=seed)[1:]:
        moved = {_normal([(int(copy.cells[c]), k) for c, k in terms],
                         sum(k for _, k in terms) * 10 - total if copy.complemented else total)
                 for terms, total in original}
        assert _derived(copy.puzzle) == moved, (copy.rows, copy.columns, copy.transposed)


def test_each_derived_equation_is_kept_once_and_none_is_a_cage():
    """A union and its complement give one equation (up to its sign) when
    the cages cover the grid; it is kept once, and no sum a cage already
    states."""
    for seed in range(5):
        puzzle = _random_killer(Layout.square(3), np.random.default_rng(seed), 0.0)
        keys = [_normal(zip(map(int, s.cells), s.coefficients), s.total)[0]
                for s in _derived_sums(puzzle.rules)]
        cages = {_normal([(cell, 1) for cell in c.cells], 0)[0] for c in puzzle.rules.constraints
                 if c.total is not None}  # a cage without a total says nothing of its sum
        assert len(keys) == len(set(keys)) and not cages & set(keys)


def test_past_the_moved_unions_side_the_unions_are_the_solvers_runs():
    """A 25x25's family of unions a move keeps would be 4,910 unions (a
    36x36's 24,040: 3 s for 300 cages), so past MAX_MOVED_UNIONS_SIDE the
    solver's runs are taken: rows and columns from both ends, boxes in
    their order."""
    from sudoku_models.counter.kernel_tables import MAX_MOVED_UNIONS_SIDE, _unions

    layout = Layout.square(5)
    side = layout.side
    assert side > MAX_MOVED_UNIONS_SIDE
    rows, columns, boxes = ([*range(start, start + side)] for start in (0, side, 2 * side))
    runs = {tuple(order[:k]) for order in (rows, rows[::-1], columns, columns[::-1], boxes)
            for k in range(2, side)}
    assert {tuple(union) for union in _unions(layout)} == runs


def test_a_derived_sum_over_a_cage_without_total_is_kept():
    """A cage without a total says nothing of its sum, so the innies that
    fill it exactly are news (row 1 of a 4x4: cells 3 and 4 sum to 7)."""
    rules = Rules(Layout.square(2), (Cage((0, 1), 3), Cage((2, 3), None)))
    sums = {_normal(zip(map(int, s.cells), s.coefficients), s.total) for s in _derived_sums(rules)}
    assert (((2, 1), (3, 1)), 7) in sums


@pytest.mark.parametrize("side", [4, 9, 12, 13])
def test_the_sets_of_each_size_and_sum_are_every_combination_in_order(side):
    """``combinations_of`` (read from the per-side table up to
    ``TABLED_SIDE``, searched above it) against itertools: every set of
    different values of each size and sum, in lexicographic order, and
    None past the cap."""
    from sudoku_models.counter import forget_tables
    from sudoku_models.counter.kernel_tables import combination_table, combinations_of

    for size in range(side + 1):
        expected: dict[int, list[int]] = {}
        for values in itertools.combinations(range(1, side + 1), size):
            expected.setdefault(sum(values), []).append(sum(1 << (v - 1) for v in values))
        for total in range(side * (side + 1) // 2 + 2):
            sets = expected.get(total, [])
            assert combinations_of(size, total, side, cap=10**6) == sets, (size, total)
            if len(sets) > 1:
                assert combinations_of(size, total, side, cap=len(sets) - 1) is None
    forget_tables()  # a benchmark's call on a new puzzle builds the table again
    assert combination_table.cache_info().currsize == 0
