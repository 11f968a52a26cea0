"""The variants' relations between two cells in the rater (Kropki, XV,
non-consecutive, the negative constraints, greater-than, thermometers,
whispers, renban, palindromes, fortress cells, clones, candidate givens):
each kind's puzzle is made from a known solution (the constraints true in
it, a third of its cells as clues), and every elimination of a relation
step is checked against the compiled counter on the position it was
found on (an elimination is valid when no completion of the position has
it), the whole explanation against the known solution."""

import functools

import numpy as np
import pytest

from sudoku_models import Puzzle, count_solutions, solve
from sudoku_models.core.geometry import Layout
from sudoku_models.logic import UnsolvablePuzzle, UnsupportedRules, explain, rate
from sudoku_models.logic.candidates import CandidateGrid
from sudoku_models.logic.human_solver import apply
from sudoku_models.logic.pair_relations import TECHNIQUE_NAMES
from sudoku_models.logic.step import NEEDS_SEARCH
from sudoku_models.core.cell_kinds import (Arrow, Clone, Fortress, GreaterThan, Kropki,
                                           KropkiNegative, NonConsecutive, Thermometer, XV,
                                           XVNegative)
from sudoku_models.core.line_kinds import Palindrome, Renban, Whispers
from sudoku_models.core.cell_kinds import Candidates as Givens

LAYOUT = Layout.square(3)
SOLUTION = Puzzle.from_string("534678912672195348198342567859761423426853791713924856"
                              "961537284287419635345286179").grid.ravel()


def _neighbours():
    for a in range(81):
        r, c = divmod(a, 9)
        if c < 8:
            yield a, a + 1
        if r < 8:
            yield a, a + 9


def _paths(solution, step_ok, length: int, rng, count: int) -> list[tuple]:
    """Up to ``count`` orthogonal paths of ``length`` cells, each step from
    a cell to the next allowed by ``step_ok(u, v)`` on ``solution``."""
    found = []
    for start in rng.permutation(81).tolist():
        path = [start]
        while len(path) < length:
            r, c = divmod(path[-1], 9)
            nexts = [rr * 9 + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                     if 0 <= rr < 9 and 0 <= cc < 9 and rr * 9 + cc not in path
                     and step_ok(solution[path[-1]], solution[rr * 9 + cc])]
            if not nexts:
                break
            path.append(nexts[0])
        if len(path) == length:
            found.append(tuple(path))
        if len(found) == count:
            break
    return found


def _twins(solution, count: int) -> list[tuple[int, int]]:
    """Pairs of cells holding the same value, in no common house."""
    rows, cols = np.divmod(np.arange(81), 9)
    found = []
    for a in range(81):
        for b in range(a + 1, 81):
            if (solution[a] == solution[b] and rows[a] != rows[b] and cols[a] != cols[b]
                    and (rows[a] // 3, cols[a] // 3) != (rows[b] // 3, cols[b] // 3)):
                found.append((a, b))
    return found[::len(found) // count][:count]


def _solution(kind: str) -> np.ndarray:
    """SOLUTION, or for the grid-wide rules a grid the backtracking solver
    finds for them (no two neighbours consecutive; none summing to 5 or 10)."""
    rule = {"non-consecutive": NonConsecutive(), "kropki-negative": NonConsecutive(),
            "xv-negative": XVNegative()}.get(kind)
    if rule is None:
        return SOLUTION
    empty = Puzzle(np.zeros((9, 9), int), LAYOUT, constraints=(rule,))
    return solve(empty, "backtracking").grid.ravel()


def _constraints(kind: str, solution, rng) -> tuple:
    s = solution
    if kind == "kropki":
        dots = [Kropki((a, b), "white") if abs(s[a] - s[b]) == 1 else Kropki((a, b), "black")
                for a, b in _neighbours()
                if abs(s[a] - s[b]) == 1 or s[a] == 2 * s[b] or s[b] == 2 * s[a]]
        return (*dots, KropkiNegative())
    if kind == "kropki-negative":  # the black dots given, white ones nowhere
        dots = [Kropki((a, b), "black") for a, b in _neighbours()
                if s[a] == 2 * s[b] or s[b] == 2 * s[a]]
        return (*dots, KropkiNegative(("white",)))
    if kind == "xv-negative":
        return (XVNegative(),)
    if kind == "xv":
        marks = [XV((a, b), int(s[a] + s[b])) for a, b in _neighbours() if s[a] + s[b] in (5, 10)]
        return (*marks, XVNegative())
    if kind == "non-consecutive":
        return (NonConsecutive(),)
    if kind == "greater":
        pairs = list(_neighbours())
        chosen = [pairs[i] for i in rng.choice(len(pairs), 40, replace=False)]
        return tuple(GreaterThan((a, b) if s[a] > s[b] else (b, a)) for a, b in chosen)
    if kind == "thermometer":
        return tuple(Thermometer(p) for p in _paths(s, lambda u, v: v > u, 4, rng, 10))
    if kind == "whispers":
        return tuple(Whispers(p, 4) for p in _paths(s, lambda u, v: abs(u - v) >= 4, 4, rng, 8))
    if kind == "renban":
        lines = _paths(s, lambda u, v: abs(u - v) == 1, 3, rng, 30)
        return tuple(Renban(p) for p in lines if len({s[c] for c in p}) == 3)[:8]
    if kind == "palindrome":
        return tuple(Palindrome(p) for p in _twins(s, 10))
    if kind == "fortress":
        tops = [a for a in range(81) if all(s[a] > s[b] for x, y in _neighbours()
                                            for b in ((y,) if x == a else (x,) if y == a else ()))]
        return (Fortress(tuple(tops), "maximum"),)
    if kind == "clones":
        twins, used = [], set()
        for a, b in _twins(s, 40):
            if not {a, b} & used:
                twins.append((a, b))
                used |= {a, b}
        return (Clone(tuple(a for a, _ in twins), tuple(b for _, b in twins)),)
    if kind == "candidates":
        cells = rng.choice(81, 30, replace=False).tolist()
        return tuple(Givens((c,), (int(s[c]), int(s[c]) % 9 + 1)) for c in cells)
    raise AssertionError(kind)


#: The puzzles made, each with the techniques it must use.
KINDS = {"kropki": ("Kropki Dot",), "kropki-negative": ("Negative Kropki",),
         "xv": ("XV",), "xv-negative": ("Negative XV",),
         "non-consecutive": ("Non-Consecutive",), "greater": ("Greater Than",),
         "thermometer": ("Thermometer",), "whispers": ("Whispers",), "renban": ("Renban",),
         "palindrome": ("Palindrome",), "fortress": ("Fortress",), "clones": ("Clone",),
         "candidates": ()}


def test_every_relation_technique_is_checked():
    assert {n for names in KINDS.values() for n in names} == set(TECHNIQUE_NAMES.values())


#: Cells left empty: 54 of 81, more where the relations are dense.
CLUES_REMOVED = {"kropki": 72, "xv": 72, "non-consecutive": 70, "kropki-negative": 70,
                 "xv-negative": 70}


@functools.cache
def _puzzle(kind: str) -> tuple[Puzzle, np.ndarray]:
    rng = np.random.default_rng(sorted(KINDS).index(kind))
    solution = _solution(kind)
    grid = solution.copy()
    grid[rng.permutation(81)[:CLUES_REMOVED.get(kind, 54)]] = 0
    puzzle = Puzzle(grid.reshape(9, 9), LAYOUT, constraints=_constraints(kind, solution, rng))
    assert puzzle.rules.violations(solution) == []
    return puzzle, solution


def _position(puzzle: Puzzle, grid: CandidateGrid, extra=()) -> Puzzle:
    """The position of ``grid`` as a puzzle the counter reads: the rules,
    the values placed, each empty cell's candidates as a candidate given."""
    full = (1 << 9) - 1
    givens = tuple(Givens((c,), tuple(v for v in range(1, 10) if m >> (v - 1) & 1))
                   for c, m in enumerate(grid.cand) if not grid.values[c] and m != full)
    return Puzzle(np.array(grid.values).reshape(9, 9), LAYOUT,
                  constraints=(*puzzle.constraints, *givens, *extra))


@pytest.mark.parametrize("kind", KINDS)
def test_relation_eliminations_hold_in_every_completion(kind):
    puzzle, solution = _puzzle(kind)
    steps = explain(puzzle)
    grid = CandidateGrid.from_puzzle(puzzle)
    names = set(TECHNIQUE_NAMES.values())
    checked = dict.fromkeys(KINDS[kind], 0)
    for step in steps:
        for cell, value in step.placements:
            assert solution[cell] == value, step.text
        for cell, value in step.eliminations:
            assert solution[cell] != value, step.text
        if step.technique in names and checked.get(step.technique, 0) < 8:
            checked[step.technique] = checked.get(step.technique, 0) + 1
            assert step.rating == 1.5 and step.text.startswith(f"{step.technique}: ")
            assert count_solutions(_position(puzzle, grid), "backtracking", limit=1) == 1
            by_cell = {}
            for cell, value in step.eliminations:
                by_cell.setdefault(cell, []).append(value)
            for cell, values in by_cell.items():  # no completion takes any of them
                position = _position(puzzle, grid, (Givens((cell,), tuple(values)),))
                assert count_solutions(position, "backtracking", limit=1) == 0, step.text
        if step.technique != NEEDS_SEARCH:
            apply(grid, step)
    assert all(checked.values()), checked
    if kind == "candidates":  # candidate givens are the cells' starting candidates
        for constraint in puzzle.constraints:
            cell = constraint.cells[0]
            if not puzzle.grid.flat[cell]:
                assert CandidateGrid.from_puzzle(puzzle).cand[cell] & ~sum(
                    1 << (v - 1) for v in constraint.values) == 0
    if steps[-1].technique != NEEDS_SEARCH:
        assert np.array_equal(np.array(grid.values), solution)


def test_a_thermometer_step_gives_its_bounds_at_once():
    thermo = Thermometer((0, 1, 2, 11))
    puzzle = Puzzle(np.zeros((9, 9), int), LAYOUT, constraints=(thermo,))
    step = explain(puzzle)[0]
    assert step.technique == "Thermometer"
    removed = {cell: {v for c, v in step.eliminations if c == cell} for cell in thermo.cells}
    assert removed == {0: {7, 8, 9}, 1: {1, 8, 9}, 2: {1, 2, 9}, 11: {1, 2, 3}}
    assert step.text.startswith("Thermometer: thermometer r1c1 with r1c1={1,2,3,4,5,6,7,8,9}")


def test_grid_wide_rules_are_read_one_pair_at_a_time():
    grid = np.zeros((9, 9), int)
    grid[4, 4] = 5
    puzzle = Puzzle(grid, LAYOUT, constraints=(NonConsecutive(),))
    step = explain(puzzle)[0]
    assert step.technique == "Non-Consecutive"
    cells = {c for c, _ in step.eliminations}
    assert len(cells) == 1 and cells <= {31, 39, 41, 49}
    assert {v for _, v in step.eliminations} == {4, 6}
    assert "r5c5=5" in step.text


@pytest.mark.parametrize("constraints, message", [
    ((Kropki((0, 1), "black"),), "black dot r1c1-r1c2: r1c1=3 and r1c2=5 break the rule"),
    ((Thermometer((1, 0)),), "thermometer r1c2: r1c2=5 and r1c1=3 break the rule"),
    ((XV((0, 1), 10),), "X r1c1-r1c2: r1c1=3 and r1c2=5 break the rule"),
])
def test_clues_breaking_a_relation_are_unsolvable(constraints, message):
    grid = np.zeros((9, 9), int)
    grid[0, 0], grid[0, 1] = 3, 5
    with pytest.raises(UnsolvablePuzzle, match=f"contradictory clues: {message}"):
        rate(Puzzle(grid, LAYOUT, constraints=constraints))


def test_a_placement_breaking_a_relation_is_a_contradiction():
    grid = SOLUTION.copy().reshape(9, 9)
    grid[0, :2] = 0  # r1c1 and r1c2 are 5 and 3 by the rows; the dot wants them apart by 1
    with pytest.raises(UnsolvablePuzzle, match="the deductions reach a contradiction: white dot "
                                               "r1c1-r1c2: r1c1=5 and r1c2=3 break the rule"):
        explain(Puzzle(grid, LAYOUT, constraints=(Kropki((0, 1), "white"),)))


def test_arrows_stay_refused_by_kind():
    puzzle = Puzzle(np.zeros((9, 9), int), LAYOUT,
                    constraints=(Arrow(0, (1, 2)), Kropki((9, 10)), Thermometer((18, 19))))
    with pytest.raises(UnsupportedRules, match=r"^the human techniques cannot explain arrow "
                                               r"constraints \(a sum along a line"):
        explain(puzzle)
