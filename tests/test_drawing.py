"""Drawing every layout and constraint kind: each mark where its rule says
(read back from the artists' positions), region borders exactly between
different regions, cage outlines closed and inside their cages, every side
from 4 to 36 rendered."""

import io
from collections import Counter

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from matplotlib.patches import Circle  # noqa: E402

from sudoku_models import Puzzle  # noqa: E402
from sudoku_models.drawing import cage_outline, draw_sudoku  # noqa: E402
from sudoku_models.core.geometry import Layout  # noqa: E402
from sudoku_models.core.cell_kinds import (XV, AntiKing, AntiKnight, Arrow, Cage,  # noqa: E402
                                           GreaterThan, Kropki, KropkiNegative, NonConsecutive,
                                           Parity, Region, Thermometer, XVNegative)
from sudoku_models.core.rules import diagonals, disjoint_groups, windoku  # noqa: E402

from .helpers import pattern_grid  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _cell(r, c, side=9):
    return (r - 1) * side + c - 1


def _centre(cell, side=9):
    r, c = divmod(cell, side)
    return np.array([c + 0.5, side - r - 0.5])


def _artists(ax, gid):
    return [a for a in (*ax.patches, *ax.lines, *ax.texts, *ax.collections) if a.get_gid() == gid]


def _draw(constraints, layout=None, grid=None, solution=None):
    layout = layout or Layout.square(3)
    side = layout.side
    grid = np.zeros((side, side), int) if grid is None else grid
    return draw_sudoku(Puzzle(grid, layout, constraints=constraints), solution)


def _border_segments(ax):
    [collection] = _artists(ax, "region-border")
    return {tuple(sorted(map(tuple, np.round(seg, 6).tolist()))) for seg in collection.get_segments()}


def _expected_borders(layout):
    side = layout.side
    found = set()
    if layout.regions is not None:
        reg = layout.regions
        for r in range(side):
            for c in range(side):
                if c + 1 < side and reg[r, c] != reg[r, c + 1]:
                    found.add(((c + 1.0, side - r - 1.0), (c + 1.0, side - r - 0.0)))
                if r + 1 < side and reg[r, c] != reg[r + 1, c]:
                    found.add(((c + 0.0, side - r - 1.0), (c + 1.0, side - r - 1.0)))
    s = float(side)
    outline = {((0.0, 0.0), (s, 0.0)), ((s, 0.0), (s, s)), ((0.0, s), (s, s)),
               ((0.0, 0.0), (0.0, s))}
    return found | outline


@pytest.mark.parametrize("layout", [Layout.boxes(2, 3), Layout.boxes(3, 4), Layout.latin(5),
                                    Layout.jigsaw([[0, 0, 0, 1], [2, 0, 1, 1],
                                                   [2, 2, 3, 1], [2, 3, 3, 3]])],
                         ids=["6x6", "12x12", "latin5", "jigsaw4"])
def test_thick_lines_exactly_between_different_regions(layout):
    ax = _draw((), layout)
    assert _border_segments(ax) == _expected_borders(layout)
    if layout.kind == "latin":
        assert len(_border_segments(ax)) == 4  # the outline only


def _closed_loops(segments) -> bool:
    ends = Counter(point for seg in segments for point in seg)
    return all(count == 2 for count in ends.values())


@st.composite
def _polyominoes(draw):
    cells = {(2, 2)}
    for _ in range(draw(st.integers(0, 8))):
        r, c = draw(st.sampled_from(sorted(cells)))
        dr, dc = draw(st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0)]))
        if 0 <= r + dr < 5 and 0 <= c + dc < 5:
            cells.add((r + dr, c + dc))
    return sorted(cells)


@given(_polyominoes())
@settings(max_examples=60, deadline=None)
def test_cage_outlines_are_closed_and_inset_inside_the_cage(cells):
    inside = set(cells)
    inset = 0.1
    segments = cage_outline(cells, inset)
    rounded = [tuple((round(a, 9), round(b, 9)) for a, b in seg) for seg in segments]
    assert _closed_loops(rounded)
    boundary_edges = sum((r + dr, c + dc) not in inside for r, c in cells
                         for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
    assert len(segments) == boundary_edges
    for (r0, c0), (r1, c1) in segments:
        assert r0 == r1 or c0 == c1  # straight
        for t in (0.0, 0.5, 1.0):
            r, c = r0 + t * (r1 - r0), c0 + t * (c1 - c0)
            # every point of the outline is in a cage cell and `inset` from any outside cell
            near = {(int(np.floor(r + dr)), int(np.floor(c + dc)))
                    for dr in (-inset + 1e-9, inset - 1e-9) for dc in (-inset + 1e-9, inset - 1e-9)}
            assert near <= inside, ((r, c), near)


def test_cages_are_dashed_with_the_total_in_the_first_cell():
    cages = (Cage((_cell(1, 2), _cell(1, 1), _cell(2, 1)), 15), Cage((_cell(5, 5), _cell(5, 6))))
    ax = _draw(cages)
    outlines = _artists(ax, "cage")
    assert len(outlines) == 2
    assert all(o.get_linestyle()[0][1] is not None for o in outlines)  # dashed
    [total] = _artists(ax, "cage-total")
    assert total.get_text() == "15"
    x, y = total.get_position()
    assert 0 < x < 0.5 and 8.5 < y < 9  # top-left corner of r1c1


def test_cage_totals_are_legible_at_the_default_size_and_hide_no_line_or_digit():
    """On a projector a total is read where a digit is: its font is a third
    of a cell (it was a quarter), measured against the drawn cell (issue 45)."""
    cages = (Cage((_cell(1, 1), _cell(1, 2)), 12), Cage((_cell(9, 8), _cell(9, 9)), 17))
    grid = np.zeros((9, 9), dtype=int)
    grid[0, 0] = 5
    ax = _draw(cages, grid=grid)
    (x0, _), (x1, _) = ax.transData.transform([(0, 0), (1, 0)])
    cell_points = (x1 - x0) * 72 / ax.figure.dpi
    totals = _artists(ax, "cage-total")
    assert len(totals) == 2
    for total in totals:
        assert total.get_fontsize() >= 0.3 * cell_points, (total.get_fontsize(), cell_points)
    renderer = ax.figure.canvas.get_renderer()
    box = totals[0].get_window_extent(renderer)
    (left, bottom), (right, top) = ax.transData.transform([(0, 8), (1, 9)])
    assert left <= box.x0 and box.x1 <= right and bottom <= box.y0 and box.y1 <= top  # r1c1
    [digit] = _artists(ax, "clue")
    lines = _artists(ax, "cell-lines") + _artists(ax, "region-border")
    assert all(totals[0].get_zorder() < a.get_zorder() for a in [digit, *lines])


def test_dots_letters_and_chevrons_sit_on_the_shared_edge():
    a, b, c, d = _cell(3, 3), _cell(3, 4), _cell(6, 2), _cell(7, 2)
    ax = _draw((Kropki((a, b)), Kropki((c, d), "black"), XV((_cell(1, 1), _cell(1, 2)), 10),
                XV((_cell(9, 8), _cell(9, 9)), 5), GreaterThan((_cell(5, 5), _cell(5, 6)))))
    white, black = sorted(_artists(ax, "kropki"), key=lambda p: p.get_facecolor()[0])[::-1]
    assert np.allclose(white.center, (_centre(a) + _centre(b)) / 2)
    assert np.allclose(black.center, (_centre(c) + _centre(d)) / 2)
    assert white.get_facecolor()[:3] == (1, 1, 1) and black.get_facecolor()[:3] == (0, 0, 0)
    letters = {t.get_text(): np.array(t.get_position()) for t in _artists(ax, "xv")}
    assert np.allclose(letters["X"], (_centre(_cell(1, 1)) + _centre(_cell(1, 2))) / 2)
    assert np.allclose(letters["V"], (_centre(_cell(9, 8)) + _centre(_cell(9, 9))) / 2)
    [chevron] = _artists(ax, "greater")
    tip = chevron.get_xydata()[1]
    edge = (_centre(_cell(5, 5)) + _centre(_cell(5, 6))) / 2
    assert tip[0] > edge[0] and np.isclose(tip[1], edge[1])  # points at the smaller r5c6


def test_distant_greater_than_is_an_arrow_towards_the_smaller_cell():
    big, small = _cell(9, 9), _cell(7, 7)
    [arrow] = _artists(_draw((GreaterThan((big, small)),)), "greater")
    start, end = arrow._posA_posB
    assert np.allclose(start, _centre(big)) and np.allclose(end, _centre(small))


def test_thermometer_and_arrow_follow_their_cells():
    thermo = Thermometer((_cell(2, 9), _cell(3, 9), _cell(4, 9), _cell(4, 8)))
    arrow = Arrow(_cell(7, 5), (_cell(8, 5), _cell(8, 6), _cell(9, 7)))
    ax = _draw((thermo, arrow))
    bulb = next(p for p in _artists(ax, "thermometer") if hasattr(p, "center"))
    line = next(p for p in _artists(ax, "thermometer") if hasattr(p, "get_xydata"))
    assert np.allclose(bulb.center, _centre(thermo.cells[0]))
    assert np.allclose(line.get_xydata(), [_centre(c) for c in thermo.cells])
    circle = next(p for p in _artists(ax, "arrow") if hasattr(p, "center"))
    assert np.allclose(circle.center, _centre(arrow.circle))
    head = next(p for p in _artists(ax, "arrow") if hasattr(p, "_posA_posB"))
    assert np.allclose(head._posA_posB[1], _centre(arrow.cells[-1]))


def test_extra_regions_shaded_each_its_own_colour_and_diagonals_as_lines():
    layout = Layout.square(3)
    ax = _draw(windoku(layout) + diagonals(layout))
    shaded = _artists(ax, "extra-region")
    assert len(shaded) == 4 * 9
    colours = {}
    for patch in shaded:
        x, y = patch.get_xy()
        colours.setdefault(patch.get_facecolor(), set()).add((int(x), int(y)))
    assert len(colours) == 4 and all(len(cells) == 9 for cells in colours.values())
    lines = _artists(ax, "diagonal")
    assert sorted(tuple(map(tuple, line.get_xydata())) for line in lines) == [
        ((0, 0), (9, 9)), ((0, 9), (9, 0))]
    groups = _artists(_draw(disjoint_groups(layout)), "extra-region")
    assert len({p.get_facecolor() for p in groups}) == 9


def test_parity_marks_and_the_rules_line():
    odd, even = Parity((_cell(5, 1), _cell(6, 2)), "odd"), Parity((_cell(9, 4),), "even")
    ax = _draw((odd, even, AntiKnight(), AntiKing(), NonConsecutive(),
                KropkiNegative(("white",)), XVNegative()))
    marks = _artists(ax, "parity")
    assert sorted(type(m).__name__ for m in marks) == ["Circle", "Circle", "Rectangle"]
    assert {tuple(np.round(m.center, 6)) for m in marks if isinstance(m, Circle)} == {
        tuple(_centre(c)) for c in odd.cells}
    [note] = _artists(ax, "rules")
    assert note.get_text() == ("anti-knight \u00b7 anti-king \u00b7 non-consecutive \u00b7 all "
                               "white dots given \u00b7 all X and V given")
    assert not _artists(_draw(()), "rules")


def test_clues_bold_solution_in_another_colour_and_bad_shapes():
    layout = Layout.boxes(2, 3)
    solution = np.array([[1, 2, 3, 4, 5, 6], [4, 5, 6, 1, 2, 3], [2, 3, 1, 5, 6, 4],
                         [5, 6, 4, 2, 3, 1], [3, 1, 2, 6, 4, 5], [6, 4, 5, 3, 1, 2]])
    grid = solution * (np.arange(36).reshape(6, 6) % 4 == 0)
    ax = _draw((), layout, grid, solution)
    clues = [t for t in ax.texts if t.get_gid() == "clue"]
    filled = [t for t in ax.texts if t.get_gid() == "filled"]
    assert len(clues) == np.count_nonzero(grid) and len(clues) + len(filled) == 36
    assert {t.get_fontweight() for t in clues} == {"bold"}
    assert {t.get_color() for t in clues}.isdisjoint({t.get_color() for t in filled})
    with pytest.raises(ValueError, match="solution shape"):
        _draw((), layout, grid, np.zeros((9, 9)))


@pytest.mark.parametrize("layout", [Layout.square(2), Layout.boxes(2, 3), Layout.square(3),
                                    Layout.square(4), Layout.square(5), Layout.square(6)],
                         ids=lambda layout: layout.name)
def test_every_side_renders_with_its_digits(layout):
    side = layout.side
    full = pattern_grid(layout.order) if layout.order else np.array(
        [[(3 * (r % 2) + r // 2 + c) % 6 + 1 for c in range(6)] for r in range(6)])
    grid = full * (np.indices((side, side)).sum(axis=0) % 2)
    ax = draw_sudoku(Puzzle(grid, layout, constraints=diagonals(layout)), full, title=layout.name)
    assert len([t for t in ax.texts if t.get_gid() in ("clue", "filled")]) == side * side
    buffer = io.BytesIO()
    ax.figure.savefig(buffer, format="png", dpi=40)
    assert buffer.getvalue().startswith(b"\x89PNG")
    # the digits stay readable: at least 3 points at 36x36
    assert min(t.get_fontsize() for t in ax.texts) >= 3


def test_a_region_of_the_puzzle_and_a_puzzle_string():
    ax = draw_sudoku("." * 81)
    assert not ax.texts
    ax = _draw((Region((0, 10, 20), "small"),))
    assert len(_artists(ax, "extra-region")) == 3
