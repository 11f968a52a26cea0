"""The step-by-step view (issue 32): its data checked against explain, the
solvers and the LP's own constraints; the widget's re-solve; the static
page driven in a real browser (headless Chromium through Playwright)."""

import shutil

import numpy as np
import pytest

from sudoku_models import Puzzle
from sudoku_models.logic import explain
from sudoku_models.widget import _fixed, export_html, lp_relaxation, teaching_widget, view_data

TOUR = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# Arto Inkala's "world's hardest sudoku" (2012): the LP relaxation leaves cells fractional
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def lp_rows_hold(x: np.ndarray) -> bool:
    """Every cell, row, column and box of the 9x9 holds each value once, in sum."""
    boxes = x.reshape(3, 3, 3, 3, 9).transpose(0, 2, 1, 3, 4).reshape(9, 9, 9)
    return all(np.allclose(s, 1, atol=1e-5) for s in
               (x.sum(axis=2), x.sum(axis=1), x.sum(axis=0), boxes.sum(axis=1)))


def test_the_lp_relaxation_decides_an_easy_puzzle_and_not_the_hardest():
    from sudoku_models import solve

    puzzle = Puzzle.from_string(TOUR)
    x = lp_relaxation(puzzle)
    assert lp_rows_hold(x)
    assert np.allclose(x.max(axis=2), 1, atol=1e-6)
    assert np.array_equal(x.argmax(axis=2) + 1, solve(puzzle, "cp").grid)
    hard = lp_relaxation(HARD)
    assert lp_rows_hold(hard)
    assert ((hard > 1e-4) & (hard < 1 - 1e-4)).any(axis=2).sum() > 0


def test_view_data_has_a_frame_per_step_and_every_methods_result():
    data = view_data(TOUR, methods=("cp", "backtracking"))
    steps = explain(TOUR)
    assert [f["caption"] for f in data["frames"]] == [f"{i}. {s.text}" for i, s in
                                                      enumerate(steps, 1)]
    assert [r["method"] for r in data["results"]] == ["cp", "backtracking"]
    assert all(r["status"] == "OPTIMAL" for r in data["results"])
    assert data["lp"]["fractional"] == 0 and "decides every cell" in data["lp"]["text"]


def test_fixing_a_cell_adds_a_clue_or_says_what_is_wrong():
    puzzle = Puzzle.from_string(TOUR)
    fixed = _fixed(puzzle, [1, 2, 1])
    assert fixed.grid[0, 1] == 1 and fixed.num_clues == puzzle.num_clues + 1
    with pytest.raises(ValueError, match="outside the 9x9 grid"):
        _fixed(puzzle, [10, 1, 1])
    with pytest.raises(ValueError, match="contradicts the clues"):
        _fixed(puzzle, [1, 2, 4])  # 4 is r1c1's clue


def test_the_widget_re_solves_after_a_cell_is_fixed():
    widget = teaching_widget(TOUR, methods=("backtracking",))
    assert widget.data["puzzle"] == Puzzle.from_string(TOUR).to_string()
    widget._handle_custom_msg({"fix": [1, 2, 1]}, [])
    assert widget.data["puzzle"][1] == "1" and widget.step == 0
    assert widget.message.startswith("re-solved")
    widget._handle_custom_msg({"fix": [1, 2, 4]}, [])
    assert "contradicts" in widget.message and widget.data["puzzle"][1] == "1"


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium: install Debian's chromium package "
                    "(apt-get install -y chromium) to run the browser test")
def test_the_static_page_steps_forward_in_a_real_browser(tmp_path):
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    page_path = export_html(TOUR, tmp_path / "view.html", methods=("cp", "backtracking"))
    expected = view_data(TOUR, methods=("backtracking",))["frames"]
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(page_path.resolve().as_uri())
        assert page.inner_text(".sm-count") == f"step 1 of {len(expected)}"
        for _ in range(3):
            page.click(".sm-next")
        assert page.inner_text(".sm-count") == f"step 4 of {len(expected)}"
        used = page.eval_on_selector_all(".sm-board rect.used", "els => els.map(e => e.dataset.cell)")
        assert sorted(used) == sorted(expected[3]["cells"]) and used
        assert page.text_content(".sm-board .caption").startswith("4.")
        size = [int(page.get_attribute(".sm-board svg", k)) for k in ("width", "height")]
        shot = tmp_path / "board.png"
        page.locator(".sm-board svg").screenshot(path=str(shot))
        screen = tmp_path / "page.png"
        page.screenshot(path=str(screen))
        cells = {}
        for name in (used[0], "r9c5"):  # a used cell, and one the step does not touch
            cells[name] = tmp_path / f"{name}.png"
            page.locator(f'.sm-board rect[data-cell="{name}"]').screenshot(path=str(cells[name]))
        page.click(".sm-resolve")  # no kernel: says so, breaks nothing
        assert "needs the notebook" in page.inner_text(".sm-message")
        browser.close()
    from PIL import Image

    with Image.open(shot) as board, Image.open(screen) as whole:
        assert size[0] == 9 * 40 + 8  # 40 px cells, 4 px margins
        assert all(abs(a - b) <= 1 for a, b in zip(board.size, size))  # to a pixel's rounding
        assert whole.size == (1200, 900)
    # the used cell's background (its median colour) is tinted yellow, the other's white
    for name, path in cells.items():
        with Image.open(path) as cell:
            red, green, blue = np.median(np.asarray(cell.convert("RGB")).reshape(-1, 3), axis=0)
        if name == used[0]:
            assert red > blue + 20 and green > blue + 20, (name, red, green, blue)
        else:
            assert min(red, green, blue) > 245, (name, red, green, blue)
