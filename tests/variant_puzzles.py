"""Small variant puzzles for the model tests, and an independent count.

* :func:`all_grids`: every valid grid of a small layout, by brute force over
  row permutations (288 for the 4x4), with no solver involved;
* :func:`brute_count`: a puzzle's solutions among them, by the rules'
  definitions (:meth:`~sudoku_models.core.rules.Rules.violations`): the reference
  the models' counts are checked against;
* :func:`random_rules`: random constraints of every kind that hold on a
  given full grid (so the puzzle has a solution) or are drawn blindly;
* :func:`variant_puzzle`: one constraint kind on a small layout, with holes.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

import numpy as np

from sudoku_models import Puzzle
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import (AntiKing, AntiKnight, AntiTaxicab, Arrow, Cage,
                                           Candidates, Clone, CountingCircles, Fortress,
                                           GlobalEntropy, GlobalMod, GreaterThan, Indexing, Kropki,
                                           KropkiNegative, NonConsecutive, Pairwise, Parity,
                                           Region, SameValues, Thermometer, XV, XVNegative)
from sudoku_models.core.line_kinds import (Between, CellSum, CountDistinct, DoubleArrow, Entropic,
                                           EqualityCage, EqualSum, HiddenSkyscraper, LittleKiller,
                                           Lockout, Lunchbox, Modular, NumberedRoom, Palindrome,
                                           PillArrow, Quadruple, RegionSumLine, RellikCage, Renban,
                                           Sandwich, Skyscraper, SumLine, Whispers, XSum, Zipper)
from sudoku_models.core.rules import Either, Rules
from sudoku_models.errors import RulesError

from .test_rules import _full_grid, _neighbours, _random_constraint, random_regular


@cache
def all_grids(layout: Layout) -> np.ndarray:
    """Every valid grid of ``layout`` (side at most 6: 4x4 has 288),
    ``(count, N*N)`` int array, by depth-first search over rows."""
    side = layout.side
    houses_of = layout.cell_houses
    found = []
    rows = [np.array(p) + 1 for p in permutations(range(side))]

    def extend(grid: list[np.ndarray]) -> None:
        r = len(grid)
        if r == side:
            found.append(np.concatenate(grid))
            return
        for row in rows:
            ok = True
            for c in range(side):
                cell = r * side + c
                for house in houses_of[cell][1:]:  # the column and the region
                    cells = layout.houses[house]
                    earlier = cells[cells < r * side]
                    if np.any(np.concatenate(grid)[earlier] == row[c]) if len(earlier) else False:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                extend(grid + [row])

    extend([])
    return np.array(found)


def brute_count(puzzle: Puzzle) -> int:
    """The number of solutions of a 4x4 ``puzzle`` (clues and every
    constraint, by their definitions), counted over :func:`all_grids`."""
    grids = all_grids(puzzle.layout)
    clues = puzzle.grid.ravel()
    keep = np.all((clues == 0) | (grids == clues), axis=1)
    return sum(not puzzle.rules.violations(g) for g in grids[keep])


def random_rules(layout: Layout, values: np.ndarray, rng: np.random.Generator,
                 count: int) -> Rules:
    """``count`` random constraints of random kinds on ``layout``
    (``tests/test_rules.py``'s maker: half of them hold on the full grid
    ``values``, the others are drawn blindly), skipping those the rules refuse."""
    constraints: list = []
    while len(constraints) < count:
        constraint = _random_constraint(layout, values, rng)
        try:
            Rules(layout, (*constraints, constraint))
        except RulesError:
            continue
        constraints.append(constraint)
    return Rules(layout, tuple(constraints))


def holding_constraint(kind: str, layout: Layout, values: np.ndarray,
                       rng: np.random.Generator):
    """One constraint of ``kind`` that holds on the full grid ``values``."""
    side, cells = layout.side, layout.cells
    if kind == "region":
        # a diagonal-like set of cells holding different values
        order = rng.permutation(cells)
        picked, seen = [], set()
        for c in order.tolist():
            if values[c] not in seen:
                picked.append(c)
                seen.add(int(values[c]))
            if len(picked) == side - 1:
                break
        return Region(tuple(picked))
    if kind in ("cage", "cage-total"):
        start = int(rng.integers(cells))
        r, c = divmod(start, side)
        other = r * side + (c + 1 if c + 1 < side else c - 1)
        total = int(values[start] + values[other]) if kind == "cage-total" else None
        return Cage((start, other), total)
    if kind in ("anti-knight", "anti-king", "non-consecutive", "xv-negative",
                "kropki-negative", "anti-taxicab", "global-entropy", "global-mod"):
        return {"anti-knight": AntiKnight(), "anti-king": AntiKing(),
                "non-consecutive": NonConsecutive(), "xv-negative": XVNegative(),
                "kropki-negative": KropkiNegative(("white",)), "anti-taxicab": AntiTaxicab(),
                "global-entropy": GlobalEntropy(), "global-mod": GlobalMod()}[kind]
    if kind == "kropki":
        for _ in range(100):
            a, b = _neighbours(side, rng)
            if abs(values[a] - values[b]) == 1:
                return Kropki((a, b), "white")
            if values[a] == 2 * values[b] or values[b] == 2 * values[a]:
                return Kropki((a, b), "black")
    if kind == "xv":
        for _ in range(100):
            a, b = _neighbours(side, rng)
            if values[a] + values[b] in (5, 10):
                return XV((a, b), int(values[a] + values[b]))
    if kind == "greater":
        a, b = (int(c) for c in rng.choice(cells, 2, False))
        return GreaterThan((a, b) if values[a] > values[b] else (b, a))
    if kind == "thermometer":
        for _ in range(100):
            picked = sorted((int(c) for c in rng.choice(cells, 3, False)), key=lambda c: values[c])
            if len({int(values[c]) for c in picked}) == 3:
                return Thermometer(tuple(picked))
    if kind == "arrow":
        for _ in range(200):
            circle, *arrow = (int(c) for c in rng.choice(cells, 3, False))
            if values[circle] == values[arrow[0]] + values[arrow[1]]:
                return Arrow(circle, tuple(arrow))
            if values[circle] > values[arrow[0]]:
                for other in range(cells):
                    if other not in (circle, arrow[0]) and \
                            values[circle] == values[arrow[0]] + values[other]:
                        return Arrow(circle, (arrow[0], other))
    if kind == "parity":
        picked = [int(c) for c in rng.choice(cells, 3, False)]
        parity = "odd" if values[picked[0]] % 2 else "even"
        return Parity(tuple(c for c in picked if values[c] % 2 == values[picked[0]] % 2),
                      parity)
    if kind == "candidates":
        picked = tuple(int(c) for c in rng.choice(cells, 3, False))
        extra = int(rng.integers(1, side + 1))
        return Candidates(picked, tuple(sorted({*(int(values[c]) for c in picked), extra})))
    if kind == "whispers":
        for _ in range(200):
            a, b = _neighbours(side, rng)
            if abs(int(values[a]) - int(values[b])) >= side // 2:
                return Whispers((a, b), side // 2)
    if kind == "renban":
        start = int(rng.integers(1, side - 1))
        return Renban(tuple(int(rng.choice(np.flatnonzero(values == v)))
                            for v in range(start, start + 3)))
    if kind == "palindrome":
        a = int(rng.integers(cells))
        others = np.flatnonzero((values == values[a]) & (np.arange(cells) != a))
        middle = int(rng.choice([c for c in range(cells) if c != a and c not in others]))
        return Palindrome((a, middle, int(rng.choice(others))))
    if kind == "fortress":
        for cell in rng.permutation(cells).tolist():
            r, c = divmod(cell, side)
            around = [values[rr * side + cc] for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1),
                                                            (r, c + 1))
                      if 0 <= rr < side and 0 <= cc < side]
            if values[cell] > max(around):
                return Fortress((cell,), "maximum")
            if values[cell] < min(around):
                return Fortress((cell,), "minimum")
    if kind == "clones":
        a, b = (int(c) for c in rng.choice(cells, 2, False))
        twins = [np.flatnonzero((values == values[x]) & (np.arange(cells) != x)) for x in (a, b)]
        pick = [int(rng.choice([t for t in twin if t not in (a, b)])) for twin in twins]
        if len(set(pick)) == 2:
            return Clone((a, b), tuple(pick))
    if kind == "regular":
        line = tuple(int(c) for c in rng.choice(cells, int(rng.integers(3, 5)), False))
        return random_regular(line, side, values, rng)
    if kind == "little-killer":
        row = int(rng.integers(side - 1))
        diagonal = tuple((row + i) * side + i for i in range(side - row))
        return LittleKiller(diagonal, int(values[list(diagonal)].sum()))
    if kind in ("sandwich", "x-sum", "skyscraper"):
        line = outside_line(side, rng)
        held = [int(values[c]) for c in line]
        if kind == "sandwich":
            return Sandwich(line, _sandwich_total(held, side))
        if kind == "x-sum":
            return XSum(line, sum(held[:held[0]]))
        return Skyscraper(line, sum(v > max(held[:i], default=0) for i, v in enumerate(held)))
    if kind in ("numbered-room", "hidden-skyscraper"):
        for _ in range(100):
            line = outside_line(side, rng)
            held = [int(values[c]) for c in line]
            if kind == "numbered-room":
                return NumberedRoom(line, held[held[0] - 1])
            hidden = [v for i, v in enumerate(held) if v < max(held[:i], default=0)]
            if hidden:
                return HiddenSkyscraper(line, hidden[0])
    path = _path(layout, rng, int(rng.integers(3, 5)))
    held = [int(values[c]) for c in path]
    if kind == "sum":
        return CellSum(path, sum(held))
    if kind == "pill-arrow":
        return PillArrow(path[:1], path[1:2]) if held[0] == held[1] else \
            PillArrow((path[0],), tuple(c for c in range(cells) if values[c] == held[0]
                                        and c != path[0])[:1])
    if kind == "double-arrow":
        for _ in range(300):
            line = _path(layout, rng, int(rng.integers(3, 5)))
            held = [int(values[c]) for c in line]
            if held[0] + held[-1] == sum(held[1:-1]):
                return DoubleArrow(line)
    if kind == "zipper":
        for _ in range(300):
            line = _path(layout, rng, 3)
            held = [int(values[c]) for c in line]
            if held[0] + held[2] == held[1]:
                return Zipper(line)
    if kind == "sum-line":
        return SumLine(path, sum(held))
    for _ in range(300 if kind == "lunchbox" else 0):
        line = _path(layout, rng, int(rng.integers(3, 5)))
        held = [int(values[c]) for c in line]
        if len(set(held)) == len(held):
            low, high = sorted((held.index(min(held)), held.index(max(held))))
            return Lunchbox(line, sum(held[low + 1:high]))
    if kind == "modular":
        for _ in range(300):
            line = _path(layout, rng, 3)
            if len({int(values[c]) % 2 for c in line[:2]}) == 2 and \
                    len({int(values[c]) % 2 for c in line[1:]}) == 2:
                return Modular(line, 2)
    if kind == "entropic" and side % 3 == 0:
        for _ in range(300):
            line = _path(layout, rng, 3)
            if len({(int(values[c]) - 1) // (side // 3) for c in line}) == 3:
                return Entropic(line)
    if kind == "quadruple":
        corner = int(rng.integers(side - 1)) * side + int(rng.integers(side - 1))
        square = (corner, corner + 1, corner + side, corner + side + 1)
        return Quadruple(square, tuple(sorted(int(values[c]) for c in square[:2])))
    for _ in range(300 if kind in ("between", "lockout", "region-sum-line") else 0):
        line = _path(layout, rng, int(rng.integers(2, 5)))
        constraint = {"between": Between(line), "lockout": Lockout(line, 2),
                      "region-sum-line": RegionSumLine(line)}[kind]
        if len(line) > 1 and not Rules(layout, (constraint,)).violations(values):
            return constraint
    if kind == "rellik-cage":
        a, b = _neighbours(side, rng)
        sums = {int(values[a]), int(values[b]), int(values[a] + values[b])}
        if values[a] != values[b]:
            return RellikCage((a, b), int(rng.choice([t for t in range(1, 2 * side) if t not in sums])))
    if kind == "pairwise":
        line = _path(layout, rng, 3)
        held = {(int(values[a]), int(values[b])) for a, b in zip(line, line[1:])}
        extra = {(int(u), int(v)) for u, v in rng.integers(1, side + 1, (side, 2))}
        return Pairwise(line, tuple(sorted(held | extra)), "consecutive")
    if kind == "indexing":
        for cell in rng.permutation(cells).tolist():
            for direction in ("column", "row"):
                constraint = Indexing((cell,), direction)
                if not Rules(layout, (constraint,)).violations(values):
                    return constraint
    for _ in range(300 if kind in ("counting-circles", "equality-cage", "count-distinct") else 0):
        line = _path(layout, rng, int(rng.integers(2, 5)))
        constraint = {"counting-circles": CountingCircles, "equality-cage": EqualityCage,
                      "count-distinct": CountDistinct}[kind](line)
        if len(line) > 1 and not Rules(layout, (constraint,)).violations(values):
            return constraint
    for _ in range(3000 if kind in ("same-values", "equal-sum") else 0):
        first, second = _path(layout, rng, 2), _path(layout, rng, int(rng.integers(1, 3)))
        if kind == "same-values" and len(second) == 2 and \
                sorted(values[list(first)]) == sorted(values[list(second)]) and \
                len(set(first + second)) == 4:
            return SameValues(first + second, 2)
        if kind == "equal-sum" and values[list(first)].sum() == values[list(second)].sum():
            return EqualSum(first + second, (len(first), len(second)))
    if kind == "or":  # one branch holds, the other is drawn blindly
        holding = holding_constraint("cage-total", layout, values, rng)
        blind = holding_constraint("kropki", layout, rng.permutation(values), rng)
        return Either(((blind,), (holding,)) if rng.random() < 0.5 else ((holding,), (blind,)))
    raise ValueError(f"no holding {kind} found")


def _path(layout: Layout, rng: np.random.Generator, size: int) -> tuple[int, ...]:
    """A random path of ``size`` cells, each an orthogonal or diagonal
    neighbour of the one before, no cell twice (shorter if it is stuck)."""
    side = layout.side
    path = [int(rng.integers(layout.cells))]
    while len(path) < size:
        r, c = divmod(path[-1], side)
        steps = [(r + dr) * side + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if 0 <= r + dr < side and 0 <= c + dc < side
                 and (r + dr) * side + c + dc not in path]
        if not steps:
            break
        path.append(int(rng.choice(steps)))
    return tuple(path)


def outside_line(side: int, rng: np.random.Generator) -> tuple[int, ...]:
    """A random row or column, from either end."""
    index = int(rng.integers(side))
    line = (tuple(index * side + c for c in range(side)) if rng.random() < 0.5 else
            tuple(r * side + index for r in range(side)))
    return line if rng.random() < 0.5 else line[::-1]


def _sandwich_total(held: list[int], side: int) -> int:
    low, high = sorted((held.index(1), held.index(side)))
    return sum(held[low + 1:high])


GLOBAL = ("anti-knight", "anti-king", "non-consecutive", "xv-negative", "kropki-negative",
          "anti-taxicab", "global-entropy", "global-mod")


def _grid_where(constraint, layout: Layout, rng: np.random.Generator) -> np.ndarray:
    """A random full grid of ``layout`` on which ``constraint`` holds: drawn
    from :func:`all_grids` for a 4x4, else the counter's answer to the
    empty grid with a random first row (up to 200 rows tried). ``ValueError``
    when there is none."""
    rules = Rules(layout, (constraint,))
    if layout.side == 4:
        grids = [g for g in all_grids(layout) if not rules.violations(g)]
        if not grids:
            raise ValueError(f"no {layout.name} grid satisfies {constraint.kind}")
        return grids[int(rng.integers(len(grids)))]
    from sudoku_models.solving import make_method

    model = make_method("backtracking", rules)
    for _ in range(200):
        grid = np.zeros((layout.side,) * 2, int)
        grid[0] = rng.permutation(layout.side) + 1
        found = model.solve(Puzzle(grid, rules)).grid
        if found is not None:
            return found.ravel()
    raise ValueError(f"no {layout.name} grid satisfies {constraint.kind} (200 first rows tried)")


def variant_puzzle(kind: str, layout: Layout, seed: int, share: float = 0.6) -> Puzzle:
    """A puzzle of a small ``layout`` with one or two constraints of
    ``kind`` that hold on a random full grid (for the global kinds, a grid
    they hold on; ``kropki-negative`` comes with the white dots of its grid),
    and about ``share`` of the cells emptied: it has a solution."""
    rng = np.random.default_rng(seed)
    if kind in GLOBAL:
        constraint = holding_constraint(kind, layout, None, rng)
        if kind == "kropki-negative":
            values = _full_grid(layout, rng).ravel()
            side = layout.side
            dots = tuple(Kropki((a, b), "white") for a in range(layout.cells)
                         for b in (a + 1, a + side)
                         if b < layout.cells and (b == a + side or b % side)
                         and abs(values[a] - values[b]) == 1)
            constraints = [constraint, *dots]
        else:
            values = _grid_where(constraint, layout, rng)
            constraints = [constraint]
    else:
        values = _full_grid(layout, rng).ravel()
        constraints = []
        while len(constraints) < 2:
            constraint = holding_constraint(kind, layout, values, rng)
            try:
                Rules(layout, (*constraints, constraint))
            except RulesError:
                continue
            if constraint not in constraints:
                constraints.append(constraint)
    grid = np.where(rng.random(layout.cells) < share, 0, values).reshape(layout.side, -1)
    return Puzzle(grid, Rules(layout, tuple(constraints)))
