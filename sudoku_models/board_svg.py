"""A board as SVG text, with no plotting library: what a notebook shows for a
:class:`~sudoku_models.Puzzle` or a :class:`~sudoku_models.SolveResult`
(``_repr_svg_``, ``_repr_html_``), and the frames of the step pictures and
of the teaching widget (:mod:`sudoku_models.pictures`).

The conventions are :mod:`sudoku_models.drawing`'s (f-puzzles and
SudokuPad): regions with thick borders, clues bold black, solution digits
blue, extra regions shaded, killer cages dashed with the total in the
corner, Kropki dots and X / V on the edge, thermometers and arrows as grey
lines, odd cells a grey circle and even cells a grey square, greater-than
as a chevron towards the smaller cell. For a step: the cells a technique
uses tinted yellow, the houses it names outlined in blue, candidates as
small digits, placements green and eliminated candidates red and struck
through. Every cell is a ``<rect>`` with ``data-cell="r4c7"`` and the class
``cell`` (plus ``used`` for a highlighted cell), so that a browser test can
find them.
"""

from __future__ import annotations

import math
from html import escape

from .core.geometry import Layout
from .core.cell_kinds import Arrow, Cage, GreaterThan, Kropki, Parity, Region, Thermometer, XV

CELL = 40  # pixels per cell for a 9x9; larger grids get smaller cells
CLUE = "#000000"
FILLED = "#1f77b4"  # matplotlib's tab:blue, as drawing.FILLED_STYLE
PLACED_COLOUR = "#1a9641"
ELIMINATED = "#d7191c"
USED = "#fff2a8"
HOUSE = "#2c7bb6"
MARK = "#9a9a9a"
REGION_TINTS = ("#ffe2a8", "#bfe3f7", "#bde8d8", "#f6d0e4", "#d9d2f0", "#fbd3b8")


def board_svg(layout: Layout, values, *, givens=None, constraints=(), candidates=None,
              cells=(), houses=(), placements=(), eliminations=(), symbols: str = "",
              caption: str = "") -> str:
    """The board of ``layout`` as one ``<svg>`` element (a string).

    ``values``: the ``N*N`` values shown, flat, row by row (0 empty);
    ``givens``: ``N*N`` flags (or values, nonzero = given) of the clues,
    drawn bold black, the other values blue (None: every value is a clue);
    ``constraints``: the variant's constraints (:mod:`sudoku_models.core.rules`);
    ``candidates``: ``N*N`` bitmasks (bit ``v - 1`` for value ``v``) drawn
    small in the empty cells; ``cells``: flat indices tinted as used;
    ``houses``: house numbers of :attr:`~sudoku_models.core.geometry.Layout.houses`
    outlined; ``placements`` / ``eliminations``: ``(cell, value)`` pairs
    marked green / red; ``symbols``: the character of each value
    (``symbols[v - 1]``; default the number); ``caption``: text under the
    board. Sizes in pixels; the SVG scales."""
    side = layout.side
    unit = CELL if side <= 9 else max(16, 360 // side)
    pad = 4
    caption_lines = _wrap(caption, max(30, side * unit // 7)) if caption else []
    width = side * unit + 2 * pad
    height = width + 18 * len(caption_lines)
    values = [int(v) for v in values]
    given = [True] * len(values) if givens is None else [bool(g) for g in givens]
    placed = dict(placements)
    struck = {(int(c), int(v)) for c, v in eliminations}
    used = {int(c) for c in cells}
    totals = {min(c.cells) for c in constraints if isinstance(c, Cage) and c.total is not None}

    def xy(cell: int) -> tuple[float, float]:
        r, c = divmod(int(cell), side)
        return pad + c * unit, pad + r * unit

    def centre(cell: int) -> tuple[float, float]:
        x, y = xy(cell)
        return x + unit / 2, y + unit / 2

    def symbol(value: int) -> str:
        return symbols[value - 1] if symbols and value <= len(symbols) else str(value)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" font-family="sans-serif" class="sudoku-board">']
    for cell in range(side * side):  # cells, shaded by extra regions below
        x, y = xy(cell)
        kind = "cell used" if cell in used else "cell"
        out.append(f'<rect class="{kind}" data-cell="{_name(cell, side)}" x="{x}" y="{y}" '
                   f'width="{unit}" height="{unit}" fill="{USED if cell in used else "white"}"/>')
    shaded = [c for c in constraints if isinstance(c, Region)]
    for i, region in enumerate(shaded):
        for cell in region.cells:
            x, y = xy(cell)
            out.append(f'<rect x="{x}" y="{y}" width="{unit}" height="{unit}" '
                       f'fill="{REGION_TINTS[i % len(REGION_TINTS)]}" fill-opacity="0.6"/>')
    for constraint in constraints:
        if isinstance(constraint, Parity):
            for cell in constraint.cells:
                cx, cy = centre(cell)
                shape = (f'<circle cx="{cx}" cy="{cy}" r="{0.4 * unit}"' if constraint.parity == "odd"
                         else f'<rect x="{cx - 0.38 * unit}" y="{cy - 0.38 * unit}" '
                              f'width="{0.76 * unit}" height="{0.76 * unit}"')
                out.append(shape + ' fill="#d8d8d8"/>')
        elif isinstance(constraint, (Thermometer, Arrow)):
            path = [constraint.circle, *constraint.cells] if isinstance(constraint, Arrow) \
                else list(constraint.cells)
            points = " ".join(f"{x},{y}" for x, y in map(centre, path))
            thick = 0.28 * unit if isinstance(constraint, Thermometer) else 0.06 * unit
            cx, cy = centre(path[0])
            bulb = f'fill="{MARK}"' if isinstance(constraint, Thermometer) \
                else f'fill="white" stroke="{MARK}" stroke-width="{0.06 * unit}"'
            out.append(f'<polyline class="{constraint.kind}" points="{points}" fill="none" '
                       f'stroke="{MARK}" stroke-width="{thick}" stroke-linecap="round" '
                       f'stroke-linejoin="round"/>')
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{0.36 * unit}" {bulb}/>')
    for house in houses:  # the houses a step names
        members = layout.houses[int(house)]
        for cell in members:
            x, y = xy(cell)
            out.append(f'<rect class="house" x="{x}" y="{y}" width="{unit}" height="{unit}" '
                       f'fill="{HOUSE}" fill-opacity="0.12"/>')
        out.append(_outline(members, side, unit, pad, 0, HOUSE, 3, "house-outline"))
    out.append(_grid_lines(layout, unit, pad))
    for constraint in constraints:
        if isinstance(constraint, Cage):
            out.append(_outline(constraint.cells, side, unit, pad, 0.1 * unit, "#3a3a3a", 1.2,
                                "cage", dashed=True))
            if constraint.total is not None:
                x, y = xy(min(constraint.cells))
                out.append(f'<text x="{x + 0.08 * unit}" y="{y + 0.27 * unit}" '
                           f'font-size="{0.24 * unit:.1f}" fill="#000">{constraint.total}</text>')
        elif isinstance(constraint, (Kropki, XV, GreaterThan)):
            (ax, ay), (bx, by) = centre(constraint.cells[0]), centre(constraint.cells[1])
            mx, my = (ax + bx) / 2, (ay + by) / 2
            if isinstance(constraint, Kropki):
                fill = "black" if constraint.color == "black" else "white"
                out.append(f'<circle class="kropki" cx="{mx}" cy="{my}" r="{0.14 * unit}" '
                           f'fill="{fill}" stroke="black" stroke-width="1"/>')
            elif isinstance(constraint, XV):
                out.append(f'<text class="xv" x="{mx}" y="{my}" font-size="{0.4 * unit:.1f}" '
                           f'font-weight="bold" text-anchor="middle" dominant-baseline="central"'
                           f' stroke="white" stroke-width="3" paint-order="stroke">'
                           f'{"X" if constraint.total == 10 else "V"}</text>')
            else:  # a chevron pointing at the smaller (second) cell
                ux, uy = (bx - ax) / unit, (by - ay) / unit
                length = math.hypot(ux, uy) or 1.0
                ux, uy = ux / length, uy / length
                px, py = -uy, ux
                s = 0.15 * unit
                pts = [(mx - ux * s * 0.6 + px * s, my - uy * s * 0.6 + py * s),
                       (mx + ux * s * 0.6, my + uy * s * 0.6),
                       (mx - ux * s * 0.6 - px * s, my - uy * s * 0.6 - py * s)]
                out.append(f'<polyline class="greater" points="{" ".join(f"{x},{y}" for x, y in pts)}"'
                           f' fill="none" stroke="#3a3a3a" stroke-width="2"/>')
    for cell, value in enumerate(values):
        cx, cy = centre(cell)
        if value:
            colour = PLACED_COLOUR if cell in placed else CLUE if given[cell] else FILLED
            weight = "bold" if given[cell] and cell not in placed else "normal"
            out.append(f'<text class="value" x="{cx}" y="{cy}" font-size="{0.55 * unit:.1f}" '
                       f'font-weight="{weight}" fill="{colour}" text-anchor="middle" '
                       f'dominant-baseline="central">{escape(symbol(value))}</text>')
        elif cell in placed:
            out.append(f'<text class="value placed" x="{cx}" y="{cy}" '
                       f'font-size="{0.55 * unit:.1f}" fill="{PLACED_COLOUR}" text-anchor="middle" '
                       f'dominant-baseline="central">{escape(symbol(placed[cell]))}</text>')
        elif candidates is not None:
            out.extend(_candidates(cell, int(candidates[cell]), side, unit, xy(cell), struck,
                                   symbol, below_total=cell in totals))
    if caption_lines:
        for i, line in enumerate(caption_lines):
            out.append(f'<text class="caption" x="{pad}" y="{width + 13 + 18 * i}" '
                       f'font-size="13">{escape(line)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _name(cell: int, side: int) -> str:
    r, c = divmod(int(cell), side)
    return f"r{r + 1}c{c + 1}"


def _wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width) or [""]


def _candidates(cell, mask, side, unit, corner, struck, symbol,
                below_total: bool = False) -> list[str]:
    """The candidates of ``cell`` small, in a block inside a cage's dashed
    outline (and below a cage total in the cell's corner)."""
    per_row = math.isqrt(side - 1) + 1
    top = 0.3 if below_total else 0.1
    step = (0.9 - top) * unit / per_row
    x0, y0 = corner[0] + (unit - per_row * step) / 2, corner[1] + top * unit
    out = []
    for value in range(1, side + 1):
        if not mask >> (value - 1) & 1:
            continue
        row, col = divmod(value - 1, per_row)
        x, y = x0 + (col + 0.5) * step, y0 + (row + 0.5) * step
        gone = (cell, value) in struck
        colour = ELIMINATED if gone else "#555555"
        out.append(f'<text class="candidate{" eliminated" if gone else ""}" x="{x:.1f}" '
                   f'y="{y:.1f}" font-size="{0.8 * step:.1f}" fill="{colour}" '
                   f'text-anchor="middle" dominant-baseline="central">'
                   f'{escape(symbol(value))}</text>')
        if gone:
            out.append(f'<line x1="{x - 0.35 * step:.1f}" y1="{y + 0.35 * step:.1f}" '
                       f'x2="{x + 0.35 * step:.1f}" y2="{y - 0.35 * step:.1f}" '
                       f'stroke="{ELIMINATED}" stroke-width="1.5"/>')
    return out


def _grid_lines(layout: Layout, unit: int, pad: int) -> str:
    side = layout.side
    full = side * unit
    thin = " ".join(f"M{pad + k * unit},{pad}v{full}M{pad},{pad + k * unit}h{full}"
                    for k in range(1, side))
    lines = [f'<path d="{thin}" stroke="#000" stroke-width="0.6"/>']
    regions = layout.regions
    heavy = []
    if regions is not None:
        for r in range(side):
            for c in range(side):
                if c + 1 < side and regions[r, c] != regions[r, c + 1]:
                    heavy.append(f"M{pad + (c + 1) * unit},{pad + r * unit}v{unit}")
                if r + 1 < side and regions[r, c] != regions[r + 1, c]:
                    heavy.append(f"M{pad + c * unit},{pad + (r + 1) * unit}h{unit}")
    lines.append(f'<path d="{" ".join(heavy)}" stroke="#000" stroke-width="2.5" '
                 f'stroke-linecap="square"/>')
    lines.append(f'<rect x="{pad}" y="{pad}" width="{full}" height="{full}" fill="none" '
                 f'stroke="#000" stroke-width="3"/>')
    return "\n".join(lines)


def _outline(cells, side: int, unit: int, pad: int, inset: float, colour: str, width: float,
             kind: str, dashed: bool = False) -> str:
    """The border of a group of cells, ``inset`` pixels inside it: the cell
    sides that face a cell outside the group."""
    inside = {divmod(int(c), side) for c in cells}
    d = inset
    parts = []
    for r, c in sorted(inside):
        x, y = pad + c * unit, pad + r * unit
        if (r - 1, c) not in inside:
            parts.append(f"M{x + d},{y + d}H{x + unit - d}")
        if (r + 1, c) not in inside:
            parts.append(f"M{x + d},{y + unit - d}H{x + unit - d}")
        if (r, c - 1) not in inside:
            parts.append(f"M{x + d},{y + d}V{y + unit - d}")
        if (r, c + 1) not in inside:
            parts.append(f"M{x + unit - d},{y + d}V{y + unit - d}")
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    return (f'<path class="{kind}" d="{"".join(parts)}" fill="none" stroke="{colour}" '
            f'stroke-width="{width}"{dash}/>')


def heat_svg(layout: Layout, shares, symbols: str = "", caption: str = "") -> str:
    """A heat map of fractional ``x[i, j, k]``: ``shares`` ``(N, N, N)``
    (cell row, cell column, value - 1) drawn as an ``n x n`` block of small
    squares per cell, each as dark as its share (0 to 1), its value written
    in it; a cell whose share is 1 on one value shows that value large.
    Every cell is a ``<rect class="cell">`` with ``data-cell`` and
    ``data-fractional="1"`` where no value has share 1. Under the board a
    colour bar (``<g class="colour-bar">``) shows the scale, white at share
    0 to the full colour at 1, labelled at both ends (``colour-bar-min``,
    ``colour-bar-max``). Sizes in pixels; the SVG scales."""
    side = layout.side
    unit = CELL if side <= 9 else max(16, 360 // side)
    pad = 4
    per_row = math.isqrt(side - 1) + 1
    step = unit / per_row
    width = side * unit + 2 * pad
    caption_lines = _wrap(caption, max(30, side * unit // 7)) if caption else []
    bar = 34  # the colour bar's band under the board
    height = width + bar + 18 * len(caption_lines)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" font-family="sans-serif" class="lp-heat">']
    for cell in range(side * side):
        r, c = divmod(cell, side)
        x, y = pad + c * unit, pad + r * unit
        share = [float(shares[r][c][k]) for k in range(side)]
        decided = max(share) > 1 - 1e-6
        out.append(f'<rect class="cell" data-cell="{_name(cell, side)}" '
                   f'data-fractional="{0 if decided else 1}" x="{x}" y="{y}" width="{unit}" '
                   f'height="{unit}" fill="white"/>')
        if decided:
            value = share.index(max(share)) + 1
            text = symbols[value - 1] if symbols and value <= len(symbols) else str(value)
            out.append(f'<text x="{x + unit / 2}" y="{y + unit / 2}" font-size="{0.5 * unit:.1f}" '
                       f'fill="#333" text-anchor="middle" dominant-baseline="central">'
                       f'{escape(text)}</text>')
            continue
        for k, value in enumerate(share):
            if value < 1e-6:
                continue
            row, col = divmod(k, per_row)
            sx, sy = x + col * step, y + row * step
            out.append(f'<rect x="{sx:.1f}" y="{sy:.1f}" width="{step:.1f}" height="{step:.1f}" '
                       f'fill="{HOUSE}" fill-opacity="{min(1.0, value):.2f}"><title>'
                       f'{_name(cell, side)} value {k + 1}: {value:.2f}</title></rect>')
            out.append(f'<text x="{sx + step / 2:.1f}" y="{sy + step / 2:.1f}" '
                       f'font-size="{0.7 * step:.1f}" fill="{"white" if value > 0.5 else "#333"}"'
                       f' text-anchor="middle" dominant-baseline="central">{k + 1}</text>')
    out.append(_grid_lines(layout, unit, pad))
    out.append(_colour_bar(pad, width, width - 2 * pad))
    for i, line in enumerate(caption_lines):
        out.append(f'<text class="caption" x="{pad}" y="{width + bar + 13 + 18 * i}" '
                   f'font-size="13">{escape(line)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _colour_bar(x: float, y: float, length: float) -> str:
    """The heat map's scale at ``(x, y)``, ``length`` pixels long: a bar from
    white (share 0) to :data:`HOUSE` (share 1), as the squares are drawn
    (the colour at the share's opacity over white), its ends labelled."""
    left, right = x + 44, x + length - 14
    return (f'<g class="colour-bar" font-size="12">'
            f'<defs><linearGradient id="lp-share-scale">'
            f'<stop offset="0" stop-color="{HOUSE}" stop-opacity="0"/>'
            f'<stop offset="1" stop-color="{HOUSE}" stop-opacity="1"/></linearGradient></defs>'
            f'<text x="{x}" y="{y + 17}">share</text>'
            f'<text class="colour-bar-min" x="{left - 4}" y="{y + 17}" text-anchor="end">0</text>'
            f'<rect x="{left}" y="{y + 6}" width="{right - left}" height="14" fill="white"/>'
            f'<rect x="{left}" y="{y + 6}" width="{right - left}" height="14" '
            f'fill="url(#lp-share-scale)" stroke="#666" stroke-width="0.5"/>'
            f'<text x="{(left + right) / 2}" y="{y + 31}" text-anchor="middle">0.5</text>'
            f'<text class="colour-bar-max" x="{right + 4}" y="{y + 17}">1</text></g>')
