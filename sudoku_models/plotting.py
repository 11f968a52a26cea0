"""Plotting with matplotlib: the one palette of methods, a colour and a
marker each, that every figure of the toolkit uses (reports, studies,
notebooks), saving figures, the distribution of solve times; :func:`draw_sudoku` (grids, after the seeds'
``drawSudoku`` in MATLAB and ``plot_sudoku`` in Julia) lives in
:mod:`sudoku_models.drawing` and is re-exported here.

Importing this module does not import matplotlib; the functions that draw do.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .drawing import draw_sudoku  # noqa: F401  (its home is drawing.py; old imports work)

METHOD_COLOURS = {
    "milp": "#0072B2",          # blue: HiGHS on the binary model
    "matrix": "#56B4E9",        # sky blue: the same model as matrices
    "milp-alldiff": "#332288",  # indigo: HiGHS on integer cells with disjunctions
    "cp": "#D55E00",            # vermillion: CP-SAT with AllDifferent
    "cp-bool": "#E69F00",       # orange: CP-SAT on the binary model
    "sat-extended": "#009E73",  # green: CaDiCaL, extended encoding
    "sat-minimal": "#999933",   # olive: CaDiCaL, minimal encoding
    "matching": "#CC79A7",      # pink: bipartite matching with search
    "backtracking": "#404040",  # dark grey: the compiled counter
}
"""One colour per registered method, the same in every figure (Okabe-Ito
colours where there are enough: distinguishable with the common colour
vision deficiencies). Methods of plug-ins take the colours of
:data:`EXTRA_COLOURS` in name order."""

EXTRA_COLOURS = ("#882255", "#44AA99", "#117733", "#AA4499", "#DDCC77", "#88CCEE", "#661100")

METHOD_MARKERS = {
    "milp": "o",            # circle
    "matrix": "s",          # square
    "milp-alldiff": "D",    # diamond
    "cp": "^",              # triangle up
    "cp-bool": "v",         # triangle down
    "sat-extended": "P",    # filled plus
    "sat-minimal": "X",     # filled cross
    "matching": "*",        # star
    "backtracking": ">",    # triangle right
}
"""One matplotlib marker per registered method, beside its colour in
:data:`METHOD_COLOURS` and drawn with it wherever a method is plotted: no
two methods share a marker, so the three blues (MILP), two oranges (CP) and
two greens (SAT) stay apart on a projector, in grey print and with colour
vision deficiencies. Methods of plug-ins take :data:`EXTRA_MARKERS` in name
order."""

EXTRA_MARKERS = ("p", "<", "d", "8", "H", "h")

PATTERN_STYLES = {"random": "-", "balanced": "--", "doubly-balanced": ":"}
"""Line style per hole pattern (``holes:ORDER:FRACTION:PATTERN``)."""

CENSORED_MARKER = {"marker": "^", "fillstyle": "none"}
"""How a value that is only a lower bound (a run stopped at its limit) is
drawn: an open triangle pointing up, never joined to measured points."""


def base_method(label: str) -> str:
    """The method of a figure label: ``"milp [solver=scip]"`` -> ``"milp"``."""
    return label.split(" [")[0].split(" (")[0]


def method_colours(labels) -> dict[str, str]:
    """``{label: colour}`` for figure labels (method names, or a method with
    its options, ``"milp [solver=scip]"``): every method its colour of
    :data:`METHOD_COLOURS`; labels of one method with different options
    get shades of it, the plain method the full colour."""
    from matplotlib.colors import to_hex, to_rgb

    labels = sorted(dict.fromkeys(labels),
                    key=lambda name: (base_method(name), name != base_method(name), name))
    extra = sorted({base_method(name) for name in labels} - set(METHOD_COLOURS))
    base = {**METHOD_COLOURS, **{m: EXTRA_COLOURS[i % len(EXTRA_COLOURS)]
                                 for i, m in enumerate(extra)}}
    colours, seen = {}, {}
    for label in labels:
        method = base_method(label)
        k = seen[method] = seen.get(method, -1) + 1
        if k == 0:
            colours[label] = base[method]
        else:  # shades: lighter, darker, lighter still, ...
            rgb = np.array(to_rgb(base[method]))
            step = (0.5, 0.4, 0.7, 0.6)[(k - 1) % 4]
            shade = rgb + (1 - rgb) * step if k % 2 else rgb * (1 - step)
            colours[label] = to_hex(shade)
    return colours


def method_markers(labels) -> dict[str, str]:
    """``{label: marker}`` for figure labels, as :func:`method_colours`:
    every method its marker of :data:`METHOD_MARKERS` (a plug-in's from
    :data:`EXTRA_MARKERS`), shared by the labels of one method with
    different options (those differ in shade)."""
    extra = sorted({base_method(name) for name in labels} - set(METHOD_MARKERS))
    base = {**METHOD_MARKERS, **{m: EXTRA_MARKERS[i % len(EXTRA_MARKERS)]
                                 for i, m in enumerate(extra)}}
    return {label: base[base_method(label)] for label in labels}


def save_figure(fig, path: Path | str | None, dpi: int = 100, also: tuple[str, ...] = ()):
    """Save ``fig`` at ``path`` (PNG at ``dpi``; the format from the
    suffix) and, for each suffix of ``also`` (``(".svg", ".pdf")``), beside
    it under the same name, then close it, returning ``path``; with no
    path (a notebook) return the figure, open."""
    if path is None:
        return fig
    import matplotlib.pyplot as plt

    fig.savefig(path, dpi=dpi)
    for suffix in also:
        fig.savefig(Path(path).with_suffix(suffix))
    plt.close(fig)
    return Path(path)


def plain_log_axis(ax, axis: str = "y", base: int = 10) -> None:
    """Put ``ax``'s ``axis`` (``"x"`` or ``"y"``) on a log scale of
    ``base`` with plain tick labels (``0.1``, ``1``, ``20``, ``500``; never
    ``2x10^1``): labels at 1, 2 and 5 per decade when the axis spans under
    two decades, at the powers of ``base`` otherwise; no minor labels."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    getattr(ax, f"set_{axis}scale")("log", base=base)
    low, high = sorted(getattr(ax, f"get_{axis}lim")())
    narrow = base == 10 and low > 0 and high / low < 100
    target = getattr(ax, f"{axis}axis")
    target.set_major_locator(LogLocator(base=base, subs=(1.0, 2.0, 5.0) if narrow else (1.0,)))
    target.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    target.set_minor_formatter(NullFormatter())


def plot_solve_times(times: dict[str, list[float]], ax=None, title: str | None = None):
    """Distribution of per-puzzle times (seconds) per method: one box per
    method on a log scale (milliseconds), with every puzzle as a point in the
    method's colour and marker (:func:`method_colours`,
    :func:`method_markers`). Returns the axes."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(1.6 * len(times) + 2, 4))
    names = list(times)
    colours, markers = method_colours(names), method_markers(names)
    data = [1000 * np.asarray(times[name]) for name in names]
    parts = ax.boxplot(data, showfliers=False, patch_artist=True)
    for patch, name in zip(parts["boxes"], names):
        patch.set_facecolor(colours[name] + "40")
    rng = np.random.default_rng(0)
    for i, (values, name) in enumerate(zip(data, names), start=1):
        ax.scatter(i + rng.uniform(-0.15, 0.15, len(values)), values, s=24, alpha=0.6,
                   color=colours[name], marker=markers[name], linewidths=0)
    ax.set_xticks(range(1, len(names) + 1), names)
    ax.set_yscale("log")
    ax.set_ylabel("time per puzzle (ms)")
    ax.grid(axis="y", which="both", alpha=0.3)
    if title:
        ax.set_title(title)
    return ax
