"""Counting every full grid of a layout (generator.grid_count,
generator.bands) against the published counts: Sudoku 4x4 288, 6x6
28,200,960, 8x8 (2x4 boxes) 29,136,487,207,403,520 and 9x9
6,670,903,752,021,072,936,960 (OEIS A107739; Felgenhauer and Jarvis 2005),
Latin squares 576, 161,280 (OEIS A002860); the
band machinery against brute force on small bands. Essentially different
grids (generator.grid_symmetry): 4x4 against orbits enumerated by brute
force, 9x9 against Russell and Jarvis (2006)."""

import itertools
import math
from collections import Counter

import numpy as np
import pytest

from generator import count_grids, essentially_different_grids
from generator.bands import bands_with_columns, count_by_bands
from generator.grid_symmetry import burnside_table, fixed_grids, symmetry_classes
from sudoku_models.core.geometry import Layout


@pytest.mark.parametrize("layout, published", [
    (2, 288),
    (Layout.square(2), 288),
    (Layout.boxes(2, 3), 28_200_960),
    (Layout.boxes(3, 2), 28_200_960),
    (Layout.latin(3), 12),
    (Layout.latin(4), 576),
    (Layout.latin(5), 161_280),
])
def test_counts_match_the_published_figures(layout, published):
    assert count_grids(layout, workers=2) == published
    assert type(count_grids(layout, workers=1)) is int


def test_a_jigsaw_is_counted_like_any_layout():
    # a 4x4 whose regions are 2x2 boxes but numbered differently is the same layout
    regions = [[1, 1, 0, 0], [1, 1, 0, 0], [3, 3, 2, 2], [3, 3, 2, 2]]
    assert count_grids(Layout.jigsaw(regions)) == 288


@pytest.mark.slow
def test_latin_squares_of_side_6():
    assert count_grids(Layout.latin(6)) == 812_851_200


@pytest.mark.parametrize("layout", [3, Layout.boxes(2, 4)])
def test_grids_too_large_to_enumerate_are_refused_at_once(layout):
    with pytest.raises(ValueError, match="counted by bands"):
        count_grids(layout, method="enumerate")


@pytest.mark.parametrize("layout", [Layout.latin(7), Layout.boxes(2, 5)])
def test_grids_neither_method_counts_are_refused_at_once(layout):
    with pytest.raises(ValueError, match="enumeration|band counting"):
        count_grids(layout)


def test_band_counting_needs_boxes_and_a_known_method():
    with pytest.raises(ValueError, match="needs a layout with boxes"):
        count_grids(Layout.latin(4), method="bands")
    with pytest.raises(ValueError, match="method must be one of"):
        count_grids(2, method="guess")


@pytest.mark.parametrize("rows, cols, tall", [(2, 2, True), (2, 3, True), (3, 2, True),
                                              (2, 3, False)])
def test_bands_agree_with_enumeration(rows, cols, tall):
    # tall=False counts the 6x6 as three bands of 2x3 boxes: the three-band path of 9x9
    by_bands = count_by_bands(rows, cols, tall=tall)
    assert by_bands.grids == count_grids(Layout.boxes(rows, cols), method="enumerate")
    assert by_bands.bands_per_grid == (min(rows, cols) if tall else cols)


def _bands_by_brute_force(height, width, first_row=None):
    """Every band of boxes ``height`` tall and ``width`` wide (``height``
    stacks of ``width`` columns), cell by cell in plain Python; with
    ``first_row`` only the bands that start with it."""
    side = height * width
    cells = [[0] * side for _ in range(height)]
    if first_row is not None:
        cells[0] = list(first_row)
    bands = []

    def fill(cell):
        if cell == height * side:
            bands.append([tuple(row) for row in cells])
            return
        row, column = divmod(cell, side)
        if first_row is not None and row == 0:
            fill(cell + 1)
            return
        stack = column // width
        taken = set(cells[row][:column]) | {cells[r][c] for r in range(row)
                                             for c in range(stack * width, (stack + 1) * width)}
        for value in range(side):
            if value not in taken:
                cells[row][column] = value
                fill(cell + 1)

    fill(0)
    return bands


@pytest.mark.parametrize("height, width", [(2, 2), (2, 3)])
def test_bands_per_signature_match_brute_force(height, width):
    side = height * width
    by_signature = Counter()
    for band in _bands_by_brute_force(height, width):
        columns = np.zeros((height, side), np.int64)  # the column of each value in each stack
        for row in band:
            for column, value in enumerate(row):
                columns[column // width, value] = column % width
        by_signature[columns.tobytes()] += 1
    for key, bands in by_signature.items():
        assert bands_with_columns(np.frombuffer(key, np.int64).reshape(height, side)) == bands
    assert count_by_bands(height, width, tall=False).bands == sum(by_signature.values())


def test_bands_of_tall_boxes_match_brute_force():
    # 6x6 bands of 3x2 boxes: 6! first rows, each completed the same number of ways
    fixed = _bands_by_brute_force(3, 2, first_row=range(6))
    assert count_by_bands(3, 2).bands == math.factorial(6) * len(fixed)


def test_malformed_signatures_raise():
    with pytest.raises(ValueError, match="2 values in each"):
        bands_with_columns(np.array([[0, 0, 0, 1], [0, 1, 0, 1]]))


def test_8x8_with_2x4_boxes_by_bands():
    counted = count_grids(Layout.boxes(2, 4))
    assert counted == 29_136_487_207_403_520 == count_grids(Layout.boxes(4, 2))
    assert type(counted) is int
    assert count_by_bands(2, 4).box == (4, 2)


@pytest.mark.slow
def test_9x9_by_bands():
    counted = count_by_bands(3, 3)
    assert count_grids(3) == counted.grids == 6_670_903_752_021_072_936_960
    # the bands themselves: 9! for box 1, 56 ways to share values between the
    # rows of boxes 2 and 3, 6^6 orders of their mini-rows (Felgenhauer and Jarvis)
    assert counted.bands == math.factorial(9) * 56 * 6 ** 6
    assert counted.classes == 44


def test_bad_worker_counts_raise():
    with pytest.raises(ValueError, match="workers must be"):
        count_grids(2, workers=0)
    with pytest.raises(ValueError, match="workers must be"):
        count_grids(3, workers=-1)


def _all_grids_4x4():
    """The 288 full 4x4 grids, cell by cell in plain Python (tuples of 16)."""
    grids = []

    def fill(cells, i):
        if i == 16:
            grids.append(tuple(cells))
            return
        r, c = divmod(i, 4)
        peers = {cells[r * 4 + j] for j in range(c)} | {cells[k * 4 + c] for k in range(r)}
        peers |= {cells[rr * 4 + cc] for rr in range(r // 2 * 2, r) for cc in
                  range(c // 2 * 2, c // 2 * 2 + 2)}
        for v in range(4):
            if v not in peers:
                cells[i] = v
                fill(cells, i + 1)

    fill([0] * 16, 0)
    return grids


def _position_group_4x4():
    """Every cell permutation of the 4x4 position group (128), written out:
    rows and columns each permuted keeping bands (stacks) together, then
    transposed or not; as tuples ``g`` with cell ``i`` going to ``g[i]``."""
    lines = [p for p in itertools.permutations(range(4)) if {p[0] // 2, p[1] // 2} in ({0}, {1})]
    group = set()
    for r, c, transpose in itertools.product(lines, lines, (False, True)):
        group.add(tuple(c[j] * 4 + r[i] if transpose else r[i] * 4 + c[j]
                        for i in range(4) for j in range(4)))
    return group


def _relabelled_first_seen(grid):
    first = {}
    return tuple(first.setdefault(v, len(first)) for v in grid)


def test_4x4_essentially_different_grids_match_orbits_enumerated():
    grids = _all_grids_4x4()
    group = _position_group_4x4()
    assert len(grids) == 288 and len(group) == 128
    # orbits under positions x relabellings: the least image of each grid names its orbit
    orbits = set()
    for grid in grids:
        images = []
        for g in group:
            moved = [0] * 16
            for cell, value in enumerate(grid):
                moved[g[cell]] = value
            images.append(_relabelled_first_seen(moved))
        orbits.add(min(images))
    assert len(orbits) == 2 == essentially_different_grids(2)
    assert essentially_different_grids(Layout.square(2), workers=2) == 2


def test_4x4_fixed_grids_of_each_class_match_brute_force():
    grids = _all_grids_4x4()
    group = _position_group_4x4()
    classes = symmetry_classes(2)
    assert len(classes) == 20 and sum(c.size for c in classes) == 128
    for symmetry in classes:
        g = tuple(int(x) for x in symmetry.cells)
        assert g in group
        # grids X with X(g(c)) = s(X(c)) for one relabelling s, over the 4! relabellings
        fixed = sum(len({(a, grid[g[c]]) for c, a in enumerate(grid)}) == 4 for grid in grids)
        assert fixed_grids(2, symmetry.cells) == fixed // math.factorial(4)
    # the relabellings cut into pieces of one, on two threads: the same counts
    from generator.grid_symmetry import _run_tasks, _tasks

    pieces = _run_tasks(_tasks(2, classes, chunk=1), 2, len(classes))
    assert pieces[1:] == [fixed_grids(2, c.cells) for c in classes[1:]]


@pytest.mark.parametrize("layout", [Layout.boxes(2, 3), Layout.latin(4), 4,
                                    Layout.jigsaw([[0, 0, 1, 1], [0, 2, 1, 1], [0, 2, 3, 3],
                                                   [2, 2, 3, 3]])])
def test_essentially_different_grids_only_for_4x4_and_9x9(layout):
    with pytest.raises(ValueError, match="4x4 and 9x9 square layouts"):
        essentially_different_grids(layout)
    with pytest.raises(ValueError, match="orders 2, 3"):
        symmetry_classes(4)


# Russell and Jarvis (2006), table of the 27 classes of the position group that
# fix a grid up to relabelling: (class size, grids fixed up to relabelling)
RUSSELL_JARVIS = sorted([
    (1, 18_383_222_420_692_992), (96, 21_233_664), (16, 107_495_424), (192, 4_204_224),
    (64, 2_508_084), (5184, 323_928), (20736, 162), (20736, 288), (144, 14_837_760),
    (1728, 2592), (288, 5184), (864, 2_085_120), (3456, 1296), (1728, 294_912), (2304, 648),
    (1152, 6_342_480), (1296, 30_258_432), (10368, 1854), (93312, 288), (2916, 155_492_352),
    (69984, 13_056), (972, 449_445_888), (3888, 27_648), (31104, 6480), (15552, 1728),
    (15552, 3456), (7776, 13_824)])


@pytest.mark.slow
def test_9x9_essentially_different_grids():
    # what essentially_different_grids(3) sums, class by class (its code path is
    # the 4x4 one above). Measured: passed in 969 s of user CPU on 2 cores (32 min wall
    # at nice 5 beside other jobs, load 2-10; 1.6 GB resident), so some 8-9 minutes
    # on 2 idle cores.
    table = burnside_table(3, workers=2)
    assert len(table) == 275 and sum(c.size for c, _ in table) == 3_359_232
    assert sorted((c.size, fixed) for c, fixed in table if fixed) == RUSSELL_JARVIS
    assert sum(c.size * fixed for c, fixed in table) == 5_472_730_538 * 3_359_232
