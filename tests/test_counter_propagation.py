"""The variant kernel's propagation for renban lines, little killers, pill
arrows and other sums over cells that may repeat a value (issue 47):
counts against brute force over every 4x4 grid, with clues, several
constraints at once and some of them drawn blindly (so that a puzzle may
have none, one or many solutions); every answer checked by ``verify``."""

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, verify
from sudoku_models.counter import kernel, kernel_tables
from sudoku_models.counter.core import new_control
from sudoku_models.core.geometry import Layout
from sudoku_models.core.line_kinds import Renban
from sudoku_models.core.rules import Rules
from sudoku_models.errors import RulesError

from .test_rules import _full_grid, _random_constraint
from .variant_puzzles import brute_count, holding_constraint

FOUR = Layout.square(2)
KINDS = ("renban", "little-killer", "pill-arrow", "arrow", "sum", "double-arrow", "cage-total",
         "sum-line", "thermometer", "whispers")


def _count(puzzle: Puzzle, rule: str = "sets") -> tuple[int, np.ndarray]:
    tables = kernel_tables.build_rules(puzzle.rules, rule)
    solution = np.zeros(puzzle.layout.cells, np.int32)
    found = kernel.count(puzzle.grid.ravel().astype(np.int32), 1000, 10**9, tables.identity,
                         new_control(), solution, tables.locked, tables.workspace())
    return int(found), solution


def _counts_as_brute_force(puzzle: Puzzle, rule: str = "sets") -> None:
    """The counter's count of the 4x4 ``puzzle`` (up to 1,000) is brute
    force's, and its first answer passes ``verify``."""
    expected = min(brute_count(puzzle), 1000)
    found, solution = _count(puzzle, rule)
    assert found == expected
    if expected:
        assert verify(puzzle, solution.reshape(4, 4))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), kinds=st.lists(st.sampled_from(KINDS), min_size=1,
                                                      max_size=4),
       blind=st.integers(0, 2), share=st.floats(0.0, 0.5),
       rule=st.sampled_from(kernel_tables.CAGE_RULES))
def test_mixed_sums_and_lines_count_as_brute_force(seed, kinds, blind, share, rule):
    rng = np.random.default_rng(seed)
    values = _full_grid(FOUR, rng).ravel()
    constraints = []
    for kind in kinds:
        constraint = holding_constraint(kind, FOUR, values, rng)
        if constraint is not None:
            constraints.append(constraint)
    for _ in range(blind):
        constraints.append(_random_constraint(FOUR, values, rng))
    try:
        rules = Rules(FOUR, tuple(dict.fromkeys(constraints)))
    except (RulesError, TypeError):
        assume(False)
    assume(not rules.classic)
    puzzle = Puzzle(np.where(rng.random(16) < share, values, 0).reshape(4, 4), rules)
    _counts_as_brute_force(puzzle, rule)


@pytest.mark.parametrize("size", [2, 3, 4])
def test_a_renban_is_pruned_by_its_runs_of_consecutive_values(size):
    """A renban's entry holds its runs of ``size`` consecutive values, and
    with a 1 on it the count is brute force's."""
    cells = (0, 1, 2, 3)[:size]
    tables = kernel_tables.build_rules(Rules(FOUR, (Renban(cells),)))
    first = tables.locked[kernel_tables.SUM_COMBOS]
    combos = tables.locked[kernel_tables.COMBOS]
    runs = {int(c) for c in combos[first[-2]:first[-1]]}
    assert runs == {((1 << size) - 1) << low for low in range(4 - size + 1)}
    clues = np.zeros((4, 4), int)
    clues[0, 0] = 1
    puzzle = Puzzle(clues, Rules(FOUR, (Renban(cells),)))
    expected = brute_count(puzzle)
    assert _count(puzzle)[0] == expected


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(2, 4), fit=st.booleans(),
       share=st.floats(0.0, 0.5))
def test_a_relation_on_every_two_cells_that_makes_them_differ_counts_as_brute_force(
        seed, size, fit, share):
    """A symmetric relation without equal pairs on every two of a few cells
    (an anti-renban, the Interactive Sudoku Solver's ``PairX``) is pruned by
    the sets of values it allows (:func:`.kernel_tables._pairwise_sets`):
    its entry holds exactly the sets whose every two values are allowed,
    and the count is brute force's."""
    from itertools import combinations

    from sudoku_models.core.cell_kinds import Pairwise

    rng = np.random.default_rng(seed)
    values = _full_grid(FOUR, rng).ravel()
    cells = tuple(int(c) for c in rng.choice(16, size, replace=False))
    pairs = {(u, v) for u in range(1, 5) for v in range(u + 1, 5) if rng.random() < 0.6}
    if fit:
        pairs |= {tuple(sorted((int(values[a]), int(values[b])))) for a, b in combinations(cells, 2)
                  if values[a] != values[b]}
    allowed = tuple(sorted(pairs | {(v, u) for u, v in pairs}))
    assume(allowed)
    rules = Rules(FOUR, (Pairwise(cells, allowed, "all"),))
    sets = {sum(1 << (v - 1) for v in chosen) for chosen in combinations(range(1, 5), size)
            if all((u, v) in allowed for u, v in combinations(chosen, 2))}
    tables = kernel_tables.build_rules(rules)
    first = tables.locked[kernel_tables.SUM_COMBOS]
    combos = tables.locked[kernel_tables.COMBOS]
    assert {int(c) for c in combos[first[-2]:first[-1]]} == sets
    puzzle = Puzzle(np.where(rng.random(16) < share, values, 0).reshape(4, 4), rules)
    _counts_as_brute_force(puzzle)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), terms=st.integers(1, 6), feasible=st.booleans())
def test_a_sum_over_groups_keeps_every_value_of_a_solution(seed, terms, feasible):
    """The bounds of a sum over groups of cells that must differ
    (:func:`kernel._group_bounds`) strike only values that no assignment
    (different values within each group) reaching the total has, and call a
    contradiction only when none exists: checked against every
    assignment of up to six cells with values 1..6."""
    from itertools import product

    rng = np.random.default_rng(seed)
    side = 6
    full = (1 << side) - 1
    sizes = []
    while sum(sizes) < terms:
        sizes.append(int(rng.integers(1, terms - sum(sizes) + 1)))
    groups = np.array([g for g, size in enumerate(sizes) for _ in range(size)], np.int64)
    factor = [int(rng.choice([1, 1, -1, 2, -3])) for _ in sizes]
    coefs = np.array([factor[g] for g in groups], np.int64)
    cand = np.array([int(rng.integers(1, full + 1)) for _ in range(terms)], np.int64)
    cells = np.arange(terms, dtype=np.int64)
    choices = [[v for v in range(1, side + 1) if cand[i] >> (v - 1) & 1] for i in range(terms)]

    def fits(values) -> bool:
        return all(len({values[i] for i in range(terms) if groups[i] == g}) == size
                   for g, size in enumerate(sizes))

    picks = [values for values in product(*choices) if fits(values)]
    if feasible and picks:
        total = int(sum(c * v for c, v in zip(coefs, picks[int(rng.integers(len(picks)))])))
    else:
        total = int(rng.integers(-20, 40))
    solutions = [values for values in picks if sum(c * v for c, v in zip(coefs, values)) == total]
    pruned = cand.copy()
    result = kernel._group_bounds(pruned, cells, coefs, total, groups, full)
    if result < 0:
        assert not solutions
        return
    for values in solutions:
        for i, v in enumerate(values):
            assert pruned[i] >> (v - 1) & 1
    assert result == int((pruned != cand).any())


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), terms=st.integers(1, 6))
def test_a_sum_with_three_open_cells_or_fewer_keeps_exactly_their_supported_values(seed, terms):
    """:func:`kernel._few_cells` strikes only values no assignment reaching
    the total has (cells of one group different) and calls a contradiction
    only when none exists; with at most three open cells it keeps exactly
    the values some assignment of the open cells uses (the fixed cells
    counted at their value), and with more it leaves the sum alone."""
    from itertools import product

    rng = np.random.default_rng(seed)
    side = 6
    full = (1 << side) - 1
    groups = np.array([int(rng.integers(-1, 3)) for _ in range(terms)], np.int64)
    coefs = np.array([int(rng.choice([1, 1, -1, 2, -3])) for _ in range(terms)], np.int64)
    cand = np.array([1 << int(rng.integers(side)) if rng.random() < 0.4
                     else int(rng.integers(1, full + 1)) for _ in range(terms)], np.int64)
    cells = np.arange(terms, dtype=np.int64)
    choices = [[v for v in range(1, side + 1) if cand[i] >> (v - 1) & 1] for i in range(terms)]
    opened = [i for i in range(terms) if len(choices[i]) > 1]

    def differ(values, among) -> bool:
        return all(values[i] != values[j] for i in among for j in among
                   if i < j and groups[i] >= 0 and groups[i] == groups[j])

    picks = [values for values in product(*choices) if differ(values, opened)]
    total = int(sum(c * v for c, v in zip(coefs, picks[int(rng.integers(len(picks)))]))) \
        if picks and rng.random() < 0.7 else int(rng.integers(-20, 40))
    reaching = [values for values in picks if sum(c * v for c, v in zip(coefs, values)) == total]
    pruned = cand.copy()
    result = kernel._few_cells(pruned, cells, coefs, total, groups)
    if len(opened) > 3:
        assert result == 0 and (pruned == cand).all()
        return
    if result < 0:
        assert not reaching
        return
    for i in range(terms):
        kept = {v for v in choices[i] if pruned[i] >> (v - 1) & 1}
        assert kept == {values[i] for values in reaching}
    assert result == int((pruned != cand).any())
    solutions = [values for values in reaching if differ(values, range(terms))]
    for values in solutions:
        for i, v in enumerate(values):
            assert pruned[i] >> (v - 1) & 1


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(2, 5), share=st.floats(0.0, 0.4))
def test_little_killers_with_their_combined_sums_count_as_brute_force(seed, count, share):
    """Little killers on 4x4 with their combined sums
    (:func:`kernel_tables._combined_sums`; any two disjoint ones with a cell
    seeing the other are merged here, as 4x4 diagonals are shorter than
    :data:`kernel_tables.MIN_RELATED`) count as brute force does."""
    rng = np.random.default_rng(seed)
    values = _full_grid(FOUR, rng).ravel()
    constraints = [holding_constraint("little-killer", FOUR, values, rng) for _ in range(count)]
    try:
        rules = Rules(FOUR, tuple(dict.fromkeys(c for c in constraints if c is not None)))
    except (RulesError, TypeError):
        assume(False)
    assume(not rules.classic)
    puzzle = Puzzle(np.where(rng.random(16) < share, values, 0).reshape(4, 4), rules)
    expected = min(brute_count(puzzle), 1000)
    related = kernel_tables.MIN_RELATED
    kernel_tables.MIN_RELATED = 1
    try:
        found, solution = _count(puzzle)
    finally:
        kernel_tables.MIN_RELATED = related
    assert found == expected
    if expected:
        assert verify(puzzle, solution.reshape(4, 4))


LITTLE_KILLER_48 = (".LittleKiller~48~R1C1.LittleKiller~48~R8C9.LittleKiller~48~R7C9"
                    ".LittleKiller~48~R1C9.LittleKiller~48~R9C2.LittleKiller~48~R9C3"
                    ".LittleKiller~48~R9C4")


def test_a_grouped_sum_keeps_its_plain_bounds_too():
    """The little-killer snipe of seven 48s (the Interactive Sudoku
    Solver's ``LITTLE_KILLER_SNIPES`` #15, MIT): its diagonals' bounds over
    their exclusion groups, without each cell's plain bounds beside them,
    took more than a million branch nodes to count it (issue 47); with both
    a few thousand."""
    from sudoku_models.counter.core import NODES
    from sudoku_models.formats.puzzle_text import read_puzzle

    puzzle = read_puzzle(LITTLE_KILLER_48)
    tables = kernel_tables.build_rules(puzzle.rules)
    assert len(kernel_tables._combined_sums(puzzle.rules.lowered.sums, puzzle.rules.peer_matrix,
                                            9)) == 1
    solution = np.zeros(81, np.int32)
    control = new_control()
    found = kernel.count(puzzle.grid.ravel().astype(np.int32), 2, 100_000, tables.identity,
                         control, solution, tables.locked, tables.workspace())
    assert found == 1 and control[NODES] < 100_000
    assert verify(puzzle, solution.reshape(9, 9))


LONG_SUMS_2 = (".PillArrow~2~R6C5~R5C5~R4C5~R4C4~R5C4~R5C3~R5C2~R6C2~R6C3~R7C3~R7C4~R8C4~R9C4"
               "~R9C5~R8C5~R7C5~R7C6~R8C6~R8C7~R7C7~R6C7~R5C7~R5C8~R4C8~R4C9~R3C9~R2C9~R2C8"
               "~R3C8~R3C7~R2C7~R2C6~R3C6~R3C5.DisjointSets.")


def test_a_long_arrows_exclusion_groups_are_its_boxes_beside_disjoint_sets():
    """The Interactive Sudoku Solver's 'Long sums 2' (MIT): a two-cell pill
    (at most 99) over an arrow of 32 cells in a grid with disjoint sets.
    Grown from the first term, in the arrow's order or shuffled, its groups
    sum to at least 87 and the count took 175,013 branch nodes (issue 47);
    grown from the term with the most peers, the groups are as large as
    the arrow's cells in each box (8, 6, 5, 4, 3, 3, 2, 1), at least 98 in
    all, and the count takes a few."""
    from collections import Counter

    from sudoku_models.counter.core import NODES
    from sudoku_models.formats.puzzle_text import read_puzzle

    puzzle = read_puzzle(LONG_SUMS_2)
    (arrow,) = puzzle.rules.lowered.sums
    parts = kernel_tables._exclusion_groups(list(arrow.cells), list(arrow.coefficients),
                                            puzzle.rules.peer_matrix)
    groups = [[arrow.cells[i] for i in part] for part in parts
              if arrow.coefficients[part[0]] == 1]
    boxes = Counter((c // 27, c % 9 // 3) for c in arrow.cells[2:])
    assert sorted(map(len, groups)) == sorted(boxes.values())
    assert sum(len(g) * (len(g) + 1) // 2 for g in groups) == 98
    tables = kernel_tables.build_rules(puzzle.rules)
    solution = np.zeros(81, np.int32)
    control = new_control()
    found = kernel.count(puzzle.grid.ravel().astype(np.int32), 2, 100_000, tables.identity,
                         control, solution, tables.locked, tables.workspace())
    assert found == 1 and control[NODES] < 1_000
    assert verify(puzzle, solution.reshape(9, 9))


def test_a_needed_value_left_in_two_cells_is_struck_from_the_cells_that_see_both():
    """A cage over r1c1, r1c2 and r5c1 that needs a 9 with the 9 left in its
    two row-1 cells: the 9 goes from the rest of row 1 and of box 1 (the
    cells that see both), and stays in column 1 below and in r5c1's box;
    left in three places, nothing is struck; a cell that sees both and has
    only the 9 is a contradiction."""
    nine = Layout.square(3)
    matrix = Rules(nine, ()).peer_matrix
    peer_bits = kernel_tables._peer_bits(matrix)
    cage = np.array([[0, 1, 36, -1]], np.int64)
    grid = np.zeros(81, np.int32)
    bit = np.int64(1 << 8)
    full = np.int64((1 << 9) - 1)

    cand = np.full(81, full, np.int64)
    cand[36] &= ~bit
    assert kernel._pair_exclusions(cand, grid, cage, 0, bit, peer_bits) == 1
    seeing_both = set(np.flatnonzero(matrix[0] & matrix[1]))
    assert seeing_both == set(range(2, 9)) | {9, 10, 11, 18, 19, 20}
    assert {c for c in range(81) if not cand[c] & bit} == seeing_both | {36}
    assert kernel._pair_exclusions(cand, grid, cage, 0, bit, peer_bits) == 0

    cand = np.full(81, full, np.int64)
    assert kernel._pair_exclusions(cand, grid, cage, 0, bit, peer_bits) == 0
    assert (cand == full).all()

    cand = np.full(81, full, np.int64)
    cand[36] &= ~bit
    cand[5] = bit
    assert kernel._pair_exclusions(cand, grid, cage, 0, bit, peer_bits) == -1


def test_the_peer_bitsets_hold_the_peer_matrix():
    for layout in (Layout.square(2), Layout.square(3), Layout.square(4), Layout.boxes(2, 3)):
        matrix = Rules(layout, ()).peer_matrix
        bits = kernel_tables._peer_bits(matrix)
        rebuilt = np.array([[bits[a, b // 63] >> (b % 63) & 1 for b in range(layout.cells)]
                            for a in range(layout.cells)], bool)
        assert (rebuilt == matrix).all()


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), holding=st.booleans(), share=st.floats(0.0, 0.4),
       others=st.integers(0, 1))
def test_counting_circles_count_as_brute_force(seed, holding, share, others):
    """Counting circles pruned by their value sets and exclusion groups
    (:func:`~sudoku_models.counter.kernel._counting_circles`) on a 4x4:
    circles that hold on a random grid (each value ``v`` of a random set
    in ``v`` of its cells) or drawn blindly, perhaps a second set, some
    clues; the count is brute force's and the answer verifies."""
    from sudoku_models.core.cell_kinds import CountingCircles

    rng = np.random.default_rng(seed)
    values = _full_grid(FOUR, rng).ravel()
    circles = []
    for _ in range(1 + others):
        if holding:
            chosen = [v for v in range(1, 5) if rng.random() < 0.5] or [int(rng.integers(1, 5))]
            cells = [int(c) for v in chosen
                     for c in rng.choice(np.flatnonzero(values == v), v, replace=False)]
        else:
            cells = rng.choice(16, int(rng.integers(2, 11)), replace=False).tolist()
        circles.append(CountingCircles(tuple(sorted(cells))))
    rules = Rules(FOUR, tuple(dict.fromkeys(circles)))
    puzzle = Puzzle(np.where(rng.random(16) < share, values, 0).reshape(4, 4), rules)
    _counts_as_brute_force(puzzle)


@pytest.mark.parametrize("seed", range(5))
def test_counting_circles_tables_hold_the_value_sets_and_groups(seed):
    """Random circles on a 9x9: the groups split the circles into cells
    that see each other; the value sets are every set of values, none
    above the number of groups, summing to the number of circles; a
    group's seen cells are exactly the other cells that see all of it."""
    from sudoku_models.core.cell_kinds import CountingCircles

    rng = np.random.default_rng(seed)
    cells = tuple(sorted(rng.choice(81, int(rng.integers(6, 24)), replace=False).tolist()))
    rules = Rules(Layout.square(3), (CountingCircles(cells),))
    locked = kernel_tables.build_rules(rules).locked
    matrix = rules.peer_matrix
    order = [int(c) for c in locked[kernel_tables.CIRCLES][0] if c >= 0]
    groups = locked[kernel_tables.CIRCLE_GROUPS][0][:len(order)].tolist()
    assert sorted(order) == list(cells) and groups == sorted(groups)
    members = [[c for c, g in zip(order, groups) if g == k] for k in range(max(groups) + 1)]
    assert all(matrix[a, b] for group in members for a in group for b in group if a != b)
    combos = {int(c) for c in locked[kernel_tables.CIRCLE_COMBOS][0] if c}
    expected = {m for m in range(1, 1 << min(9, len(members)))
                if sum(v + 1 for v in range(9) if m >> v & 1) == len(cells)}
    assert combos == expected
    for k, group in enumerate(members):
        seen = [int(c) for c in locked[kernel_tables.CIRCLE_SEEN][0, k] if c >= 0]
        assert seen == [c for c in range(81) if c not in group and matrix[c, group].all()]
