"""The step-by-step view (issue 32): its data checked against explain, the
solvers and the LP's own constraints; the widget's re-solve; the static
page and the widget in a notebook served by JupyterLab, each driven in a
real browser (headless Chromium through Playwright)."""

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import numpy as np
import pytest

from sudoku_models import Puzzle
from sudoku_models.logic import explain
from sudoku_models.board_svg import HOUSE
from sudoku_models.step_pictures import frame_svg, step_frames
from sudoku_models.widget import (_fixed, duration_text, export_html, lp_relaxation,
                                  teaching_widget, view_data)

TOUR = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# Arto Inkala's "world's hardest sudoku" (2012): the LP relaxation leaves cells fractional
HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
ROOT = Path(__file__).resolve().parent.parent
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


def test_a_first_solves_warm_up_is_not_shown_as_the_puzzles_statistic(monkeypatch):
    import sudoku_models.solving

    monkeypatch.setattr(sudoku_models.solving, "_WARMED", set())  # as in a fresh kernel
    data = view_data(TOUR, methods=("cp",))
    assert data["results"][0]["stats"] and "warm_up_s" not in data["results"][0]["stats"]


def test_frames_share_one_table_of_lines_and_times_are_formatted():
    """Each frame's picture is rebuilt exactly from the shared lines; every
    result carries its time as a table cell shows it (issue 45: "0.0383 / s"
    wrapped in two lines)."""
    data = view_data(TOUR, methods=("cp", "backtracking"))
    pictures = ["\n".join(line for first, count in f["runs"]
                          for line in data["lines"][first:first + count]) for f in data["frames"]]
    assert pictures == [frame_svg(Puzzle.from_string(TOUR), f) for f in step_frames(TOUR)]
    for r in data["results"]:
        assert r["time"] == duration_text(r["build_s"] + r["solve_s"])
    assert [duration_text(s) for s in (0.0383, 0.0000563, 0.999, 0.9997, 1.2449, 12.44, 1234.5)] \
        == ["38.3 ms", "0.0563 ms", "999 ms", "1 s", "1.24 s", "12.4 s", "1,234 s"]


def test_the_lp_heat_map_has_a_colour_bar_from_0_to_1_in_its_colour():
    import xml.etree.ElementTree as ET

    ns = {"svg": "http://www.w3.org/2000/svg"}
    svg = ET.fromstring(view_data(HARD, methods=())["lp"]["svg"])
    [bar] = [g for g in svg.iter(f"{{{ns['svg']}}}g") if g.get("class") == "colour-bar"]
    labels = {t.get("class"): t.text for t in bar.iter(f"{{{ns['svg']}}}text")}
    assert labels["colour-bar-min"] == "0" and labels["colour-bar-max"] == "1"
    stops = [(s.get("stop-color"), float(s.get("stop-opacity")))
             for s in bar.iter(f"{{{ns['svg']}}}stop")]
    assert stops == [(HOUSE, 0.0), (HOUSE, 1.0)]  # white to the squares' colour at share 1
    squares = {r.get("fill") for r in svg.iter(f"{{{ns['svg']}}}rect") if r.get("fill-opacity")}
    assert squares == {HOUSE}
    board_bottom = max(float(r.get("y")) + float(r.get("height"))
                       for r in svg.iter(f"{{{ns['svg']}}}rect") if r.get("class") == "cell")
    assert all(float(r.get("y")) > board_bottom for r in bar.iter(f"{{{ns['svg']}}}rect"))


def test_the_static_page_of_a_killer_is_small(tmp_path):
    """The page was 2.6 MB for TOUR, 7.3 MB for a killer: a whole SVG per
    step. Under 500 KB, and the page still carries every step's data."""
    from sudoku_models import read_puzzles

    killer = next(p for p in read_puzzles("teaching") if not p.rules.classic)
    for puzzle in (TOUR, killer):
        page = export_html(puzzle, tmp_path / "view.html", methods=("backtracking",))
        assert page.stat().st_size < 500_000, page.stat().st_size


def test_the_widget_reads_as_text_with_the_puzzle_and_every_methods_result():
    widget = teaching_widget(TOUR, methods=("cp", "backtracking"))
    widget.step = 3
    text = repr(widget)
    lines = text.splitlines()
    assert lines[0] == f"Sudoku teaching view: {Puzzle.from_string(TOUR).to_string()}"
    assert lines[1].startswith(f"step 4 of {len(widget.data['frames'])}: 4. ")
    for r in widget.data["results"]:
        [row] = [line for line in lines if line.startswith(r["method"] + " ")]
        assert r["status"] in row and r["time"] in row and r["size"] in row
    assert lines[-1] == "root LP relaxation: the LP relaxation alone decides every cell"
    bundle, _ = widget._repr_mimebundle_()  # what a notebook stores beside the view
    assert bundle["text/plain"] == text
    assert "application/vnd.jupyter.widget-view+json" in bundle


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


needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium: install Debian's chromium package "
    "(apt-get install -y chromium) to run the browser tests")


def check_step_four(page, tmp_path, frames) -> None:
    """The view in ``page`` stands at step 4 of ``frames``: the step's cells,
    and no others, are highlighted (their drawn background is tinted yellow,
    an untouched cell's white), the caption is the step's, and the board
    (an SVG of 40 px cells, 4 px margins) is drawn at the size the page
    gives it, its shape kept."""
    from PIL import Image

    assert page.inner_text(".sm-count") == f"step 4 of {len(frames)}"
    used = page.eval_on_selector_all(".sm-board rect.used", "els => els.map(e => e.dataset.cell)")
    assert sorted(used) == sorted(frames[3]["cells"]) and used
    assert page.text_content(".sm-board .caption").startswith("4.")
    size = [int(page.get_attribute(".sm-board svg", k)) for k in ("width", "height")]
    assert size[0] == 9 * 40 + 8
    box = page.locator(".sm-board svg").bounding_box()
    assert abs(box["height"] / box["width"] - size[1] / size[0]) < 0.01  # scaled, its shape kept
    shot = tmp_path / "board.png"
    page.locator(".sm-board svg").screenshot(path=str(shot))
    with Image.open(shot) as board:  # to whole pixels at both (fractional) edges
        assert all(abs(a - b) < 2 for a, b in zip(board.size, (box["width"], box["height"]))), \
            (board.size, box)
    for name in (used[0], "r9c5"):  # a used cell, and one the step does not touch
        path = tmp_path / f"{name}.png"
        page.locator(f'.sm-board rect[data-cell="{name}"]').screenshot(path=str(path))
        with Image.open(path) as cell:
            red, green, blue = np.median(np.asarray(cell.convert("RGB")).reshape(-1, 3), axis=0)
        if name == used[0]:
            assert red > blue + 20 and green > blue + 20, (name, red, green, blue)
        else:
            assert min(red, green, blue) > 245, (name, red, green, blue)


def check_page_size(page, tmp_path) -> None:
    from PIL import Image

    screen = tmp_path / "page.png"
    page.screenshot(path=str(screen))
    with Image.open(screen) as whole:
        assert whole.size == (1200, 900)


def check_board_follows_the_window(page) -> None:
    """Issue 45: a 360 px board in a 1300 px window. The board takes its
    column beside the results (480 to 640 px) in a wide window, and the
    width of a narrow one with the results below it; the time cells never
    wrap."""
    boxes = {}
    for window in (1200, 480):
        page.set_viewport_size({"width": window, "height": 900})
        boxes[window] = [page.locator(where).bounding_box() for where in (".sm-board svg",
                                                                          ".sm-results")]
    (board, results) = boxes[1200]
    assert 0.45 * 1200 <= board["width"] <= 640 and results["x"] > board["x"] + board["width"]
    (board, results) = boxes[480]
    assert 0.9 * (480 - 16) <= board["width"] <= 480 - 16  # the page's 8 px margins
    assert results["y"] > board["y"] + board["height"]
    page.set_viewport_size({"width": 1200, "height": 900})
    lines = """e => { const text = document.createRange(); text.selectNodeContents(e);
                      return text.getClientRects().length; }"""  # the text's line boxes
    times = page.query_selector_all(".sm-results td.sm-time")
    assert times and all(cell.evaluate(lines) == 1 for cell in times)


def check_colour_bar(page, tmp_path) -> None:
    """The LP heat map's colour bar is drawn under it, white at its "0" end
    and the squares' blue at its "1" end."""
    from PIL import Image

    bar = page.locator(".sm-lp .colour-bar")
    assert bar.is_visible()
    assert page.text_content(".sm-lp .colour-bar-min") == "0"
    assert page.text_content(".sm-lp .colour-bar-max") == "1"
    heat = page.locator(".sm-lp svg").bounding_box()
    box = bar.bounding_box()
    assert box["width"] > 0.5 * heat["width"] and box["y"] > heat["y"] + 0.8 * heat["height"]
    path = tmp_path / "bar.png"
    page.locator(".sm-lp .colour-bar rect").last.screenshot(path=str(path))
    with Image.open(path) as shot:
        pixels = np.asarray(shot.convert("RGB")).astype(int)
    middle = pixels[pixels.shape[0] // 2]
    low, high = middle[3], middle[-4]
    assert low.min() > 230, low  # white
    blue = np.array([int(HOUSE[i:i + 2], 16) for i in (1, 3, 5)])
    assert np.abs(high - blue).max() < 30, high


@needs_chromium
def test_the_static_page_steps_forward_in_a_real_browser(tmp_path):
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    page_path = export_html(TOUR, tmp_path / "view.html", methods=("cp", "backtracking"))
    frames = view_data(TOUR, methods=("backtracking",))["frames"]
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(page_path.resolve().as_uri())
        assert page.inner_text(".sm-count") == f"step 1 of {len(frames)}"
        for _ in range(3):
            page.click(".sm-next")
        check_step_four(page, tmp_path, frames)
        check_page_size(page, tmp_path)
        check_board_follows_the_window(page)
        check_colour_bar(page, tmp_path)
        page.click(".sm-resolve")  # no kernel: says so, breaks nothing
        assert "needs the notebook" in page.inner_text(".sm-message")
        browser.close()


@contextlib.contextmanager
def jupyter_lab(root: Path):
    """A JupyterLab server on a free local port with a random token, serving
    ``root``, its settings and runtime files in ``root`` too; yields its base
    URL and token, and stops the server (and so its kernels) on leaving."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    token = secrets.token_hex(16)
    # no "Would you like to get notified about official Jupyter news?" toast over the page
    news = root / ".lab" / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, PYTHONPATH=path,
               JUPYTER_CONFIG_DIR=str(root / ".lab" / "config"),
               JUPYTER_RUNTIME_DIR=str(root / ".lab" / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(root / ".lab" / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(root / ".lab" / "workspaces"))
    log = (root / ".lab" / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={root}", "--allow-root", "--LabApp.expose_app_in_browser=True"],
        env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("the Jupyter server did not start:\n"
                                + (root / ".lab" / "server.log").read_text()[-2000:])
                time.sleep(0.3)
        yield base, token
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@needs_chromium
def test_the_widget_steps_forward_in_a_notebook_served_by_jupyter(tmp_path):
    """JupyterLab serves a notebook whose cell makes the widget; headless
    Chromium opens it, runs the cell, steps forward three times and checks
    the board; a second cell reads the step back in the kernel."""
    playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    pytest.importorskip("jupyterlab", reason='pip install jupyterlab (in ".[test]")')
    nbformat = pytest.importorskip("nbformat")
    notebook = nbformat.v4.new_notebook(metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}})
    notebook.cells = [
        nbformat.v4.new_code_cell("from sudoku_models.widget import teaching_widget\n"
                                  f'view = teaching_widget("{TOUR}", methods=("backtracking",))\nview'),
        nbformat.v4.new_code_cell('print("kernel at step", view.step + 1)')]
    nbformat.write(notebook, tmp_path / "view.ipynb")
    frames = view_data(TOUR, methods=("backtracking",))["frames"]
    wait = 120_000  # ms; a loaded 2-core machine starts the server, lab and kernel slowly
    with jupyter_lab(tmp_path) as (base, token), playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        page.goto(f"{base}/lab/tree/view.ipynb?token={token}")
        page.wait_for_selector(".jp-StatusBar-TextItem:has-text('| Idle')", timeout=wait)  # the kernel
        run_cell = """async index => { const app = window.jupyterapp;
            app.shell.currentWidget.content.activeCellIndex = index;
            await app.commands.execute("notebook:run-cell"); }"""
        page.evaluate(run_cell, 0)
        page.wait_for_selector(".sm-teach .sm-count", timeout=wait)
        assert page.inner_text(".sm-count") == f"step 1 of {len(frames)}"
        for _ in range(3):
            page.click(".sm-next")
        check_step_four(page, tmp_path, frames)
        page.evaluate(run_cell, 1)
        page.wait_for_selector("text=kernel at step 4", timeout=wait)  # the click reached Python
        check_page_size(page, tmp_path)
        browser.close()
