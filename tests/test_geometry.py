"""The geometry: houses, peers and names of every layout, checked against
the definitions (a row is the cells of one row, a box the cells whose row
and column fall in one block, a peer a cell sharing a house), and bad
layouts refused with a message naming what is wrong."""

import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Puzzle, PuzzleFormatError
from sudoku_models.core.geometry import Layout, LayoutError


def _by_definition(side, region_of):
    """Houses as sets of (row, column), straight from the definitions."""
    cells = [(r, c) for r in range(side) for c in range(side)]
    rows = [{(r, c) for c in range(side)} for r in range(side)]
    cols = [{(r, c) for r in range(side)} for c in range(side)]
    if region_of is None:
        return rows + cols
    labels = sorted({region_of(r, c) for r, c in cells},
                    key=lambda g: min(r * side + c for r, c in cells if region_of(r, c) == g))
    regions = [{(r, c) for r, c in cells if region_of(r, c) == g} for g in labels]
    return rows + cols + regions


def _as_sets(layout):
    side = layout.side
    return [{divmod(int(c), side) for c in house} for house in layout.houses]


@pytest.mark.parametrize("rows, cols", [(2, 2), (3, 3), (2, 3), (3, 2), (2, 4), (2, 5), (3, 4),
                                        (4, 4), (5, 5), (6, 6), (4, 9)])
def test_box_layouts_have_the_houses_of_the_definition(rows, cols):
    layout = Layout.boxes(rows, cols)
    side = rows * cols
    assert layout.side == side and layout.kind == "boxes" and layout.box_shape == (rows, cols)
    assert _as_sets(layout) == _by_definition(side, lambda r, c: (r // rows, c // cols))
    assert layout.order == (rows if rows == cols else None)
    # every cell is in exactly one house of each kind, and cell_houses says which
    for cell in range(side * side):
        found = [h for h in range(layout.num_houses) if cell in layout.houses[h]]
        assert found == list(layout.cell_houses[cell])


@pytest.mark.parametrize("side", [2, 5, 7])
def test_latin_squares_have_rows_and_columns_only(side):
    layout = Layout.latin(side)
    assert _as_sets(layout) == _by_definition(side, None)
    assert layout.cell_houses.shape == (side * side, 2)
    assert (layout.peer_counts == 2 * (side - 1)).all()


def _random_jigsaw(side, rng):
    """Regions grown from random seeds until every cell is taken (each region
    ends with ``side`` cells, or we retry): an independent maker of jigsaws."""
    while True:
        labels = np.full((side, side), -1)
        seeds = rng.choice(side * side, side, replace=False)
        sizes = np.zeros(side, int)
        for g, s in enumerate(seeds):
            labels.flat[s] = g
            sizes[g] = 1
        stuck = False
        while (labels < 0).any() and not stuck:
            stuck = True
            for g in rng.permutation(side):
                if sizes[g] == side:
                    continue
                border = [(r + dr, c + dc) for r, c in np.argwhere(labels == g)
                          for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                          if 0 <= r + dr < side and 0 <= c + dc < side and labels[r + dr, c + dc] < 0]
                if border:
                    r, c = border[rng.integers(len(border))]
                    labels[r, c] = g
                    sizes[g] += 1
                    stuck = False
        if not stuck and (sizes == side).all():
            return labels


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 8), st.integers(0, 2**31))
def test_jigsaw_houses_and_peers_follow_the_definition(side, seed):
    labels = _random_jigsaw(side, np.random.default_rng(seed)) * 7 + 3  # any distinct labels
    layout = Layout.jigsaw(labels)
    assert _as_sets(layout) == _by_definition(side, lambda r, c: labels[r, c])
    # peers by definition: share a row, a column or a region
    for a in range(side * side):
        (ra, ca), expected = divmod(a, side), []
        for b in range(side * side):
            rb, cb = divmod(b, side)
            if a != b and (ra == rb or ca == cb or labels[ra, ca] == labels[rb, cb]):
                expected.append(b)
        row = layout.peers[a]
        assert list(row[: layout.peer_counts[a]]) == expected
        assert (row[layout.peer_counts[a]:] == -1).all()
    pairs = {tuple(p) for p in layout.peer_pairs.tolist()}
    assert pairs == {(a, b) for a in range(side * side) for b in layout.peers[a][
        : layout.peer_counts[a]] if a < b}


def test_a_jigsaw_drawn_as_boxes_is_the_box_layout():
    assert Layout.jigsaw(Layout.boxes(2, 3).regions) is Layout.boxes(2, 3)
    assert Layout.jigsaw(Layout.square(3).regions + 10) is Layout.square(3)


def test_peer_counts_of_the_classic_grids():
    for order, count, pairs in ((2, 7, 56), (3, 20, 810), (4, 39, 4992)):
        layout = Layout.square(order)
        assert (layout.peer_counts == count).all()
        assert len(layout.peer_pairs) == pairs == order**4 * count // 2


def test_names_and_labels():
    layout = Layout.square(3)
    assert [layout.house_name(h) for h in (2, 9, 26)] == ["row 3", "column 1", "box 9"]
    assert [layout.house_label(h) for h in (2, 9, 26)] == ["r3", "c1", "b9"]
    assert layout.cell_name(33) == "r4c7"
    jigsaw = Layout.jigsaw(np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 3, 3, 3], [2, 2, 2, 3]]))
    assert jigsaw.house_name(8) == "region 1" and jigsaw.kind == "jigsaw"
    assert [Layout.for_side(s).name for s in (6, 8, 9, 12, 7)] == [
        "6x6 (2x3 boxes)", "8x8 (2x4 boxes)", "9x9 (3x3 boxes)", "12x12 (3x4 boxes)",
        "7x7 Latin square"]


def test_layouts_are_values_that_pickle():
    jigsaw = Layout.jigsaw(np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 3, 3, 3], [2, 2, 2, 3]]))
    for layout in (Layout.square(3), Layout.boxes(2, 3), Layout.latin(5), jigsaw):
        copy = pickle.loads(pickle.dumps(layout))
        assert copy == layout and hash(copy) == hash(layout)
        assert eval(repr(layout), {"Layout": Layout}) == layout
    with pytest.raises(AttributeError, match="immutable"):
        Layout.square(3).side = 4
    assert not Layout.square(3).houses.flags.writeable


@pytest.mark.parametrize("make, message", [
    (lambda: Layout.square(8), r"order must be an int in 2\.\.7"),
    (lambda: Layout.square(True), "order must be an int"),
    (lambda: Layout.boxes(1, 9), "box rows must be an int of at least 2, got 1"),
    (lambda: Layout.boxes(7, 8), "make a side of 56; the largest side is 49"),
    (lambda: Layout.latin(50), r"side must be an int in 2\.\.49, got 50"),
    (lambda: Layout.jigsaw([[0, 0], [1]]), "not a rectangular array|square array"),
    (lambda: Layout.jigsaw(np.zeros((4, 5), int)), r"square array, got shape \(4, 5\)"),
    (lambda: Layout.jigsaw(np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 2, 3]])),
     r"region 2 \(first cell r3c1\) has 5 cells; every region of a 4x4 jigsaw has 4"),
    (lambda: Layout.jigsaw(np.zeros((4, 4), int)), "has 4 regions, got 1 labels"),
    (lambda: Layout.jigsaw(np.full((4, 4), 0.5)), "labels must be integers"),
])
def test_bad_layouts_are_refused_with_what_is_wrong(make, message):
    with pytest.raises(LayoutError, match=message):
        make()
    assert issubclass(LayoutError, PuzzleFormatError)


def test_puzzles_carry_their_layout():
    grid = np.zeros((6, 6), int)
    grid[0, :3] = [1, 2, 3]
    puzzle = Puzzle(grid, Layout.boxes(2, 3))
    assert puzzle.order is None and puzzle.side == 6 and puzzle.layout.box_shape == (2, 3)
    assert pickle.loads(pickle.dumps(puzzle)) == puzzle
    assert puzzle != Puzzle(grid, Layout.boxes(3, 2))  # the same digits, other boxes
    clash = grid.copy()
    clash[1, 0] = 3  # in the first 2x3 box with the 3 at r1c3
    assert [c.house for c in Puzzle(clash, Layout.boxes(2, 3)).conflicts()] == ["box 1"]
    assert Puzzle(clash, Layout.boxes(3, 2)).conflicts() == []  # r2c1 and r1c3: not one 3x2 box
    assert str(puzzle).splitlines()[:3] == [" 1 2 3 | . . .", " . . . | . . .", "-------+-------"]


@pytest.mark.parametrize("grid, layout, message", [
    (np.zeros((9, 9)), 5, r"25x25 .* must have shape \(25, 25\), got \(9, 9\)"),
    (np.zeros((1, 1), int), -1, r"order must be an int in 2\.\.7"),
    (np.full((4, 4), 0.5), 2, "grid values must be integers 0..4"),
    (np.full((4, 4), 5), 2, "row 1, column 1: value 5 is not an integer in 0..4"),
])
def test_a_grid_that_does_not_fit_its_layout_is_refused(grid, layout, message):
    with pytest.raises(PuzzleFormatError, match=message):
        Puzzle(grid, layout)
