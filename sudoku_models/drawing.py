"""Drawing a puzzle with matplotlib, every layout and every constraint kind of
:mod:`sudoku_models.core.rules`, after the seeds' ``drawSudoku`` (MATLAB) and
``plot_sudoku`` (Julia), in the conventions of f-puzzles and SudokuPad:

* regions (boxes, jigsaw regions) with thick borders, cell lines thin; a
  Latin square has no thick inner lines;
* extra regions shaded, each its own light colour, except the X diagonals,
  drawn as thin lines from corner to corner;
* killer cages as dashed outlines inset from the cell edges, the total in
  the top-left corner of the cage's first cell;
* Kropki dots (white or black) and X / V letters on the shared edge;
  greater-than as a chevron on the edge pointing at the smaller cell, or an
  arrow towards it between cells that do not touch;
* thermometers as a bulb and a thick rounded line, arrows as a circle with a
  line ending in an arrowhead; odd cells a grey circle, even cells a grey
  square;
* lines in SudokuPad's colours: German whispers green (Dutch whispers
  orange), renban purple, palindrome grey, a regular line dashed dark grey
  (the Interactive Sudoku Solver's custom line) with its pattern at its first
  cell; fortress cells shaded, a small
  ``>`` (maximum) or ``<`` (minimum) in the corner; clones as matching light
  squares; candidate givens as small digits at the top of the cell;
* outside clues beside the grid, before the first cell of their line: a
  little killer's total with a small arrow along its diagonal, a
  sandwich's total, an X-sum's in angle brackets, a skyscraper's count in
  square brackets, a numbered room's between colons, a hidden skyscraper's
  between bars (the Interactive Sudoku Solver's marks); its generic lines
  (sum, sum line, pill and double arrows, zipper, modular, entropic) in its
  colours, a quadruple's values in a circle on the corner;
* anti-knight, anti-king, non-consecutive and the negative constraints
  (all dots / all X and V given) named in a line under the grid;
* clues bold black, solution digits blue.

Importing this module does not import matplotlib; :func:`draw_sudoku` does.
"""

from __future__ import annotations

import numpy as np

from .puzzle import SYMBOLS
from .formats.puzzle_text import as_puzzle
from .core.cell_kinds import (AntiKing, AntiKnight, AntiTaxicab, Arrow, Cage, Candidates, Clone,
                              CountingCircles, Fortress, GlobalEntropy, GlobalMod, GreaterThan,
                              Indexing, Kropki, KropkiNegative, NonConsecutive, Pairwise, Parity,
                              Region, SameValues, Thermometer, XV, XVNegative)
from .core.line_kinds import (Between, CellSum, CountDistinct, DoubleArrow, Entropic, EqualityCage,
                              EqualSum, HiddenSkyscraper, LittleKiller, Lockout, Lunchbox, Modular,
                              NumberedRoom, Palindrome, PillArrow, Quadruple, RegionSumLine,
                              Regular, RellikCage, Renban, Sandwich, Skyscraper, SumLine, Whispers,
                              XSum, Zipper)
from .core.rules import Either

CLUE_STYLE = {"color": "black", "fontweight": "bold"}
FILLED_STYLE = {"color": "tab:blue", "fontweight": "normal"}

#: Light colours for extra regions, one per region in the order given
#: (tints of the Okabe-Ito colours, then a few more), repeated when a puzzle
#: has more regions than colours.
REGION_COLOURS = ("#ffe2a8", "#bfe3f7", "#bde8d8", "#f6d0e4", "#d9d2f0", "#fbd3b8",
                  "#d8ecb0", "#c9dcf5", "#f0e4b0", "#e0e0e0", "#f3c6c6", "#c3ece9")
MARK_COLOUR = "#9a9a9a"   # thermometers, arrows, parity marks
#: A killer cage's total: its font size in cell sizes (0.32: 12 pt in a 9x9
#: of the default 5 inches, two thirds of a digit's height, readable on a
#: projector wherever the digits are); its white box hides the cage's dashes
#: and lies under the grid lines and the digits, hiding none.
TOTAL_SIZE = 0.32
LINE_COLOUR = "#3a3a3a"   # cages, chevrons, diagonals

_NOTES = {AntiKnight: "anti-knight", AntiKing: "anti-king", NonConsecutive: "non-consecutive",
          XVNegative: "all X and V given", AntiTaxicab: "anti-taxicab",
          GlobalEntropy: "global entropy", GlobalMod: "global mod 3"}


def _symbol(value: int, side: int) -> str:
    return SYMBOLS[value - 1] if side <= len(SYMBOLS) else str(value)


class _Canvas:
    """Axes in grid units: cell ``(r, c)`` is the unit square with lower-left
    corner ``(c, N - 1 - r)``; ``pt`` is the size of one cell in points, so
    that line widths and fonts scale with the grid."""

    def __init__(self, ax, side: int) -> None:
        self.ax, self.side = ax, side
        fig, box = ax.figure, ax.get_position()
        inches = min(fig.get_figwidth() * box.width, fig.get_figheight() * box.height)
        self.pt = 72 * inches / side

    def centre(self, cell: int) -> tuple[float, float]:
        r, c = divmod(int(cell), self.side)
        return c + 0.5, self.side - r - 0.5

    def point(self, row: float, col: float) -> tuple[float, float]:
        """Grid coordinates (row down, column right, both in cells) to axes data."""
        return col, self.side - row

    def width(self, cells: float, least: float = 0.4) -> float:
        """A line width of ``cells`` cell sizes, in points."""
        return max(least, cells * self.pt)


def draw_sudoku(puzzle, solution=None, ax=None, title: str | None = None):
    """Draw ``puzzle`` (a :class:`~sudoku_models.Puzzle` of any layout and
    constraints, a puzzle string or a grid) on matplotlib axes and return
    them.

    Clues are bold black; with ``solution`` (an ``(N, N)`` int array-like)
    the other cells are filled in blue, normal weight. Regions have heavy
    borders, cells thin lines; the constraints are drawn as the module
    docstring says. Row ``r``, column ``c`` (0-based) is the unit square
    with lower-left corner ``(c, N - 1 - r)``; each digit is a text artist
    at its centre, with ``gid`` ``"clue"`` or ``"filled"``, and every other
    artist has a ``gid`` naming what it draws (``"region-border"``,
    ``"extra-region"``, ``"diagonal"``, ``"cage"``, ``"cage-total"``,
    ``"kropki"``, ``"xv"``, ``"greater"``, ``"thermometer"``, ``"arrow"``,
    ``"parity"``, ``"rules"``). A new figure is made when ``ax`` is None;
    fonts and line widths follow the size of the axes. Sides 4 to 36.

    Raises ``ValueError`` for a solution of the wrong shape,
    :class:`~sudoku_models.PuzzleFormatError` for a malformed puzzle.
    """
    import matplotlib.pyplot as plt

    puzzle = as_puzzle(puzzle)
    side = puzzle.side
    if solution is not None and np.shape(solution) != (side, side):
        raise ValueError(f"solution shape {np.shape(solution)} is not ({side}, {side})")
    notes = _notes(puzzle.constraints)
    if ax is None:
        width = 0.45 * side + 1
        top, bottom = (0.4 if title else 0.1), (0.1 + (0.35 if notes else 0))
        height = width - 0.2 + top + bottom
        fig, ax = plt.subplots(figsize=(width, height))
        fig.subplots_adjust(left=0.1 / width, right=1 - 0.1 / width, bottom=bottom / height,
                            top=1 - top / height)
    margin = 0.8 if any(isinstance(c, _OUTSIDE) for c in puzzle.constraints) else 0
    ax.set_xlim(-margin, side + margin)
    ax.set_ylim(-margin, side + margin)
    ax.set_aspect("equal")
    ax.axis("off")
    canvas = _Canvas(ax, side)
    _grid_lines(canvas, puzzle.layout)
    for constraint in puzzle.constraints:  # an Or composite: every branch's marks
        for shown in ([c for branch in constraint.branches for c in branch]
                      if isinstance(constraint, Either) else [constraint]):
            _DRAW.get(type(shown), _nothing)(canvas, shown, puzzle)
    _digits(canvas, puzzle, solution)
    if notes:
        ax.text(side / 2, -0.12, notes, ha="center", va="top", fontsize=max(6, 0.32 * canvas.pt),
                gid="rules")
    if title:
        ax.set_title(title)
    return ax


def _notes(constraints) -> str:
    parts = []
    for constraint in constraints:
        if isinstance(constraint, KropkiNegative):
            parts.append(f"all {' and '.join(constraint.colors)} dots given")
        elif isinstance(constraint, Either):
            parts.append(f"one of {len(constraint.branches)} marked rule sets holds")
        elif type(constraint) in _NOTES:
            parts.append(_NOTES[type(constraint)])
    return " \u00b7 ".join(dict.fromkeys(parts))


def _nothing(canvas, constraint, puzzle) -> None:
    pass


# -- the grid ------------------------------------------------------------------


def _grid_lines(canvas: _Canvas, layout) -> None:
    from matplotlib.collections import LineCollection

    ax, side = canvas.ax, canvas.side
    thin = [[(k, 0), (k, side)] for k in range(1, side)] + \
           [[(0, k), (side, k)] for k in range(1, side)]
    ax.add_collection(LineCollection(thin, colors="black", linewidths=canvas.width(0.02, 0.3),
                                     zorder=2.9, gid="cell-lines"))
    borders = []
    if layout.regions is not None:
        regions = layout.regions
        for r in range(side):
            for c in range(side):
                if c + 1 < side and regions[r, c] != regions[r, c + 1]:
                    borders.append([canvas.point(r, c + 1), canvas.point(r + 1, c + 1)])
                if r + 1 < side and regions[r, c] != regions[r + 1, c]:
                    borders.append([canvas.point(r + 1, c), canvas.point(r + 1, c + 1)])
    outline = [[(0, 0), (side, 0)], [(side, 0), (side, side)], [(side, side), (0, side)],
               [(0, side), (0, 0)]]
    heavy = canvas.width(0.08, 1.2)
    ax.add_collection(LineCollection(borders + outline, colors="black", linewidths=heavy,
                                     capstyle="projecting", zorder=3, gid="region-border"))


def _digits(canvas: _Canvas, puzzle, solution) -> None:
    side = canvas.side
    size = max(3.0, (0.46 if side <= len(SYMBOLS) else 0.34) * canvas.pt)
    for (r, c), value in np.ndenumerate(puzzle.grid):
        filled = solution is not None and not value
        value = int(solution[r][c]) if filled else int(value)
        if value:
            style = FILLED_STYLE if filled else CLUE_STYLE
            canvas.ax.text(c + 0.5, side - r - 0.5, _symbol(value, side), ha="center",
                           va="center", fontsize=size, zorder=6,
                           gid="filled" if filled else "clue", **style)


# -- regions and cages -----------------------------------------------------------


def _diagonal(cells, side: int) -> str | None:
    cells = sorted(cells)
    if cells == [i * side + i for i in range(side)]:
        return "main"
    if cells == sorted(i * side + side - 1 - i for i in range(side)):
        return "anti"
    return None


def _region(canvas: _Canvas, region: Region, puzzle) -> None:
    from matplotlib.patches import Rectangle

    ax, side = canvas.ax, canvas.side
    which = _diagonal(region.cells, side)
    if which is not None:
        ends = [(0, side), (side, 0)] if which == "main" else [(0, 0), (side, side)]
        ax.plot(*zip(*ends), color=MARK_COLOUR, linewidth=canvas.width(0.04, 0.6), zorder=2.5,
                gid="diagonal")
        return
    shaded = [c for c in puzzle.constraints
              if isinstance(c, Region) and _diagonal(c.cells, side) is None]
    colour = REGION_COLOURS[shaded.index(region) % len(REGION_COLOURS)]
    for cell in region.cells:
        x, y = canvas.centre(cell)
        ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=colour, edgecolor="none",
                               zorder=0.5, gid="extra-region"))


def cage_outline(cells, inset: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The outline of a cage ``inset`` cells inside its border, as segments
    ``((row, col), (row, col))`` in grid coordinates (rows down, in cells):
    along every cell side that borders a cell outside the cage, lengthened
    or shortened at the corners so that the segments meet (inner corners
    reach ``inset`` into the neighbouring cell). ``cells``: ``(row, col)``
    pairs."""
    inside = set(cells)
    d = inset

    def end(side_cell, corner_cell, base, plus):
        # where a side stops: short of the corner if the cage turns there,
        # past it at an inner corner, at it where the side goes on
        if side_cell not in inside:
            return base + (d if plus else -d)
        return base + (-d if plus else d) if corner_cell in inside else base

    segments = []
    for r, c in sorted(inside):
        if (r - 1, c) not in inside:  # top
            y = r + d
            segments.append(((y, end((r, c - 1), (r - 1, c - 1), c, True)),
                             (y, end((r, c + 1), (r - 1, c + 1), c + 1, False))))
        if (r + 1, c) not in inside:  # bottom
            y = r + 1 - d
            segments.append(((y, end((r, c - 1), (r + 1, c - 1), c, True)),
                             (y, end((r, c + 1), (r + 1, c + 1), c + 1, False))))
        if (r, c - 1) not in inside:  # left
            x = c + d
            segments.append(((end((r - 1, c), (r - 1, c - 1), r, True), x),
                             (end((r + 1, c), (r + 1, c - 1), r + 1, False), x)))
        if (r, c + 1) not in inside:  # right
            x = c + 1 - d
            segments.append(((end((r - 1, c), (r - 1, c + 1), r, True), x),
                             (end((r + 1, c), (r + 1, c + 1), r + 1, False), x)))
    return segments


def _cage(canvas: _Canvas, cage: Cage, puzzle) -> None:
    from matplotlib.collections import LineCollection

    ax, side = canvas.ax, canvas.side
    cells = [divmod(int(c), side) for c in cage.cells]
    segments = [[canvas.point(*a), canvas.point(*b)] for a, b in cage_outline(cells, 0.1)]
    ax.add_collection(LineCollection(segments, colors=LINE_COLOUR,
                                     linewidths=canvas.width(0.03, 0.6),
                                     linestyles=(0, (3, 2)), zorder=2.5, gid="cage"))
    if cage.total is not None:
        r, c = min(cells)
        ax.text(c + 0.04, side - r - 0.025, str(cage.total), ha="left", va="top",
                fontsize=max(4.0, TOTAL_SIZE * canvas.pt), zorder=2.8, gid="cage-total",
                bbox={"boxstyle": "square,pad=0.05", "facecolor": "white", "edgecolor": "none"})


# -- marks on the edge between two cells ------------------------------------------


def _touching(a: int, b: int, side: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, side), divmod(b, side)
    return abs(ra - rb) + abs(ca - cb) == 1


def _edge(canvas: _Canvas, a: int, b: int) -> tuple[float, float]:
    (xa, ya), (xb, yb) = canvas.centre(a), canvas.centre(b)
    return (xa + xb) / 2, (ya + yb) / 2


def _kropki(canvas: _Canvas, dot: Kropki, puzzle) -> None:
    from matplotlib.patches import Circle

    x, y = _edge(canvas, *dot.cells)
    black = dot.color == "black"
    canvas.ax.add_patch(Circle((x, y), 0.14, facecolor="black" if black else "white",
                               edgecolor="black", linewidth=canvas.width(0.025, 0.5), zorder=5,
                               gid="kropki"))
    if dot.value is not None and dot.value != (2 if black else 1):
        canvas.ax.text(x, y, str(dot.value), ha="center", va="center", zorder=5.5,
                       fontsize=max(3.0, 0.14 * canvas.pt), color="white" if black else "black",
                       gid="kropki")


def _xv(canvas: _Canvas, mark: XV, puzzle) -> None:
    x, y = _edge(canvas, *mark.cells)
    canvas.ax.text(x, y, "X" if mark.total == 10 else "V", ha="center", va="center",
                   fontsize=max(4.0, 0.4 * canvas.pt), fontweight="bold", zorder=5, gid="xv",
                   bbox={"boxstyle": "round,pad=0.1", "facecolor": "white", "edgecolor": "none"})


def _greater(canvas: _Canvas, relation: GreaterThan, puzzle) -> None:
    from matplotlib.patches import FancyArrowPatch

    ax = canvas.ax
    big, small = relation.cells
    (xa, ya), (xb, yb) = canvas.centre(big), canvas.centre(small)
    if _touching(big, small, canvas.side):
        ux, uy = xb - xa, yb - ya          # towards the smaller cell
        px, py = -uy, ux                   # across the edge
        x, y = (xa + xb) / 2, (ya + yb) / 2
        points = [(x - 0.1 * ux + 0.17 * px, y - 0.1 * uy + 0.17 * py),
                  (x + 0.1 * ux, y + 0.1 * uy),
                  (x - 0.1 * ux - 0.17 * px, y - 0.1 * uy - 0.17 * py)]
        ax.plot(*zip(*points), color=LINE_COLOUR, linewidth=canvas.width(0.06, 1.0),
                solid_capstyle="round", solid_joinstyle="miter", zorder=5, gid="greater")
        return
    ax.add_patch(FancyArrowPatch((xa, ya), (xb, yb), arrowstyle="-|>",
                                 mutation_scale=max(6.0, 0.35 * canvas.pt), shrinkA=0.3 * canvas.pt,
                                 shrinkB=0.3 * canvas.pt, color=LINE_COLOUR,
                                 linewidth=canvas.width(0.04, 0.8), zorder=5, gid="greater"))


# -- lines through cells -------------------------------------------------------------


def _thermometer(canvas: _Canvas, thermo: Thermometer, puzzle) -> None:
    from matplotlib.patches import Circle

    points = [canvas.centre(c) for c in thermo.cells]
    canvas.ax.add_patch(Circle(points[0], 0.36, facecolor=MARK_COLOUR, edgecolor="none",
                               zorder=1.5, gid="thermometer"))
    canvas.ax.plot(*zip(*points), color=MARK_COLOUR, linewidth=canvas.width(0.28, 2.0),
                   solid_capstyle="round", solid_joinstyle="round", zorder=1.5,
                   gid="thermometer")


def _arrow(canvas: _Canvas, arrow: Arrow, puzzle) -> None:
    from matplotlib.patches import Circle, FancyArrowPatch

    ax, radius = canvas.ax, 0.4
    centre = canvas.centre(arrow.circle)
    ax.add_patch(Circle(centre, radius, facecolor="white", edgecolor=MARK_COLOUR,
                        linewidth=canvas.width(0.06, 1.0), zorder=1.5, gid="arrow"))
    points = [canvas.centre(c) for c in arrow.cells]
    (x0, y0), (x1, y1) = centre, points[0]
    length = np.hypot(x1 - x0, y1 - y0)
    start = (x0 + radius * (x1 - x0) / length, y0 + radius * (y1 - y0) / length)
    path = [start, *points]
    width = canvas.width(0.06, 1.0)
    if len(path) > 2:
        ax.plot(*zip(*path[:-1]), color=MARK_COLOUR, linewidth=width, solid_capstyle="butt",
                solid_joinstyle="round", zorder=1.5, gid="arrow")
    ax.add_patch(FancyArrowPatch(path[-2], path[-1], arrowstyle="-|>",
                                 mutation_scale=max(6.0, 0.4 * canvas.pt), shrinkA=0, shrinkB=0,
                                 color=MARK_COLOUR, linewidth=width, zorder=1.5, gid="arrow"))


def _parity(canvas: _Canvas, parity: Parity, puzzle) -> None:
    from matplotlib.patches import Circle, Rectangle

    for cell in parity.cells:
        x, y = canvas.centre(cell)
        if parity.parity == "odd":
            shape = Circle((x, y), 0.4, facecolor="#d8d8d8", edgecolor="none")
        else:
            shape = Rectangle((x - 0.38, y - 0.38), 0.76, 0.76, facecolor="#d8d8d8",
                              edgecolor="none")
        shape.set_zorder(1)
        shape.set_gid("parity")
        canvas.ax.add_patch(shape)


LINE_COLOURS = {"whispers": "#5cb85c", "dutch": "#f0a04b", "renban": "#b57edc",
                "palindrome": "#a0a0a0", "regular": "#606060"}


def _line(canvas: _Canvas, cells, colour: str, gid: str) -> None:
    points = [canvas.centre(c) for c in cells]
    canvas.ax.plot(*zip(*points), color=colour, linewidth=canvas.width(0.16, 1.5),
                   solid_capstyle="round", solid_joinstyle="round", zorder=1.4, alpha=0.85,
                   gid=gid)


def _whispers(canvas: _Canvas, line: Whispers, puzzle) -> None:
    _line(canvas, line.cells, LINE_COLOURS["whispers" if line.gap >= 5 else "dutch"], "whispers")


def _renban(canvas: _Canvas, line: Renban, puzzle) -> None:
    _line(canvas, line.cells, LINE_COLOURS["renban"], "renban")


def _palindrome(canvas: _Canvas, line: Palindrome, puzzle) -> None:
    _line(canvas, line.cells, LINE_COLOURS["palindrome"], "palindrome")


def _regular(canvas: _Canvas, line: Regular, puzzle) -> None:
    points = [canvas.centre(c) for c in line.cells]
    canvas.ax.plot(*zip(*points), color=LINE_COLOURS["regular"],
                   linewidth=canvas.width(0.06, 1.0), linestyle=(0, (1, 2)), marker="o",
                   markersize=canvas.width(0.1, 2.0), markerfacecolor="white", zorder=1.4,
                   gid="regular")
    x, y = points[0]
    canvas.ax.text(x - 0.45, y - 0.45, line.pattern or "automaton", ha="left", va="bottom",
                   color=LINE_COLOURS["regular"], fontsize=max(3.0, 0.14 * canvas.pt), zorder=6,
                   gid="regular")


_OUTSIDE = (LittleKiller, Sandwich, XSum, Skyscraper, NumberedRoom, HiddenSkyscraper)
_CLUE_TEXT = {LittleKiller: "{}", Sandwich: "{}", XSum: "\u27e8{}\u27e9", Skyscraper: "[{}]",
              NumberedRoom: ":{}:", HiddenSkyscraper: "|{}|"}


def _outside(canvas: _Canvas, clue, puzzle) -> None:
    """An outside clue one step before its line's first cell."""
    (x0, y0), (x1, y1) = canvas.centre(clue.cells[0]), canvas.centre(clue.cells[1])
    dx, dy = x1 - x0, y1 - y0
    x, y = x0 - dx, y0 - dy
    value = clue.total if isinstance(clue, LittleKiller) else clue._clue
    canvas.ax.text(x, y, _CLUE_TEXT[type(clue)].format(value), ha="center", va="center",
                   fontsize=max(4.0, 0.3 * canvas.pt), zorder=6, gid=clue.kind)
    if isinstance(clue, LittleKiller):
        canvas.ax.annotate("", xy=(x + 0.45 * dx, y + 0.45 * dy),
                           xytext=(x + 0.25 * dx, y + 0.25 * dy),
                           arrowprops={"arrowstyle": "->", "lw": canvas.width(0.02, 0.6)},
                           zorder=6, gid=clue.kind)


_KIND_LINES = {CellSum: "#c08040", PillArrow: "#909090", DoubleArrow: "#909090",
               Zipper: "#b4b4ff", SumLine: "#64c864", Modular: "#c8a000", Entropic: "#ff64ff",
               Lunchbox: "#a0a0a0", Between: "#c8c8ff", Lockout: "#9696e6",
               RegionSumLine: "#50b450", Pairwise: "#808080", CountDistinct: "#b0b0b0"}


def _kind_line(canvas: _Canvas, line, puzzle) -> None:
    """A line of the Interactive Sudoku Solver's generic kinds, in its
    colour, with the pill of a pill arrow as circles and the total (if any)
    at the first cell."""
    cells = (*getattr(line, "pill", ()), *line.cells)
    _line(canvas, cells, _KIND_LINES[type(line)], line.kind)
    for cell in getattr(line, "pill", ()):
        x, y = canvas.centre(cell)
        canvas.ax.add_patch(_circle(x, y))
    number = getattr(line, "total", getattr(line, "modulus", getattr(line, "gap", None)))
    if number is not None:
        x, y = canvas.centre(cells[0])
        canvas.ax.text(x - 0.45, y + 0.45, str(number), ha="left", va="top", zorder=6,
                       fontsize=max(3.0, 0.18 * canvas.pt), gid=line.kind)


def _circle(x: float, y: float, gid: str = "pill"):
    from matplotlib.patches import Circle

    return Circle((x, y), 0.4, facecolor="none", edgecolor="#909090", zorder=1.5, gid=gid)


def _quadruple(canvas: _Canvas, quad: Quadruple, puzzle) -> None:
    xs, ys = zip(*(canvas.centre(c) for c in quad.cells))
    x, y = sum(xs) / 4, sum(ys) / 4
    canvas.ax.add_patch(_circle(x, y))
    canvas.ax.text(x, y, " ".join(map(str, quad.values)), ha="center", va="center", zorder=6,
                   fontsize=max(3.0, 0.16 * canvas.pt), gid="quadruple")


def _fortress(canvas: _Canvas, fortress: Fortress, puzzle) -> None:
    from matplotlib.patches import Rectangle

    for cell in fortress.cells:
        x, y = canvas.centre(cell)
        canvas.ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor="#e8e8e8",
                                      edgecolor="none", zorder=0.5, gid="fortress"))
        canvas.ax.text(x + 0.38, y + 0.36, ">" if fortress.extreme == "maximum" else "<",
                       ha="right", va="top", fontsize=max(3.0, 0.2 * canvas.pt), zorder=6,
                       gid="fortress")


def _clones(canvas: _Canvas, clones: Clone, puzzle) -> None:
    from matplotlib.patches import Rectangle

    colour = REGION_COLOURS[(clones.cells[0] + clones.clones[0]) % len(REGION_COLOURS)]
    for cell in (*clones.cells, *clones.clones):
        x, y = canvas.centre(cell)
        canvas.ax.add_patch(Rectangle((x - 0.42, y - 0.42), 0.84, 0.84, facecolor=colour,
                                      edgecolor="none", zorder=0.6, gid="clones"))


def _candidates(canvas: _Canvas, given: Candidates, puzzle) -> None:
    text = "".join(_symbol(v, canvas.side) for v in given.values)
    for cell in given.cells:
        x, y = canvas.centre(cell)
        canvas.ax.text(x, y + 0.38, text, ha="center", va="top", color="#555555",
                       fontsize=max(3.0, 0.16 * canvas.pt), zorder=6, gid="candidates")


def _marked_cage(canvas: _Canvas, cage, puzzle) -> None:
    """A rellik cage (its total crossed out: ≠) or an equality cage (=):
    a cage outline and its mark."""
    _cage(canvas, Cage(cage.cells), puzzle)
    r, c = divmod(min(cage.cells), canvas.side)
    mark = f"≠{cage.total}" if isinstance(cage, RellikCage) else "="
    canvas.ax.text(c + 0.05, canvas.side - r - 0.04, mark, ha="left", va="top",
                   fontsize=max(4.0, TOTAL_SIZE * canvas.pt), zorder=2.8, gid=cage.kind)


def _parts(canvas: _Canvas, parts, puzzle) -> None:
    """Same-value sets and equal-sum segments: a line through each part."""
    cells = parts._split() if isinstance(parts, SameValues) else parts.segments()
    for part in cells:
        _line(canvas, part, "#a0a0d0", parts.kind)


def _counting(canvas: _Canvas, circles: CountingCircles, puzzle) -> None:
    for cell in circles.cells:
        canvas.ax.add_patch(_circle(*canvas.centre(cell), gid="counting-circles"))


def _indexing(canvas: _Canvas, indexing: Indexing, puzzle) -> None:
    """Indexing cells shaded, an arrow along the row (column) they index."""
    from matplotlib.patches import Rectangle

    for cell in indexing.cells:
        x, y = canvas.centre(cell)
        canvas.ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor="#ffe0b0",
                                      edgecolor="none", zorder=0.5, gid="indexing"))
        canvas.ax.text(x + 0.38, y + 0.36, "↔" if indexing.direction == "column" else
                       "↕", ha="right", va="top", fontsize=max(3.0, 0.2 * canvas.pt),
                       zorder=6, gid="indexing")


_DRAW = {Region: _region, RellikCage: _marked_cage, EqualityCage: _marked_cage,
         CountingCircles: _counting, Indexing: _indexing, SameValues: _parts, EqualSum: _parts,
         Cage: _cage,
         Kropki: _kropki, XV: _xv, GreaterThan: _greater,
         Thermometer: _thermometer, Arrow: _arrow, Parity: _parity, Whispers: _whispers,
         Renban: _renban, Palindrome: _palindrome, Fortress: _fortress, Clone: _clones,
         Candidates: _candidates, Regular: _regular,
         Quadruple: _quadruple, **{kind: _outside for kind in _OUTSIDE},
         **{kind: _kind_line for kind in _KIND_LINES}}
