"""Make tests/data/logic_variants.jsonl, the variant puzzles the rater's
tests explain (tests/test_logic_variants.py): for each (kind, seed, floor)
of SPECS, a random solution by CP-SAT (the first row a random permutation),
then clues removed in random order while the solution stays unique
(tests/logic_checks.py), stopping at ``floor`` clues (0: a minimal
puzzle). Jigsaw regions grow from boxes by random swaps of neighbouring
cells that keep both regions connected; killer cages grow over the
solution, and a killer gets a clue where two of its solutions differ until
it has one, before the removal.

    python tests/data/make_logic_variants.py    # about a minute
"""
import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from sudoku_models import Puzzle
from sudoku_models.core.geometry import Layout
from sudoku_models.core.cell_kinds import AntiKing, AntiKnight, Cage, Parity
from sudoku_models.core.rules import diagonals, disjoint_groups, windoku
from tests.logic_checks import solutions
from sudoku_models.formats.toolkit_json import to_json

SPECS = [("6x6", 1, 0), ("6x6", 2, 0), ("6x6", 3, 0), ("8x8", 1, 0), ("12x12", 1, 70),
         ("4x4x", 1, 0), ("latin5", 1, 0), ("latin7", 1, 0), ("latin7", 2, 20),
         ("jigsaw6", 1, 0), ("jigsaw9", 1, 0), ("jigsaw9", 2, 30), ("x", 2, 28), ("x", 3, 24),
         ("x", 4, 0), ("x6", 1, 0), ("windoku", 1, 0), ("windoku", 2, 30), ("windoku", 3, 26),
         ("disjoint", 1, 0), ("antiknight", 1, 0), ("antiking", 1, 0), ("xjigsaw", 1, 0),
         ("parity", 1, 0), ("parity", 2, 24), ("killer4", 1, 0), ("killer6", 1, 0),
         ("killer6", 2, 0), ("killer9", 1, 0), ("killer9", 2, 0), ("killer9", 3, 0),
         ("killer9-large", 3, 0), ("killer9-large", 6, 0)]
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
# kind: (layout, its extra constraints)
LAYOUTS = {
    "6x6": lambda rng: (Layout.boxes(2, 3), ()),
    "8x8": lambda rng: (Layout.boxes(2, 4), ()),
    "12x12": lambda rng: (Layout.boxes(3, 4), ()),
    "4x4x": lambda rng: (Layout.square(2), diagonals(Layout.square(2))),
    "latin5": lambda rng: (Layout.latin(5), ()),
    "latin7": lambda rng: (Layout.latin(7), ()),
    "jigsaw6": lambda rng: (jigsaw(2, 3, rng, 60), ()),
    "jigsaw9": lambda rng: (jigsaw(3, 3, rng, 150), ()),
    "x": lambda rng: (Layout.square(3), diagonals(Layout.square(3))),
    "x6": lambda rng: (Layout.boxes(2, 3), diagonals(Layout.boxes(2, 3))),
    "windoku": lambda rng: (Layout.square(3), windoku(Layout.square(3))),
    "disjoint": lambda rng: (Layout.square(3), disjoint_groups(Layout.square(3))),
    "antiknight": lambda rng: (Layout.square(3), (AntiKnight(),)),
    "antiking": lambda rng: (Layout.square(3), (AntiKing(),)),
    "xjigsaw": lambda rng: (jigsaw(3, 3, rng, 150), diagonals(Layout.square(3))),
    "parity": lambda rng: (Layout.square(3), ()),   # parity marks added from the solution
    "killer4": lambda rng: (Layout.square(2), ()),  # cages added from the solution
    "killer6": lambda rng: (Layout.boxes(2, 3), ()),
    "killer9": lambda rng: (Layout.square(3), ()),
    "killer9-large": lambda rng: (Layout.square(3), ()),
}
CAGE_SIZES = {"killer4": (1, 3), "killer6": (2, 4), "killer9": (2, 5), "killer9-large": (3, 6)}


def _connected(regions, label) -> bool:
    side = regions.shape[0]
    cells = list(zip(*np.nonzero(regions == label)))
    seen, stack = {cells[0]}, [cells[0]]
    while stack:
        r, c = stack.pop()
        for dr, dc in STEPS:
            q = (r + dr, c + dc)
            if 0 <= q[0] < side and 0 <= q[1] < side and q not in seen and regions[q] == label:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(cells)


def jigsaw(rows, cols, rng, swaps):
    """Regions grown from ``rows x cols`` boxes by ``swaps`` random exchanges
    of two cells between neighbouring regions, each keeping both connected."""
    regions = np.array(Layout.boxes(rows, cols).regions)
    side = rows * cols
    done = 0
    while done < swaps:
        r, c = (int(x) for x in rng.integers(side, size=2))
        dr, dc = STEPS[rng.integers(4)]
        if not (0 <= r + dr < side and 0 <= c + dc < side):
            continue
        a, b = regions[r, c], regions[r + dr, c + dc]
        if a == b:
            continue
        # (r, c) joins b; a cell of b next to a (not the two above) joins a
        back = [(i, j) for i, j in zip(*np.nonzero(regions == b))
                if (i, j) != (r + dr, c + dc) and any(
                    0 <= i + x < side and 0 <= j + y < side and regions[i + x, j + y] == a
                    and (i + x, j + y) != (r, c) for x, y in STEPS)]
        if not back:
            continue
        i, j = back[rng.integers(len(back))]
        trial = regions.copy()
        trial[r, c], trial[i, j] = b, a
        if _connected(trial, a) and _connected(trial, b):
            regions = trial
            done += 1
    return Layout.jigsaw(regions)


def cages(full, sizes, rng):
    """Killer cages over a solution: cells taken in random order, each cage
    grown from one cell by random orthogonal neighbours holding digits not
    yet in it, up to a random size in ``sizes``; totals from the solution."""
    side = full.shape[0]
    owner = -np.ones((side, side), int)
    found = []
    for start in rng.permutation(side * side):
        r, c = divmod(int(start), side)
        if owner[r, c] >= 0:
            continue
        cells, want = [(r, c)], int(rng.integers(sizes[0], sizes[1] + 1))
        while len(cells) < want:
            options = [(i + x, j + y) for i, j in cells for x, y in STEPS
                       if 0 <= i + x < side and 0 <= j + y < side and owner[i + x, j + y] < 0
                       and (i + x, j + y) not in cells
                       and full[i + x, j + y] not in {full[p] for p in cells}]
            if not options:
                break
            cells.append(options[rng.integers(len(options))])
        for cell in cells:
            owner[cell] = len(found)
        found.append(Cage(tuple(i * side + j for i, j in cells),
                          int(sum(full[p] for p in cells))))
    return tuple(found)


def make(kind, seed, floor=0):
    """One puzzle of ``kind`` (a key of LAYOUTS) with the random ``seed``:
    minimal, or with ``floor`` clues left."""
    rng = np.random.default_rng(seed)
    layout, constraints = LAYOUTS[kind](rng)
    side = layout.side
    found = []
    while not found:
        grid = np.zeros((side, side), int)
        grid[0] = rng.permutation(side) + 1
        found = solutions(Puzzle(grid, layout, constraints=constraints), 1)
    full = found[0]
    grid = full.copy()
    if kind == "parity":  # twelve cells marked with the parity of their solution value
        cells = [int(c) for c in rng.choice(side * side, 12, replace=False)]
        constraints = tuple(Parity(tuple(c for c in cells if full.flat[c] % 2 == want), name)
                            for want, name in ((1, "odd"), (0, "even")))
    if kind in CAGE_SIZES:  # no clues; one where two solutions differ, until unique
        constraints = cages(full, CAGE_SIZES[kind], rng)
        grid = np.zeros_like(full)
        while len(found := solutions(Puzzle(grid, layout, constraints=constraints), 2)) > 1:
            differ = np.flatnonzero(found[0] != found[1])
            cell = int(differ[rng.integers(len(differ))])
            grid.flat[cell] = full.flat[cell]
    for cell in rng.permutation(side * side):
        if np.count_nonzero(grid) <= floor:
            break
        r, c = divmod(int(cell), side)
        keep, grid[r, c] = grid[r, c], 0
        if keep and len(solutions(Puzzle(grid, layout, constraints=constraints), 2)) != 1:
            grid[r, c] = keep
    name = f"{kind} seed {seed}" + (f" floor {floor}" if floor else "")
    return Puzzle(grid, layout, constraints=constraints, name=name)


if __name__ == "__main__":
    with open(HERE / "logic_variants.jsonl", "w") as out:
        for spec in SPECS:
            puzzle = make(*spec)
            print(puzzle.name, puzzle.num_clues, "clues", file=sys.stderr)
            out.write(json.dumps(to_json(puzzle)) + "\n")
