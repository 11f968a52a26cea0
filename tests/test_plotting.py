"""Drawing: every digit in the right cell, clues told apart, valid images."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from sudoku_models import Puzzle, solve  # noqa: E402
from sudoku_models.cli import main  # noqa: E402
from sudoku_models.plotting import draw_sudoku  # noqa: E402

from .helpers import SEED_B, holes, pattern_grid  # noqa: E402

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def drawn_cells(ax, side):
    """{(row, column): (text, gid)} read back from the axes' text artists."""
    cells = {}
    for text in ax.texts:
        x, y = text.get_position()
        cells[(int(side - y), int(x))] = (text.get_text(), text.get_gid())
    return cells


def test_every_clue_and_filled_digit_is_in_its_cell():
    puzzle = Puzzle.from_clues(SEED_B)
    solution = solve(puzzle, method="cp").grid
    ax = draw_sudoku(puzzle, solution)
    cells = drawn_cells(ax, 9)
    assert len(cells) == 81
    for (r, c), value in np.ndenumerate(solution):
        kind = "clue" if puzzle.grid[r, c] else "filled"
        assert cells[(r, c)] == (str(value), kind)
    clue_colours = {t.get_color() for t in ax.texts if t.get_gid() == "clue"}
    filled_colours = {t.get_color() for t in ax.texts if t.get_gid() == "filled"}
    assert clue_colours and filled_colours and clue_colours.isdisjoint(filled_colours)
    plt.close("all")


def test_puzzle_alone_and_a_16x16_with_letters():
    puzzle = holes(pattern_grid(4), 0.5, seed=3)
    ax = draw_sudoku(puzzle)
    cells = drawn_cells(ax, 16)
    assert len(cells) == puzzle.num_clues
    assert {kind for _, kind in cells.values()} == {"clue"}
    assert any(text == "G" for text, _ in cells.values())
    with pytest.raises(ValueError, match="solution shape"):
        draw_sudoku(puzzle, np.zeros((9, 9)))
    plt.close("all")


def test_cli_plot_writes_png_for_a_puzzle_and_for_a_file(tmp_path, capsys):
    one, many = tmp_path / "one.png", tmp_path / "many.png"
    assert main(["solve", Puzzle.from_clues(SEED_B).to_string(), "--plot", str(one)]) == 0
    path = tmp_path / "p.txt"
    path.write_text("\n".join(p.to_string() for p in [Puzzle.from_clues(SEED_B)] * 3))
    assert main(["solve", "--file", str(path), "--plot", str(many)]) == 0
    for png in (one, many):
        data = png.read_bytes()
        assert data.startswith(PNG_MAGIC) and len(data) > 10_000
        image = plt.imread(png)
        assert image.ndim == 3 and image.shape[0] > 200


def test_one_colour_per_method_everywhere_and_shades_for_its_variants():
    from matplotlib.colors import to_rgb

    from sudoku_models.plotting import METHOD_COLOURS, method_colours
    from sudoku_models.registry import METHODS

    assert set(METHODS) <= set(METHOD_COLOURS)  # every registered method has its colour
    assert len(set(METHOD_COLOURS.values())) == len(METHOD_COLOURS)
    one = method_colours(["cp", "milp"])
    other = method_colours(["milp", "sat-extended", "cp", "plugin-method"])
    assert one["cp"] == other["cp"] == METHOD_COLOURS["cp"]  # the same in every figure
    assert other["plugin-method"] not in METHOD_COLOURS.values()
    variants = method_colours(["milp", "milp [solver=scip]", "milp [stats=detailed]"])
    assert variants["milp"] == METHOD_COLOURS["milp"]
    shades = [np.array(to_rgb(c)) for c in variants.values()]
    assert min(np.abs(a - b).sum() for i, a in enumerate(shades) for b in shades[i + 1:]) > 0.3


def test_every_method_has_its_own_marker_drawn_with_its_colour():
    """Nine methods in three blues, two oranges and two greens: a marker
    each tells them apart on a projector, in grey and with colour vision
    deficiencies (issue 45)."""
    from matplotlib.markers import MarkerStyle

    from sudoku_models.plotting import (METHOD_COLOURS, METHOD_MARKERS, method_markers,
                                        plot_solve_times)
    from sudoku_models.registry import METHODS

    styles = {(METHOD_COLOURS[m], METHOD_MARKERS[m]) for m in METHODS}
    assert len(styles) == len(METHODS)
    assert len({METHOD_MARKERS[m] for m in METHODS}) == len(METHODS)  # apart without colour
    markers = method_markers(["cp", "cp [workers=1]", "plugin-method"])
    assert markers["cp"] == markers["cp [workers=1]"] == METHOD_MARKERS["cp"]
    assert markers["plugin-method"] not in METHOD_MARKERS.values()

    names = list(METHODS)
    ax = plot_solve_times({m: [0.001 * (i + 1)] * 5 for i, m in enumerate(names)})
    for collection, name in zip(ax.collections, names):
        style = MarkerStyle(METHOD_MARKERS[name])
        expected = style.get_path().transformed(style.get_transform())
        assert np.allclose(collection.get_paths()[0].vertices, expected.vertices), name
        assert np.allclose(collection.get_facecolor()[0][:3],
                           matplotlib.colors.to_rgb(METHOD_COLOURS[name])), name
    plt.close("all")
