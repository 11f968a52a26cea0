"""Counting every full grid of a layout (generator.grid_count) against the
published counts: Sudoku 4x4 288 and 6x6 28,200,960 (OEIS A107739),
Latin squares 576, 161,280 (OEIS A002860)."""

import pytest

from generator import count_grids
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
    with pytest.raises(ValueError, match="band counting"):
        count_grids(layout)


def test_bad_worker_counts_raise():
    with pytest.raises(ValueError, match="workers must be"):
        count_grids(2, workers=0)
