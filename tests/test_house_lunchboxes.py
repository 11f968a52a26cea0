"""The counter's rule for sandwiches and lunchboxes whose cells hold every
value once (``kernel._house_lunchboxes``, in place of their regular lines,
issue 47): it keeps every value some word of the box's rule supports,
refuses exactly the filled houses that break the rule (so dropping the
line loses no check), and counts as brute force on 4x4 and as CP-SAT on
6x6."""

from itertools import permutations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, count_solutions, solve, verify
from sudoku_models.core.geometry import Layout
from sudoku_models.core.line_kinds import Lunchbox, Sandwich
from sudoku_models.core.rules import Rules
from sudoku_models.counter import kernel, kernel_tables

from .variant_puzzles import all_grids, brute_count

LAYOUTS = {4: Layout.square(2), 6: Layout.boxes(2, 3)}


def _box_tables(constraint, side):
    rules = Rules(LAYOUTS[side], (constraint,))
    boxes = kernel_tables._house_boxes(rules, rules.peer_matrix)
    assert [box for box, _ in boxes] == [constraint]
    return kernel_tables._house_lunchboxes(boxes, side)


def _run(constraint, side, masks):
    """The rule once on a grid whose first row holds ``masks``: its result
    and the row's candidates after it."""
    cells, spans, combos = _box_tables(constraint, side)
    full = (1 << side) - 1
    cand = np.full(side * side, full, np.int64)
    cand[:side] = masks
    keys = np.full(cells.shape, -1, np.int64)
    result = kernel._house_lunchboxes(cand, cells, spans, combos, np.zeros(side, np.int64), keys)
    return result, cand[:side]


def _box(kind, side, total):
    return (Sandwich if kind == "sandwich" else Lunchbox)(tuple(range(side)), total)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(side=st.sampled_from([4, 6]), kind=st.sampled_from(["sandwich", "lunchbox"]),
       data=st.data())
def test_the_rule_keeps_every_value_a_word_of_the_box_supports(side, kind, data):
    total = data.draw(st.integers(0, side * (side - 1) // 2))
    masks = data.draw(st.lists(st.integers(1, (1 << side) - 1), min_size=side, max_size=side))
    box = _box(kind, side, total)
    supported = [0] * side
    for word in permutations(range(1, side + 1)):
        if all(masks[i] >> (v - 1) & 1 for i, v in enumerate(word)) and box.holds(list(word),
                                                                                     side):
            for i, v in enumerate(word):
                supported[i] |= 1 << (v - 1)
    result, after = _run(box, side, masks)
    if result < 0:
        assert supported == [0] * side
    else:
        assert all(int(a) & s == s for a, s in zip(after, supported))
        assert all(int(a) & ~m == 0 for a, m in zip(after, masks))
        assert result == int(any(int(a) != m for a, m in zip(after, masks)))


@pytest.mark.parametrize("kind", ["sandwich", "lunchbox"])
@pytest.mark.parametrize("side", [4, 6])
def test_the_rule_refuses_exactly_the_filled_houses_that_break_it(side, kind):
    for total in range(side * (side - 1) // 2 + 1):
        box = _box(kind, side, total)
        for word in permutations(range(1, side + 1)):
            result, _ = _run(box, side, [1 << (v - 1) for v in word])
            assert (result >= 0) == box.holds(list(word), side), (total, word)


def test_only_a_box_of_every_value_leaves_its_line():
    layout = LAYOUTS[4]
    snake = Lunchbox((0, 1, 5, 4), 0)  # four different values, though not a house
    row = Sandwich((0, 1, 2, 3), 2)
    rules = Rules(layout, (snake, row, Lunchbox((4, 5, 6), 0)))
    boxes = kernel_tables._house_boxes(rules, rules.peer_matrix)
    assert [box for box, _ in boxes] == [snake, row]
    tables = kernel_tables.build_rules(rules)
    assert tables.locked[kernel_tables.LINE_CELLS].tolist() == [[4, 5, 6]]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), share=st.floats(0.0, 0.4))
def test_house_boxes_count_as_brute_force_on_4x4(seed, share):
    rng = np.random.default_rng(seed)
    grids = all_grids(LAYOUTS[4])
    values = grids[int(rng.integers(len(grids)))].reshape(4, 4)
    clues = []
    for _ in range(int(rng.integers(1, 5))):
        at = int(rng.integers(4))
        cells = tuple(at * 4 + c for c in range(4)) if rng.random() < 0.5 else \
            tuple(c * 4 + at for c in range(4))
        cells = cells[::-1] if rng.random() < 0.5 else cells
        word = [int(values.flat[c]) for c in cells]
        low, high = sorted((word.index(1), word.index(4)))
        total = sum(word[low + 1:high]) if rng.random() < 0.8 else int(rng.integers(6))
        clues.append((Sandwich if rng.random() < 0.5 else Lunchbox)(cells, total))
    grid = np.where(rng.random((4, 4)) < share, values, 0)
    puzzle = Puzzle(grid, Rules(LAYOUTS[4], tuple(dict.fromkeys(clues))))
    expected = min(brute_count(puzzle), 50)
    assert count_solutions(puzzle, "backtracking", limit=50) == expected
    result = solve(puzzle, "backtracking")
    assert verify(puzzle, result.grid) if expected else result.status.name == "INFEASIBLE"


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_house_boxes_count_as_cp_sat_on_6x6(seed):
    """Sandwiches on every row and column of a random 6x6 grid, a few
    removed, no givens: the counter's count (to 20) is CP-SAT's."""
    rng = np.random.default_rng(seed)
    filled = solve(Puzzle(np.zeros((6, 6), int), Rules(LAYOUTS[6], ())), "backtracking").grid
    values = rng.permutation(6)[filled - 1] + 1
    clues = []
    for index in range(12):
        cells = tuple(range(index * 6, index * 6 + 6)) if index < 6 else \
            tuple(range(index - 6, 36, 6))
        word = [int(values.flat[c]) for c in cells]
        low, high = sorted((word.index(1), word.index(6)))
        if rng.random() < 0.6:
            clues.append(Sandwich(cells, sum(word[low + 1:high])))
    puzzle = Puzzle(np.zeros((6, 6), int), Rules(LAYOUTS[6], tuple(clues)))
    assert count_solutions(puzzle, "backtracking", limit=20) == \
        count_solutions(puzzle, "cp", limit=20, time_limit=120)
