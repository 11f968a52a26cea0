"""Counting every full grid of a layout (generator.grid_count,
generator.bands) against the published counts: Sudoku 4x4 288, 6x6
28,200,960, 8x8 (2x4 boxes) 29,136,487,207,403,520 and 9x9
6,670,903,752,021,072,936,960 (OEIS A107739; Felgenhauer and Jarvis 2005),
Latin squares 576, 161,280 (OEIS A002860); the
band machinery against brute force on small bands."""

import math
from collections import Counter

import numpy as np
import pytest

from generator import count_grids
from generator.bands import bands_with_columns, count_by_bands
from sudoku_models.geometry import Layout


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
