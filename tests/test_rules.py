"""The constraints of variants: each kind's definition on filled grids, its
validation, and its lowering into the families the models read, checked
against the definition on random grids (a lowering that disagreed with the
rule would make every solver built on it wrong)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, verify
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import (AntiKing, AntiKnight, Arrow, Cage, Candidates, Clone,
                                           Fortress, GreaterThan, Kropki, KropkiNegative,
                                           NonConsecutive, Parity, Region, Thermometer, XV,
                                           XVNegative)
from sudoku_models.core.line_kinds import Palindrome, Regular, Renban, Whispers
from sudoku_models.core.rules import diagonals, disjoint_groups, Rules, windoku
from sudoku_models.errors import RulesError


def _full_grid(layout, rng):
    """A random valid grid of a box layout: the pattern grid with shuffled
    digits, rows within bands and columns within stacks (an independent
    maker of solutions)."""
    tall, wide = layout.box_shape
    side = layout.side
    base = np.array([[(wide * (r % tall) + r // tall + c) % side for c in range(side)]
                     for r in range(side)])
    rows = np.concatenate([band * tall + rng.permutation(tall)
                           for band in rng.permutation(side // tall)])
    cols = np.concatenate([stack * wide + rng.permutation(wide)
                           for stack in rng.permutation(side // wide)])
    return rng.permutation(side)[base[rows][:, cols]] + 1


def _lowered_holds(rules, values):
    """Whether a filled grid satisfies the lowered families."""
    low = rules.lowered
    for group in low.groups:
        if len(set(values[list(group)].tolist())) != len(group):
            return False
    for s in low.sums:
        if sum(k * values[c] for c, k in zip(s.cells, s.coefficients)) != s.total:
            return False
    for p in low.pairs:
        if not p.allowed[values[p.first] - 1, values[p.second] - 1]:
            return False
    for line in low.lines:
        if not line.automaton.accepts(values[list(line.cells)]):
            return False
    return all(low.domains[c] >> (values[c] - 1) & 1 for c in range(len(values)))


def _neighbours(side, rng):
    a = int(rng.integers(side * side))
    r, c = divmod(a, side)
    options = [(r + dr) * side + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
               if 0 <= r + dr < side and 0 <= c + dc < side]
    return a, int(rng.choice(options))


def random_regular(line: tuple, side: int, values, rng) -> Regular:
    """A random regular line on ``line``: a regular expression (one token
    per cell, some quantified or in an alternation) or a small
    non-deterministic automaton; with ``values`` (a full grid) one that
    accepts what the line holds there."""
    word = [int(rng.integers(1, side + 1)) if values is None else int(values[c]) for c in line]
    if rng.random() < 0.5:
        tokens = []
        for v in word:
            low = int(rng.integers(1, v + 1))
            high = int(rng.integers(v, side + 1))
            token = str(rng.choice([str(v), ".", f"[{low}-{high}]", f"[^{v % side + 1}]",
                                    f"({v}|{int(rng.integers(1, side + 1))})"]))
            tokens.append(token + str(rng.choice(["", "", "?", "*", "+", "{1,2}"])))
        return Regular(line, pattern="".join(tokens))
    states = int(rng.integers(1, 4))
    path = [0, *(int(rng.integers(states)) for _ in word)]
    triples = {(path[i], v, path[i + 1]) for i, v in enumerate(word)}
    triples |= {(int(rng.integers(states)), int(rng.integers(1, side + 1)),
                 int(rng.integers(states))) for _ in range(2 * side)}
    return Regular(line, transitions=tuple(sorted(triples)), start=0,
                   accepting=tuple(sorted({path[-1], int(rng.integers(states))})))


def _orthogonal_neighbours(cell: int, side: int) -> list[int]:
    r, c = divmod(cell, side)
    return [rr * side + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < side and 0 <= cc < side]


def _random_constraint(layout, values, rng):
    """A random constraint of a random kind, made to hold on ``values`` half
    of the time (by reading the values) and drawn blindly otherwise."""
    side, cells = layout.side, layout.cells
    fit = rng.random() < 0.5
    kind = rng.integers(20)
    if kind == 0:
        picked = tuple(int(c) for c in rng.choice(cells, int(rng.integers(2, side + 1)), False))
        return Region(picked)
    if kind == 1:
        size = int(rng.integers(1, 5))
        picked = tuple(int(c) for c in rng.choice(cells, size, False))
        low, high = size * (size + 1) // 2, size * (2 * side - size + 1) // 2
        total = int(values[list(picked)].sum()) if fit else int(rng.integers(low, high + 1))
        return Cage(picked, total if low <= total <= high else None)
    if kind in (2, 3, 4):
        return (AntiKnight, AntiKing, NonConsecutive)[kind - 2]()
    if kind == 5:
        a, b = _neighbours(side, rng)
        color = "white" if (abs(values[a] - values[b]) == 1) == fit else "black"
        return Kropki((a, b), color)
    if kind == 6:
        return KropkiNegative([("white",), ("black",), ("white", "black")][rng.integers(3)])
    if kind == 7:
        a, b = _neighbours(side, rng)
        return XV((a, b), int(values[a] + values[b]) if fit and values[a] + values[b] in (5, 10)
                  else int(rng.choice([5, 10])))
    if kind == 8:
        return XVNegative()
    if kind == 9:
        a, b = (int(c) for c in rng.choice(cells, 2, False))
        return GreaterThan((a, b) if (values[a] > values[b]) == fit else (b, a))
    if kind == 10:
        picked = [int(c) for c in rng.choice(cells, int(rng.integers(2, min(side, 5) + 1)), False)]
        if fit:
            picked.sort(key=lambda c: values[c])
        return Thermometer(tuple(picked))
    if kind == 11:
        picked = [int(c) for c in rng.choice(cells, int(rng.integers(2, 4)), False)]
        return Arrow(picked[0], tuple(picked[1:]))
    if kind == 12:
        return Parity(tuple(int(c) for c in rng.choice(cells, 3, False)),
                      str(rng.choice(["odd", "even"])))
    line = [int(c) for c in rng.choice(cells, int(rng.integers(2, min(side, 4) + 1)), False)]
    if kind == 13:
        extra = {int(v) for v in rng.integers(1, side + 1, 2)}
        held = {int(values[c]) for c in line} if fit else set()
        return Candidates(tuple(line), tuple(sorted(held | extra)))
    if kind == 14:
        gap = int(rng.integers(1, side // 2 + 1))
        if fit:
            gap = max(1, min(gap, *(abs(int(values[a]) - int(values[b]))
                                    for a, b in zip(line, line[1:]))))
        return Whispers(tuple(line), gap)
    if kind == 16:
        extreme = str(rng.choice(["maximum", "minimum"]))
        if fit:  # the grid's own largest (or smallest) value among its neighbours
            picked = [c for c in line if all(
                (values[c] > values[n]) == (extreme == "maximum")
                for n in _orthogonal_neighbours(c, side))]
            line = picked or line
        return Fortress(tuple(line), extreme)
    if kind == 17:
        others = [int(c) for c in rng.permutation(cells) if c not in line][:len(line)]
        if fit:  # clones holding the same values
            others = []
            for c in line:
                same = [int(o) for o in np.flatnonzero(values == values[c])
                        if o not in line and o not in others]
                if not same:
                    break
                others.append(same[0])
            line = line[:len(others)] or line[:1]
            others = others or [int(next(c for c in range(cells) if c not in line))]
        return Clone(tuple(line), tuple(others))
    if kind == 18:
        return random_regular(tuple(line), side, values if fit else None, rng)
    if kind == 15:
        if fit:  # cells holding a run of consecutive values
            start = int(rng.integers(1, side - len(line) + 2))
            line = [int(rng.choice(np.flatnonzero(values == v))) for v in
                    range(start, start + len(line))]
        return Renban(tuple(line))
    if fit:  # a palindrome of two cells holding one value
        value = values[line[0]]
        others = [c for c in np.flatnonzero(values == value) if c != line[0]]
        line = [line[0], int(rng.choice(others))] if others else line
    return Palindrome(tuple(line))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (2, 4)]), st.integers(0, 2**32 - 1))
def test_the_lowering_agrees_with_the_definition(box, seed):
    rng = np.random.default_rng(seed)
    layout = Layout.boxes(*box)
    values = _full_grid(layout, rng).ravel()
    constraints = []
    while len(constraints) < 4:
        constraint = _random_constraint(layout, values, rng)
        try:
            rules = Rules(layout, (*constraints, constraint))
        except RulesError:  # a thermometer too long: draw again
            continue
        constraints.append(constraint)
    rules = Rules(layout, tuple(constraints))
    assert (rules.violations(values) == []) == _lowered_holds(rules, values), constraints


def _grid(rows):
    return np.array([[int(ch) for ch in row] for row in rows])


# a valid 4x4 grid:  1 2 | 3 4 / 3 4 | 1 2 / 2 1 | 4 3 / 4 3 | 2 1
GRID4 = _grid(["1234", "3412", "2143", "4321"])


@pytest.mark.parametrize("constraint, broken", [
    (Cage((0, 1), 3), False), (Cage((0, 1), 4), True), (Cage((0, 15), None), True),
    (Region((0, 5, 10, 15)), True), (Region((0, 1, 4, 5)), False),
    (Kropki((0, 1), "white"), False), (Kropki((0, 1), "black"), False),
    (Kropki((1, 2), "black"), True), (Kropki((2, 3), "white"), False),
    (XV((2, 6), 5), True), (XV((1, 2), 5), False), (GreaterThan((3, 0)), False),
    (GreaterThan((0, 3)), True), (Thermometer((0, 1, 2, 3)), False),
    (Thermometer((0, 4, 8)), True), (Arrow(3, (0, 4)), False), (Arrow(3, (0, 1)), True),
    (Parity((0, 2), "odd"), False), (Parity((0, 1), "odd"), True),
    (AntiKing(), True), (NonConsecutive(), True), (AntiKnight(), True),
])
def test_each_kind_by_hand_on_a_4x4(constraint, broken):
    rules = Rules(Layout.square(2), (constraint,))
    assert bool(rules.violations(GRID4)) == broken
    puzzle = Puzzle(np.zeros((4, 4), int), rules)
    assert verify(puzzle, GRID4) is not broken


def test_negative_constraints_exempt_the_marked_pairs():
    layout = Layout.square(2)
    # r1c1-r1c2 hold 1 and 2: consecutive and in ratio 2
    assert Rules(layout, (KropkiNegative(("white",)),)).violations(GRID4)
    marked = Rules(layout, (KropkiNegative(("white", "black")), Kropki((0, 1), "black"),
                            Kropki((1, 2), "white"), Kropki((2, 3), "white"),
                            Kropki((4, 5), "white"), Kropki((6, 7), "white"),
                            Kropki((8, 9), "white"), Kropki((10, 11), "white"),
                            Kropki((12, 13), "white"), Kropki((14, 15), "white")))
    remaining = marked.violations(GRID4)
    assert remaining and all("with no dot" in m for m in remaining)
    assert "r1c1" not in " ".join(remaining)  # the black dot exempts the 1-2 pair
    # r2c2 = 4 and r3c2 = 1 sum to 5 with no V between them
    xv = Rules(layout, (XVNegative(),)).violations(GRID4)
    assert any("r2c2 and r3c2 sum to 5" in m for m in xv)
    flat = GRID4.ravel()
    orthogonal = [(a, a + d) for a in range(16) for d in (1, 4)
                  if (d == 1 and a % 4 < 3) or (d == 4 and a < 12)]
    fives = [XV(p, 5) for p in orthogonal if flat[p[0]] + flat[p[1]] == 5]
    assert fives and not Rules(layout, (XVNegative(), *fives)).violations(GRID4)
    assert Rules(layout, (XVNegative(), *fives[1:])).violations(GRID4)


@pytest.mark.parametrize("constraints, message", [
    ((Region((0, 1, 2, 3, 4)),), "a region has 2 to 4 cells, got 5"),
    ((Region((0, 0)),), "cell r1c1 appears twice"),
    ((Cage((0, 99), 3),), "cell 99 is outside the 4x4 grid"),
    ((Cage((0, 1), 8),), r"2 different values in 1\.\.4 sum to 3\.\.7, not 8"),
    ((Thermometer((0, 1, 2, 3, 7)),), "a thermometer has 2 to 4 cells, got 5"),
    ((Kropki((5, 5)),), "a relation between r2c2 and itself"),
    ((GreaterThan((5, 5)),), "a relation between r2c2 and itself"),
    ((Kropki((0, 5)),), "r1c1 and r2c2 are not orthogonal neighbours"),
    ((XV((0, 1), 7),), "total must be 10 \\(X\\) or 5 \\(V\\)"),
    ((Kropki((0, 1), "grey"),), "color must be white or black"),
    ((Arrow(0, (0, 1)),), "cell r1c1 appears twice"),
    ((Arrow(0, (1, 2, 3, 4)),), "an arrow has 1 to 3 cells"),
    ((Parity((1,), "prime"),), "parity must be odd or even"),
])
def test_bad_constraints_are_refused_naming_what_and_where(constraints, message):
    with pytest.raises(RulesError, match=message):
        Rules(Layout.square(2), constraints)
    with pytest.raises(TypeError, match="Constraint objects"):
        Rules(Layout.square(2), ("cage",))


def test_shapes_of_extra_regions():
    layout = Layout.square(3)
    main, anti = diagonals(layout)
    assert main.cells == tuple(range(0, 81, 10)) and anti.cells == tuple(range(8, 80, 8))
    windows = windoku(layout)
    assert [w.cells[0] for w in windows] == [10, 14, 46, 50] and all(
        len(w.cells) == 9 for w in windows)
    groups = disjoint_groups(layout)
    assert len(groups) == 9 and groups[0].cells == (0, 3, 6, 27, 30, 33, 54, 57, 60)
    assert sorted(c for g in groups for c in g.cells) == list(range(81))
    with pytest.raises(RulesError, match="windoku needs a layout with boxes"):
        windoku(Layout.latin(5))
    # rectangular boxes: 2x3 windows on a 6x6, one in from the edges
    assert [w.cells for w in windoku(Layout.boxes(2, 3))] == [(7, 8, 9, 13, 14, 15)]


def test_extra_groups_add_peers_and_full_regions_count_as_houses():
    layout = Layout.square(3)
    rules = Rules(layout, (*diagonals(layout), Cage((0, 80), 10), AntiKnight()))
    assert rules.peer_matrix[0, 80] and rules.peer_matrix[0, 11]  # diagonal, knight
    assert not layout.peer_matrix[0, 80]
    full = [g for g, f in zip(rules.lowered.groups, rules.lowered.full) if f]
    assert sorted(map(len, full)) == [9, 9]
    # a knight pair already in one house adds no group
    assert all(len(g) > 2 or not layout.peer_matrix[g] for g in rules.lowered.groups)


def test_clue_conflicts_include_cages_and_extra_regions():
    layout = Layout.square(3)
    grid = np.zeros((9, 9), int)
    grid[0, 0] = grid[8, 8] = 5
    puzzle = Puzzle(grid, layout, constraints=diagonals(layout))
    assert [c.house for c in puzzle.conflicts()] == ["region 'main diagonal'"]
    caged = Puzzle(grid, layout, constraints=(Cage((0, 80)),))
    assert [(c.house, c.cells) for c in caged.conflicts()] == [("cage r1c1", ((1, 1), (9, 9)))]


def test_a_whisper_line_may_close_a_loop():
    """The closing pair counts too: closing the line r1c1 r1c2 r1c3 r2c3
    r2c2 r2c1 back to r1c1 leaves no grid of the 8 the open line allows,
    and the counter agrees with brute force on both."""
    from sudoku_models import Puzzle, count_solutions

    from .variant_puzzles import brute_count

    counts = []
    for cells in ((0, 1, 2, 6, 5, 4), (0, 1, 2, 6, 5, 4, 0)):
        puzzle = Puzzle(np.zeros((4, 4), int), 2, constraints=(Whispers(cells, 2),))
        assert len(puzzle.rules.lowered.pairs) == len(cells) - 1
        counts.append(count_solutions(puzzle, "backtracking", limit=None))
        assert counts[-1] == brute_count(puzzle)
    assert counts == [8, 0]
    with pytest.raises(RulesError, match="none next to itself"):
        Whispers((0, 0, 1), 2).validate(Layout.square(2))
