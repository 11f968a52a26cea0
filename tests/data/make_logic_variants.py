"""Make tests/data/logic_variants.jsonl, the variant puzzles the rater's
tests explain (tests/test_logic_variants.py): for each (kind, seed, floor)
of SPECS, a random solution by CP-SAT (the first row a random permutation),
then clues removed in random order while the solution stays unique
(tests/logic_checks.py), stopping at ``floor`` clues (0: a minimal
puzzle). Jigsaw regions grow from boxes by random swaps of neighbouring
cells that keep both regions connected.

    python tests/data/make_logic_variants.py    # about a minute
"""
import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from sudoku_models import Puzzle
from sudoku_models.geometry import Layout
from sudoku_models.rules import (
    AntiKing,
    AntiKnight,
    Parity,
    diagonals,
    disjoint_groups,
    windoku,
)
from tests.logic_checks import solutions

SPECS = [("6x6", 1, 0), ("6x6", 2, 0), ("6x6", 3, 0), ("8x8", 1, 0), ("12x12", 1, 70),
         ("4x4x", 1, 0), ("latin5", 1, 0), ("latin7", 1, 0), ("latin7", 2, 20),
         ("jigsaw6", 1, 0), ("jigsaw9", 1, 0), ("jigsaw9", 2, 30), ("x", 2, 28), ("x", 3, 24),
         ("x", 4, 0), ("x6", 1, 0), ("windoku", 1, 0), ("windoku", 2, 30), ("windoku", 3, 26),
         ("disjoint", 1, 0), ("antiknight", 1, 0), ("antiking", 1, 0), ("xjigsaw", 1, 0),
         ("parity", 1, 0), ("parity", 2, 24)]


def jigsaw(side, rows, cols, rng, swaps=400):
    reg = np.array(Layout.boxes(rows, cols).regions).copy()
    def connected(reg, label):
        cells = list(zip(*np.nonzero(reg == label)))
        seen = {cells[0]}; stack = [cells[0]]
        while stack:
            r, c = stack.pop()
            for dr, dc in ((0,1),(1,0),(0,-1),(-1,0)):
                q = (r+dr, c+dc)
                if 0 <= q[0] < side and 0 <= q[1] < side and q not in seen and reg[q] == label:
                    seen.add(q); stack.append(q)
        return len(seen) == len(cells)
    done = 0
    while done < swaps:
        r, c = rng.integers(side, size=2)
        dr, dc = [(0,1),(1,0),(0,-1),(-1,0)][rng.integers(4)]
        if not (0 <= r+dr < side and 0 <= c+dc < side): continue
        a, b = reg[r, c], reg[r+dr, c+dc]
        if a == b: continue
        # move (r,c) to b and some cell of b adjacent to a to a
        cand = [(i, j) for i, j in zip(*np.nonzero(reg == b)) if (i, j) != (r+dr, c+dc) and any(
            0 <= i+x < side and 0 <= j+y < side and reg[i+x, j+y] == a and (i+x, j+y) != (r, c)
            for x, y in ((0,1),(1,0),(0,-1),(-1,0)))]
        if not cand: continue
        i, j = cand[rng.integers(len(cand))]
        new = reg.copy(); new[r, c] = b; new[i, j] = a
        if connected(new, a) and connected(new, b):
            reg = new; done += 1
    return Layout.jigsaw(reg)


def make(kind, seed, floor=0):
    rng = np.random.default_rng(seed)
    if kind == "6x6": layout, cons = Layout.boxes(2, 3), ()
    elif kind == "8x8": layout, cons = Layout.boxes(2, 4), ()
    elif kind == "12x12": layout, cons = Layout.boxes(3, 4), ()
    elif kind == "4x4x": layout = Layout.square(2); cons = diagonals(layout)
    elif kind == "latin5": layout, cons = Layout.latin(5), ()
    elif kind == "latin7": layout, cons = Layout.latin(7), ()
    elif kind == "jigsaw6": layout, cons = jigsaw(6, 2, 3, rng, 60), ()
    elif kind == "jigsaw9": layout, cons = jigsaw(9, 3, 3, rng, 150), ()
    elif kind == "x": layout = Layout.square(3); cons = diagonals(layout)
    elif kind == "x6": layout = Layout.boxes(2, 3); cons = diagonals(layout)
    elif kind == "windoku": layout = Layout.square(3); cons = windoku(layout)
    elif kind == "disjoint": layout = Layout.square(3); cons = disjoint_groups(layout)
    elif kind == "antiknight": layout = Layout.square(3); cons = (AntiKnight(),)
    elif kind == "antiking": layout = Layout.square(3); cons = (AntiKing(),)
    elif kind == "parity": layout = Layout.square(3); cons = ()
    elif kind == "xjigsaw": layout = jigsaw(9, 3, 3, rng, 150); cons = diagonals(layout)
    else: raise SystemExit(kind)
    side = layout.side
    while True:
        grid = np.zeros((side, side), int)
        grid[0] = rng.permutation(side) + 1
        p = Puzzle(grid, layout, constraints=cons)
        sols = solutions(p, 1)
        if sols: break
    full = sols[0]
    if kind == "parity":  # twelve cells marked with the parity of their solution value
        cells = [int(c) for c in rng.choice(side * side, 12, replace=False)]
        cons = tuple(Parity(tuple(c for c in cells if full.flat[c] % 2 == want), name)
                     for want, name in ((1, "odd"), (0, "even")))
    grid = full.copy()
    for cell in rng.permutation(side * side):
        if np.count_nonzero(grid) <= floor:
            break
        r, c = divmod(int(cell), side)
        keep = grid[r, c]; grid[r, c] = 0
        if len(solutions(Puzzle(grid, layout, constraints=cons), 2)) != 1:
            grid[r, c] = keep
    p = Puzzle(grid, layout, constraints=cons, name=f"{kind} seed {seed}" + (f" floor {floor}" if floor else ""))
    return p


if __name__ == "__main__":
    with open(HERE / "logic_variants.jsonl", "w") as out:
        for spec in SPECS:
            puzzle = make(*spec)
            print(puzzle.name, puzzle.num_clues, "clues", file=sys.stderr)
            out.write(json.dumps(puzzle.to_json()) + "\n")
