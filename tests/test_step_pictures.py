"""Pictures of explain's steps and the notebook reprs (issue 32): what each
picture shows is read back from the SVG (or the matplotlib artists) and
checked against the steps themselves."""

import re
import xml.etree.ElementTree as ET

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402

from sudoku_models import Puzzle, solve  # noqa: E402
from sudoku_models.board_svg import FILLED  # noqa: E402
from sudoku_models.cli import main  # noqa: E402
from sudoku_models.logic import explain  # noqa: E402
from sudoku_models.step_pictures import (draw_frame, frame_svg, named_houses,  # noqa: E402
                                         step_frames, write_step_pictures)
from sudoku_models.formats.toolkit_json import from_json

TOUR = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NS = {"svg": "http://www.w3.org/2000/svg"}
KILLER = {"format": "sudoku-models/1", "size": 4, "grid": "................",
          "constraints": [{"kind": "cage", "cells": ["r1c1", "r1c2"], "total": 3},
                          {"kind": "kropki", "cells": ["r3c1", "r3c2"], "color": "black"},
                          {"kind": "thermometer", "cells": ["r4c2", "r4c3", "r4c4"]}]}


def svg(text):
    return ET.fromstring(text)


def elements(root, tag, cls=None):
    found = root.iter(f"{{{NS['svg']}}}{tag}")
    return [e for e in found if cls is None or cls in e.get("class", "").split()]


def test_named_houses_reads_houses_not_cells():
    layout = Puzzle.from_string(TOUR).layout
    text = "Locked Candidates Type 1 (Pointing): 7 in b3 is confined to r2, so r2c1<>7, r2c3<>7"
    assert named_houses(text, layout) == (2 * 9 + 2, 1)  # b3, r2
    assert named_houses("Hidden Single: r6c2=4 (the only place for 4 in c2)", layout) == (9 + 1,)


def test_one_frame_per_step_before_the_step_with_its_marks():
    puzzle = Puzzle.from_string(TOUR)
    steps = explain(puzzle)
    frames = step_frames(puzzle)
    assert [f.caption for f in frames] == [f"{i}. {s.text}" for i, s in enumerate(steps, 1)]
    assert frames[0].values == tuple(puzzle.grid.ravel())
    for frame, step in zip(frames, steps):
        assert all(not frame.values[c] for c, _ in step.placements)  # empty before the step
        assert all(frame.candidates[c] >> (v - 1) & 1 for c, v in step.eliminations)
    for before, after, step in zip(frames, frames[1:], steps):
        for cell, value in step.placements:
            assert after.values[cell] == value


def test_a_step_svg_shows_the_cells_houses_placements_and_eliminations():
    puzzle = Puzzle.from_string(TOUR)
    frames = step_frames(puzzle)
    frame = next(f for f in frames if f.eliminations and f.houses)
    root = svg(frame_svg(puzzle, frame))
    used = {e.get("data-cell") for e in elements(root, "rect", "used")}
    assert used == {f"r{c // 9 + 1}c{c % 9 + 1}" for c in frame.cells}
    assert len(elements(root, "path", "house-outline")) == len(frame.houses)
    assert len(elements(root, "text", "eliminated")) == len(frame.eliminations)
    assert any(frame.caption[:40] in (e.text or "") for e in elements(root, "text", "caption"))
    placing = next(f for f in frames if f.placements)
    root = svg(frame_svg(puzzle, placing))
    (cell, value), = placing.placements[:1]
    shown = [e.text for e in elements(root, "text", "placed")]
    assert shown == [str(value)]


def test_explain_plot_writes_a_pdf_page_per_step_and_a_folder_of_svgs(tmp_path, capsys):
    steps = len(explain(TOUR))
    assert main(["explain", TOUR, "--plot", str(tmp_path / "steps.pdf")]) == 0
    pages = re.findall(rb"/Type /Page\b", (tmp_path / "steps.pdf").read_bytes())
    assert len(pages) == steps
    written = write_step_pictures(TOUR, tmp_path / "svgs")
    assert len(written) == steps and written[0].name == "step-001.svg"
    svg(written[-1].read_text())  # well-formed
    assert main(["explain", TOUR, "--plot", str(tmp_path / "steps.png")]) == 2
    assert "give a .pdf file" in capsys.readouterr().err


def test_a_pdf_page_marks_what_the_svg_marks():
    import matplotlib.pyplot as plt

    puzzle = Puzzle.from_string(TOUR)
    frame = next(f for f in step_frames(puzzle) if f.eliminations)
    fig, ax = plt.subplots()
    draw_frame(puzzle, frame, ax)
    gids = [a.get_gid() for a in ax.get_children()]
    assert gids.count("used") == len(frame.cells)
    assert gids.count("eliminated") == len(frame.eliminations)
    plt.close(fig)


def test_a_puzzle_and_a_result_draw_themselves_in_a_notebook():
    puzzle = Puzzle.from_string(TOUR)
    root = svg(puzzle._repr_svg_())
    values = elements(root, "text", "value")
    assert len(values) == puzzle.num_clues and all(v.get("font-weight") == "bold" for v in values)
    result = solve(puzzle, "backtracking")
    html = result._repr_html_()
    board = svg(html[html.index("<svg"):html.index("</svg>") + len("</svg>")])
    drawn = elements(board, "text", "value")
    assert len(drawn) == 81
    assert sum(v.get("fill") == FILLED for v in drawn) == 81 - puzzle.num_clues
    shown = "".join(v.text for v in drawn)
    assert shown == "".join(map(str, result.grid.ravel()))
    assert "OPTIMAL" in html and "branches" in html


def test_a_variant_shows_its_cages_dots_and_lines():
    killer = from_json(KILLER)
    root = svg(killer._repr_svg_())
    assert len(elements(root, "path", "cage")) == 1
    assert [e.text for e in elements(root, "text") if e.text == "3"] == ["3"]  # the cage total
    assert len(elements(root, "circle", "kropki")) == 1
    assert len(elements(root, "polyline", "thermometer")) == 1
    result = solve(killer, "backtracking")
    assert result.status.name == "OPTIMAL"
    assert "class=\"cage\"" in result._repr_html_()
    assert np.array_equal(result.puzzle.grid, killer.grid)


CHAINED = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."


def test_a_chain_is_drawn_as_arcs_between_its_candidates():
    import matplotlib.pyplot as plt

    puzzle = Puzzle.from_string(CHAINED)
    frame = next(f for f in step_frames(puzzle) if f.links)
    chain = frame.caption.split(": ", 1)[1].split(": ", 1)[1].split(" => ")[0]
    assert ";" not in chain  # one branch: its links are the Eureka links in order
    strong = [link for link in frame.links if link[2]]
    assert len(strong) == chain.count("=") and len(frame.links) - len(strong) == chain.count("-")
    root = svg(frame_svg(puzzle, frame))
    arcs = elements(root, "path", "link")
    assert len(arcs) == len(frame.links)
    spots = {(e.get("x"), e.get("y")): e for e in elements(root, "text", "candidate")}
    for arc, ((ca, va), (cb, vb), is_strong) in zip(arcs, frame.links):
        assert ("strong" in arc.get("class")) == is_strong
        assert (arc.get("stroke-dasharray") is None) == is_strong  # strong solid, weak dashed
        numbers = arc.get("d").replace("M", "").replace("Q", "").split()
        for (x, y), cell, value in (((numbers[0], numbers[1]), ca, va),
                                    ((numbers[4], numbers[5]), cb, vb)):
            shown = spots[x, y]  # the arc ends on a candidate drawn there
            assert shown.text == str(value)
            assert divmod(int((float(x) - 4) // 40) + 9 * int((float(y) - 4) // 40), 9) == \
                divmod(cell, 9)
        assert arc.get("data-from") == f"r{ca // 9 + 1}c{ca % 9 + 1} {va}"
    fig, ax = plt.subplots()
    draw_frame(puzzle, frame, ax)
    gids = [a.get_gid() for a in ax.get_children()]
    assert gids.count("strong-link") == len(strong)
    assert gids.count("weak-link") == len(frame.links) - len(strong)
    plt.close(fig)
    assert not any(f.links for f in step_frames(puzzle) if "Chain" not in f.caption)
