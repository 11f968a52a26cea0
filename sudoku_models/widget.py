"""A step-by-step view of one puzzle for a class: the notebook widget
(anywidget: Jupyter, VS Code, marimo; no JavaScript build step) and the
same view as one static HTML page that needs no kernel.

The view shows the board with candidates and a slider and buttons that step
through :func:`~sudoku_models.logic.explain`'s steps with their highlights
(:mod:`sudoku_models.step_pictures`); beside it each chosen method's result
on the puzzle (status, times, B&B nodes / conflicts / branches, model size)
and the root LP relaxation of the binary model as a heat map of fractional
``x[i,j,k]`` (:func:`lp_relaxation`), which shows whether the LP alone
decides the puzzle; in the notebook, fixing a cell (row, column, value) and
pressing "re-solve" solves again with that clue added.

* :func:`view_data`: everything the view shows, JSON-ready;
* :func:`view_text`: the same as plain text (the widget's ``repr``);
* :func:`teaching_widget`: the widget (needs ``anywidget``);
* :func:`export_html`: the static page.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from .board_svg import heat_svg
from .puzzle import SYMBOLS, Puzzle
from .formats.puzzle_text import as_puzzle
from .step_pictures import frame_svg, step_frames

WIDGET_METHODS = ("milp", "cp", "backtracking")


def lp_relaxation(puzzle) -> np.ndarray:
    """The root LP relaxation of the binary model (``matrix``: MATLAB's
    ``Aeq x = beq`` with the clues as lower bounds, a variant's rows too),
    every ``x`` continuous in ``[0, 1]``, solved by HiGHS's interior point
    method without crossover or presolve: a point in the relative interior
    of the LP's feasible set, so a value strictly between 0 and 1 means the
    LP cannot decide it. Returns ``(N, N, N)`` floats: ``[row, column,
    value - 1]``. Raises ``ValueError`` when the LP is infeasible (clues
    that contradict each other)."""
    import highspy

    from .solving import make_method

    puzzle = as_puzzle(puzzle)
    highs = make_method("matrix", puzzle.rules).build(puzzle)
    count = highs.getNumCol()
    highs.setOptionValue("output_flag", False)
    highs.changeColsIntegrality(count, np.arange(count, dtype=np.int32),
                                np.array([highspy.HighsVarType.kContinuous] * count))
    for key, value in (("solver", "ipm"), ("run_crossover", "off"), ("presolve", "off")):
        highs.setOptionValue(key, value)
    highs.run()
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        raise ValueError(f"the LP relaxation has no solution ({highs.getModelStatus()})")
    side = puzzle.side
    x = np.array(highs.getSolution().col_value)[: side**3]
    return np.clip(x.reshape((side,) * 3, order="F"), 0.0, 1.0)


def duration_text(seconds: float) -> str:
    """A time for a table cell, three significant digits: milliseconds
    under a second (``"38.3 ms"``, ``"0.0563 ms"``), seconds from one
    second on (``"1.24 s"``, ``"125 s"``). ``seconds``: a duration in
    seconds."""
    if seconds < 0.9995:  # under 999.5 ms: no "1e+03 ms"
        return f"{1000 * seconds:.3g} ms"
    return f"{seconds:.3g} s" if seconds < 100 else f"{seconds:,.0f} s"


def view_data(puzzle, methods=WIDGET_METHODS, time_limit: float = 10.0) -> dict:
    """What the view shows, JSON-ready: ``frames`` (one per step:
    ``runs``, ``caption``, ``cells`` as ``"r4c7"`` names), ``lines`` (the
    SVG lines the frames share: a frame's picture is the lines of its
    ``runs``, ``[first, count]`` ranges of this table, joined by newlines,
    so that the 70-odd frames of a 9x9, alike but for a few cells, are
    stored once: 0.2-0.4 MB, not 2.5-7 MB),
    ``results`` (per method: status, build and solve seconds, ``time``
    their sum as :func:`duration_text`, statistics, model size), ``lp``
    (``svg`` with its colour bar, ``fractional`` cells, ``text``) and the
    ``puzzle`` line. Each method solves with ``time_limit`` seconds."""
    from .core.geometry import cell_name
    from .solving import solve

    puzzle = as_puzzle(puzzle)
    side = puzzle.side
    table: dict[str, int] = {}
    frames = [{"runs": _runs([table.setdefault(line, len(table))
                              for line in frame_svg(puzzle, frame).split("\n")]),
               "caption": frame.caption, "cells": [cell_name(c, side) for c in frame.cells]}
              for frame in step_frames(puzzle)]
    results = []
    for method in methods:
        result = solve(puzzle, method, time_limit=time_limit)
        size = result.size
        results.append({"method": method, "status": result.status.value,
                        "build_s": result.build_seconds, "solve_s": result.solve_seconds,
                        "time": duration_text(result.build_seconds + result.solve_seconds),
                        # the solve's own statistics: a first solve's warm-up is the
                        # process's cost, not this puzzle's
                        "stats": {k: v for k, v in result.stats.items() if k != "warm_up_s"},
                        "size": f"{size.variables:,} / {size.constraints:,} / {size.nonzeros:,}"})
    shares = lp_relaxation(puzzle)
    fractional = int(((shares > 1e-6) & (shares < 1 - 1e-6)).any(axis=2).sum())
    text = ("the LP relaxation alone decides every cell" if not fractional else
            f"{fractional} cells stay fractional in the root LP relaxation: the LP alone does "
            f"not decide the puzzle (a MILP solver goes on with presolve, cuts or branching)")
    return {"puzzle": puzzle.to_string(), "frames": frames, "lines": list(table),
            "results": results,
            "lp": {"svg": heat_svg(puzzle.layout, shares, SYMBOLS), "fractional": fractional,
                   "text": text}}


_ESM = r"""
function esc(text) {
  return String(text).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
}

// The board takes 30em to 40em (480 to 640 px) beside the results, or the
// width of a narrower page with the results below it; the heat map up to its
// own size; both keep their shape. Times never wrap.
const STYLE = `
.sm-teach { font-family: sans-serif; display: flex; gap: 1.5em; flex-wrap: wrap; }
.sm-teach .sm-left { flex: 1 1 30em; max-width: 40em; min-width: 0; }
.sm-teach .sm-right { flex: 1 1 24em; max-width: 36em; min-width: 0; }
.sm-teach .sm-board svg { width: 100%; height: auto; display: block; }
.sm-teach .sm-lp svg { max-width: 100%; height: auto; display: block; }
.sm-teach .sm-slider { width: 50%; }
.sm-teach td.sm-time { white-space: nowrap; text-align: right; }
.sm-teach th, .sm-teach td { padding: 0.1em 0.5em; }
`;

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "sm-teach";
  el.appendChild(root);
  function draw() {
    const data = model.get("data");
    const step = model.get("step");
    const frames = data.frames;
    const frame = frames[step];
    const svg = frame.runs.flatMap(([first, count]) => data.lines.slice(first, first + count)).join("\n");
    const rows = data.results.map(r => `<tr><td>${esc(r.method)}</td><td>${esc(r.status)}</td>` +
      `<td class="sm-time">${esc(r.time)}</td>` +
      `<td>${esc(Object.entries(r.stats).map(([k, v]) => k + " " + v).join(", "))}</td>` +
      `<td>${esc(r.size)}</td></tr>`).join("");
    root.innerHTML = `<style>${STYLE}</style>
      <div class="sm-left">
        <div class="sm-controls">
          <button class="sm-prev" title="previous step">&#9664;</button>
          <input class="sm-slider" type="range" min="0" max="${frames.length - 1}" value="${step}">
          <button class="sm-next" title="next step">&#9654;</button>
          <span class="sm-count">step ${step + 1} of ${frames.length}</span>
        </div>
        <div class="sm-board">${svg}</div>
      </div>
      <div class="sm-right">
        <h4>Each method on this puzzle</h4>
        <table class="sm-results"><tr><th>method</th><th>status</th><th>time</th>
          <th>statistics</th><th>variables / constraints / nonzeros</th></tr>${rows}</table>
        <h4>Root LP relaxation: x[i,j,k] per cell</h4>
        <div class="sm-lp">${data.lp.svg}</div>
        <p class="sm-lp-text">${esc(data.lp.text)}</p>
        <div class="sm-fix">fix r<input class="sm-r" size="2"> c<input class="sm-c" size="2">
          = <input class="sm-v" size="2"> <button class="sm-resolve">re-solve</button>
          <span class="sm-message">${esc(model.get("message") || "")}</span></div>
      </div>`;
    const go = n => { model.set("step", Math.max(0, Math.min(frames.length - 1, n))); model.save_changes(); };
    root.querySelector(".sm-prev").onclick = () => go(model.get("step") - 1);
    root.querySelector(".sm-next").onclick = () => go(model.get("step") + 1);
    root.querySelector(".sm-slider").oninput = e => go(Number(e.target.value));
    root.querySelector(".sm-resolve").onclick = () => {
      const read = name => Number(root.querySelector(name).value);
      model.send({ fix: [read(".sm-r"), read(".sm-c"), read(".sm-v")] });
    };
  }
  model.on("change:step", draw);
  model.on("change:data", draw);
  model.on("change:message", draw);
  draw();
}

export default { render };
"""

_STATIC_MODEL = r"""
// the view's data, JSON compressed with gzip in base64, unpacked by the browser
const packed = Uint8Array.from(atob("PACKED"), c => c.charCodeAt(0));
new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"))).json()
  .then(data => {
    const state = { data, step: 0, message: "" };
    const handlers = {};
    const model = {
      get: key => state[key],
      set: (key, value) => { state[key] = value; (handlers["change:" + key] || []).forEach(f => f()); },
      save_changes: () => {},
      on: (event, f) => { (handlers[event] = handlers[event] || []).push(f); },
      send: () => model.set("message", "re-solving needs the notebook (a running kernel)"),
    };
    render({ model, el: document.getElementById("view") });
  });
"""


def teaching_widget(puzzle, methods=WIDGET_METHODS, time_limit: float = 10.0):
    """The view as a notebook widget (an ``anywidget.AnyWidget``; traits
    ``data``, ``step``, ``message``). Fixing a cell and pressing "re-solve"
    adds that clue and recomputes the view (``message`` says why not, for a
    cell outside the grid or a value that contradicts the clues). Raises
    ``ImportError`` naming the package when anywidget is not installed."""
    try:
        import anywidget
        import traitlets
    except ImportError as exc:
        raise ImportError("the teaching widget needs anywidget: pip install anywidget") from exc

    class TeachingWidget(anywidget.AnyWidget):
        _esm = _ESM
        data = traitlets.Dict().tag(sync=True)
        step = traitlets.Int(0).tag(sync=True)
        message = traitlets.Unicode("").tag(sync=True)

        def __repr__(self) -> str:  # also the text/plain of anywidget's mime bundle
            return view_text(self.data, self.step)

    current = {"puzzle": as_puzzle(puzzle)}
    widget = TeachingWidget(data=view_data(current["puzzle"], methods, time_limit))

    def on_message(_, content, buffers) -> None:
        try:
            fixed = _fixed(current["puzzle"], content.get("fix"))
            data = view_data(fixed, methods, time_limit)
        except ValueError as exc:
            widget.message = str(exc)
            return
        current["puzzle"] = fixed
        widget.step, widget.data = 0, data
        widget.message = f"re-solved with {content['fix']}"

    widget.on_msg(on_message)
    return widget


def _runs(indices: list[int]) -> list[list[int]]:
    """``indices`` as ``[first, count]`` runs of consecutive numbers."""
    runs: list[list[int]] = []
    for i in indices:
        if runs and runs[-1][0] + runs[-1][1] == i:
            runs[-1][1] += 1
        else:
            runs.append([i, 1])
    return runs


def view_text(data: dict, step: int = 0) -> str:
    """The view as plain text (what a terminal, a REPL or a notebook saved
    without its widget state shows): the puzzle line, the step shown,
    every method's status, time (:func:`duration_text`), statistics and
    model size, and what the root LP relaxation decides. ``data``:
    :func:`view_data`'s; ``step``: 0-based."""
    frames = data["frames"]
    lines = [f"Sudoku teaching view: {data['puzzle']}",
             f"step {step + 1} of {len(frames)}: {frames[step]['caption']}",
             "method        status      time        statistics; variables / constraints / "
             "nonzeros"]
    for r in data["results"]:
        stats = ", ".join(f"{k} {v}" for k, v in r["stats"].items())
        lines.append(f"{r['method']:<13} {r['status']:<11} {r['time']:>9}   {stats}; {r['size']}")
    lines.append(f"root LP relaxation: {data['lp']['text']}")
    return "\n".join(lines)


def _fixed(puzzle: Puzzle, fix) -> Puzzle:
    """``puzzle`` with the clue ``fix = [row, column, value]`` (1-based)
    added; ``ValueError`` naming what is wrong."""
    side = puzzle.side
    try:
        row, column, value = (int(v) for v in fix)
    except (TypeError, ValueError):
        raise ValueError(f"fix a cell as row, column, value; got {fix!r}") from None
    if not (1 <= row <= side and 1 <= column <= side and 1 <= value <= side):
        raise ValueError(f"r{row}c{column}={value} is outside the {side}x{side} grid")
    grid = puzzle.grid.copy()
    grid[row - 1, column - 1] = value
    fixed = Puzzle(grid, puzzle.rules, name=puzzle.name)
    if fixed.conflicts():
        raise ValueError(f"r{row}c{column}={value} contradicts the clues")
    return fixed


def export_html(puzzle, path, methods=WIDGET_METHODS, time_limit: float = 10.0,
                title: str = "Sudoku, step by step") -> Path:
    """The view as one static HTML page at ``path`` (no kernel, no network:
    the steps, results and LP picture are in the page, :func:`view_data`
    gzip-compressed: 20-50 KB for a 9x9, the browser unpacking it with
    its ``DecompressionStream``: Chromium 80, Firefox 113, Safari 16.4 on);
    stepping works, re-solving needs the notebook. Returns the path."""
    import base64
    import gzip
    from html import escape

    data = json.dumps(view_data(puzzle, methods, time_limit)).encode()
    packed = base64.b64encode(gzip.compress(data, compresslevel=9, mtime=0)).decode()
    script = _ESM.replace("export default { render };", "") + _STATIC_MODEL.replace("PACKED",
                                                                                    packed)
    page = (f"<!doctype html>\n<html><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"</head>\n<body><h3>{escape(title)}</h3><div id='view'></div>\n"
            f"<script>{script}</script>\n</body></html>\n")
    path = Path(path)
    path.write_text(page)
    return path
