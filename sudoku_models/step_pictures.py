"""Pictures of :func:`sudoku_models.logic.explain`'s steps: one board per
step, before the step is carried out, with the candidates, the cells the
technique uses and the houses it names highlighted, the placements and
eliminations marked and the step's text as the caption.

* :func:`step_frames`: the data of every picture (plain values);
* :func:`frame_svg`: one frame as SVG (:func:`sudoku_models.board_svg.board_svg`);
* :func:`write_step_pictures`: every frame into one PDF, a page each
  (matplotlib: :func:`sudoku_models.drawing.draw_sudoku` with the same
  marks), or into a folder of SVG files.

The marks follow HoDoKu's step display: used cells tinted, eliminated
candidates red, placed values green, and a chain's links as arcs between
its candidates: strong links (off->on, ``=`` in Eureka notation) solid,
weak links (on->off, ``-``) dashed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from .board_svg import CELL, ELIMINATED, HOUSE, PLACED_COLOUR, USED, board_svg
from .puzzle import SYMBOLS, Puzzle
from .formats.puzzle_text import as_puzzle

LINK = "#7b3294"  # the arcs of a chain's links
# r3, c1 or b9 standing alone (not the r4 and c7 of a cell name r4c7)
_HOUSE_NAME = re.compile(r"(?<![\w])([rcb])(\d+)(?![\dc])")


@dataclass(frozen=True)
class Frame:
    """One step's picture: ``values`` (``N*N``, flat, 0 empty) and
    ``candidates`` (bitmasks, bit ``v - 1`` for ``v``) before the step;
    ``cells`` it uses, ``houses`` it names (house numbers of
    :attr:`~sudoku_models.core.geometry.Layout.houses`), its ``placements`` and
    ``eliminations`` (``(cell, value)``), ``caption`` (``"4. Hidden
    Single: r6c2=4 (...)"``) and, for a chain, its ``links``
    ``((cell, value), (cell, value), strong)``
    (:func:`~sudoku_models.logic.chains.chain_links`)."""

    values: tuple
    candidates: tuple
    cells: tuple
    houses: tuple
    placements: tuple
    eliminations: tuple
    caption: str
    links: tuple = ()


def named_houses(text: str, layout) -> tuple[int, ...]:
    """The house numbers of the houses a step's ``text`` names (``r3``,
    ``c1``, ``b9``; a cell name such as ``r4c7`` names none), in order."""
    side = layout.side
    found = []
    for kind, number in _HOUSE_NAME.findall(text):
        k = int(number) - 1
        if kind == "b" and layout.regions is None or not 0 <= k < side:
            continue
        found.append({"r": 0, "c": side, "b": 2 * side}[kind] + k)
    return tuple(dict.fromkeys(found))


def step_frames(puzzle) -> list[Frame]:
    """A :class:`Frame` per step of :func:`~sudoku_models.logic.explain`
    (the closing "Needs search" step included). ``puzzle``: anything
    :func:`~sudoku_models.puzzle.as_puzzle` takes. Raises
    :class:`~sudoku_models.logic.candidates.UnsolvablePuzzle` for
    contradictory clues."""
    from .logic.candidates import CandidateGrid
    from .logic.chains import chain_links
    from .logic.human_solver import apply, solve_steps

    puzzle = as_puzzle(puzzle)
    steps, _ = solve_steps(puzzle)
    grid = CandidateGrid.from_puzzle(puzzle)
    frames = []
    for number, step in enumerate(steps, start=1):
        frames.append(Frame(tuple(grid.values), tuple(grid.cand), tuple(step.cells),
                            named_houses(step.text, puzzle.layout), tuple(step.placements),
                            tuple(step.eliminations), f"{number}. {step.text}",
                            chain_links(step.chains, puzzle.side)))
        apply(grid, step)
    return frames


def frame_svg(puzzle: Puzzle, frame: Frame) -> str:
    """``frame`` of ``puzzle`` as SVG text, the caption under the board, a
    chain's links as arcs (``<path class="link strong">``, solid, or
    ``"link weak"``, dashed, with ``data-from`` and ``data-to`` such as
    ``"r1c2 5"``) between the candidates they join."""
    board = board_svg(puzzle.layout, frame.values, givens=puzzle.grid.ravel(),
                      constraints=puzzle.constraints, candidates=frame.candidates,
                      cells=frame.cells, houses=frame.houses, placements=frame.placements,
                      eliminations=frame.eliminations, symbols=SYMBOLS, caption=frame.caption)
    if not frame.links:
        return board
    arcs = _svg_arcs(puzzle, frame.links)
    return board[:board.rindex("</svg>")] + "\n".join(arcs) + "\n</svg>"


def _svg_candidate(puzzle: Puzzle, cell: int, value: int) -> tuple[float, float]:
    """Where :func:`~sudoku_models.board_svg.board_svg` puts candidate
    ``value`` of ``cell``: a block of ``ceil(sqrt(N))`` per row, lower in a
    cell holding a cage total."""
    from .core.cell_kinds import Cage

    side = puzzle.side
    unit, pad = (CELL if side <= 9 else max(16, 360 // side)), 4
    per_row = math.isqrt(side - 1) + 1
    totals = {min(c.cells) for c in puzzle.constraints if isinstance(c, Cage) and c.total}
    top = 0.3 if cell in totals else 0.1
    step = (0.9 - top) * unit / per_row
    r, c = divmod(cell, side)
    row, col = divmod(value - 1, per_row)
    return (pad + c * unit + (unit - per_row * step) / 2 + (col + 0.5) * step,
            pad + r * unit + top * unit + (row + 0.5) * step)


def _bend(a, b) -> tuple[float, float]:
    """The control point of an arc from ``a`` to ``b``: off the straight
    line by a quarter of its length (at least a few units), to its left."""
    (xa, ya), (xb, yb) = a, b
    dx, dy = xb - xa, yb - ya
    length = math.hypot(dx, dy) or 1.0
    off = max(0.25 * length, 0.12)
    return (xa + xb) / 2 - dy / length * off, (ya + yb) / 2 + dx / length * off


def _svg_arcs(puzzle: Puzzle, links) -> list[str]:
    side = puzzle.side
    out = []
    for (ca, va), (cb, vb), strong in links:
        a, b = _svg_candidate(puzzle, ca, va), _svg_candidate(puzzle, cb, vb)
        qx, qy = _bend(a, b)
        dash = "" if strong else ' stroke-dasharray="4 3"'
        out.append(f'<path class="link {"strong" if strong else "weak"}" '
                   f'data-from="{_cell(ca, side)} {va}" data-to="{_cell(cb, side)} {vb}" '
                   f'd="M {a[0]:.1f} {a[1]:.1f} Q {qx:.1f} {qy:.1f} {b[0]:.1f} {b[1]:.1f}" '
                   f'fill="none" stroke="{LINK}" stroke-width="1.5"{dash}/>')
    return out


def _cell(cell: int, side: int) -> str:
    return f"r{cell // side + 1}c{cell % side + 1}"


def write_step_pictures(puzzle, target) -> list[Path]:
    """Every step of ``puzzle`` as a picture: ``target`` ending in ``.pdf``
    is one PDF with a page per step; anything else is a folder (made if
    need be) of ``step-001.svg``, ... Returns the files written. Raises
    ``ValueError`` for a target with another suffix (``steps.png``)."""
    target = Path(target)
    if target.suffix and target.suffix.lower() != ".pdf" and not target.is_dir():
        raise ValueError(f"--plot {target}: give a .pdf file (a page per step) or a folder "
                         f"(an SVG per step), not a {target.suffix} file")
    puzzle = as_puzzle(puzzle)
    frames = step_frames(puzzle)
    if target.suffix.lower() == ".pdf":
        _write_pdf(puzzle, frames, target)
        return [target]
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for number, frame in enumerate(frames, start=1):
        path = target / f"step-{number:03d}.svg"
        path.write_text(frame_svg(puzzle, frame))
        written.append(path)
    return written


def _write_pdf(puzzle: Puzzle, frames: list[Frame], path: Path) -> None:
    import textwrap

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    with PdfPages(path) as pdf:
        for frame in frames:
            fig, ax = plt.subplots(figsize=(6, 7))
            fig.subplots_adjust(left=0.04, right=0.96, top=0.97, bottom=0.2)
            draw_frame(puzzle, frame, ax)
            fig.text(0.5, 0.15, "\n".join(textwrap.wrap(frame.caption, 70)), ha="center",
                     va="top", fontsize=10)
            pdf.savefig(fig)
            plt.close(fig)


def draw_frame(puzzle: Puzzle, frame: Frame, ax) -> None:
    """``frame`` on matplotlib axes: :func:`~sudoku_models.drawing.draw_sudoku`
    of the values so far, with the step's marks (gids ``"used"``,
    ``"house"``, ``"candidate"``, ``"eliminated"``, ``"placed"``, and a
    chain's arcs ``"strong-link"``, solid, and ``"weak-link"``, dashed)."""
    import numpy as np
    from matplotlib.patches import FancyArrowPatch, Rectangle

    from .drawing import draw_sudoku

    side = puzzle.side
    draw_sudoku(puzzle, np.array(frame.values).reshape(side, side), ax=ax)
    pt = 72 * ax.figure.get_figwidth() * ax.get_position().width / side

    def corner(cell):
        r, c = divmod(int(cell), side)
        return c, side - 1 - r

    for cell in frame.cells:
        ax.add_patch(Rectangle(corner(cell), 1, 1, facecolor=USED, edgecolor="none", zorder=0.4,
                               gid="used"))
    for house in frame.houses:
        for cell in puzzle.layout.houses[house]:
            ax.add_patch(Rectangle(corner(cell), 1, 1, facecolor=HOUSE, alpha=0.12,
                                   edgecolor="none", zorder=0.45, gid="house"))
    per_row = int(np.ceil(np.sqrt(side)))

    def symbol(value: int) -> str:
        return SYMBOLS[value - 1] if side <= len(SYMBOLS) else str(value)

    def spot(cell: int, value: int) -> tuple[float, float]:
        x, y = corner(cell)
        row, col = divmod(value - 1, per_row)
        return x + (col + 0.5) / per_row, y + 1 - (row + 0.5) / per_row

    for (ca, va), (cb, vb), strong in frame.links:
        ax.add_patch(FancyArrowPatch(spot(ca, va), spot(cb, vb), arrowstyle="-",
                                     connectionstyle="arc3,rad=0.25", color=LINK, lw=1.2,
                                     linestyle="-" if strong else "--", zorder=8,
                                     gid="strong-link" if strong else "weak-link"))
    struck = set(frame.eliminations)
    placed = dict(frame.placements)
    for cell, mask in enumerate(frame.candidates):
        x, y = corner(cell)
        if cell in placed:
            ax.text(x + 0.5, y + 0.5, symbol(placed[cell]), ha="center", va="center",
                    fontsize=0.46 * pt, color=PLACED_COLOUR, zorder=7, gid="placed")
            continue
        if frame.values[cell]:
            continue
        for value in range(1, side + 1):
            if mask >> (value - 1) & 1:
                gone = (cell, value) in struck
                ax.text(*spot(cell, value), symbol(value), ha="center", va="center",
                        fontsize=0.6 * pt / per_row, color=ELIMINATED if gone else "#555555",
                        fontweight="bold" if gone else "normal", zorder=7,
                        gid="eliminated" if gone else "candidate")
